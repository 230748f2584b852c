"""Legal moves for random playouts, built from the same predicates as ``check``.

Chance records (tile symbols, foundation values, stacks drawn) are finite: the generator
offers one recorded fact per choice from small rotating pools, and derives squares from the
edition map or, when there is none, from ``SYNTHETIC_PLAYOUT_BOARD`` (made up, used only
here). Every yielded move passes ``check``. It omits moves that never help a playout end
(voluntary returns outside the line). Surround bonuses are offered only when the map shows
a completion (``state.due``); without a map none is recorded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.terra_pyramides import moves as mv
from engines.terra_pyramides import rules
from engines.terra_pyramides.board import (
    AXIS_STEPS,
    EIGHT_STEPS,
    STAIR_STEPS,
    SYNTHETIC_PLAYOUT_BOARD,
    SYNTHETIC_PLAYOUT_BOARD_NILE,
    Board,
    step,
)
from engines.terra_pyramides.facts import edition_list
from engines.terra_pyramides.options import COIN_CAP, SITE_CAPACITY, STRATEGY_CARDS
from engines.terra_pyramides.rules_end import tiles_left
from engines.terra_pyramides.rules_setup import holder
from engines.terra_pyramides.rules_turn import block_gains
from engines.terra_pyramides.rules_workers import check_destination, first_turn_applies
from engines.terra_pyramides.state import TerraState
from engines.terra_pyramides.supply import shortfall
from engines.terra_pyramides.surround import Bonus, expected_bonus

Square = tuple[int, int]
FACES_V1 = (
    mv.Tile(workers=1, blocks=("red",)),
    mv.Tile(workers=2),
    mv.Tile(eyes=2),
    mv.Tile(workers=1, eyes=1, blocks=("blue",)),
    mv.Tile(blocks=("grey", "red")),
    mv.Tile(workers=1, blocks=("blue",), eyes=1),
)
FACES_V2 = (
    mv.Tile(grave_goods=1, blocks=("grey",)),
    mv.Tile(grave_goods=2, eyes=1),
    mv.Tile(workers=1, coins=1),
)
FOUNDATION_VALUES = (3, 2, 4, 1, 5)
OASIS_ITEMS = (
    mv.Gain(coins=1),
    mv.Gain(blocks=("red",)),
    mv.Gain(grave_goods=1),
)  # recorded facts for playouts, not printed data


def board_of(state: TerraState) -> Board:
    if state.board is not None:
        return state.board
    return (
        SYNTHETIC_PLAYOUT_BOARD_NILE if state.ctx.options.version == 3 else SYNTHETIC_PLAYOUT_BOARD
    )


def gen_kind(state: TerraState, board: Board, sq: Square) -> str:
    if sq in state.tiles:
        return "tile"
    if sq in state.sites:
        return "site"
    kind = board.kind(sq)
    return "empty" if kind in ("plain", "start") else kind


def legal_moves(state: TerraState) -> Iterator[Any]:
    phase = state.phase
    if phase == "over":
        return
    if phase == "setup":
        yield setup_move(state)
        return
    if state.due:  # VH11 with a map: this turn's tile closed an occupied site
        yield from surround_moves(state)
    if phase == "place":
        yield from place_moves(state)
    elif phase == "line":
        yield from line_moves(state)
        return
    elif phase == "move":
        yield from worker_moves(state)
        return
    elif phase == "act":
        if tiles_left(state) > 0:
            for i, n in enumerate(state.stacks):
                if n > 0:
                    yield mv.Refill(stack=i)
        else:
            yield from _if_legal(state, mv.EndTurn())
    elif phase == "refilled":
        yield from _if_legal(state, mv.EndTurn())
    yield from action_moves(state)


def _if_legal(state: TerraState, move: Any) -> Iterator[Any]:
    if not rules.check(state, move):
        yield move


def setup_move(state: TerraState) -> mv.Setup:
    board, opts = board_of(state), state.ctx.options
    starts = sorted(sq for sq in board.squares() if board.kind(sq) == "start")[:4]
    start_tiles, faced = [], []
    for i, sq in enumerate(starts):
        for name, delta in STAIR_STEPS.items():
            target = step(sq, delta)
            if board.kind(target) == "site" and target not in faced:
                start_tiles.append(
                    mv.StartTile(square=sq, tile=FACES_V1[i % len(FACES_V1)], stairs=name, stack=i)
                )
                faced.append(target)
                break
    n_found = len(faced) if opts.version == 3 else 3
    chosen = faced[:n_found]
    if opts.version == 3 and state.board is not None:  # VN7: also every site next to the Nile
        chosen += sorted(state.board.nile_sites - set(chosen))
    foundations = [
        mv.FoundationFact(square=sq, value=FOUNDATION_VALUES[i % len(FOUNDATION_VALUES)])
        for i, sq in enumerate(chosen)
    ]
    hands = tuple((4 + i) % 8 for i in range(state.ctx.n_players))
    return mv.Setup(
        start_tiles=tuple(start_tiles),
        foundations=tuple(foundations),
        hand_stacks=hands,
        open_stacks=(0, 1, 2, 3) if opts.open_stacks else (),
    )


def _face(state: TerraState, sq: Square) -> mv.Tile:
    pool = FACES_V1 + (FACES_V2 if state.ctx.options.version >= 2 else ())
    return pool[(sq[0] * 7 + sq[1] * 3 + state.turn) % len(pool)]


def place_moves(state: TerraState) -> Iterator[mv.PlaceTile]:
    board, opts = board_of(state), state.ctx.options
    if state.hands[state.seat] is None:
        return
    symbol = None
    if opts.symbol_variant and not (state.board is not None and state.board.symbols):
        symbol = holder(state.hands[state.seat] or 0)
    for sq in board.squares():
        if gen_kind(state, board, sq) != "empty":
            continue
        mapped_symbols = opts.symbol_variant and state.board is not None and state.board.symbols
        if mapped_symbols and board.symbols.get(sq) != holder(state.hands[state.seat] or 0):
            continue
        for name, delta in STAIR_STEPS.items():
            target, dist = step(sq, delta), 1
            while board.on_board(target) and gen_kind(state, board, target) != "site":
                if opts.a1_stair_facing == "adjacent_only":
                    break
                target, dist = step(target, delta), dist + 1
            if not board.on_board(target) or gen_kind(state, board, target) != "site":
                continue
            site = state.sites.get(target)
            kind = "site" if site is None else ("foundation" if site.level == 0 else "pyramid")
            foundation = None
            if kind == "site" and dist == 1 and state.foundations_left > 0:
                value = FOUNDATION_VALUES[state.foundations_left % len(FOUNDATION_VALUES)]
                foundation = mv.FoundationFact(square=target, value=value)
            yield mv.PlaceTile(
                square=sq,
                tile=_face(state, sq),
                stairs=name,
                facing=mv.Facing(square=target, kind=kind),
                foundation=foundation,
                square_symbol=symbol,
            )


def _minimal_track(obs: Any, have: int, end: int) -> int:
    """The smallest cumulative count at ``end`` consistent with earlier observations."""
    return max([have, *(seen for space, seen in obs.items() if space <= end)])


def _palms(state: TerraState, space: int) -> int:
    """A recorded palm count for playouts: one palm every 2 spaces, kept consistent."""
    return max(_minimal_track(state.palm_obs, state.me.palms or 0, space), space // 2)


def line_moves(state: TerraState) -> Iterator[mv.ChooseLine]:
    board, opts = board_of(state), state.ctx.options
    me = state.me
    assert state.placed is not None
    for axis, delta in AXIS_STEPS.items():
        run = [state.placed]
        for sign in (1, -1):
            sq = step(state.placed, delta, sign)
            while board.on_board(sq) and gen_kind(state, board, sq) != "site":
                run.append(sq)
                sq = step(sq, delta, sign)
        squares = tuple(_line_square(state, board, sq) for sq in sorted(run))
        tiles = [state.tiles[ls.square] for ls in squares if ls.kind == "tile"]
        eyes = sum(t.eyes for t in tiles)
        coin_symbols = None
        if opts.version >= 2 and eyes and edition_list(state, "horus_track.coin_spaces") is None:
            coin_symbols = _minimal_track(state.horus_obs, me.symbols, me.horus + eyes) - me.symbols
        palms = None
        nile = sum(1 for ls in squares if ls.kind == "nile")
        if (
            opts.version == 3
            and nile
            and me.palms is not None
            and edition_list(state, "nile_track.palm_spaces") is None
        ):
            palms = _palms(state, me.boat + nile)
        move = mv.ChooseLine(
            axis=axis,
            squares=squares,
            coin_symbols=coin_symbols,
            palms_reached=palms,
            blocks_unavailable=shortfall(state, block_gains(state, squares)),
        )
        yield from _if_legal(state, move)


def _line_square(state: TerraState, board: Board, sq: Square) -> mv.LineSquare:
    kind = gen_kind(state, board, sq)
    item = None
    if kind == "oasis" and state.ctx.options.version == 3:
        item = OASIS_ITEMS[(sq[0] + sq[1] + state.turn) % len(OASIS_ITEMS)]  # recorded fact
    return mv.LineSquare(square=sq, kind=kind, oasis_item=item)


def surround_moves(state: TerraState) -> Iterator[mv.SurroundBonus]:
    """The bonus record for the first completion still owed (VH11/VN9, amounts from the map)."""
    sq = state.due[0]
    bonus = expected_bonus(state, sq)
    if not isinstance(bonus, Bonus):
        return
    owner = state.sites[sq].owner
    assert owner is not None
    p = state.players[owner]
    coin_symbols = None
    if (
        state.ctx.options.version >= 2
        and bonus.eyes
        and edition_list(state, "horus_track.coin_spaces") is None
    ):
        coin_symbols = _minimal_track(state.horus_obs, p.symbols, p.horus + bonus.eyes) - p.symbols
    palms = None
    if (
        state.ctx.options.version == 3
        and bonus.nile
        and p.palms is not None
        and edition_list(state, "nile_track.palm_spaces") is None
    ):
        palms = max(_minimal_track(state.palm_obs, p.palms, p.boat + bonus.nile), p.palms)
    move = mv.SurroundBonus(
        site=sq,
        eyes=bonus.eyes,
        coins=bonus.coins,
        grave_goods=bonus.grave_goods,
        oases=bonus.oases,
        nile=bonus.nile,
        coin_symbols=coin_symbols,
        palms_reached=palms,
    )
    yield from _if_legal(state, move)


def worker_moves(state: TerraState) -> Iterator[Any]:
    board = board_of(state)
    origin = state.pending[0]
    for delta in EIGHT_STEPS:
        sq = step(origin, delta)
        while board.on_board(sq) and gen_kind(state, board, sq) in ("tile", "oasis", "nile"):
            sq = step(sq, delta)
        if sq not in state.sites or check_destination(state, sq):
            continue
        first = first_turn_applies(state)
        if first and (state.sites[sq].level > 0 or state.first_target not in (None, sq)):
            continue
        yield mv.MoveWorker(origin=origin, target=sq)
    yield mv.ReturnWorker(square=origin)


def action_moves(state: TerraState) -> Iterator[Any]:
    opts, colour, me = state.ctx.options, state.colour(), state.me
    for sq, site in state.sites.items():
        if site.owner == colour and site.workers == SITE_CAPACITY:
            build = _build(state, sq)
            if build is not None:
                yield from _if_legal(state, build)
    if me.coins >= 3:
        yield from _if_legal(state, mv.BuyBlock())
        for sq in state.sites:
            if not check_destination(state, sq, bought=True):
                yield from _if_legal(state, mv.BuyWorker(target=sq))
                break
    if me.block_count >= 2:
        colours = sorted(me.blocks, key=lambda c: (c == "white", -me.blocks[c]))
        first = colours[0]
        if me.blocks[first] >= 2:
            yield from _if_legal(state, mv.Convert(payment={first: 2}))
        elif len(colours) > 1:
            yield from _if_legal(state, mv.Convert(payment={first: 1, colours[1]: 1}))
    if me.coins > COIN_CAP:
        for i, n in enumerate(state.stacks):
            if n > 0:
                yield mv.ReorderStack(stack=i)
                break
    if opts.version >= 2 and me.coins >= 1:
        yield mv.BuyGraveGood()
    if opts.version == 3 and me.coins >= 2:
        palms = None
        if me.palms is not None and edition_list(state, "nile_track.palm_spaces") is None:
            palms = _palms(state, me.boat + 1)
        yield from _if_legal(state, mv.MoveBoat(palms_reached=palms))
    if opts.version == 3:
        for card in STRATEGY_CARDS:
            if card in state.display:
                yield from _if_legal(state, mv.BuyCard(card=card))
                break


def _build(state: TerraState, sq: Square) -> mv.Build | None:
    site, me = state.sites[sq], state.me
    level = site.level + 1
    coloured = {c: n for c, n in me.blocks.items() if c != "white"}
    colour = site.colour or (max(coloured, key=lambda c: coloured[c]) if coloured else "red")
    own, white = me.blocks.get(colour, 0), me.blocks.get("white", 0)
    if own + white < level:
        return None
    use = min(own, level)
    payment = {colour: use} if use else {}
    if level - use:
        payment["white"] = level - use
    return mv.Build(square=sq, colour=colour if site.level == 0 else None, payment=payment)
