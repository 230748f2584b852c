"""Create and edit an event from the console (event row, configuration, result policy)."""

from __future__ import annotations

import datetime
import re
import unicodedata

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.events.domain import EventStatusChanged, announce
from tournaments.events.kana import kana_to_romaji
from tournaments.events.models import Event, EventConfig, EventRole, League, Registration
from tournaments.events.services.signups import signup_settings_apply
from tournaments.results.models import EventResultSettings

# Console paths of their own under /console/<address>/ (an event may not take them).
RESERVED_ADDRESSES = frozenset({"new", "import", "extra", "tools", "ratings", "sheets", "leagues"})
ADDRESS_MAX = 100
_NO_READING = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆ヶ・･]+")


def unique_address(
    name: str, starts_on: datetime.date | None, *, exclude: int | None = None
) -> str:
    """A web address (ASCII slug) for an event named ``name`` that no other event has:
    the name in romaji (kana spelled in Hepburn, Latin letters kept, kanji left out
    between words); a name that leaves
    too little (kanji have no reading here) gets ``event-<date>``. A taken address gets
    -2, -3, ... The organizer may change it on the form."""
    # Kanji (no reading here) and the kana middle dot separate the words that remain.
    words = _NO_READING.sub(" ", unicodedata.normalize("NFKC", name))
    base = slugify(kana_to_romaji(words))[: ADDRESS_MAX - 4].strip("-")
    if len(base) < 3:
        when = starts_on or datetime.date.today()
        base = f"event-{when:%Y-%m-%d}"
    if base in RESERVED_ADDRESSES:
        base = f"{base}-event"
    taken = set(
        Event.objects.exclude(pk=exclude)
        .filter(slug__regex=rf"^{re.escape(base)}(-[0-9]+)?$")
        .values_list("slug", flat=True)
    )
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


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
    name the event's league by ``league_name``: one of ``user``'s leagues (created when
    new; blank: no league), or the event's league as it is (a co-organizer editing it)."""
    creating = event is None
    event = event or Event(status=Event.Status.REGISTRATION)
    fields = dict(fields)
    league_before = event.league_id
    if "league_name" in fields:
        name = (fields.pop("league_name") or "").strip()
        if name != (event.league.name if event.league_id else ""):  # a change of league
            if not creating and not _organizes(user, event):
                # A head judge may edit the event, but its league is the organizers' call.
                raise ValidationError(
                    {"league_name": _("Only the event's organizers choose its league.")}
                )
            event.league = league_named(name, owner=user)
    for name, value in fields.items():
        setattr(event, name, value)
    event.full_clean()
    before = (
        EventConfig.objects.filter(event=event).values_list("data", flat=True).first()
        if not creating
        else None
    ) or {}
    event.save()  # also bumps the public pages' cache version (public.signals follows it)
    EventConfig.objects.update_or_create(event=event, defaults={"data": config})
    if not creating:
        # A capacity raised or removed: the waiting list moves up now, not at the next
        # sign-up or cancel.
        signup_settings_apply(event_id=event.pk)
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


def _organizes(user, event: Event) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return (
        user.is_superuser
        or EventRole.objects.filter(user=user, event=event, role=EventRole.Kind.ORGANIZER).exists()
    )


def league_named(name: str | None, *, owner) -> League | None:
    """``owner``'s league of that name, created when new; None for a blank name. Another
    organizer's league of the same name is never found: leagues belong to their owner
    (``owner`` None: the leagues without one, made by the command line)."""
    name = (name or "").strip()
    if not name:
        return None
    owner = owner if owner is not None and owner.is_authenticated else None
    league, _created = League.objects.get_or_create(name=name, owner=owner)
    return league


@transaction.atomic
def event_copy(*, event: Event, user, days: int = 7) -> Event:
    """ "Run it again next week": a new event with ``event``'s games, settings, league and
    result policy, ``days`` later, at a new address, its players registered again (not
    checked in; dropped players are not invited back). ``user`` becomes its organizer."""
    shift = datetime.timedelta(days=days)
    starts_on = event.starts_on + shift
    copy = Event(
        name=event.name,
        slug=unique_address(event.name, starts_on),
        venue=event.venue,
        starts_on=starts_on,
        ends_on=event.ends_on + shift,
        status=Event.Status.REGISTRATION,
        game_key=event.game_key,
        options_preset=event.options_preset,
        options_overrides=event.options_overrides,
        edition=event.edition,
        table_sizes=event.table_sizes,
        rounds_planned=event.rounds_planned,
        league=event.league,
    )
    copy.full_clean()
    copy.save()
    config = EventConfig.objects.filter(event=event).values_list("data", flat=True).first()
    if config is not None:
        EventConfig.objects.create(event=copy, data=_signup_moved(config, shift))
    settings = EventResultSettings.objects.filter(event=event).first()
    if settings is not None:  # the confirmation policy and the rest, as they are
        settings.pk = None
        settings.event = copy
        settings._state.adding = True
        settings.save()
    Registration.objects.bulk_create(
        Registration(event=copy, player_id=player_id, status=Registration.Status.REGISTERED)
        for player_id in event.registrations.active()
        .order_by("pk")
        .values_list("player_id", flat=True)
    )
    if user is not None and user.is_authenticated:
        EventRole.objects.create(user=user, event=copy, role=EventRole.Kind.ORGANIZER)
    return copy


def _signup_moved(config: dict, shift: datetime.timedelta) -> dict:
    """The copy's sign-up closes as long before its start as the original's did."""
    closes = (config.get("signup") or {}).get("closes_at")
    if not closes:
        return config
    moved = (datetime.datetime.fromisoformat(closes) + shift).isoformat()
    return {**config, "signup": {**config["signup"], "closes_at": moved}}


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
