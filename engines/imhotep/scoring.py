"""Final scoring (E2): one function for both paths, the replayed end state and the sheet.

Categories are declared once here in score-sheet order. The score track carries every
point scored during play (Pyramid, Temple, Obelisk-B obelisks, B-side bonuses).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core.engine import Scored
from engines.core.ranking import ranks_with_unknowns
from engines.core.types import Category, Tiebreak, Unchecked, frozen_instance
from engines.imhotep.components import (
    BLUE,
    BURIAL_ROWS,
    GREEN_SITE,
    MONUMENTS,
    WRATH_PENALTY,
    statues_text_reading,
    triangle_with_tail,
)

CATEGORIES = (
    Category("track", "Score track (during play)", "得点表示板（ゲーム中の得点）", "imhotep:S1"),
    Category("burial", "Burial Chamber", "埋葬室", "imhotep:S4"),
    Category("obelisk", "Obelisk", "オベリスク", "imhotep:S5"),
    Category("green", "Green cards (decorations)", "緑のカード（装飾）", "imhotep:S7"),
    Category("purple", "Purple cards (statues)", "紫のカード（偶像）", "imhotep:S8"),
    Category("blue", "Blue cards held", "保有する青のカード", "imhotep:S9"),
    Category("wrath", "Pharaoh's Wrath", "ファラオの怒り", "imhotep:V6"),
)
_BLUE = frozenset(BLUE)
TIEBREAKS = (Tiebreak("sled", "Stones on the sled", "石材置き場の石材の数", "imhotep:T2"),)


@dataclass(frozen=True)
class EndPosition:
    """What final scoring needs, whichever path it came from. Seats are 0-based."""

    track: Sequence[int | None]
    sled: Sequence[int]
    burial: Sequence[int]  # owner of each Burial Chamber stone in placement order
    obelisk: Sequence[int]  # side A: stack height; side B: stones still waiting
    hands: Sequence[dict[str, int]]
    site_stones: dict[str, int]  # every stone on each monument board (G22)
    missing: Sequence[frozenset[str]]  # monuments without the player's stone (V6)


def rank_split(counts: Sequence[int], table: Sequence[int | None]) -> list[int | None]:
    """S5/V4: rank players with at least one stone; tied players share the summed points
    of the ranks they occupy, rounded down. None where a needed printed value is unknown."""
    out: list[int | None] = [0] * len(counts)
    ordered = sorted(counts, reverse=True)
    for seat, count in enumerate(counts):
        if count < 1:
            continue
        best = ordered.index(count)  # 0-based rank: how many have more
        tied = ordered.count(count)
        if tied == 1:  # the common case: one cell, or 0 beyond the table
            cell = table[best] if best < len(table) else 0
            out[seat] = None if cell is None else (0 + cell) // 1  # as sum([cell]) // 1
            continue
        cells = table[best : best + tied]  # ranks beyond the table score 0: add nothing
        out[seat] = None if None in cells else sum(cells) // tied
    return out


def _burial_group_members(burial: Sequence[int]) -> list[list[int]]:
    """The connected same-colour groups as member lists, in order of each group's first
    stone; a group merged into an earlier one is left empty.

    Stone i lies in column i // 3, row i % 3 (P4), so its earlier neighbours are i - 1
    within the column and i - 3 to the left. One pass keeps each stone's group as a shared
    member list; where a stone joins two groups, the later-started one moves into the other.
    """
    group: list[list[int]] = []
    groups: list[list[int]] = []
    for i, owner in enumerate(burial):
        mine = group[i - 1] if i % BURIAL_ROWS and burial[i - 1] == owner else None
        if i >= BURIAL_ROWS and burial[i - BURIAL_ROWS] == owner:
            left = group[i - BURIAL_ROWS]
            if mine is None:
                mine = left
            elif left is not mine:
                keep, gone = (mine, left) if mine[0] < left[0] else (left, mine)
                keep.extend(gone)
                for k in gone:
                    group[k] = keep
                gone.clear()  # merged away: no longer a group of its own
                mine = keep
        if mine is None:
            mine = []
            groups.append(mine)
        mine.append(i)
        group.append(mine)
    return groups


def _burial_groups(burial: Sequence[int]) -> dict[int, list[int]]:
    """Owner -> sizes of its connected groups (in order of each group's first stone)."""
    areas: dict[int, list[int]] = {}
    for members in _burial_group_members(burial):
        if members:
            owner = burial[members[0]]
            if owner in areas:
                areas[owner].append(len(members))
            else:
                areas[owner] = [len(members)]
    return areas


def burial_areas(burial: Sequence[int]) -> list[list[int]]:
    """S4: sizes of the orthogonally connected same-colour groups, per seat.

    Stone i lies in column i // 3, row i % 3 (P4: top to bottom, then the next column), so
    its neighbours are i - 3 and i + 3 (left, right) and i - 1, i + 1 within the column.
    """
    areas = _burial_groups(burial)
    return [sorted(areas.get(seat, []), reverse=True) for seat in range(max(areas, default=-1) + 1)]


# S4 points of an area by its size, read from a table for every size a sheet can hold.
_AREA_POINTS = tuple(triangle_with_tail(size) for size in range(128))


def burial_a(burial: Sequence[int], n: int) -> list[int]:
    points = [0] * n
    for members in _burial_group_members(burial):
        if members:
            seat = burial[members[0]]
            if seat < n:
                size = len(members)
                points[seat] += _AREA_POINTS[size] if size < 128 else triangle_with_tail(size)
    return points


def burial_b(burial: Sequence[int], n: int, table: Sequence[int | None]) -> list[int | None]:
    """V4: each of the 3 rows ranks players by their stones in it."""
    totals: list[int | None] = [0] * n
    for row in range(BURIAL_ROWS):
        counts = [0] * n
        for i, owner in enumerate(burial):
            if i % BURIAL_ROWS == row:
                counts[owner] += 1
        for seat, pts in enumerate(rank_split(counts, table)):
            total = totals[seat]
            totals[seat] = None if total is None or pts is None else total + pts
    return totals


def score_end(ctx, end: EndPosition, printed: Callable[[str], Any]) -> Scored:
    n = ctx.n_players
    opts = ctx.options
    unchecked: list[Unchecked] = []
    if opts.sides.burial == "A":
        burial: Sequence[int | None] = burial_a(end.burial, n)
    else:
        table = [printed(f"burial_b.ranks.{r}") for r in range(4)]
        burial = burial_b(end.burial, n, table)
        for seat, pts in enumerate(burial):
            if pts is None:
                unchecked.append(
                    Unchecked.of(
                        "burial_b_rank",
                        "imhotep:V4",
                        "{player}: Burial Chamber B",
                        "a rank this player shares or holds has no known printed points "
                        "(4th place: G7); supply burial_b.ranks in the edition or log",
                        player=ctx.players[seat],
                    )
                )
    if opts.sides.obelisk == "A":
        table = printed(f"obelisk_a.ranks.{n}") or [None] * n
        obelisk: list[int | None] = rank_split(end.obelisk, table)
    else:
        obelisk = list(end.obelisk)  # V5: one point per stone not used in an obelisk
    statues = triangle_with_tail if opts.statue_scoring == "table" else statues_text_reading
    site_stones = end.site_stones
    thirds = {card: site_stones.get(site, 0) // 3 for card, site in GREEN_SITE.items()}
    wrath = opts.pharaohs_wrath
    track, hands, missing = end.track, end.hands, end.missing
    breakdown = []
    # Only the score track (unknown after play) and the rank splits can be None; noted
    # here so the usual sheet, with nothing unknown, skips the unknown-aware ranking.
    unknown = False
    for seat in range(n):
        hand = hands[seat]
        green = blue = 0
        for card, count in hand.items():
            if card in thirds:
                green += count * thirds[card]
            elif card in _BLUE:
                blue += count
        statue_cards = hand.get("statue")
        on_track, in_burial, on_obelisk = track[seat], burial[seat], obelisk[seat]
        if on_track is None or in_burial is None or on_obelisk is None:
            unknown = True
        breakdown.append(
            {
                "track": on_track,
                "burial": in_burial,
                "obelisk": on_obelisk,
                "green": green,
                "purple": statues(statue_cards) if statue_cards else 0,  # both give 0 for 0
                "blue": blue,
                "wrath": -WRATH_PENALTY if wrath and missing[seat] else 0,
            }
        )
    tiebreak = [[s] for s in end.sled]
    # Players whose order depends on unknown points share the rank (never a guess), unless
    # their unknown points are the same unknown amount: then the rest decides. With
    # nothing unknown (the sled, the tiebreak, is always a count) the base class ranks.
    ranks = (
        ranks_with_unknowns(breakdown, tiebreak, unknown_amounts(breakdown, end, opts))
        if unknown
        else None
    )
    return frozen_instance(
        Scored,
        breakdown=breakdown,
        tiebreak=tiebreak,
        unchecked=unchecked,
        notes=_NOTES[opts.statue_scoring == "table", wrath],
        ranks=ranks,
    )


# The notes for each (statues by the printed table, Pharaoh's Wrath), built once.
_NOTES = {
    (table, wrath): (
        "Statues scored by the printed table (G11)"
        if table
        else "Statues scored by the rulebook prose: +2 from the 5th (G11)",
        "Burial areas scored by the formula 1/3/6/10/15, then +2 per stone (G12)",
        *(("Pharaoh's Wrath: -5 once for any missing monument (G19)",) if wrath else ()),
    )
    for table in (True, False)
    for wrath in (True, False)
}


def unknown_amounts(breakdown: Sequence[dict[str, Any]], end: EndPosition, opts: Any) -> list:
    """What each player's unknown points are, in category order, equal for equal amounts:
    a rank split (S5, V4) gives the same points to the same stone count, so two players
    with the same Burial-B counts in every row (the same Obelisk-A height) hold the same
    unknown amount there. Any other unknown is the player's own."""
    rows = [[0] * BURIAL_ROWS for _ in breakdown]
    for i, owner in enumerate(end.burial):
        rows[owner][i % BURIAL_ROWS] += 1
    names = []
    for seat, row in enumerate(breakdown):
        mine = []
        for category, value in row.items():
            if value is not None:
                continue
            if category == "burial" and opts.sides.burial == "B":
                mine.append(("burial", tuple(rows[seat])))
            elif category == "obelisk" and opts.sides.obelisk == "A":
                mine.append(("obelisk", end.obelisk[seat]))
            else:
                mine.append((category, seat))
        names.append(mine)
    return names


def missing_monuments(present: Sequence[set[str]], n: int) -> list[frozenset[str]]:
    return [frozenset(m for m in MONUMENTS if m not in present[s]) for s in range(n)]
