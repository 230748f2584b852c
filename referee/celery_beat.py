"""Celery beat's scheduler for this project: Celery's own file-backed one, which first makes
the folder of its schedule file.

The schedule lives in ``var/`` (``CELERY_BEAT_SCHEDULE_FILENAME``). The Docker image makes
that folder, a plain clone does not (it is in ``.gitignore``), and Celery's ``shelve``
cannot create a file in a folder that is missing: beat died at start. Settings name this
class in ``CELERY_BEAT_SCHEDULER``.
"""

from __future__ import annotations

from pathlib import Path

from celery import beat


class PersistentScheduler(beat.PersistentScheduler):
    def _open_schedule(self):
        Path(self.schedule_filename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open_schedule()
