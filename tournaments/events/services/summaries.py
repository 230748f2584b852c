"""Event summary: counts recomputed from the registrations, then upserted (idempotent)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q

from tournaments.events.models import Event, EventSummary, Registration


def event_summary_refresh(*, event_id: int) -> EventSummary | None:
    """Recompute the counts of one event from scratch; None when the event is gone."""
    counts = Registration.objects.filter(event_id=event_id).aggregate(
        registered=Count("id"),
        checked_in=Count("id", filter=Q(status=Registration.Status.CHECKED_IN)),
        dropped=Count("id", filter=Q(status=Registration.Status.DROPPED)),
    )
    with transaction.atomic():
        if not Event.objects.filter(pk=event_id).exists():
            return None
        summary, _ = EventSummary.objects.update_or_create(event_id=event_id, defaults=counts)
    return summary


def event_summary_schedule_refresh(event_id: int) -> None:
    """Ask a worker to refresh the summary once the current transaction commits.

    Inside a transaction that rolls back, nothing is ever sent.
    """
    from tournaments.events.tasks import event_summary_refresh_task  # tasks import services

    transaction.on_commit(lambda: event_summary_refresh_task.delay(event_id))
