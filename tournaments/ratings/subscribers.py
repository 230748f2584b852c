"""Re-rate the leagues when what they rate changes, as the services announce it
(``events.domain``): a table's counted result changed (confirmed, unconfirmed, corrected,
scored again), a ruling overrode the engine's ranks, or a round closed (with the
``on_close`` release policy its results count from then on).

The recompute is full, coalesced and idempotent, so asking more often than needed costs
time, never correctness.
"""

from __future__ import annotations

from tournaments.events.domain import ResultChanged, RoundStatusChanged, subscribe
from tournaments.events.models import Round
from tournaments.ratings.services import ratings_schedule_recompute
from tournaments.results.models import Ruling


def rates_differently(event: ResultChanged) -> bool:
    if event.before.confirmed_id != event.after.confirmed_id:
        return True
    if event.action == ResultChanged.RESCORED and event.after.confirmed_id is not None:
        return True
    return event.action == ResultChanged.RULED and event.ruling_kind == Ruling.Kind.ENGINE_OVERRIDE


def on_result_changed(event: ResultChanged) -> None:
    if rates_differently(event):
        ratings_schedule_recompute()


def on_round_status_changed(event: RoundStatusChanged) -> None:
    if event.after == Round.Status.CLOSED:
        ratings_schedule_recompute()


def connect() -> None:
    subscribe(ResultChanged, on_result_changed)
    subscribe(RoundStatusChanged, on_round_status_changed)
