"""The mandatory part of a turn: setup record, tile, line, workers, refill, end of turn.

Each ``check_*`` returns the violations of one move; each ``apply_*`` builds the next state
of a move already checked. Anything a rule needs but neither the map nor the judge's
records establish is noted as unchecked, never guessed.
"""

from __future__ import annotations

from engines.core.types import Violation
from engines.terra_pyramides import moves as mv
from engines.terra_pyramides.board import AXIS_STEPS, STAIR_STEPS, between, direction_between, step
from engines.terra_pyramides.facts import (
    KEY,
    apply_boat,
    apply_horus,
    boat_steps,
    check_horus,
    check_palms,
    kind_at,
    learn,
    violation,
)
from engines.terra_pyramides.options import (
    BLOCK_CAP,
    COIN_CAP,
    MISSION_REMOVAL_AT,
    PRICE_IGNORE_SYMBOL,
    PRICE_SEARCH,
    REMOVAL_AT,
    SITE_CAPACITY,
)
from engines.terra_pyramides.state import Site, TerraState, evolve

Square = tuple[int, int]
NO_MAP = "no board map in the edition"


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
    if state.board is None:
        state = state.note(
            "C21 setup squares",
            f"{NO_MAP}: start squares and setup sites taken from the judge's record",
            f"{KEY}:C21",
        )
    if state.ctx.options.version == 3:
        state = state.note(
            "VN7 foundations on every site next to the Nile",
            "needs the Nile side map: the judge's setup record is accepted",
            f"{KEY}:VN7",
        )
    return state


# ---- M1/M2: place the hand tile ----------------------------------------------------------
def check_place(state: TerraState, move: mv.PlaceTile) -> list[Violation]:
    out: list[Violation] = []
    opts, sq = state.ctx.options, move.square
    if state.hands[state.seat] is None:
        return [violation("no_hand_tile", "L6", "the player has no hand tile to place")]
    kind = kind_at(state, sq)
    if kind == "tile":
        out.append(
            violation("square_taken", "M1.1", "square {sq} already holds a tile", sq=list(sq))
        )
    elif kind in ("site", "oasis", "nile"):
        out.append(
            violation(
                "square_forbidden", "L4", "no tile may be placed on a {kind} square", kind=kind
            )
        )
    elif kind == "off":
        out.append(violation("off_board", "M1.1", "square {sq} is not on the board", sq=list(sq)))
    found = direction_between(sq, move.facing.square)
    stair = STAIR_STEPS[move.stairs]
    facing_ok = found is not None and found[0] == stair
    if (
        facing_ok
        and opts.a1_stair_facing == "adjacent_only"
        and found is not None
        and found[1] != 1
    ):
        facing_ok = False
    if not facing_ok:
        out.append(
            violation(
                "stairs_not_facing",
                "M1.3",
                "stairs pointing {stairs} from {sq} do not face {target} ({reading})",
                stairs=move.stairs,
                sq=list(sq),
                target=list(move.facing.square),
                reading=opts.a1_stair_facing,
            )
        )
    out.extend(_check_facing_kind(state, move))
    out.extend(_check_foundation(state, move, facing_ok))
    if opts.symbol_variant:
        out.extend(_check_symbol(state, move))
    elif move.ignore_symbol:
        out.append(
            violation(
                "not_symbol_variant", "VS4", "ignoring the symbol only exists in the symbol variant"
            )
        )
    return out


def _check_facing_kind(state: TerraState, move: mv.PlaceTile) -> list[Violation]:
    target = move.facing.square
    site = state.sites.get(target)
    actual = None if site is None else ("foundation" if site.level == 0 else "pyramid")
    kind = kind_at(state, target)
    if actual is not None and actual != move.facing.kind:
        return [
            violation(
                "facing_mismatch",
                "M1.3",
                "{target} holds a {actual}, not a {claimed}",
                target=list(target),
                actual=actual,
                claimed=move.facing.kind,
            )
        ]
    if actual is None and move.facing.kind != "site":
        return [
            violation(
                "facing_mismatch",
                "M1.3",
                "there is no {claimed} on {target}",
                target=list(target),
                claimed=move.facing.kind,
            )
        ]
    if actual is None and kind not in (None, "site"):
        return [
            violation(
                "facing_not_site",
                "M1.3",
                "the stairs must face a building site or pyramid; {target} is {kind}",
                target=list(target),
                kind=kind,
            )
        ]
    return []


