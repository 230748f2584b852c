"""Writes on registrations: register a player, check in, drop."""

from __future__ import annotations

from django.db import transaction

from tournaments.events.models import Event, Player, Registration
from tournaments.events.services.summaries import event_summary_schedule_refresh


@transaction.atomic
def registration_create(*, event: Event, player: Player) -> Registration:
    registration = Registration.objects.create(event=event, player=player)
    event_summary_schedule_refresh(event.pk)
    return registration


@transaction.atomic
def registration_set_status(*, registration_id: int, status: str) -> Registration:
    """Move a registration to ``status`` (a Registration.Status value) under a row lock."""
    registration = Registration.objects.select_for_update().get(pk=registration_id)
    if registration.status != status:
        registration.status = Registration.Status(status)
        registration.save(update_fields=["status"])
        event_summary_schedule_refresh(registration.event_id)
    return registration


def registration_check_in(*, registration_id: int) -> Registration:
    return registration_set_status(
        registration_id=registration_id, status=Registration.Status.CHECKED_IN
    )


def registration_drop(*, registration_id: int) -> Registration:
    return registration_set_status(
        registration_id=registration_id, status=Registration.Status.DROPPED
    )
