"""The Celery app (cookiecutter style): configured from Django settings under CELERY_.

Every task gets ``CountedSendTask`` as its base (``task_cls``): a task that cannot be sent
because the broker is down is counted and logged; services send through
``tournaments/events/outbox.py``, which keeps such a task for the reconciler, so the
request that sent it never fails.
"""

import os

from celery import Celery
from celery.signals import task_failure

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings.local")

app = Celery("referee", task_cls="referee.celery_tasks:CountedSendTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_failure.connect
def _count_failure(sender=None, **kwargs) -> None:
    """Failed tasks are counted for /metrics (referee/metrics.py), in Redis: every
    worker's."""
    from referee.metrics import count_task_failure

    count_task_failure(sender, **kwargs)
