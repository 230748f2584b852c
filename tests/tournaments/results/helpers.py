"""Sheets and tables for result-entry tests (Imhotep and Terra Pyramides)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tests.tournaments.factories import (
    EventFactory,
    RoundFactory,
    TableFactory,
    seated_table,
)
from tournaments.events.access import Actor
from tournaments.events.models import EventRole
from tournaments.results.models import EventResultSettings


def imhotep_sheet(tracks=(20, 18, 25), sleds=(2, 3, 1)) -> dict:
    """A valid 3-player Imhotep end position (burial chamber seats 1,2,3,1)."""
    return {
        "players": [{"track": t, "sled": s} for t, s in zip(tracks, sleds, strict=True)],
        "burial": [1, 2, 3, 1],
        "pyramid_stones": 10,
        "temple_stones": 5,
    }


def terra_sheet(blocks=(7, 2), coins=(4, 1)) -> dict:
    """A valid 2-player Terra Pyramides (version 1) sheet: blocks + coins score S4."""
    return {"players": [{"blocks": b, "coins": c} for b, c in zip(blocks, coins, strict=True)]}


def make_event(game="imhotep", policy="players", provisional=False, **kw):
    if game == "terra_pyramides":
        kw.setdefault("options_overrides", {"version": 1})
        kw.setdefault("table_sizes", [2])
    event = EventFactory(game_key=game, **kw)
    EventResultSettings.objects.create(
        event=event, confirmation_policy=policy, count_provisional=provisional
    )
    return event


def make_table(event, players=3, round_=None):
    round_ = round_ or RoundFactory(event=event, published=True)
    table = TableFactory(round=round_)
    seated_table(table, players)
    return table


def user(name: str, event=None, role=None, table=None, registration=None):
    account = get_user_model().objects.create_user(username=name, password="pw-" + name)
    if role:
        EventRole.objects.create(
            user=account, event=event, role=role, table=table, registration=registration
        )
    return account


def as_user(account, ip="10.0.0.9") -> Actor:
    return Actor(user=account, remote_addr=ip)


def seat_registrations(table) -> list[int]:
    return list(table.seats.order_by("position").values_list("registration_id", flat=True))