def _check_foundation(state: TerraState, move: mv.PlaceTile, facing_ok: bool) -> list[Violation]:
    opts, sq = state.ctx.options, move.square
    target, claim = move.facing.square, move.facing.kind
    adjacent = facing_ok and direction_between(sq, target) == (STAIR_STEPS[move.stairs], 1)
    found = move.foundation
    if found is not None and state.foundations_left <= 0:
        return [violation("no_foundations_left", "M2.4", "the foundation stack is empty")]
    if opts.a2_foundation_trigger == "faced_site":
        must = adjacent and claim == "site" and state.foundations_left > 0
        if must and (found is None or found.square != target):
            return [
                violation(
                    "foundation_required",
                    "M2.1",
                    "the stairs face the empty site {target} directly: a foundation goes there",
                    target=list(target),
                )
            ]
        if not must and found is not None:
            return [
                violation(
                    "foundation_not_allowed",
                    "M2.1",
                    "only an empty site directly faced by the stairs takes a foundation",
                )
            ]
        return []
    # A2 (b): any empty site orthogonally next to the tile; at most one (L5).
    if found is None:
        if adjacent and claim == "site" and state.foundations_left > 0:
            return [
                violation(
                    "foundation_required", "M2.1", "an empty site is adjacent: place a foundation"
                )
            ]
        return []
    near = direction_between(sq, found.square)
    if near is None or near[1] != 1 or near[0] not in STAIR_STEPS.values():
        return [
            violation(
                "foundation_not_adjacent",
                "M2.1",
                "the foundation must be orthogonally next to the tile",
            )
        ]
    kind = kind_at(state, found.square)
    if found.square in state.sites or kind not in (None, "site"):
        return [
            violation(
                "foundation_not_empty_site",
                "M2.1",
                "{sq} is not an empty building site",
                sq=list(found.square),
            )
        ]
    return []


def _check_symbol(state: TerraState, move: mv.PlaceTile) -> list[Violation]:
    want = holder(state.hands[state.seat] or 0)
    board = state.board
    # A map without sphinx/scarab entries says nothing about symbols: use the record then.
    shown = (
        board.symbols.get(move.square, "none")
        if board is not None and board.symbols
        else move.square_symbol
    )
    if move.ignore_symbol:
        if state.me.coins < PRICE_IGNORE_SYMBOL:
            return [violation("not_enough_coins", "VS4", "ignoring the symbol costs 1 coin")]
        return []
    if shown is None:
        return []
    if shown != want:
        return [
            violation(
                "symbol_mismatch",
                "VS2",
                "a tile from the {want} holder goes on a {want} square, not {shown}",
                want=want,
                shown=shown,
            )
        ]
    return []


def apply_place(state: TerraState, move: mv.PlaceTile) -> TerraState:
    colour = state.colour()
    sites, new_foundation, left = state.sites, None, state.foundations_left
    if move.foundation is not None:
        sites = {
            **sites,
            move.foundation.square: Site(value=move.foundation.value, placed_turn=state.turn),
        }
        new_foundation, left = move.foundation.square, left - 1
    hands = list(state.hands)
    hands[state.seat] = None
    state = evolve(
        state,
        tiles={**state.tiles, move.square: move.tile},
        sites=sites,
        hands=tuple(hands),
        placed=move.square,
        new_foundation=new_foundation,
        foundations_left=left,
        phase="line",
    )
    if move.ignore_symbol:
        state = state.with_player(colour, coins=state.players[colour].coins - PRICE_IGNORE_SYMBOL)
    state = learn(state, {move.facing.square: "site"} if move.facing.kind == "site" else {})
    if state.board is None:
        state = state.note(
            "M1.1/L4 placement square type",
            f"{NO_MAP}: whether the square is an ordinary one (not site, oasis or Nile) is "
            "taken from the judge's record",
            f"{KEY}:L4",
        )
        if (
            state.ctx.options.symbol_variant
            and move.square_symbol is None
            and not move.ignore_symbol
        ):
            state = state.note(
                "VS2 square symbol", f"{NO_MAP} and no recorded symbol", f"{KEY}:VS2"
            )
    return state


