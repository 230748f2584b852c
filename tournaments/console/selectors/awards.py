"""Awards extras: the podium (from the console's final order) and, per game, the best
final score of the event — the prize for each game of a multi-game event.

Only complete totals count for a best score: a total with an unknown category (the
engine's ``complete`` flag is false) is a lower bound, not a score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import engines
from tournaments.events.models import Event, Seat
from tournaments.results.models import ResultSubmission


@dataclass
class BestScore:
    game: str
    name_en: str
    name_ja: str
    total: int | float | None = None
    holders: list[dict] = field(default_factory=list)  # name, round, table
    tables: int = 0  # confirmed tables of this game
    incomplete: int = 0  # player totals left out because a category was unknown


def _game_names(key: str) -> tuple[str, str]:
    try:
        meta = engines.get_engine(key).meta
    except LookupError:
        return key, key
    return meta.name_en, meta.name_ja


def best_scores(event: Event) -> list[BestScore]:
    """Per game played at the event: the highest complete total and who scored it."""
    subs = list(
        ResultSubmission.objects.filter(
            table__round__event=event, status=ResultSubmission.Status.CONFIRMED
        )
        .select_related("table__round")
        .order_by("table__round__number", "table__number")
    )
    names: dict[tuple[int, int], str] = {
        (table_id, position): name
        for table_id, position, name in Seat.objects.filter(round__event=event).values_list(
            "table_id", "position", "registration__player__display_name"
        )
    }
    by_game: dict[str, BestScore] = {}
    for sub in subs:
        best = by_game.get(sub.engine_key)
        if best is None:
            best = by_game[sub.engine_key] = BestScore(sub.engine_key, *_game_names(sub.engine_key))
        best.tables += 1
        for player in (sub.outcome or {}).get("players", []):
            total = player.get("total")
            if total is None or not player.get("complete", True):
                best.incomplete += 1
                continue
            holder = {
                "name": names.get((sub.table_id, player.get("seat")), player.get("name", "?")),
                "round": sub.table.round.number,
                "table": sub.table.number,
            }
            if best.total is None or total > best.total:
                best.total, best.holders = total, [holder]
            elif total == best.total:
                best.holders.append(holder)
    return sorted(by_game.values(), key=lambda b: b.game)


def podium(event: Event) -> list[dict]:
    """The first three of the console's final order (final table, then standings)."""
    from tournaments.console.services.finals import awards  # the console's final order

    return awards(event)[:3]
