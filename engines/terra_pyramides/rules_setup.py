"""The setup record (C21, VH3, VN7, VO1) and the tile holder: draws and removals (E2)."""

from __future__ import annotations

from engines.core.types import Violation
from engines.terra_pyramides import moves as mv
from engines.terra_pyramides.board import STAIR_STEPS, Board, step
from engines.terra_pyramides.facts import (
    KEY,
    NO_MAP,
    learn,
    violation,
)
from engines.terra_pyramides.options import (
    MISSION_REMOVAL_AT,
    REMOVAL_AT,
)
from engines.terra_pyramides.state import Site, TerraState, evolve
from engines.terra_pyramides.supply import note_unknowns


def removal_threshold(state: TerraState) -> int:
    opts = state.ctx.options
    if opts.mission is not None:
        return MISSION_REMOVAL_AT
    return REMOVAL_AT[opts.version][state.ctx.n_players]


def draw(stacks: tuple[int, ...], index: int, threshold: int) -> tuple[tuple[int, ...], int]:
    """Take one tile; E2 removes the rest unseen once exactly ``threshold`` are left."""
    out = list(stacks)
    out[index] -= 1
    removed = 0
    if threshold and out[index] == threshold:
        removed, out[index] = out[index], 0
    return tuple(out), removed


def holder(stack: int) -> str:
    """VS1: stacks 0-3 sit in the sphinx holder, 4-7 in the scarab holder."""
    return "sphinx" if stack < 4 else "scarab"


# ---- setup (C21, VH3, VN7, VO) ---------------------------------------------------------
def check_setup(state: TerraState, move: mv.Setup) -> list[Violation]:
    out: list[Violation] = []
    opts = state.ctx.options
    if len(move.start_tiles) != 4:
        out.append(
            violation(
                "setup_start_tiles",
                "C21",
                "setup needs 4 start tiles, not {n}",
                n=len(move.start_tiles),
            )
        )
    if len({t.stack for t in move.start_tiles}) != len(move.start_tiles):
        out.append(
            violation("setup_start_stacks", "C21", "the 4 start tiles come from 4 different stacks")
        )
    want = "at least 3" if opts.version == 3 else "3"
    n_found = len(move.foundations)
    if (opts.version < 3 and n_found != 3) or (opts.version == 3 and n_found < 3):
        out.append(
            violation(
                "setup_foundations",
                "C21",
                "setup places {want} foundations, not {n}",
                want=want,
                n=n_found,
            )
        )
    squares = [t.square for t in move.start_tiles] + [f.square for f in move.foundations]
    if len(set(squares)) != len(squares):
        out.append(violation("setup_squares", "C21", "setup squares must all differ"))
    if len(move.hand_stacks) != state.ctx.n_players:
        out.append(
            violation(
                "setup_hands",
                "C21",
                "each of the {n} players draws one hand tile",
                n=state.ctx.n_players,
            )
        )
    if opts.open_stacks:
        if len(set(move.open_stacks)) != 4 or len(move.open_stacks) != 4:
            out.append(
                violation(
                    "setup_open_stacks",
                    "VO1",
                    "the open-stacks variant turns 4 different stacks face up",
                )
            )
    elif move.open_stacks:
        out.append(
            violation(
                "setup_open_stacks", "VO1", "open stacks are only used in the open-stacks variant"
            )
        )
    stacks, threshold = state.stacks, removal_threshold(state)
    for index, stack in enumerate([t.stack for t in move.start_tiles] + list(move.hand_stacks)):
        if stacks[stack] <= 0:
            out.append(
                violation(
                    "stack_empty",
                    "E2",
                    "stack {stack} has no tile left (draw {i})",
                    stack=stack,
                    i=index,
                )
            )
            break
        stacks, _ = draw(stacks, stack, threshold)
    board = state.board
    if board is not None:
        for t in move.start_tiles:
            faced = step(t.square, STAIR_STEPS[t.stairs])
            if board.kind(t.square) != "start":
                out.append(
                    violation(
                        "setup_not_start_square",
                        "C21",
                        "{sq} is not a start square",
                        sq=list(t.square),
                    )
                )
            if board.kind(faced) != "site":
                out.append(
                    violation(
                        "setup_stairs",
                        "C21",
                        "the start tile on {sq} must face its adjacent site",
                        sq=list(t.square),
                    )
                )
        for f in move.foundations:
            if board.kind(f.square) != "site":
                out.append(
                    violation(
                        "setup_not_site", "C21", "{sq} is not a building site", sq=list(f.square)
                    )
                )
        if opts.version == 3:
            out.extend(_check_nile_setup(board, move))
    return out


def _check_nile_setup(board: Board, move: mv.Setup) -> list[Violation]:
    """VN7 with the Nile side map: a foundation on each site a start tile faces and on
    every site next to the Nile, and nowhere else."""
    faced = {step(t.square, STAIR_STEPS[t.stairs]) for t in move.start_tiles}
    want = faced | board.nile_sites
    got = {f.square for f in move.foundations}
    out = [
        violation(
            "setup_nile_foundation_missing",
            "VN7",
            "{sq} is next to the Nile: it takes a foundation at Ver3 setup",
            sq=list(sq),
        )
        if sq in board.nile_sites
        else violation(
            "setup_faced_foundation_missing",
            "VN7",
            "a start tile faces {sq}: it takes a foundation at Ver3 setup",
            sq=list(sq),
        )
        for sq in sorted(want - got)
    ]
    out.extend(
        violation(
            "setup_foundation_extra",
            "VN7",
            "{sq} is neither faced by a start tile nor next to the Nile",
            sq=list(sq),
        )
        for sq in sorted(got - want)
    )
    return out


def apply_setup(state: TerraState, move: mv.Setup) -> TerraState:
    threshold = removal_threshold(state)
    stacks, removed = state.stacks, 0
    for stack in [t.stack for t in move.start_tiles] + list(move.hand_stacks):
        stacks, gone = draw(stacks, stack, threshold)
        removed += gone
    tiles = {t.square: t.tile for t in move.start_tiles}
    sites = {f.square: Site(value=f.value) for f in move.foundations}
    facts = {step(t.square, STAIR_STEPS[t.stairs]): "site" for t in move.start_tiles}
    state = evolve(
        state,
        phase="place",
        stacks=stacks,
        removed=removed,
        tiles=tiles,
        sites=sites,
        hands=tuple(move.hand_stacks),
        foundations_left=state.foundations_left - len(move.foundations),
        open_stacks=tuple(move.open_stacks),
    )
    state = learn(state, {sq: k for sq, k in facts.items() if sq not in sites})
    state = note_unknowns(state)
    if state.board is None:
        state = state.note(
            "setup_squares",
            f"{KEY}:C21",
            "C21 setup squares",
            NO_MAP + ": start squares and setup sites taken from the judge's record",
        )
    if state.ctx.options.version == 3 and state.board is None:
        state = state.note(
            "nile_foundations",
            f"{KEY}:VN7",
            "VN7 foundations on every site next to the Nile",
            "needs the Nile side map: the judge's setup record is accepted",
        )
    return state