# ---- M3-M5: the line and its resolution --------------------------------------------------
def _line_offsets(state: TerraState, move: mv.ChooseLine) -> list[int] | None:
    assert state.placed is not None
    delta, origin = AXIS_STEPS[move.axis], state.placed
    ks = []
    for ls in move.squares:
        dr, dc = ls.square[0] - origin[0], ls.square[1] - origin[1]
        k = dr if delta[0] else dc
        if (delta[0] * k, delta[1] * k) != (dr, dc):
            return None
        ks.append(k)
    return ks


def check_line(state: TerraState, move: mv.ChooseLine) -> list[Violation]:
    opts = state.ctx.options
    ks = _line_offsets(state, move)
    if ks is None or len(set(ks)) != len(ks) or sorted(ks) != list(range(min(ks), max(ks) + 1)):
        return [
            violation(
                "line_not_straight",
                "M3.1",
                "the squares are not one unbroken {axis} line",
                axis=move.axis,
            )
        ]
    if 0 not in ks:
        return [
            violation("line_misses_tile", "M3.1", "the line must contain the tile placed this turn")
        ]
    out: list[Violation] = []
    for ls in move.squares:
        actual = kind_at(state, ls.square)
        if actual == "site":
            out.append(
                violation(
                    "line_crosses_site",
                    "M3.2",
                    "the line is cut off by the building site {sq}",
                    sq=list(ls.square),
                )
            )
        elif actual == "off":
            out.append(
                violation("line_off_board", "M3.2", "{sq} is off the board", sq=list(ls.square))
            )
        elif (ls.kind == "tile") != (actual == "tile") or (
            actual not in (None, "tile") and actual != ls.kind
        ):
            out.append(
                violation(
                    "line_square_mismatch",
                    "M3.3",
                    "{sq} shows {actual}, not {claimed}",
                    sq=list(ls.square),
                    actual=actual or "no tile",
                    claimed=ls.kind,
                )
            )
        if ls.kind == "nile" and opts.version < 3:
            out.append(
                violation(
                    "nile_before_v3", "VN11", "Nile squares exist only on the Ver3 board side"
                )
            )
        if ls.oasis_item is not None and (ls.kind != "oasis" or opts.version < 3):
            out.append(
                violation("oasis_item_misplaced", "VN10", "only a Ver3 oasis square gives an item")
            )
        if ls.take_white:
            tile = state.tiles.get(ls.square)
            if (
                opts.version < 2
                or opts.a14_grave_good_block != "player_choice"
                or tile is None
                or not (tile.grave_goods == 1 and len(tile.blocks) == 1)
            ):
                out.append(
                    violation(
                        "white_not_allowed",
                        "VH9",
                        "only a 1-grave-good 1-block tile may give a white block",
                    )
                )
    if out:
        return out
    n_tiles = sum(1 for ls in move.squares if ls.kind == "tile")
    if n_tiles > opts.max_tile_line:
        out.append(
            violation(
                "line_too_long",
                "M3.4",
                "a line holds at most {max} tiles, not {n}",
                max=opts.max_tile_line,
                n=n_tiles,
            )
        )
    if opts.a3_line_extent == "whole_run":
        delta = AXIS_STEPS[move.axis]
        for end in (step(state.placed, delta, min(ks) - 1), step(state.placed, delta, max(ks) + 1)):  # type: ignore[arg-type]
            if kind_at(state, end) in ("tile", "empty", "oasis", "nile"):
                out.append(
                    violation(
                        "line_cut_short",
                        "M3.5",
                        "the line continues through {sq}: it runs to the next site or the edge",
                        sq=list(end),
                    )
                )
    colour = state.colour()
    eyes = _line_eyes(state, move)
    out.extend(check_horus(state, colour, eyes, move.coin_symbols))
    nile = sum(1 for ls in move.squares if ls.kind == "nile")
    if opts.version == 3:
        out.extend(check_palms(state, colour, boat_steps(state, colour, nile), move.palms_reached))
    elif move.palms_reached is not None:
        out.append(violation("palms_before_v3", "VN12", "boats and palms exist only in Ver3"))
    return out


