"""Ranks: competition ranking, and ranks that no unknown decides.

``competition_ranks`` ranks by (total, *tiebreak) with shared ranks on full ties; an unknown
value (``None``) where it would decide leaves the players on a shared rank.

``ranks_with_unknowns`` is for breakdowns with unknown categories. A category whose points
are unknown (``None``) is an unknown number, not 0. Two players can still be ordered when
their unknown parts are the same unknown number (in Nile Murals two players on the same
rank of a track whose printed points are lost get the same points): those cancel, and what
remains decides. Otherwise their order is undecided, and neither pushes the other down. A
player's rank is 1 + the players decided to be ahead of them, so equal players share the
rank as in competition ranking ("1, 2, 2, 4"), and with nothing unknown the ranks are
exactly ``competition_ranks``. An unknown tiebreak value (``None``) likewise decides only
between players whose totals already differ, and where it would decide, they share the
rank. Engines return these ranks through ``Scored.ranks``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any


def _ahead(mine: tuple[Any, ...], other: tuple[Any, ...]) -> bool | int:
    """Whether ``mine`` ranks above ``other``: True, False, or - when the first value that
    would decide is unknown (None) on either side - the position of that value (an int)."""
    for position, (a, b) in enumerate(zip(mine, other, strict=False)):
        if a is None or b is None:
            return position
        if a != b:
            return bool(a > b)
    return False


def competition_ranks(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Standard competition ranking ("1, 2, 2, 4") by descending key tuples.

    Players whose whole key (total, then each tiebreak) is equal share a rank, which is how
    every game here expresses "the rules leave a tie". An unknown value (``None``) never
    decides an order: where the first value that would separate two players is unknown,
    neither counts as ahead of the other, so they share a rank (see ``undecided_pairs``).
    A player's rank is 1 + the number of players certainly ahead.
    """
    normed = [k if type(k) is tuple else tuple(k) for k in keys]
    for key in normed:
        if None in key:  # keys hold numbers and None; a number never equals None
            return [1 + sum(_ahead(other, mine) is True for other in normed) for mine in normed]
    ranks = []
    for mine in normed:
        rank = 1
        for other in normed:
            if other > mine:
                rank += 1
        ranks.append(rank)
    return ranks


def undecided_pairs(keys: Sequence[tuple[Any, ...]]) -> list[tuple[int, int, int]]:
    """``(i, j, position)`` for each pair of players (i < j) whose order hangs on an unknown
    value: equal up to ``position``, where one of them (or both) is ``None``."""
    normed = [tuple(k) for k in keys]
    out = []
    for i, mine in enumerate(normed):
        for j in range(i + 1, len(normed)):
            verdict = _ahead(mine, normed[j])
            if verdict is not True and verdict is not False:
                out.append((i, j, verdict))
    return out


def _decided_ahead(a: Sequence[Any], b: Sequence[Any]) -> bool:
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
            ranks[seat] += sum(1 for j in members if j != seat and _decided_ahead(keys[j], mine))
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
