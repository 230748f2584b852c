"""The standings follow what the services announce (``events.domain``): a table's results
changed, or a round closed (with the ``on_close`` release policy its results count from
then on); either asks for one coalesced recompute."""

from __future__ import annotations

from tournaments.events.domain import ResultChanged, RoundStatusChanged, subscribe
from tournaments.events.models import Round
from tournaments.standings.services import standings_schedule_recompute


def on_result_changed(event: ResultChanged) -> None:
    if event.action != ResultChanged.REFUSED:  # a refused re-score keeps its outcome
        standings_schedule_recompute(event.event_id)


def on_round_status_changed(event: RoundStatusChanged) -> None:
    if event.after == Round.Status.CLOSED:
        standings_schedule_recompute(event.event_id)


def connect() -> None:
    subscribe(ResultChanged, on_result_changed)
    subscribe(RoundStatusChanged, on_round_status_changed)
