"""Create and edit an event from the console (event row, configuration, result policy)."""

from __future__ import annotations

from django.db import transaction

from tournaments.events.domain import EventStatusChanged, announce
from tournaments.events.models import Event, EventConfig, EventRole, League
from tournaments.results.models import EventResultSettings


@transaction.atomic
def event_save(
    *,
    fields: dict,
    config: dict,
    confirmation_policy: str,
    event: Event | None = None,
    user=None,
) -> Event:
    """Validate and store the event; the creator becomes its organizer. ``fields`` may
    name the event's league by ``league_name`` (created when new; blank: no league)."""
    creating = event is None
    event = event or Event(status=Event.Status.REGISTRATION)
    fields = dict(fields)
    league_before = event.league_id
    if "league_name" in fields:
        event.league = league_named(fields.pop("league_name"))
    for name, value in fields.items():
        setattr(event, name, value)
    event.full_clean()
    before = (
        EventConfig.objects.filter(event=event).values_list("data", flat=True).first()
        if not creating
        else None
    ) or {}
    event.save()  # also bumps the public pages' cache version (public_signals)
    EventConfig.objects.update_or_create(event=event, defaults={"data": config})
    policy_changed = not creating and before.get("release_policy") != config.get("release_policy")
    if policy_changed:
        # The standings count other rounds under the new policy (selectors.standings).
        from tournaments.standings.services import standings_schedule_recompute

        standings_schedule_recompute(event.pk)
    if policy_changed or (not creating and league_before != event.league_id):
        # The event's tables move to another league, or other rounds count: re-rate.
        from tournaments.ratings.services import ratings_schedule_recompute

        ratings_schedule_recompute()
    EventResultSettings.objects.update_or_create(
        event=event, defaults={"confirmation_policy": confirmation_policy}
    )
    if creating and user is not None and user.is_authenticated:
        EventRole.objects.get_or_create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    return event


def league_named(name: str | None) -> League | None:
    """The league of that name, created when new; None for a blank name."""
    name = (name or "").strip()
    if not name:
        return None
    league, _created = League.objects.get_or_create(name=name)
    return league


@transaction.atomic
def event_set_status(*, event_id: int, status: str) -> Event:
    event = Event.objects.select_for_update().get(pk=event_id)
    before = event.status
    event.status = Event.Status(status)
    event.save(update_fields=["status", "updated"])
    if before != event.status:
        announce(EventStatusChanged(event_id=event.pk, before=before, after=event.status))
    return event


class EventNotDeletable(Exception):
    pass


@transaction.atomic
def event_delete(*, event_id: int) -> None:
    """Delete an event made by mistake. One that has a round has a history (seats,
    results, the action log): it is finished or archived, never deleted."""
    event = Event.objects.select_for_update().get(pk=event_id)
    if event.rounds.exists():
        raise EventNotDeletable("the event has rounds: finish it instead of deleting it")
    event.delete()
