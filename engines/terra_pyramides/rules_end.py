"""The end of a turn: tile refill (M7), the caps (L1/L2) and the end of the game (E3, A12)."""

from __future__ import annotations

from engines.core.types import Violation
from engines.terra_pyramides import moves as mv
from engines.terra_pyramides.facts import (
    violation,
)
from engines.terra_pyramides.options import (
    BLOCK_CAP,
    COIN_CAP,
    PRICE_SEARCH,
)
from engines.terra_pyramides.rules_setup import draw, removal_threshold
from engines.terra_pyramides.state import TerraState, clone


# ---- M7 refill and end of turn -------------------------------------------------------------
def tiles_left(state: TerraState) -> int:
    return sum(state.stacks)


def check_refill(state: TerraState, move: mv.Refill) -> list[Violation]:
    if state.stacks[move.stack] <= 0:
        return [
            violation("stack_empty", "M7.2", "stack {stack} has no tile left", stack=move.stack)
        ]
    if move.search and state.me.coins < PRICE_SEARCH:
        return [violation("not_enough_coins", "M7.3", "searching a stack costs 1 coin")]
    return []


def apply_refill(state: TerraState, move: mv.Refill) -> TerraState:
    stacks, gone = draw(state.stacks, move.stack, removal_threshold(state))
    hands = list(state.hands)
    hands[state.seat] = move.stack
    new = clone(state)
    fields = new.__dict__
    fields["stacks"] = stacks
    fields["removed"] = state.removed + gone
    fields["hands"] = tuple(hands)
    fields["phase"] = "refilled"
    if move.search:
        new = new.with_player(new.colour(), coins=new.me.coins - PRICE_SEARCH)
    return new


def check_end_turn(state: TerraState, move: mv.EndTurn | None = None) -> list[Violation]:
    """L1/L2 and the refill before the end of a turn (``move`` carries nothing)."""
    out: list[Violation] = []
    if state.phase == "act" and tiles_left(state) > 0:
        return [
            violation(
                "refill_missing", "M7.1", "take a tile from the holder before ending the turn"
            )
        ]
    for sq in state.due:
        out.append(
            violation(
                "surround_bonus_missing",
                "VH11",
                "this turn's tile closed {sq} around its owner's workers: record the bonus",
                sq=list(sq),
            )
        )
    players = (
        state.players
        if state.ctx.options.g15_surround_cap == "current_turn"
        else (state.players[state.colour()],)
    )
    for p in players:
        if p.coins > COIN_CAP:
            out.append(
                violation(
                    "coin_cap",
                    "L1",
                    "{n} coins at the end of the turn; at most 4",
                    n=p.coins,
                )
            )
        blocks = sum(p.blocks.values())  # p.block_count
        if blocks > BLOCK_CAP:
            out.append(
                violation(
                    "block_cap",
                    "L2",
                    "{n} blocks at the end of the turn; at most 7",
                    n=blocks,
                )
            )
    return out


def game_finished(state: TerraState) -> bool:
    if tiles_left(state) > 0:
        return False
    if state.ctx.options.a12_end_trigger == "stacks_empty":
        return True
    return all(h is None for h in state.hands)


def apply_end_turn(state: TerraState, move: mv.EndTurn | None = None) -> TerraState:
    """The next seat, or the end of the game (``move`` carries nothing)."""
    taken = list(state.turns_taken)
    taken[state.seat] += 1
    # The end of the game and the next seat depend only on the stacks and hands, which
    # ending a turn leaves alone: one fresh copy of the state, filled in place.
    new = clone(state)
    fields = new.__dict__
    fields["turns_taken"] = tuple(taken)
    fields["turn"] = state.turn + 1
    fields["placed"] = None
    fields["new_foundation"] = None
    fields["arrived"] = frozenset()
    fields["first_target"] = None
    fields["due"] = ()
    if game_finished(state):
        fields["phase"] = "over"
        return new
    n = state.ctx.n_players
    seat = (state.seat + 1) % n
    if tiles_left(state) == 0:  # M7.5: no refill any more; skip seats without a tile
        while state.hands[seat] is None:
            seat = (seat + 1) % n
    fields["seat"] = seat
    fields["phase"] = "place"
    return new
