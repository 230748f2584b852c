"""Results of an event the engine could not finish scoring ("n + ?"): the organizer is
told on the event page, with the way to the values that are missing."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import get_language

import engines
from tournaments.console.services import lost_values
from tournaments.events.models import Event, Table
from tournaments.results.models import ResultSubmission
from tournaments.results.selectors import table_game_key
from tournaments.results.services.rescore import RESCORED


@dataclass
class IncompleteGame:
    game: str
    name: str = ""  # in the page's language
    tables: list = field(default_factory=list)  # Table objects, round then number
    missing: int = 0  # values of the short screen still unknown
    screen: bool = False  # the game has a short screen for its lost values


def game_name(game: str) -> str:
    meta = engines.get_engine(game).meta
    return meta.name_ja if (get_language() or "").startswith("ja") else meta.name_en


def incomplete_results(event: Event) -> list[IncompleteGame]:
    """Per game, the tables whose current result (the confirmed version, else the latest
    not discarded) has a player whose total is not complete."""
    current: dict[int, ResultSubmission] = {}
    rows = (
        ResultSubmission.objects.filter(table__round__event=event)
        .exclude(status=ResultSubmission.Status.DISCARDED)
        .select_related("table__round__event")
        .order_by("table_id", "version")
    )
    for sub in rows:
        held = current.get(sub.table_id)
        if held is None or held.status != "confirmed" or sub.status == "confirmed":
            current[sub.table_id] = sub
    games: dict[str, IncompleteGame] = {}
    for sub in current.values():
        players = (sub.outcome or {}).get("players") or []
        if not any(p.get("complete") is False for p in players):
            continue
        game = table_game_key(sub.table)
        games.setdefault(game, IncompleteGame(game, game_name(game))).tables.append(sub.table)
    for entry in games.values():
        entry.tables.sort(key=lambda t: (t.round.number, t.number))
        entry.screen = game_has_screen = lost_values.has_lost_values(entry.game)
        entry.missing = lost_values.missing_count(event, entry.game) if game_has_screen else 0
    return sorted(games.values(), key=lambda g: g.game)


def rescore_refused_tables(event: Event) -> list[Table]:
    """Tables with a counted result the engine refused when it was scored again with
    printed values entered later (results/services/rescore.py): kept as it was, for a head
    judge to correct or discard. Round then number."""
    flagged = (
        ResultSubmission.objects.filter(table__round__event=event, status__in=RESCORED)
        .exclude(violations=[])
        .values("table_id")
    )
    return list(
        Table.objects.filter(pk__in=flagged)
        .select_related("round")
        .order_by("round__number", "number")
    )
