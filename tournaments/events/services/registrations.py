"""Writes on registrations: register a player, check in, drop, correct, remove."""

from __future__ import annotations

from django.db import transaction

from tournaments.events.domain import RegistrationChanged, announce
from tournaments.events.models import (
    ACTIVE_STATUSES,
    ENTERED_STATUSES,
    Event,
    Player,
    Registration,
    Seat,
)
from tournaments.events.services.summaries import event_summary_schedule_refresh


@transaction.atomic
def registration_create(*, event: Event, player: Player) -> Registration:
    registration = Registration.objects.create(event=event, player=player)
    event_summary_schedule_refresh(event.pk)
    _announce(registration, before="")
    return registration


@transaction.atomic
def registration_set_status(*, registration_id: int, status: str) -> Registration:
    """Move a registration to ``status`` (a Registration.Status value) under a row lock.
    A drop before the event starts frees a place: the waiting list moves up."""
    frees_place = status == Registration.Status.DROPPED
    event = _locked_event_of(registration_id) if frees_place else None
    registration = Registration.objects.select_for_update().get(pk=registration_id)
    if registration.status != status:
        before = registration.status
        registration.status = Registration.Status(status)
        registration.save(update_fields=["status"])
        promoted = _fill_places(event) if before in ACTIVE_STATUSES else []
        event_summary_schedule_refresh(registration.event_id)
        _announce(registration, before=before, promoted=promoted)
    return registration


def _locked_event_of(registration_id: int) -> Event:
    """The registration's event, locked first: the sign-up services lock the event before
    a registration, and the same order here keeps them from waiting on each other."""
    event_id = Registration.objects.values_list("event_id", flat=True).get(pk=registration_id)
    return Event.objects.select_for_update().get(pk=event_id)


def _fill_places(event: Event | None) -> list[int]:
    """Before the event starts, a place freed goes to the waiting list (sign-ups)."""
    if event is None or event.status != Event.Status.REGISTRATION:
        return []
    from tournaments.events.services.signups import signup_fill_places

    return signup_fill_places(event)


def _announce(registration: Registration, before: str, promoted: list[int] = ()) -> None:
    announce(
        RegistrationChanged(
            event_id=registration.event_id,
            registration_id=registration.pk,
            before=before,
            after=registration.status,
            promoted=tuple(promoted),
        )
    )


def registration_check_in(*, registration_id: int) -> Registration:
    """Check a player in; a sign-up without a place (awaiting approval, waiting,
    cancelled) is refused: checking in would seat them past the capacity."""
    status = Registration.objects.values_list("status", flat=True).get(pk=registration_id)
    if status not in ENTERED_STATUSES:
        raise RegistrationRefused("this sign-up has no place in the event")
    return registration_set_status(
        registration_id=registration_id, status=Registration.Status.CHECKED_IN
    )


def registration_drop(*, registration_id: int) -> Registration:
    return registration_set_status(
        registration_id=registration_id, status=Registration.Status.DROPPED
    )


class RegistrationRefused(Exception):
    """A change the registration's history does not allow; the message says why."""


@transaction.atomic
def registration_update(
    *,
    registration_id: int,
    name: str | None = None,
    reading: str | None = None,
    club: str | None = None,
    organizer=None,
) -> Registration:
    """Correct the registered player's name, reading or club (None: unchanged). The player
    is the same person in every event they played; ``organizer`` (when given) must organize
    each of those events, so no one renames a player in another organizer's event."""
    registration = (
        Registration.objects.select_for_update().select_related("player").get(pk=registration_id)
    )
    player = registration.player
    if organizer is not None:
        from tournaments.events.models import EventRole

        events = set(Registration.objects.filter(player=player).values_list("event_id", flat=True))
        mine = set(
            EventRole.objects.filter(
                user=organizer, event_id__in=events, role=EventRole.Kind.ORGANIZER
            ).values_list("event_id", flat=True)
        )
        if events - mine:
            raise RegistrationRefused(
                "this player is also registered in an event you do not organize"
            )
    for field, value in (("display_name", name), ("reading", reading), ("club", club)):
        if value is not None:
            setattr(player, field, value.strip())
    player.full_clean()
    player.save()
    # The name is on every page of the event: the same status, before and after.
    _announce(registration, before=registration.status)
    return registration


@transaction.atomic
def registration_delete(*, registration_id: int) -> None:
    """Remove a registration made by mistake. A player who was ever seated has a history
    (tables, results, standings): they are dropped instead, never deleted."""
    event = _locked_event_of(registration_id)
    registration = Registration.objects.select_for_update().get(pk=registration_id)
    if Seat.objects.filter(registration=registration).exists():
        raise RegistrationRefused("the player was seated in a round: drop them instead")
    before = registration.status
    registration.delete()
    promoted = _fill_places(event) if before in ACTIVE_STATUSES else []
    event_summary_schedule_refresh(registration.event_id)
    announce(
        RegistrationChanged(
            event_id=registration.event_id,
            registration_id=registration_id,
            before=before,
            after="",
            promoted=tuple(promoted),
        )
    )
