"""Ranks that no unknown decides: players whose order depends on an unknown share a rank.

A category whose points are unknown (``None``) is an unknown number, not 0. Two players can
still be ordered when their unknown parts are the same unknown number (in Nile Murals two
players on the same rank of a track whose printed points are lost get the same points):
those cancel, and what remains decides. Otherwise their order is undecided, and neither
pushes the other down. A player's rank is 1 + the players decided to be ahead of them, so
equal players share the rank as in competition ranking ("1, 2, 2, 4"), and with nothing
unknown the ranks are exactly ``competition_ranks``.

The same comparison applies to a tiebreak value that is unknown (``None``): it decides only
between players whose totals already differ, and where it would decide, the players share
the rank.

This belongs beside ``competition_ranks`` in engines/core (the base class's ``outcome``
ranks on partial totals); it lives here until core takes it, and the Imhotep and Terra
Pyramides engines use it through ``Scored.ranks``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any


def _ahead(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """Whether key ``a`` is decided to be greater than key ``b`` (``None``: unknown)."""
    for x, y in zip(a, b, strict=True):
        if x is None or y is None:
            return False  # the first differing-or-unknown link is unknown: undecided
        if x != y:
            return x > y
    return False


def undecided_ranks(
    known: Sequence[int],
    unknown: Sequence[Any],
    tiebreak: Sequence[Sequence[Any]],
) -> list[int]:
    """Ranks by (total, *tiebreak) where ``known[i]`` is the sum of player i's known points
    and ``unknown[i]`` names the unknown amounts in the total (a hashable, equal for equal
    amounts)."""
    ranks = [1] * len(known)
    groups: dict[Any, list[int]] = {}
    for seat, names in enumerate(unknown):  # only players with the same unknowns compare
        groups.setdefault(names, []).append(seat)
    for members in groups.values():
        if len(members) < 2:
            continue
        keys = {seat: (known[seat], *tiebreak[seat]) for seat in members}
        for seat in members:
            mine = keys[seat]
            ranks[seat] += sum(1 for j in members if j != seat and _ahead(keys[j], mine))
    return ranks


def ranks_with_unknowns(
    breakdown: Sequence[Mapping[str, int | None]],
    tiebreak: Sequence[Sequence[Any]],
    names: Sequence[Sequence[Hashable]] | None = None,
) -> list[int] | None:
    """``Scored.ranks`` for a breakdown with unknown categories, or None when nothing is
    unknown (the base class then ranks as usual). ``names[i]`` names player i's unknown
    amounts, listed in one fixed order for every player (category order, say), so equal
    lists mean equal amounts; by default each unknown category of each player is its own
    unknown."""
    for row in breakdown:  # the common case, everything known, in a few C-level scans
        if None in row.values():
            break
    else:
        for key in tiebreak:
            if None in key:
                break
        else:
            return None
    known = []
    for row in breakdown:
        total = 0
        for value in row.values():
            if value is not None:
                total += value
        known.append(total)
    if names is None:
        names = [
            [(k, seat) for k, v in row.items() if v is None] for seat, row in enumerate(breakdown)
        ]
    return undecided_ranks(known, [tuple(n) for n in names], tiebreak)
