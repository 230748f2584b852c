"""Transitions: the state after a move ``rules.check`` accepted (M1-M12, E1).

Each transition builds one set of field changes and copies the state once, which keeps a
full replay fast; the turn-passing and draw-window helpers live in rules.py.
"""

from __future__ import annotations

from typing import Any

from engines.nile_murals.moves import AREA_FACT_VALUE, Deal, Draw, Place, Stop
from engines.nile_murals.rules import (
    advance_changes,
    area_result,
    close_bonus_changes,
    confirms_end,
    inferred_ankh_count,
    move_kind,
    settle,
)
from engines.nile_murals.shadow import forbidden
from engines.nile_murals.state import ALL_CARDS, State


# ---- transitions ------------------------------------------------------------------------
def next_state(state: State, move: Any) -> State:
    kind = move_kind(move)
    if kind is Deal:
        hands = list(state.hands)
        hands[state.seat] |= 1 << move.card
        seat = state.seat + 1
        done = seat == len(hands)
        return state.with_(
            deck=state.deck & ~(1 << move.card),
            hands=tuple(hands),
            seat=0 if done else seat,
            phase="turn" if done else "deal",
        )
    if kind is Draw:
        return apply_draw(state, move)
    if kind is Stop and confirms_end(state, move):
        return state.with_(stop_seen=True)
    if state.phase != "turn" or state.draw_max:  # an open draw window closes first
        state, _ = settle(state)
    if kind is Stop:
        if confirms_end(state, move):
            return state.with_(stop_seen=True)
        return end_turn(state, "stop", 0, 0)
    return apply_place(state, move)


def take(state: State, source: str, card: int) -> dict[str, Any]:
    """Field changes that remove ``card`` from ``source``."""
    off = ~(1 << card)
    if source == "deck":
        return {"deck": state.deck & off}
    if source == "discard":
        return {"discard": state.discard & off}
    hands = list(state.hands)
    hands[state.seat] &= off
    return {"hands": tuple(hands)}


def apply_draw(state: State, move: Draw) -> State:
    changes = take(state, move.source, move.card)
    hands = list(state.hands)
    hands[state.seat] |= 1 << move.card
    done = state.draw_done + 1
    changes.update(hands=tuple(hands), draw_done=done)
    if state.phase == "turn" and state.prev is not None and state.ankh_status(state.prev) is None:
        changes["ankh_unknown_drawn"] = state.ankh_unknown_drawn | 1 << state.prev
    if done < state.draw_max:
        return state.with_(**changes)
    if state.phase == "turn":
        changes.update(draw_min=0, draw_max=0, draw_done=0, draw_kind="")
        return state.with_(**changes)
    changes.update(close_bonus_changes(state, state.bonus_k, done, state.draw_kind, state.draw_max))
    pool = changes.get("deck", state.deck) | changes.get("discard", state.discard)
    changes.update(advance_changes(state, state.last_end, changes["hands"], pool))
    return state.with_(**changes)


def apply_place(state: State, move: Place) -> State:
    """One placement (or miss), built as one set of field changes: replays stay fast."""
    card, seat = move.card, state.seat
    b = 1 << card
    changes = take(state, move.source, card)
    if move.ankh is True:
        changes["ankh_yes"] = state.ankh_yes | b
    elif move.ankh is False:
        changes["ankh_no"] = state.ankh_no | b
    if forbidden(state.prev, card):  # legal here means a miss (M5, or G7 "miss" option)
        miss = list(state.miss)
        miss[seat] -= 1
        changes.update(discard=state.discard | b, miss=tuple(miss), last_bonus_k=0)
        pool = changes.get("deck", state.deck) | changes["discard"]
        changes.update(advance_changes(state, "miss", changes.get("hands"), pool))
        return state.with_(**changes)
    k = state.k + 1
    changes.update(sheet=state.sheet | b, k=k, prev=card)
    area_changes(state, move, card, changes)
    status = move.ankh if move.ankh is not None else state.ankh_status(card)
    avail = 1 if changes.get("deck", state.deck) or changes.get("discard", state.discard) else 0
    ankh_min, ankh_max = (avail, avail) if status else (0, 0)
    if status is None:
        # An unknown card may still be an ankh card unless 13 are known or drawn for.
        ankh_max = avail if inferred_ankh_count(state) < state.printed.ankh_count else 0
        changes["ankh_unknown"] = state.ankh_unknown | b
    if k < 10 and changes["sheet"] != ALL_CARDS:
        if ankh_max:
            changes.update(draw_min=ankh_min, draw_max=ankh_max, draw_done=0, draw_kind="ankh")
            return state.with_(**changes)
        if avail or changes.get("hands", state.hands)[seat]:
            return state.with_(**changes)
        # M8: no card left to take (deck, discard and own hand empty): the turn ends here.
        return end_turn(state.with_(**changes), "empty", 0, 0)
    state = state.with_(**changes)
    if k == 10:
        return end_turn(state, "ten", ankh_min, ankh_max)
    return end_turn(state, "exhausted", 0, 0)  # E1: the last card ends the turn and game


def area_changes(state: State, move: Place, card: int, changes: dict[str, Any]) -> None:
    """M6: add the area-track changes of placing ``card`` (from the map or the record)."""
    b = 1 << card
    completes, value, idx = area_result(state, card)
    said = None if move.area is None else AREA_FACT_VALUE[move.area]
    if completes is None and said is not None:
        completes = said > 0
    if completes is None:
        changes["area_unknown"] = state.area_unknown | b
        return
    if not completes:
        return
    value = value if value is not None else (said or None)
    changes["areas_done"] = state.areas_done + 1
    if idx is not None:
        changes["area_done_idx"] = state.area_done_idx | 1 << idx
    if value is None:
        changes["area_value_unknown"] = state.area_value_unknown | b
    else:
        area = list(state.area)
        area[state.seat] += value
        changes["area"] = tuple(area)


def end_turn(state: State, reason: str, ankh_min: int, ankh_max: int) -> State:
    """A turn ended without a miss: Combo points now (M9), then the bonus draws (M10)."""
    k = state.k
    cell = state.printed.combo[k]
    points = cell.points or 0
    if state.sheet == ALL_CARDS and not state.ctx.options.combo_on_final_turn:
        points = 0  # G8 alternative reading
    combo = list(state.combo)
    combo[state.seat] += points
    avail = state.available
    low = min(ankh_min + min(cell.min_cards, avail), avail)
    high = min(ankh_max + min(cell.max_cards, avail), avail)
    kind = "ankh+bonus" if ankh_max else "bonus"
    changes: dict[str, Any] = {"combo": tuple(combo), "bonus_k": k}
    if high == 0:
        changes.update(close_bonus_changes(state, k, 0, kind, high))
        changes.update(advance_changes(state, reason))
        return state.with_(**changes)
    changes.update(
        phase="draw",
        last_end=reason,
        stop_seen=False,
        last_bonus_k=0,
        last_bonus_drawn=0,
        draw_min=low,
        draw_max=high,
        draw_done=0,
        draw_kind=kind,
    )
    return state.with_(**changes)
