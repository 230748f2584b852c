"""Dispatch: which moves are allowed in which phase, then the per-move checks and updates."""

from __future__ import annotations

from typing import Any

from engines.core.types import Violation
from engines.terra_pyramides import rules_actions as ra
from engines.terra_pyramides import rules_end as re_
from engines.terra_pyramides import rules_setup as rs
from engines.terra_pyramides import rules_turn as rt
from engines.terra_pyramides import rules_workers as rw
from engines.terra_pyramides.board import board_from_edition
from engines.terra_pyramides.facts import read_tracks, violation
from engines.terra_pyramides.options import (
    MISSION_WORKERS,
    STACK_SIZE,
    STACKS,
    STRATEGY_CARDS,
    WORKERS_BY_PLAYERS,
)
from engines.terra_pyramides.state import PlayerState, TerraState, clone
from engines.terra_pyramides.supply import read_supply

PIECES_PER_COLOUR = 16  # C2, inferred (64 pieces in 4 colours)

# move type -> (phases where it is allowed, check, apply)
PHASE_OF = {
    "setup": {"setup"},
    "place_tile": {"place"},
    "choose_line": {"line"},
    "move_worker": {"move"},
    "refill": {"act"},
    "end_turn": {"act", "refilled"},
    "surround_bonus": ra.SURROUND_PHASES,
    # M10: "白ブロックへの変換は、所有ブロック数に関わらずいつでも実行可能です" (the
    # translator's note): at any step of the own turn, also between tile and line.
    "convert": {"place", "line", "move", "act", "refilled"},
}
FLOW_RULE = {
    "setup": "C21",
    "place_tile": "F3",
    "choose_line": "M3.1",
    "move_worker": "M6.1",
    "refill": "M7.1",
    "end_turn": "F3",
}


def initial_state(ctx: Any) -> TerraState:
    opts = ctx.options
    side = "nile" if opts.version == 3 else "standard"
    board = board_from_edition(ctx.edition.get(f"boards.{side}"), side)
    colours = 1 if opts.mission is not None else ctx.n_players
    workers = MISSION_WORKERS if opts.mission is not None else WORKERS_BY_PLAYERS[ctx.n_players]
    markers = 1 if opts.version == 1 else 2  # C21.10, VH5
    reserve = max(0, PIECES_PER_COLOUR - workers - markers)
    size = STACK_SIZE[1 if opts.mission is not None else opts.version]
    return TerraState(
        ctx=ctx,
        board=board,
        turns_taken=(0,) * ctx.n_players,
        hands=(None,) * ctx.n_players,
        stacks=(size,) * STACKS,
        players=tuple(PlayerState(stock=workers, reserve=reserve) for _ in range(colours)),
        display=STRATEGY_CARDS if opts.version == 3 else (),
        tracks={**read_tracks(ctx.edition), **read_supply(ctx.edition)},
    )


def check(state: TerraState, move: Any) -> list[Violation]:
    kind = move.type
    if state.phase not in ALLOWED.get(kind, ra.ACTION_PHASES):
        if state.phase == "over":
            return [violation("game_over", "E3", "the game is over; no further moves")]
        if state.phase == "setup":
            return [violation("setup_first", "C21", "the first record must be the setup")]
        return [
            violation(
                "out_of_order",
                FLOW_RULE.get(kind, "F4"),
                "{move} is not allowed now (turn step: {phase})",
                move=kind,
                phase=state.phase,
            )
        ]
    return CHECKS[kind](state, move)


def next_state(state: TerraState, move: Any) -> TerraState:
    new = APPLIES[move.type](state, move)
    if new is state:
        new = clone(state)
    # ``new`` is a fresh object nobody else holds yet: setting the counter in place saves a
    # copy per move (replays fold hundreds of moves; see bench/bench_terra_pyramides.py).
    new.__dict__["step"] = state.step + 1
    return new


CHECKS = {
    "setup": rs.check_setup,
    "place_tile": rt.check_place,
    "choose_line": rt.check_line,
    "move_worker": rw.check_move_worker,
    "return_worker": rw.check_return,
    "refill": re_.check_refill,
    "end_turn": re_.check_end_turn,
    "build": ra.check_build,
    "buy_worker": ra.check_buy_worker,
    "buy_block": lambda s, m: ra.check_buy_block(s),
    "convert": ra.check_convert,
    "reorder_stack": ra.check_reorder,
    "buy_grave_good": lambda s, m: ra.check_grave_good(s),
    "move_boat": ra.check_move_boat,
    "buy_card": ra.check_buy_card,
    "surround_bonus": ra.check_surround,
}
APPLIES = {
    "setup": rs.apply_setup,
    "place_tile": rt.apply_place,
    "choose_line": rt.apply_line,
    "move_worker": rw.apply_move_worker,
    "return_worker": rw.apply_return,
    "refill": re_.apply_refill,
    "end_turn": re_.apply_end_turn,
    "build": ra.apply_build,
    "buy_worker": ra.apply_buy_worker,
    "buy_block": lambda s, m: ra.apply_buy_block(s),
    "convert": ra.apply_convert,
    "reorder_stack": lambda s, m: ra._pay(s, 1),
    "buy_grave_good": lambda s, m: ra.apply_grave_good(s),
    "move_boat": ra.apply_move_boat,
    "buy_card": ra.apply_buy_card,
    "surround_bonus": ra.apply_surround,
}
assert set(CHECKS) == set(APPLIES)
# The phases each move type is allowed in, looked up once per move.
ALLOWED = {kind: PHASE_OF.get(kind, ra.ACTION_PHASES) for kind in CHECKS}
ALLOWED["return_worker"] = {"place", "line", "move", "act", "refilled"}
