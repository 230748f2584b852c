"""Pure helpers of phases 2-4: turn order (F5), glyph matching (H2-H6), the actions a card
grants, and the priest push chain (M11). The replay and the worked-example vectors use them.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.tameri.components import FACE_DOWN


def draft_counters(leftovers: Sequence[int]) -> list[int]:
    """F2.5: turn counters from the top by the leftover card's number, lowest on top."""
    return sorted(range(len(leftovers)), key=lambda seat: leftovers[seat])


def face_down_cost(board: Sequence[tuple[int, bool]]) -> int:
    """F5.2 / L15: deben = this season's face-down cards on the board, counting this one.

    ``board`` holds the season's cards before this round's decision (the current card last)."""
    return 1 + sum(1 for _, down in board[:-1] if down)


def turn_order(cards: Sequence[int], face_down: Sequence[bool]) -> list[int]:
    """F5.3: face-down cards count as 1 and play before every revealed card; among several
    face-down cards the hidden numbers decide; revealed cards go by number (unique, L19)."""
    seats = range(len(cards))
    return sorted(seats, key=lambda s: (0 if face_down[s] else 1, cards[s]))


def glyph_match(left: Sequence[str] | None, reference: Sequence[str] | None) -> bool | None:
    """H3/H5/H6: does a left glyph meet a reference glyph? None when a side is unknown."""
    if left is not None and not left:
        return False  # H6: no left glyph never matches, even after a face-down card
    if left is None or reference is None:
        return None
    if FACE_DOWN in reference:
        return True  # H5: the back of a face-down card shows all 4 glyphs
    return any(g in reference for g in left)


def reference_glyphs(
    position: int,
    previous: tuple[Sequence[str] | None, bool] | None,
    board_glyph: str | None,
    every_card: bool = False,
) -> list[str] | None:
    """H2: the previous card's right glyphs (all 4 if it is face-down) or the board's glyph
    (for the season's first card; A3 reading b: for every card)."""
    refs: list[str] = []
    unknown = False
    if position == 0 or every_card:
        if board_glyph is None:
            unknown = True
        else:
            refs.append(board_glyph)
    if position > 0 and previous is not None:
        right, down = previous
        if down:
            refs.append(FACE_DOWN)
        elif right is None:
            unknown = True
        else:
            refs.extend(right)
    if unknown and not refs:
        return None
    return refs


def is_subsequence(seq: Sequence[str], full: Sequence[str]) -> bool:
    it = iter(full)
    return all(any(x == y for y in it) for x in seq)


def action_allowed(
    done: Sequence[str],
    action: str,
    top: Sequence[str] | None,
    bottom: Sequence[str] | None,
    match: bool | None,
    face_down: bool,
) -> bool | None:
    """H3-H5, H9: may ``action`` follow ``done`` on this card? None: the card's actions are
    not recorded, so it cannot be checked.

    Face-down: one action of the 8. Match: all actions, top before bottom (each optional).
    No match: the actions of one half only.
    """
    seq = [*done, action]
    if face_down:
        return len(seq) == 1
    if top is None or bottom is None:
        return None
    if match is None:  # glyphs unknown: legal under both readings, illegal under both, or open
        if not is_subsequence(seq, [*top, *bottom]):
            return False
        return True if is_subsequence(seq, top) or is_subsequence(seq, bottom) else None
    if match:
        return is_subsequence(seq, [*top, *bottom])
    return is_subsequence(seq, top) or is_subsequence(seq, bottom)


def assign_actions(
    events: Sequence[tuple[bool, str]],
    top: Sequence[str] | None,
    bottom: Sequence[str] | None,
    match: bool | None,
    face_down: bool,
) -> tuple[tuple[str, ...], tuple[str, ...], bool] | None:
    """F6 step 2 ("at any time and in any order"): read each action of the turn as one of
    the card's (H3-H5) or as one an effect granted before it. ``events`` are the turn's
    grants (True, action) and actions (False, action) in order. Returns one reading that
    fits - the card's actions, the grants left, and whether the card's actions could be
    checked (False when ``action_allowed`` cannot tell) - or None when none fits. Turns
    hold a handful of actions, so trying both readings of each is cheap."""

    def walk(
        i: int, card: tuple[str, ...], left: tuple[str, ...], known: bool
    ) -> tuple[tuple[str, ...], tuple[str, ...], bool] | None:
        if i == len(events):
            return card, left, known
        granted, action = events[i]
        if granted:
            return walk(i + 1, card, (*left, action), known)
        ok = action_allowed(card, action, top, bottom, match, face_down)
        if ok is not False and (ok or len(card) < 3):  # H1: at most 3 actions on a card
            found = walk(i + 1, (*card, action), left, known and ok is True)
            if found is not None:
                return found
        if action in left:
            rest = list(left)
            rest.remove(action)
            return walk(i + 1, card, tuple(rest), known)
        return None

    return walk(0, (), (), True)


def advance_priest(
    others: dict[int, int],
    start: int,
    steps: int,
    length: int | None,
) -> tuple[int, list[tuple[int, int]]] | str:
    """M11.4-5: move a priest from ``start`` (0: placed now, the placement is step 1) by
    ``steps``; ``others`` maps the other priests' seats to their spaces in this temple.

    Returns the end space and the pushes (seat, new space), or an error code. Passing is
    free; only an exact landing pushes, in a chain; nobody goes beyond the top.
    """
    end = start + steps
    if length is not None and end > length:
        return "priest.beyond_top"
    by_space = {space: seat for seat, space in others.items()}
    pushes: list[tuple[int, int]] = []
    space = end
    while space in by_space:
        seat = by_space[space]
        space += 1
        if length is not None and space > length:
            return "priest.push_beyond_top"
        pushes.append((seat, space))
    return end, pushes
