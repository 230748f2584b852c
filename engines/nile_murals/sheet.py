"""The end-of-game score sheet: each player's three track values, true values with laps.

A marker on square 3 of its second lap on a 30-square track has the value 33 (L6, G6):
the judge writes the true value. Seat order follows the envelope (start player first).
"""

from __future__ import annotations

from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Violation
from engines.nile_murals.printed import Printed


class PlayerTracks(Model):
    combo: int
    area: int
    miss: int


class Sheet(Model):
    players: list[PlayerTracks]


def sheet_problems(n_players: int, printed: Printed, sheet: Sheet) -> list[Violation]:
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
    total = sum(row.area for row in sheet.players)
    # Every area is completed exactly once by game end (E1), so the Area values add up to
    # the sum of the area values; unknown values lie between I and III.
    low = sum(v if v is not None else 1 for v in printed.area_value)
    high = sum(v if v is not None else 3 for v in printed.area_value)
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


def raise_if_inconsistent(n_players: int, printed: Printed, sheet: Sheet) -> None:
    problems = sheet_problems(n_players, printed, sheet)
    if problems:
        raise IllegalMove(problems)