def _oases(state: TerraState, move: mv.ChooseLine) -> int:
    source = state.ctx.options.a16_oasis_source
    board = sum(1 for ls in move.squares if ls.kind == "oasis") if source != "tile_icons" else 0
    icons = (
        sum(state.tiles[ls.square].oases for ls in move.squares if ls.kind == "tile")
        if source != "board_squares"
        else 0
    )
    return board + icons


def _line_eyes(state: TerraState, move: mv.ChooseLine) -> int:
    eyes = sum(state.tiles[ls.square].eyes for ls in move.squares if ls.kind == "tile")
    return eyes + sum(ls.oasis_item.eyes for ls in move.squares if ls.oasis_item is not None)


def apply_line(state: TerraState, move: mv.ChooseLine) -> TerraState:
    opts, colour = state.ctx.options, state.colour()
    version = opts.version
    line_tiles = [(ls, state.tiles[ls.square]) for ls in move.squares if ls.kind == "tile"]
    items = [ls.oasis_item for ls in move.squares if ls.oasis_item is not None]
    p = state.players[colour]
    # R1 oasis: a coin each (Ver1/2); Ver3 also the oasis track and the pictured item (VN10).
    oases = _oases(state, move)
    coins = p.coins + sum(i.coins for i in items)
    if version < 3 or not opts.a16_oasis_item_replaces_coin:
        coins += oases
    # Grave goods (VH8) and R3 materials; a 1-good-1-block tile gives white (VH9, A14).
    blocks = dict(p.blocks)
    goods = 0
    for ls, tile in line_tiles:
        goods += tile.grave_goods
        white = (
            version >= 2
            and tile.grave_goods == 1
            and len(tile.blocks) == 1
            and (opts.a14_grave_good_block == "white" or ls.take_white)
        )
        for c in tile.blocks:
            key = "white" if white else c
            blocks[key] = blocks.get(key, 0) + 1
    for item in items:
        goods += item.grave_goods
        for c in item.blocks:
            blocks[c] = blocks.get(c, 0) + 1
    # R4: workers from the stock onto the worker symbols (M4), to be moved one by one.
    wanted = [ls.square for ls, tile in line_tiles for _ in range(tile.workers)]
    pending = tuple(wanted[: p.stock])
    state = state.with_player(
        colour,
        coins=coins,
        oasis=p.oasis + (oases if version == 3 else 0),
        blocks=blocks,
        grave_goods=p.grave_goods + (goods if version >= 2 else 0),
        stock=p.stock - len(pending),
    )
    # R2 Horus eyes: coins in Ver1; the score marker in Ver2+ (VH6/VH7).
    state = apply_horus(state, colour, _line_eyes(state, move), move.coin_symbols)
    # Ver3 Nile squares move the boat (VN12).
    if version == 3:
        nile = sum(1 for ls in move.squares if ls.kind == "nile")
        state = apply_boat(state, colour, boat_steps(state, colour, nile), move.palms_reached)
    if len(pending) < len(wanted):
        state = state.note(
            "G15 worker stock empty",
            "fewer workers in stock than worker symbols; the missing ones were not placed",
            f"{KEY}:M4",
        )
    state = learn(state, {ls.square: ls.kind for ls in move.squares if ls.kind != "tile"})
    if state.board is None and opts.a3_line_extent == "whole_run":
        state = state.note(
            "M3.5 line ends at sites or the board edge",
            f"{NO_MAP}: ends not known as a site or the edge were taken from the record",
            f"{KEY}:M3.5",
        )
    return evolve(state, pending=pending, phase="move" if pending else "act")


