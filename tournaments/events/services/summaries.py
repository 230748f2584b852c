"""Event summary: counts recomputed from the registrations, then upserted (idempotent)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q

from tournaments.events import outbox
from tournaments.events.coalesce import claim, flag_key, release
from tournaments.events.models import Event, EventSummary, Registration


def summary_coalesce_seconds() -> float:
    """A check-in rush (500 at the door) refreshes the counts once per this window."""
    return float(getattr(settings, "EVENT_SUMMARY_COALESCE_SECONDS", 1.0))


def summary_flag(event_id: int) -> str:
    return flag_key("summary", event_id)


def event_summary_refresh(*, event_id: int) -> EventSummary | None:
    """Recompute the counts of one event from scratch; None when the event is gone."""
    release(summary_flag(event_id))  # before reading: a later check-in sends a new task
    counts = (
        Registration.objects.filter(event_id=event_id)
        .entered()
        .aggregate(
            registered=Count("id"),
            checked_in=Count("id", filter=Q(status=Registration.Status.CHECKED_IN)),
            dropped=Count("id", filter=Q(status=Registration.Status.DROPPED)),
        )
    )
    with transaction.atomic():
        if not Event.objects.filter(pk=event_id).exists():
            return None
        summary, _ = EventSummary.objects.update_or_create(event_id=event_id, defaults=counts)
    return summary


def event_summary_schedule_refresh(event_id: int) -> None:
    """Ask a worker to refresh the summary once the current transaction commits; a burst
    of check-ins sends one task (``events.coalesce``), a broker outage leaves an outbox row.

    Inside a transaction that rolls back, nothing is ever sent.
    """

    def enqueue() -> None:
        from tournaments.events.tasks import event_summary_refresh_task  # tasks import services

        countdown = summary_coalesce_seconds()
        if claim(summary_flag(event_id), countdown):
            outbox.send(event_summary_refresh_task, (event_id,), countdown=countdown)

    transaction.on_commit(enqueue)
