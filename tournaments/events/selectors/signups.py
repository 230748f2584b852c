"""Reads for self sign-up: the settings, places taken, a player's place in the queue, the
organizer's list of sign-ups to decide on."""

from __future__ import annotations

from django.db.models import Q

from tournaments.events.models import ACTIVE_STATUSES, Event, Registration
from tournaments.events.selectors.event_config import event_config

Status = Registration.Status


def signup_settings(event: Event) -> dict:
    return event_config(event)["signup"]


def waiting_list(event: Event):
    """The waiting list in the order it moves up."""
    return Registration.objects.filter(event=event, status=Status.WAITLISTED).order_by(
        "queued_at", "pk"
    )


def waitlist_position(registration: Registration) -> int | None:
    """1 for the first on the waiting list; None when not waiting."""
    if registration.status != Status.WAITLISTED or registration.queued_at is None:
        return None
    ahead = waiting_list(registration.event).filter(
        Q(queued_at__lt=registration.queued_at)
        | Q(queued_at=registration.queued_at, pk__lt=registration.pk)
    )
    return ahead.count() + 1


def signup_places(event: Event) -> dict:
    """Capacity (None: no limit), places taken, players waiting."""
    settings = signup_settings(event)
    taken = Registration.objects.filter(event=event, status__in=ACTIVE_STATUSES).count()
    waiting = waiting_list(event).count()
    return {"capacity": settings.get("capacity"), "taken": taken, "waiting": waiting}


def signups_to_decide(event: Event) -> dict[str, list[Registration]]:
    """For the organizer: sign-ups awaiting approval (oldest first) and the waiting list
    (in its order)."""
    pending = list(
        Registration.objects.filter(event=event, status=Status.PENDING)
        .select_related("player")
        .order_by("created", "pk")
    )
    waiting = list(waiting_list(event).select_related("player"))
    return {"pending": pending, "waiting": waiting}