# ---- M6: worker movement ----------------------------------------------------------------
def first_turn_applies(state: TerraState) -> bool:
    if state.ctx.options.a4_first_turn == "game_first_turn_only":
        return state.turn == 0
    return state.turns_taken[state.seat] == 0


def check_destination(
    state: TerraState, target: Square, *, bought: bool = False
) -> list[Violation]:
    """M6.2/M9.2/L3: may the active colour put one more worker on ``target``?"""
    opts, colour = state.ctx.options, state.colour()
    site = state.sites.get(target)
    if site is None:
        return [
            violation(
                "not_a_foundation", "M6.2", "{sq} holds no foundation or pyramid", sq=list(target)
            )
        ]
    if site.owner is not None and site.owner != colour:
        return [
            violation("site_taken", "L3", "another player's workers stand on {sq}", sq=list(target))
        ]
    if site.level > 0 and site.owner != colour:
        return [
            violation(
                "not_own_pyramid", "M6.2", "workers go only onto your own pyramids", sq=list(target)
            )
        ]
    if site.workers >= SITE_CAPACITY:
        return [violation("site_full", "L3", "{sq} already carries 3 workers", sq=list(target))]
    if (
        site.level == 0
        and site.owner == colour
        and not opts.a25_own_foundation_destination
        and not bought
        and target != state.new_foundation
        and target not in state.arrived
    ):
        return [
            violation(
                "foundation_not_empty",
                "M6.2",
                "only empty or newly placed foundations (A25 off)",
            )
        ]
    return []


def check_move_worker(state: TerraState, move: mv.MoveWorker) -> list[Violation]:
    if move.origin not in state.pending:
        return [
            violation(
                "no_worker_there",
                "M6.1",
                "no worker placed this turn waits on {sq}",
                sq=list(move.origin),
            )
        ]
    if direction_between(move.origin, move.target) is None:
        return [
            violation("not_straight", "M6.1", "workers move in one straight line (8 directions)")
        ]
    out = check_destination(state, move.target)
    for sq in between(move.origin, move.target):
        kind = kind_at(state, sq)
        if kind in ("site", "empty", "off"):
            what = (
                "a foundation or pyramid"
                if sq in state.sites
                else ("a square without tile" if kind == "empty" else kind)
            )
            out.append(
                violation(
                    "path_blocked",
                    "M6.3",
                    "the worker cannot cross {sq} ({what})",
                    sq=list(sq),
                    what=what,
                )
            )
            break
    if first_turn_applies(state):
        if state.first_target is not None and move.target != state.first_target:
            out.append(
                violation(
                    "first_turn_one_site",
                    "L11",
                    "on the first turn all workers go to one foundation",
                )
            )
        site = state.sites.get(move.target)
        if site is not None and site.level > 0:
            out.append(
                violation(
                    "first_turn_one_site", "L11", "on the first turn workers go to a foundation"
                )
            )
    return out


def apply_move_worker(state: TerraState, move: mv.MoveWorker) -> TerraState:
    colour = state.colour()
    pending = list(state.pending)
    pending.remove(move.origin)
    site = state.sites[move.target]
    state = state.with_site(move.target, evolve(site, owner=colour, workers=site.workers + 1))
    p = state.players[colour]
    state = state.with_player(colour, claimed=p.claimed | {move.target})
    if any(kind_at(state, sq) is None for sq in between(move.origin, move.target)):
        state = state.note(
            "M6.3 worker path squares", f"{NO_MAP}: crossed squares of unknown type", f"{KEY}:M6.3"
        )
    first = move.target if first_turn_applies(state) else state.first_target
    return evolve(
        state,
        pending=tuple(pending),
        arrived=state.arrived | {move.target},
        first_target=first,
        phase="move" if pending else "act",
    )


