"""Celery beat starts in a plain clone under the production settings.

A clone has no ``var/`` (it is in ``.gitignore``; the Docker image makes it), and beat's
file-backed schedule lives there: Celery's scheduler could not create its file and beat
died at start. The test copies the repository without ``var/``, starts
``celery -A referee beat`` there with the production settings for a few seconds, and
checks it stays up and writes its schedule (``referee/celery_beat.py`` makes the folder).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git", ".venv", "var", "__pycache__", ".hypothesis", ".ruff_cache", ".pytest_cache", "*.pyc"
)


@pytest.fixture
def clone(tmp_path):
    copy = tmp_path / "clone"
    shutil.copytree(ROOT, copy, ignore=NOT_IN_A_CLONE)
    assert not (copy / "var").exists()
    return copy


def test_beat_starts_and_writes_its_schedule_without_var(clone):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("CELERY_", "DJANGO_", "PYTEST"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="referee.settings.production",
        SECRET_KEY="beat-test-" + "x" * 50,
        ALLOWED_HOSTS="referee.example.org",
        CSRF_TRUSTED_ORIGINS="https://referee.example.org",
        # set, so the settings do not make var/ for a SQLite file; beat never connects
        DATABASE_URL=os.environ.get("DATABASE_URL") or "postgres://nobody@127.0.0.1:1/none",
        REDIS_URL=os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/15",
        PYTHONPATH=str(clone),
    )
    beat = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "referee", "beat", "--loglevel=INFO"],
        cwd=clone,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and beat.poll() is None:
            if list((clone / "var").glob("celerybeat-schedule*")):
                break
            time.sleep(0.2)
        time.sleep(2)  # still up a moment after opening its schedule
        alive = beat.poll() is None
    finally:
        beat.send_signal(signal.SIGTERM)
        try:
            output, _ = beat.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            beat.kill()
            output, _ = beat.communicate()
    assert alive, output[-3000:]
    assert list((clone / "var").glob("celerybeat-schedule*")), output[-3000:]
    assert str(clone / "var" / "celerybeat-schedule") in output  # the clone's, not ours
