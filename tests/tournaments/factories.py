"""factory_boy factories for every tournaments model.

Related objects stay consistent: a Seat's registration is in the same event as its table,
and its round is its table's round. Numbers and positions take the next free value.
"""

from __future__ import annotations

import datetime as dt

import factory
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from tournaments.events.models import Event, EventSummary, Player, Registration, Round, Seat, Table


def _next(queryset, field: str) -> int:
    return (queryset.aggregate(top=Max(field))["top"] or 0) + 1


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Cairo Café Open {n}")
    slug = factory.LazyAttribute(lambda o: slugify(o.name))
    venue = "Cairo Café"
    starts_on = dt.date(2026, 11, 22)
    ends_on = factory.SelfAttribute("starts_on")
    status = Event.Status.REGISTRATION
    game_key = "imhotep"
    options_preset = ""
    options_overrides = factory.LazyFunction(dict)
    edition = None
    table_sizes = factory.LazyFunction(lambda: [4, 3])
    rounds_planned = 3


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    display_name = factory.Sequence(lambda n: f"プレイヤー{n}")
    reading = factory.Sequence(lambda n: f"ぷれいやー{n}")
    club = ""


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerFactory)
    status = Registration.Status.CHECKED_IN


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = factory.LazyAttribute(lambda o: _next(o.event.rounds, "number"))
    game_key = ""
    status = Round.Status.DRAFT

    class Params:
        published = factory.Trait(
            status=Round.Status.PUBLISHED, published_at=factory.LazyFunction(timezone.now)
        )


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    round = factory.SubFactory(RoundFactory)
    number = factory.LazyAttribute(lambda o: _next(o.round.tables, "number"))
    game_key = factory.LazyAttribute(lambda o: o.round.effective_game_key)
    status = Table.Status.PENDING


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    table = factory.SubFactory(TableFactory)
    round = factory.SelfAttribute("table.round")
    registration = factory.SubFactory(
        RegistrationFactory, event=factory.SelfAttribute("..table.round.event")
    )
    position = factory.LazyAttribute(lambda o: _next(o.table.seats, "position"))


class EventSummaryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EventSummary

    event = factory.SubFactory(EventFactory)


def seated_table(table: Table, players: int) -> list[Seat]:
    """Seat ``players`` new registrations at ``table`` in positions 1..players."""
    return [SeatFactory(table=table) for _ in range(players)]
