"""The mandatory start of a turn: place the hand tile (M1/M2), choose and resolve a line (M3-M5).

Each ``check_*`` returns the violations of one move; each ``apply_*`` builds the next state
of a move already checked. Anything a rule needs but neither the map nor the judge's
records establish is noted as unchecked, never guessed."""

from __future__ import annotations

from typing import Any

from engines.core.types import Violation
from engines.terra_pyramides import moves as mv
from engines.terra_pyramides.board import AXIS_STEPS, STAIR_STEPS, direction_between, step
from engines.terra_pyramides.facts import (
    KEY,
    NO_MAP,
    boat_changes,
    boat_steps,
    check_horus,
    check_palms,
    horus_changes,
    kind_at,
    note_unknown_palms,
    violation,
)
from engines.terra_pyramides.options import (
    PRICE_IGNORE_SYMBOL,
)
from engines.terra_pyramides.rules_setup import holder
from engines.terra_pyramides.state import Site, Square, TerraState, clone, evolve
from engines.terra_pyramides.supply import check_line_blocks, clamp_coins
from engines.terra_pyramides.surround import completed_by


# ---- M1/M2: place the hand tile ----------------------------------------------------------
def check_place(state: TerraState, move: mv.PlaceTile) -> list[Violation]:
    out: list[Violation] = []
    opts, sq = state.ctx.options, move.square
    if state.hands[state.seat] is None:
        return [violation("no_hand_tile", "L6", "the player has no hand tile to place")]
    # kind_at(state, sq) without the call
    if sq in state.tiles:
        kind: str | None = "tile"
    elif sq in state.sites:
        kind = "site"
    elif state.board is None:
        kind = state.kinds.get(sq)
    else:
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
    if facing_ok and found is not None and found[1] > 1 and opts.a1_faced_site_first:
        out.extend(_check_first_site(state, move, found[1]))
    out.extend(_check_facing_kind(state, move))
    # Facing the site means found = (stair step, distance): adjacent when the distance is 1.
    out.extend(_check_foundation(state, move, facing_ok and found is not None and found[1] == 1))
    if opts.symbol_variant:
        out.extend(_check_symbol(state, move))
    elif move.ignore_symbol:
        out.append(
            violation(
                "not_symbol_variant", "VS4", "ignoring the symbol only exists in the symbol variant"
            )
        )
    return out


FACED_FIRST = "M1.3 faced site first in the stairs direction"


def _check_first_site(state: TerraState, move: mv.PlaceTile, distance: int) -> list[Violation]:
    """M1.3 (A1): no building site lies between the tile and the site its stairs face."""
    (dr, dc), (r, c) = STAIR_STEPS[move.stairs], move.square
    sites, board, kinds = state.sites, state.board, state.kinds
    for k in range(1, distance):
        sq = (r + dr * k, c + dc * k)
        # kind_at(state, sq) == "site", without the call: a tile square is never a site
        if sq in sites or (
            board.kind(sq) == "site" if board is not None else kinds.get(sq) == "site"
        ):
            return [
                violation(
                    "facing_not_first_site",
                    "M1.3",
                    "the stairs on {sq} face the site {nearer} first, not {target}",
                    sq=list(move.square),
                    nearer=list(sq),
                    target=list(move.facing.square),
                )
            ]
    return []


def _unknown_between(state: TerraState, move: mv.PlaceTile) -> bool:
    """Without a map: is any square between the tile and the faced site of unknown type?"""
    found = direction_between(move.square, move.facing.square)
    if found is None or found[1] < 2:
        return False
    delta = STAIR_STEPS[move.stairs]
    return any(kind_at(state, step(move.square, delta, k)) is None for k in range(1, found[1]))


def _check_facing_kind(state: TerraState, move: mv.PlaceTile) -> list[Violation]:
    target = move.facing.square
    site = state.sites.get(target)
    actual = None if site is None else ("foundation" if site.level == 0 else "pyramid")
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
    kind = None if actual is not None else kind_at(state, target)
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


