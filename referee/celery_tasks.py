"""The project's Celery task base: sending a task never fails the caller's request.

Tasks are sent from ``transaction.on_commit`` callbacks, after the judge's result is
already committed. When the broker (Redis) is away, ``apply_async`` used to raise out of
that callback and the judge got an HTML 500 for a result that was in fact saved. Here a
broker outage is logged and counted instead, and the send returns None: the periodic
reconciliation task (``standings.reconcile``, run by Celery beat) recomputes what the lost
message would have, and every task is safe to run twice, so nothing is lost for good.

Only connection-level failures are swallowed; a programming error (an unknown argument,
a serialisation error) still raises.
"""

from __future__ import annotations

import logging
import threading

import kombu.exceptions
import redis.exceptions
from celery import Task

logger = logging.getLogger(__name__)

# kombu wraps the transport's connection errors in OperationalError when it publishes;
# redis' own errors can escape from the result backend's subscription.
BROKER_ERRORS: tuple[type[BaseException], ...] = (
    kombu.exceptions.OperationalError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    ConnectionError,
    TimeoutError,
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


class ResilientTask(Task):
    """``apply_async`` (and so ``delay``) returns None instead of raising when the
    broker cannot be reached."""

    abstract = True

    def apply_async(self, args=None, kwargs=None, **options):
        # A caller that keeps the task itself when the broker is away (the outbox,
        # tournaments/events/outbox.py) asks for the error instead.
        raise_errors = options.pop("broker_errors_raise", False)
        try:
            return super().apply_async(args, kwargs, **options)
        except BROKER_ERRORS as error:
            send_failures.record(self.name)
            if raise_errors:
                raise
            logger.warning(
                "broker unavailable: task %s not sent (%r); the reconciler catches up",
                self.name,
                error,
            )
            return None
