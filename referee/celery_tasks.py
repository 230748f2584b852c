"""The project's Celery task base: a send the broker refused is counted and logged.

What then happens to the task is not decided here. Tasks are sent after the data they
concern is committed, through ``tournaments/events/outbox.py``: the outbox catches the
error and keeps the task as a row that the periodic reconciliation (``standings.reconcile``,
run by Celery beat) sends again, so the request that committed never fails and nothing is
lost. This base only makes every refused send visible, in the log and in ``send_failures``
(per process), whoever sent it (the outbox, a drain, beat), and then raises as Celery does.

``BROKER_ERRORS`` is the one definition of "the broker could not be reached"; the outbox
uses it too. A programming error (an unknown argument, a serialisation error) is none of
these and is neither counted nor kept.
"""

from __future__ import annotations

import logging
import threading

import kombu.exceptions
import redis.exceptions
from celery import Task

logger = logging.getLogger(__name__)

# kombu wraps the transport's connection errors in OperationalError when it publishes;
# redis' own errors (a refused or reset connection, a Redis out of memory) and plain socket
# errors (OSError) can escape from the transport or the result backend.
BROKER_ERRORS: tuple[type[BaseException], ...] = (
    kombu.exceptions.OperationalError,
    redis.exceptions.RedisError,
    OSError,
)


class SendFailures:
    """How many task messages this process could not send (for logs and /healthz)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.count = 0
        self.last_task: str | None = None

    def record(self, task_name: str) -> None:
        with self._lock:
            self.count += 1
            self.last_task = task_name


send_failures = SendFailures()


class CountedSendTask(Task):
    """``apply_async`` (and so ``delay``) counts and logs a broker error, then raises it
    for the caller (the outbox) to decide."""

    abstract = True

    def apply_async(self, args=None, kwargs=None, **options):
        try:
            return super().apply_async(args, kwargs, **options)
        except BROKER_ERRORS as error:
            send_failures.record(self.name)
            logger.warning("broker unavailable: task %s not sent (%r)", self.name, error)
            raise