def _check_foundation(state: TerraState, move: mv.PlaceTile, adjacent: bool) -> list[Violation]:
    """``adjacent``: the stairs face the faced square and it is next to the tile."""
    opts, sq = state.ctx.options, move.square
    target, claim = move.facing.square, move.facing.kind
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
    sites, new_foundation, left = state.sites, None, state.foundations_left
    if move.foundation is not None:
        sites = {
            **sites,
            move.foundation.square: Site(value=move.foundation.value, placed_turn=state.turn),
        }
        new_foundation, left = move.foundation.square, left - 1
    hands = list(state.hands)
    hands[state.seat] = None
    new = clone(state)
    fields = new.__dict__
    tiles = dict(state.tiles)
    tiles[move.square] = move.tile
    fields["tiles"] = tiles
    fields["sites"] = sites
    fields["hands"] = tuple(hands)
    fields["placed"] = move.square
    fields["new_foundation"] = new_foundation
    fields["foundations_left"] = left
    fields["phase"] = "line"
    # Without a map, a faced empty site is learnt (as ``learn`` does) in the same copy.
    if (
        state.board is None
        and move.facing.kind == "site"
        and state.kinds.get(move.facing.square) != "site"
    ):
        fields["kinds"] = {**state.kinds, move.facing.square: "site"}
    state = new
    if move.ignore_symbol:
        colour = state.colour()
        state = state.with_player(colour, coins=state.players[colour].coins - PRICE_IGNORE_SYMBOL)
    if state.ctx.options.version >= 2:
        if state.board is not None:
            due = completed_by(state, move.square)
            if due:
                state = evolve(state, due=due)
        elif SURROUNDS_UNSEEN not in state.noted:
            state = state.note(*UNCHECKED_PLACE[SURROUNDS_UNSEEN])
    if state.board is None:
        if (
            FACED_FIRST not in state.noted
            and state.ctx.options.a1_faced_site_first
            and _unknown_between(state, move)
        ):
            state = state.note(*UNCHECKED_PLACE[FACED_FIRST])
        if SQUARE_TYPE_UNSEEN not in state.noted:
            state = state.note(*UNCHECKED_PLACE[SQUARE_TYPE_UNSEEN])
        if (
            state.ctx.options.symbol_variant
            and move.square_symbol is None
            and not move.ignore_symbol
        ):
            state = state.note(
                "square_symbol",
                f"{KEY}:VS2",
                "VS2 square symbol",
                NO_MAP + " and no recorded symbol",
            )
    return state


SURROUNDS_UNSEEN = "VH11 surround completions"
SQUARE_TYPE_UNSEEN = "M1.1/L4 placement square type"
# Unchecked items a placement notes without a map: item -> (code, rule, item, reason).
UNCHECKED_PLACE = {
    SURROUNDS_UNSEEN: (
        "surrounds_unseen",
        f"{KEY}:VH11",
        SURROUNDS_UNSEEN,
        f"{NO_MAP}: a completed surround cannot be seen; the recorded bonuses are "
        "used and a missing one is not detected",
    ),
    FACED_FIRST: (
        "faced_site_first",
        f"{KEY}:M1.3",
        FACED_FIRST,
        f"{NO_MAP}: squares between the tile and the faced site are of unknown type; "
        "that none is a building site is taken from the judge's record",
    ),
    SQUARE_TYPE_UNSEEN: (
        "square_type_unseen",
        f"{KEY}:L4",
        SQUARE_TYPE_UNSEEN,
        f"{NO_MAP}: whether the square is an ordinary one (not site, oasis or Nile) is "
        "taken from the judge's record",
    ),
}


# ---- M3-M5: the line and its resolution --------------------------------------------------
def derive_line(state: TerraState, axis: str) -> tuple[mv.LineSquare, ...]:
    """The whole run along ``axis`` through the placed tile, between sites or the edge."""
    assert state.placed is not None
    delta, run = AXIS_STEPS[axis], [(0, state.placed)]
    for sign in (1, -1):
        k, sq = sign, step(state.placed, delta, sign)
        while kind_at(state, sq) not in ("site", "off", None):
            run.append((k, sq))
            k, sq = k + sign, step(sq, delta, sign)
    return tuple(mv.LineSquare(square=sq, kind=kind_at(state, sq)) for _, sq in sorted(run))


def _with_squares(state: TerraState, move: mv.ChooseLine) -> mv.ChooseLine:
    if move.squares is not None or state.board is None:
        return move
    return move.model_copy(update={"squares": derive_line(state, move.axis)})