def check_return(state: TerraState, move: mv.ReturnWorker) -> list[Violation]:
    opts = state.ctx.options
    seat = state.seat if move.player is None else move.player
    if seat >= state.ctx.n_players:
        return [violation("no_such_player", "M11", "there is no seat {seat}", seat=seat)]
    if seat != state.seat and opts.a22_return_workers != "any_time":
        return [
            violation(
                "not_your_turn", "M11", "workers are returned during their owner's turn (A22)"
            )
        ]
    if seat == state.seat and move.square in state.pending and state.phase == "move":
        return []
    if state.phase in ("setup", "over", "line") or (state.phase == "move" and seat == state.seat):
        return [violation("wrong_phase", "M11", "workers cannot be returned now")]
    site = state.sites.get(move.square)
    if site is None or site.owner != state.colour(seat) or site.workers == 0:
        return [
            violation(
                "no_own_worker", "M11", "no worker of that player on {sq}", sq=list(move.square)
            )
        ]
    return []


def apply_return(state: TerraState, move: mv.ReturnWorker) -> TerraState:
    seat = state.seat if move.player is None else move.player
    colour = state.colour(seat)
    p = state.players[colour]
    state = state.with_player(colour, stock=p.stock + 1)
    if seat == state.seat and move.square in state.pending and state.phase == "move":
        pending = list(state.pending)
        pending.remove(move.square)
        return evolve(state, pending=tuple(pending), phase="move" if pending else "act")
    site = state.sites[move.square]
    workers = site.workers - 1
    state = state.with_site(
        move.square, evolve(site, workers=workers, owner=site.owner if workers else None)
    )
    if workers == 0 and site.level > 0:
        state = state.note(
            "G15 pyramid left without its owner",
            "the last worker left a pyramid; it now scores for nobody (engine reading)",
            f"{KEY}:M11",
        )
    return state


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
    state = evolve(
        state, stacks=stacks, removed=state.removed + gone, hands=tuple(hands), phase="refilled"
    )
    if move.search:
        state = state.with_player(state.colour(), coins=state.me.coins - PRICE_SEARCH)
    return state


def check_end_turn(state: TerraState) -> list[Violation]:
    out: list[Violation] = []
    if state.phase == "act" and tiles_left(state) > 0:
        return [
            violation(
                "refill_missing", "M7.1", "take a tile from the holder before ending the turn"
            )
        ]
    colours = (
        range(len(state.players))
        if state.ctx.options.g15_surround_cap == "current_turn"
        else [state.colour()]
    )
    for colour in colours:
        p = state.players[colour]
        if p.coins > COIN_CAP:
            out.append(
                violation(
                    "coin_cap",
                    "L1",
                    "{n} coins at the end of the turn; at most 4",
                    n=p.coins,
                )
            )
        if p.block_count > BLOCK_CAP:
            out.append(
                violation(
                    "block_cap",
                    "L2",
                    "{n} blocks at the end of the turn; at most 7",
                    n=p.block_count,
                )
            )
    return out


def game_finished(state: TerraState) -> bool:
    if tiles_left(state) > 0:
        return False
    if state.ctx.options.a12_end_trigger == "stacks_empty":
        return True
    return all(h is None for h in state.hands)


def apply_end_turn(state: TerraState) -> TerraState:
    taken = list(state.turns_taken)
    taken[state.seat] += 1
    state = evolve(
        state,
        turns_taken=tuple(taken),
        turn=state.turn + 1,
        placed=None,
        new_foundation=None,
        arrived=frozenset(),
        first_target=None,
    )
    if game_finished(state):
        return evolve(state, phase="over")
    n = state.ctx.n_players
    seat = (state.seat + 1) % n
    if tiles_left(state) == 0:  # M7.5: no refill any more; skip seats without a tile
        while state.hands[seat] is None:
            seat = (seat + 1) % n
    return evolve(state, seat=seat, phase="place")
