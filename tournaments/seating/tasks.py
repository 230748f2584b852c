"""Celery tasks of seating: thin, id-based, idempotent; each calls one service.

Task names are kept from before the split into apps, so queued messages still find them."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.round_clock_check")
def round_clock_check_task(round_id: int) -> list[str]:
    """Log "time is up" for deadlines of the round's clock that have passed (each once:
    running it twice, or early, logs nothing more)."""
    from tournaments.seating.clock import clock_note_time_up

    return clock_note_time_up(round_id=round_id)


@shared_task(name="tournaments.schedule_plan")
def schedule_plan_task(request_id: int) -> int | None:
    """Plan a queued schedule request (the search takes seconds); returns the stored
    schedule's repeat count (None: nothing stored — done before, replaced, or failed with
    its problems kept on the request). A crash marks the request failed, then raises."""
    from tournaments.seating.schedule_requests import schedule_plan_crashed, schedule_plan_run

    try:
        stored = schedule_plan_run(request_id=request_id)
    except Exception:
        schedule_plan_crashed(request_id)
        raise
    return None if stored is None else stored.repeat_meetings
