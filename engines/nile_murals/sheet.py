"""The end-of-game score sheet: each player's three track values, true values with laps.

A marker on square 3 of its second lap on a 30-square track has the value 33 (L6, G6):
the judge writes the true value. Seat order follows the envelope (start player first).
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict

from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Violation
from engines.nile_murals.printed import Printed

CARDS = 100  # C5: cards 00-99, one of each


class PlayerTracks(Model):
    # Strict: a judge's true/false or "3" is a wrong entry, not the number 1 or 3.
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    combo: int
    area: int
    miss: int


class Sheet(Model):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    players: list[PlayerTracks]


def sheet_problems(
    n_players: int, printed: Printed, sheet: Sheet, deck_misses_only: bool = True
) -> list[Violation]:
    def bad(code: str, rule: str, message: str, path: str, **params) -> Violation:
        return Violation(code, f"nile_murals:{rule}", message, params, path=path)

    if len(sheet.players) != n_players:
        return [
            bad(
                "sheet.player_count",
                "S4",
                "the sheet has {got} rows for {n} players",
                "$.sheet.players",
                got=len(sheet.players),
                n=n_players,
            )
        ]
    out = []
    for seat, row in enumerate(sheet.players):
        if row.combo >= 0 and row.area >= 0 and row.miss <= 0:
            continue  # the usual row: no path to build
        path = f"$.sheet.players[{seat}]"
        if row.combo < 0:
            out.append(
                bad(
                    "sheet.negative_track",
                    "L6",
                    "the Combo track never goes below 0",
                    f"{path}.combo",
                )
            )
        if row.area < 0:
            out.append(
                bad(
                    "sheet.negative_track",
                    "L6",
                    "the Area track never goes below 0",
                    f"{path}.area",
                )
            )
        if row.miss > 0:
            out.append(
                bad(
                    "sheet.positive_miss",
                    "L6",
                    "the Miss track counts 0, -1, -2, ...: it is never above 0",
                    f"{path}.miss",
                )
            )
    out.extend(_count_bounds(n_players, printed, sheet, bad, deck_misses_only))
    total = sum(row.area for row in sheet.players)
    # Every area is completed exactly once by game end (E1), so the Area values add up to
    # the sum of the area values; unknown values lie between I and III.
    low, high = printed.area_sum_bounds
    if not out and not low <= total <= high:
        want = str(low) if low == high else f"{low}-{high}"
        out.append(
            bad(
                "sheet.area_sum",
                "L11",
                "every area is completed once, so the Area values add up to {want}, not {got}",
                "$.sheet.players",
                want=want,
                got=total,
            )
        )
    return out


def _count_bounds(
    n_players: int, printed: Printed, sheet: Sheet, bad: Any, deck_misses_only: bool
) -> list[Violation]:
    """What 100 cards allow: misses and Combo points the same game's log could reach."""
    misses = combo = 0
    for row in sheet.players:
        if row.combo < 0 or row.area < 0 or row.miss > 0:
            return []  # L6 already named the row
        misses -= row.miss
        combo += row.combo
    # L8/L9: a miss is a deck card drawn after a placement of the same turn; the deck is
    # never refilled and the starting cards never were in it, so at most 100 - N misses.
    # (Under the G7 "miss" reading a shadowed hand or discard card misses too: then each
    # miss still ends a turn that placed a card first, at most 100.)
    most = CARDS - (n_players if deck_misses_only else 0)
    if misses > most:
        return [
            bad(
                "sheet.too_many_misses",
                "L9",
                "{got} misses in all: a miss needs a card drawn from the deck after a "
                "placement of the same turn, so {n} players can miss at most {most} times",
                "$.sheet.players",
                got=misses,
                n=n_players,
                most=most,
            )
        ]
    # L10/L11: Combo points come only from turns without a miss, each worth the chart's
    # points for its card count; every missed turn used up at least one placed card.
    placed = CARDS - misses
    best = printed.most_combo_points(max(placed, 0))
    if combo > best:
        return [
            bad(
                "sheet.combo_too_high",
                "L11",
                "the Combo tracks add up to {got}, but turns placing {placed} cards without a "
                "miss can give at most {most} points",
                "$.sheet.players",
                got=combo,
                placed=placed,
                most=best,
            )
        ]
    return []


def raise_if_inconsistent(
    n_players: int, printed: Printed, sheet: Sheet, deck_misses_only: bool = True
) -> None:
    problems = sheet_problems(n_players, printed, sheet, deck_misses_only)
    if problems:
        raise IllegalMove(problems)
