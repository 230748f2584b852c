"""Writes on registrations: register a player, check in, drop."""

from __future__ import annotations

from django.db import transaction

from tournaments.events.domain import RegistrationChanged, announce
from tournaments.events.models import Event, Player, Registration
from tournaments.events.services.summaries import event_summary_schedule_refresh


@transaction.atomic
def registration_create(*, event: Event, player: Player) -> Registration:
    registration = Registration.objects.create(event=event, player=player)
    event_summary_schedule_refresh(event.pk)
    _announce(registration, before="")
    return registration


@transaction.atomic
def registration_set_status(*, registration_id: int, status: str) -> Registration:
    """Move a registration to ``status`` (a Registration.Status value) under a row lock."""
    registration = Registration.objects.select_for_update().get(pk=registration_id)
    if registration.status != status:
        before = registration.status
        registration.status = Registration.Status(status)
        registration.save(update_fields=["status"])
        event_summary_schedule_refresh(registration.event_id)
        _announce(registration, before=before)
    return registration


def _announce(registration: Registration, before: str) -> None:
    announce(
        RegistrationChanged(
            event_id=registration.event_id,
            registration_id=registration.pk,
            before=before,
            after=registration.status,
        )
    )


def registration_check_in(*, registration_id: int) -> Registration:
    return registration_set_status(
        registration_id=registration_id, status=Registration.Status.CHECKED_IN
    )


def registration_drop(*, registration_id: int) -> Registration:
    return registration_set_status(
        registration_id=registration_id, status=Registration.Status.DROPPED
    )