def check_line(state: TerraState, move: mv.ChooseLine) -> list[Violation]:
    if move.squares is None and state.board is None:
        return [
            violation(
                "line_squares_unrecorded",
                "M3.3",
                "without a board map, record the squares of the line and what they show",
            )
        ]
    if move.squares is None:
        move = _with_squares(state, move)
    opts = state.ctx.options
    version = opts.version
    assert state.placed is not None and move.squares is not None
    (d0, d1), (r0, c0) = AXIS_STEPS[move.axis], state.placed
    out: list[Violation] = []
    # One pass over the squares finds each one's offset k from the placed tile along the
    # axis, checks each square and totals what the later checks need (tiles, eyes, Nile
    # squares). The line's shape is judged first, then the squares, then the totals.
    ks: list[int] = []
    on_axis = True
    n_tiles = eyes = nile = n_blocks = 0
    tiles, sites, board, kinds = state.tiles, state.sites, state.board, state.kinds
    for ls in move.squares:
        sq = ls.square
        dr, dc = sq[0] - r0, sq[1] - c0
        k = dr if d0 else dc
        if d0 * k != dr or d1 * k != dc:
            on_axis = False
        ks.append(k)
        claim, item = ls.kind, ls.oasis_item
        # actual = kind_at(state, sq), with the state's maps read once per line
        if sq in tiles:
            actual: str | None = "tile"
            n_tiles += 1
            tile = tiles[sq]
            eyes += tile.eyes
            n_blocks += len(tile.blocks)
        else:
            if sq in sites:
                actual = "site"
            elif board is None:
                actual = kinds.get(sq)
            else:
                actual = kind_at(state, sq)
            if claim == "nile":
                nile += 1
        if item is not None:
            eyes += item.eyes
            n_blocks += len(item.blocks)
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
        elif (claim == "tile") != (actual == "tile") or (
            actual not in (None, "tile") and actual != claim
        ):
            out.append(
                violation(
                    "line_square_mismatch",
                    "M3.3",
                    "{sq} shows {actual}, not {claimed}",
                    sq=list(ls.square),
                    actual=actual or "no tile",
                    claimed=claim,
                )
            )
        if claim == "nile" and version < 3:
            out.append(
                violation(
                    "nile_before_v3", "VN11", "Nile squares exist only on the Ver3 board side"
                )
            )
        if item is not None and (claim != "oasis" or version < 3):
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
    # Distinct consecutive offsets (a sorted run equal to a range has no repeats).
    low = min(ks)
    if not on_axis or sorted(ks) != list(range(low, low + len(ks))):
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
    if out:
        return out
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
        below, above = low - 1, low + len(ks)
        for end in (
            (r0 + delta[0] * below, c0 + delta[1] * below),
            (r0 + delta[0] * above, c0 + delta[1] * above),
        ):
            # kind_at(state, end) in (...): a tile, or a known empty, oasis or Nile square
            if end in tiles or (
                end not in sites
                and (kinds.get(end) if board is None else kind_at(state, end))
                in ("tile", "empty", "oasis", "nile")
            ):
                out.append(
                    violation(
                        "line_cut_short",
                        "M3.5",
                        "the line continues through {sq}: it runs to the next site or the edge",
                        sq=list(end),
                    )
                )
    unavailable = move.blocks_unavailable
    if (n_blocks or unavailable) and (
        unavailable
        or state.tracks.get("supply.blocks_by_colour") is not None
        or n_blocks > _blocks_left_or_more(state, n_blocks)
    ):
        out.extend(check_line_blocks(state, block_gains(state, move.squares), unavailable))
    colour = state.colour()
    if eyes or move.coin_symbols:  # no eye and no recorded symbol: nothing to check (VH7)
        out.extend(check_horus(state, colour, eyes, move.coin_symbols))
    if opts.version == 3:
        if move.palms_reached is not None:  # a palm check needs a recorded count (S11)
            steps = boat_steps(state, colour, nile)
            out.extend(check_palms(state, colour, steps, move.palms_reached))
    elif move.palms_reached is not None:
        out.append(violation("palms_before_v3", "VN12", "boats and palms exist only in Ver3"))
    return out


def _blocks_left_or_more(state: TerraState, n: int) -> int:
    """Blocks left in the supply; ``n`` when the total is unknown (nothing to compare)."""
    total = state.tracks.get("supply.blocks")
    if total is None:
        return n
    for p in state.players:  # blocks_left(state) without the list
        total -= sum(p.blocks.values())
    return total


LINE_ENDS = "M3.5 line ends at sites or the board edge"


def block_gains(state: TerraState, squares: tuple[mv.LineSquare, ...]) -> list[str]:
    """R3: the colour of each block the line's symbols take (VH9/A14 white included)."""
    opts = state.ctx.options
    gains: list[str] = []
    for ls in squares:
        if ls.kind == "tile":
            tile = state.tiles[ls.square]
            white = (
                opts.version >= 2
                and tile.grave_goods == 1
                and len(tile.blocks) == 1
                and (opts.a14_grave_good_block == "white" or ls.take_white)
            )
            gains.extend("white" if white else c for c in tile.blocks)
        if ls.oasis_item is not None:
            gains.extend(ls.oasis_item.blocks)
    return gains


