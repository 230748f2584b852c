"""Phase 1 (W1-W7): resolve the spheres on one ramp after the drop.

A ramp is a line of spheres from the bottom up. After Phase 1 it holds 0-4 spheres of one
colour (W8/L18), stored as (colour, count).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.tameri.components import RIVER_CAPACITY

FIVE = 5  # W4


def remove_fives(line: list[str], mode: str = "bottom") -> list[str]:
    """W4: while a colour has 5 spheres on the ramp, remove the bottom sphere (A1 reading a)
    or the bottom sphere of that colour (reading b)."""
    line = list(line)
    while True:
        full = next((c for c in ("sun", "water", "silt") if line.count(c) >= FIVE), None)
        if full is None:
            return line
        line.pop(0 if mode == "bottom" else line.index(full))


def resolve_ramp(
    before: tuple[str | None, int], drops: Sequence[str], river: int, mode: str = "bottom"
) -> tuple[tuple[str | None, int], int, int]:
    """W4-W6 for one ramp. Returns ((colour, count), river silt after, silt sent back to supply).

    W5: every silt leaves the ramp for the nearest empty river space, or the supply when
    the river area is full (L17). W6: touching sun/water pairs go until one colour is left;
    any order of removal leaves |sun - water| of the majority colour (W8).
    """
    colour, count = before
    line = [colour] * count if colour else []
    line += list(drops)
    line = remove_fives(line, mode)
    silt = line.count("silt")
    to_river = min(silt, RIVER_CAPACITY - river)
    suns, waters = line.count("sun"), line.count("water")
    left = abs(suns - waters)
    out_colour = None if left == 0 else ("sun" if suns > waters else "water")
    return (out_colour, left), river + to_river, silt - to_river


def resolve_with_returns(
    before: tuple[str | None, int], drops: Sequence[str], river: int, mode: str = "bottom"
) -> tuple[tuple[str | None, int], int, tuple[int, int, int]]:
    """``resolve_ramp``, and the spheres (sun, water, silt) that go back to the supply: the
    W4 removals and W6 pairs (W6: "removed sun and water spheres go back to the common
    supply"; Inferred for a W4 removal) and the silt a full river area refuses (W5)."""
    ramp, river_after, _ = resolve_ramp(before, drops, river, mode)
    colour, count = before
    sun = (count if colour == "sun" else 0) + drops.count("sun")
    water = (count if colour == "water" else 0) + drops.count("water")
    silt = (count if colour == "silt" else 0) + drops.count("silt")
    left = ramp[1]
    back = (
        sun - (left if ramp[0] == "sun" else 0),
        water - (left if ramp[0] == "water" else 0),
        silt - (river_after - river),
    )
    return ramp, river_after, back
