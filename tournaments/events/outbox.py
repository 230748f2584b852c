"""Send a Celery task after commit without ever failing the request that committed.

This module is the one place that decides what happens when a send fails: every service
sends its tasks through ``send`` / ``send_on_commit``. The project's task base
(``referee/celery_tasks.py``) only counts and logs a refused send and raises it; here the
error is caught and the task kept.

``send_on_commit(task, args)`` replaces ``transaction.on_commit(lambda: task.delay(...))``:
when the broker cannot be reached (Redis stopped, a network blip) the work is recorded as
an :class:`~tournaments.events.models.OutboxTask` row instead of raising into the view
after the data is already saved (a 500 for a result that was in fact stored). The
standings reconciler drains the rows every ~30 s (``outbox_drain``); the tasks it sends are
safe to run twice, so a row sent twice (a crash between the send and the delete) costs one
extra, idempotent run.

Why not write the row in the same transaction as the data (a classic transactional
outbox)? Every write would then pay an extra insert and the drain a delete while the
broker is up, which is nearly always; the staleness check of the reconciler covers the one
gap left (a process killed between its commit and its send).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
from typing import Any

from django.db import DatabaseError, transaction

from referee.celery_tasks import BROKER_ERRORS

logger = logging.getLogger(__name__)

# Options worth keeping when a task waits in the outbox. A countdown is not (it is late
# already); an eta is, as text (a clock's time-up check must not run before its deadline).
KEPT_OPTIONS = ("queue", "eta")


def _stored(options: dict) -> dict:
    kept = {k: v for k, v in options.items() if k in KEPT_OPTIONS}
    if isinstance(kept.get("eta"), dt.datetime):
        kept["eta"] = kept["eta"].isoformat()
    return kept


def _apply(task, args: tuple | list, kwargs: dict | None, options: dict) -> None:
    if isinstance(options.get("eta"), str):  # as stored in a row
        options = {**options, "eta": dt.datetime.fromisoformat(options["eta"])}
    if kwargs:
        task.apply_async(tuple(args), kwargs, **options)
    else:
        task.apply_async(tuple(args), **options)


def dedup_key(name: str, args: Any, kwargs: Any) -> str:
    text = json.dumps([name, list(args), kwargs or {}], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def record(name: str, args: Any, kwargs: dict | None, options: dict, error: BaseException) -> None:
    """Keep a task for the reconciler; never raises (the data is committed already)."""
    from tournaments.events.models import OutboxTask

    kept = _stored(options)
    try:
        OutboxTask.objects.bulk_create(
            [
                OutboxTask(
                    task=name,
                    args=list(args),
                    kwargs=kwargs or {},
                    options=kept,
                    dedup_key=dedup_key(name, args, kwargs),
                    last_error=repr(error)[:2000],
                )
            ],
            ignore_conflicts=True,  # the same work is already waiting
        )
    except DatabaseError:
        logger.exception("could not record task %s%r for later", name, tuple(args))


def send(task, args: tuple | list = (), kwargs: dict | None = None, **options) -> bool:
    """``task.apply_async``; on a broker error the task goes to the outbox. True: sent."""
    if task.app.conf.task_always_eager:
        _apply(task, args, kwargs, options)  # no broker: an error is the task's own, raise it
        return True
    try:
        _apply(task, args, kwargs, options)
        return True
    except BROKER_ERRORS as error:
        logger.warning("broker unavailable, task %s%r kept for later: %r", task.name, args, error)
        record(task.name, args, kwargs, options, error)
        return False


def send_on_commit(task, args: tuple | list = (), kwargs: dict | None = None, **options) -> None:
    """Send once the current transaction commits (never, if it rolls back)."""
    transaction.on_commit(lambda: send(task, args, kwargs, **options))


def outbox_take(task_name: str, limit: int = 1000) -> list[list]:
    """Remove and return the waiting argument lists of one task, for a caller that does
    the work itself (the reconciler recomputes standings in place instead of re-sending).
    If that caller dies, the work is lost from here, so take only what the caller can find
    again on its own (the reconciler's staleness check)."""
    from tournaments.events.models import OutboxTask

    with transaction.atomic():
        rows = list(
            OutboxTask.objects.select_for_update(skip_locked=True)
            .filter(task=task_name)
            .order_by("id")
            .values_list("id", "args")[:limit]
        )
        OutboxTask.objects.filter(pk__in=[pk for pk, _ in rows]).delete()
    return [args for _, args in rows]


def outbox_drain(limit: int = 500) -> int:
    """Send the waiting tasks, oldest first; stops at the first broker error. Returns how
    many were sent. Rows are locked with SKIP LOCKED, so two reconcilers never send the
    same row at once."""
    from celery import current_app

    from tournaments.events.models import OutboxTask

    sent = 0
    with transaction.atomic():
        rows = list(OutboxTask.objects.select_for_update(skip_locked=True).order_by("id")[:limit])
        done: list[int] = []
        for row in rows:
            task = current_app.tasks.get(row.task)
            if task is None:
                logger.error("outbox: no task named %s; row %s kept", row.task, row.pk)
                continue
            try:
                _apply(task, row.args, row.kwargs, row.options)
            except BROKER_ERRORS as error:
                OutboxTask.objects.filter(pk=row.pk).update(
                    attempts=row.attempts + 1, last_error=repr(error)[:2000]
                )
                break
            done.append(row.pk)
            sent += 1
        OutboxTask.objects.filter(pk__in=done).delete()
    return sent
