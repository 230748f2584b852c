"""Pure scoring functions: season end (S4-S6) and game end (S7-S11), tiebreak T2.

The categories are declared once, in score-sheet order; the replay and the score-sheet
path both call the same functions, so a sheet and a log of one game score alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engines.core.types import Category, Tiebreak
from engines.tameri.components import FACE_DOWN, RESOURCES, SET_POINTS

CATEGORIES: tuple[Category, ...] = (
    Category("play", "Points during play (offerings, effects)", "プレイ中の得点", "tameri:S1"),
    Category("final_glyph", "Final glyph of each season", "季節最後のヒエログリフ", "tameri:S4"),
    Category(
        "season_buildings", "Building points at season end", "季節終了の建物得点", "tameri:S5"
    ),
    Category("pharaoh", "Pharaoh majorities at season end", "ファラオのマジョリティ", "tameri:S6"),
    Category("remaining_offerings", "Remaining offerings", "残りの供物", "tameri:S7"),
    Category("building_sets", "Building symbol sets", "建物シンボルのセット", "tameri:S8"),
    Category("priest_cards", "Priest cards", "司祭カード", "tameri:S9"),
    Category("hand_glyphs", "Hand glyph majority", "手札のヒエログリフ", "tameri:S10"),
    Category("leftovers", "Leftovers (1 per 3)", "残りの資源・デベン・シルト", "tameri:S11"),
)
TIEBREAKS: tuple[Tiebreak, ...] = (
    Tiebreak("highest_card", "Highest action card in hand", "手札の最大のカード番号", "tameri:T2"),
)

FINAL_GLYPH_POINTS = 2  # S4
SOLE_MAJORITY, SHARED_MAJORITY = 2, 1  # S6, S7


def majority_awards(amounts: Sequence[int]) -> list[int]:
    """S6/S7: sole most 2 VP, each of several tied for most 1 VP; 0 of it scores nothing (A16)."""
    top = max(amounts, default=0)
    if top <= 0:
        return [0] * len(amounts)
    leaders = [i for i, a in enumerate(amounts) if a == top]
    award = SOLE_MAJORITY if len(leaders) == 1 else SHARED_MAJORITY
    return [award if i in leaders else 0 for i in range(len(amounts))]


def season_majorities(
    screens: Sequence[Mapping[str, int]],
) -> tuple[list[int], list[dict[str, int]], list[dict[str, int]]]:
    """S6 for every type in the order barley, papyrus, flax, fruit.

    Returns the points per player, the screens afterwards (scorers discard all of that
    type; the others keep theirs behind the screen) and the points per player and type.
    """
    points = [0] * len(screens)
    after = [dict(s) for s in screens]
    per_type: list[dict[str, int]] = [{} for _ in screens]
    for res in RESOURCES:
        awards = majority_awards([s.get(res, 0) for s in screens])
        for seat, award in enumerate(awards):
            per_type[seat][res] = award
            if award:
                points[seat] += award
                after[seat][res] = 0
    return points, after, per_type


def remaining_offerings(totals: Sequence[int]) -> list[int]:
    """S7: the most resources left behind the screen (all types summed) after season 3."""
    return majority_awards(totals)


def building_set_points(symbols: Iterable[str]) -> int:
    """S8: the best split of the buildings into sets of distinct symbols.

    The marginal gains of SET_POINTS (1, 1, 2, 3, 4, 4, 5) never decrease, so taking one of
    every symbol still held, again and again, is optimal (property-tested by brute force).
    """
    held: dict[str, int] = {}
    for s in symbols:
        held[s] = held.get(s, 0) + 1
    if len(held) > len(SET_POINTS) - 1:
        raise ValueError("at most 7 building symbols exist")
    # The k-th greedy set holds one of every symbol owned at least k times.
    copies = sorted(held.values())
    total, level = 0, 0
    for k, n in enumerate(copies):
        if n > level:
            total += SET_POINTS[len(copies) - k] * (n - level)
            level = n
    return total


def hand_glyph_points(hand: Iterable[tuple[Sequence[str], Sequence[str]]]) -> int:
    """S10: the count of the most numerous glyph type over left and right sides in hand."""
    counts: dict[str, int] = {}
    for left, right in hand:
        for side in (left, right):
            for g in side:
                if g != FACE_DOWN:
                    counts[g] = counts.get(g, 0) + 1
    return max(counts.values(), default=0)


def leftover_points(resources: int, deben: int, silt: int) -> int:
    """S11: 1 VP per 3 of resources in the personal supply + deben + silt, rounded down."""
    return (resources + deben + silt) // 3


def final_glyph_points(matched: bool) -> int:
    """S4 / H8: 2 VP when the season's 4th card's right glyph matches the board glyph."""
    return FINAL_GLYPH_POINTS if matched else 0


def final_glyph_matches(
    right: Sequence[str] | None, face_down: bool, board_glyph: str | None
) -> bool | None:
    """H8: a face-down 4th card shows all 4 glyphs, so it always matches. None: unknown."""
    if face_down:
        return True
    if right is None or board_glyph is None:
        return None
    return board_glyph in right


def offering_points(slots: int) -> int:
    """S1 / M15: (number of resources hidden) + 1; see A5 for five through substitution."""
    return slots + 1
