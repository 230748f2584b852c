"""Celery tasks of events: thin, id-based, idempotent; each calls one service.

Task names are kept from before the split into apps, so queued messages still find them."""

from __future__ import annotations

from celery import shared_task

from tournaments.events.services.summaries import event_summary_refresh


@shared_task(name="tournaments.event_summary_refresh")
def event_summary_refresh_task(event_id: int) -> bool:
    """Recompute an event's counts; False (no retry) when the event no longer exists."""
    return event_summary_refresh(event_id=event_id) is not None