def apply_line(state: TerraState, move: mv.ChooseLine) -> TerraState:
    if move.squares is None:
        move = _with_squares(state, move)
    opts, colour = state.ctx.options, state.colour()
    version = opts.version
    # One pass over the squares: the line's tiles (their eyes, grave goods, oasis icons,
    # blocks and worker symbols), oasis items, oasis and Nile squares, and what the
    # non-tile squares show (learnt without a map).
    tiles = state.tiles
    p = state.players[colour]
    # Grave goods (VH8) and R3 materials; a 1-good-1-block tile gives white (VH9, A14).
    blocks = dict(p.blocks)
    white_rule = opts.a14_grave_good_block == "white"
    items: list[mv.Gain] = []
    facts: dict[Square, str] = {}
    wanted: list[Square] = []  # R4: one square per worker symbol, in line order (M4)
    board_oases = tile_oases = nile = eyes = goods = 0
    for ls in move.squares:
        kind = ls.kind
        if kind == "tile":
            sq = ls.square
            tile = tiles[sq]
            eyes += tile.eyes
            goods += tile.grave_goods
            tile_oases += tile.oases
            symbols = tile.blocks
            if symbols:
                white = (
                    version >= 2
                    and tile.grave_goods == 1
                    and len(symbols) == 1
                    and (white_rule or ls.take_white)
                )
                for c in symbols:
                    key = "white" if white else c
                    blocks[key] = blocks.get(key, 0) + 1
            if tile.workers:
                wanted.extend([sq] * tile.workers)
        else:
            facts[ls.square] = kind
            if kind == "oasis":
                board_oases += 1
            elif kind == "nile":
                nile += 1
        if ls.oasis_item is not None:
            items.append(ls.oasis_item)
            eyes += ls.oasis_item.eyes
    # R1 oasis: a coin each (Ver1/2); Ver3 also the oasis track and the pictured item (VN10).
    # A16 says whether board squares, tile icons or both count.
    source = opts.a16_oasis_source
    oases = (board_oases if source != "tile_icons" else 0) + (
        tile_oases if source != "board_squares" else 0
    )
    coins = p.coins
    for item in items:  # after the tiles' blocks, as the items are taken
        coins += item.coins
        goods += item.grave_goods
        for c in item.blocks:
            blocks[c] = blocks.get(c, 0) + 1
    if version < 3 or not opts.a16_oasis_item_replaces_coin:
        coins += oases
    for c in move.blocks_unavailable:  # L9/G8: symbols the supply could not serve
        blocks[c] -= 1
        if not blocks[c]:
            del blocks[c]
    # R4: workers from the stock onto the worker symbols (M4), to be moved one by one.
    pending = tuple(wanted[: p.stock])
    mine: dict[str, Any] = {
        "coins": coins,
        "oasis": p.oasis + (oases if version == 3 else 0),
        "blocks": blocks,
        "grave_goods": p.grave_goods + (goods if version >= 2 else 0),
        "stock": p.stock - len(pending),
    }
    # R2 Horus eyes: coins in Ver1; the score marker in Ver2+ (VH6/VH7).
    # (asked of the player before this line's coins: both readings add to what it holds)
    if eyes or version < 2:  # Ver2+ without an eye changes nothing
        extra, changed = horus_changes(state, p, eyes, move.coin_symbols)
        if "coins" in extra:
            extra["coins"] += coins - p.coins
        mine.update(extra)
    else:
        changed = {}
    # Ver3 Nile squares move the boat (VN12); no Nile square, no step.
    if version == 3 and nile:
        extra, boat = boat_changes(state, p, boat_steps(state, colour, nile), move.palms_reached)
        mine.update(extra)
        changed.update(boat)
    if state.board is None:
        kinds = state.kinds
        for sq, k in facts.items():
            if kinds.get(sq) != k:
                changed["kinds"] = {**kinds, **facts}
                break
    player = clone(p)
    player.__dict__.update(mine)
    players = list(state.players)
    players[colour] = player
    new = clone(state)
    fields = new.__dict__
    fields["players"] = tuple(players)
    fields["pending"] = pending
    fields["phase"] = "move" if pending else "act"
    if changed:
        fields.update(changed)
    state = new
    if version == 3 and "palms" in mine:
        state = note_unknown_palms(state, mine["palms"])
    if state.tracks.get("supply.coins") is not None:
        state = clamp_coins(state, (colour,))
    if len(pending) < len(wanted):
        state = state.note(
            "worker_stock_empty",
            f"{KEY}:M4",
            "G15 worker stock empty",
            "fewer workers in stock than worker symbols; the missing ones were not placed",
        )
    if state.board is None and opts.a3_line_extent == "whole_run" and LINE_ENDS not in state.noted:
        state = state.note(
            "line_ends",
            f"{KEY}:M3.5",
            LINE_ENDS,
            NO_MAP + ": ends not known as a site or the edge were taken from the record",
        )
    return state
