"""VH11/VN9: is a site completely surrounded, and what do the surrounding squares give?

A15 leaves the neighbourhood open (option ``a15_neighbourhood``: 8 squares by default, or
the 4 orthogonal ones). The board edge counts as surrounding (stated); a neighbouring
building site counts as surrounding too (engine reading: otherwise sites next to sites could
never be surrounded). Oasis and Nile squares fill a neighbour (VN9 resolves them).
When every neighbour is known (map, state or earlier records) the judge's bonus record is
checked against the tiles; otherwise it is accepted and noted as unchecked.

With a board map the engine also *detects* completions (``completed_by``): the tile placed
this turn closes each site whose last open neighbour it fills; a closed site carrying
workers at that moment owes its owner a bonus (A15: once, at completion, only with workers
there), which the judge must record before the turn ends. Without a map a completion
cannot be seen (empty squares are unknown), so the recorded fact is used and the
detection is listed under ``unchecked``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.types import Violation
from engines.terra_pyramides import moves as mv
from engines.terra_pyramides.board import EIGHT_STEPS, STAIR_STEPS, step
from engines.terra_pyramides.facts import kind_at, violation
from engines.terra_pyramides.state import TerraState

Square = tuple[int, int]


@dataclass(frozen=True)
class Bonus:
    eyes: int = 0
    coins: int = 0
    grave_goods: int = 0
    oases: int = 0
    nile: int = 0


def neighbours(state: TerraState, site: Square) -> list[Square]:
    steps = EIGHT_STEPS if state.ctx.options.a15_neighbourhood == 8 else STAIR_STEPS.values()
    return [step(site, d) for d in steps]


def expected_bonus(state: TerraState, site: Square) -> Bonus | str | None:
    """The bonus the surrounding squares show; "open" if a neighbour is empty; None if unknown."""
    opts = state.ctx.options
    v3 = opts.version == 3
    goods = v3 or opts.a15_surround_grave_goods_in_v2
    eyes = coins = grave = oases = nile = 0
    for sq in neighbours(state, site):
        kind = kind_at(state, sq)
        if kind is None:
            return None
        if kind == "empty":
            return "open"
        if kind == "tile":
            tile = state.tiles[sq]
            eyes, coins = eyes + tile.eyes, coins + tile.coins
            grave += tile.grave_goods if goods else 0
        elif kind == "oasis" and v3:
            oases += 1
        elif kind == "nile" and v3:
            nile += 1
    return Bonus(eyes, coins, grave, oases, nile)


def completed_by(state: TerraState, placed: Square) -> tuple[Square, ...]:
    """Occupied sites the tile just placed on ``placed`` closed (needs every neighbour known).

    The neighbourhood is symmetric, so the sites that may have just closed are the sites
    among the placed square's own neighbours; only a placement turns an empty square into
    a filled one, so a site closes exactly once."""
    sites = state.sites
    out = []
    for sq in neighbours(state, placed):
        site = sites.get(sq)
        if site is None or site.owner is None or site.surrounded:
            continue
        if isinstance(expected_bonus(state, sq), Bonus):
            out.append(sq)
    return tuple(out)


def check_bonus(state: TerraState, move: mv.SurroundBonus) -> list[Violation]:
    expected = expected_bonus(state, move.site)
    if expected is None:
        return []
    if expected == "open":
        return [
            violation(
                "not_surrounded",
                "VH11",
                "{sq} still has an empty neighbouring square",
                sq=list(move.site),
            )
        ]
    assert isinstance(expected, Bonus)
    got = Bonus(move.eyes, move.coins, move.grave_goods, move.oases, move.nile)
    if got != expected:
        return [
            violation(
                "surround_bonus_mismatch",
                "VH11",
                "the squares around {sq} show {want}; recorded {got}",
                sq=list(move.site),
                want=_text(expected),
                got=_text(got),
            )
        ]
    return []


def _text(bonus: Bonus) -> str:
    parts = [
        f"{name} {getattr(bonus, name)}"
        for name in ("eyes", "coins", "grave_goods", "oases", "nile")
    ]
    return ", ".join(parts)
