"""The optional actions of a turn (F4): building, money uses, conversion, Ver2/3 additions.

They may be taken whenever no worker of the line is still waiting to move: before the tile
is placed, after the workers are resolved, and after the refill (where L1/L2 are checked).
"""

from __future__ import annotations

from engines.core.types import Violation
from engines.terra_pyramides import moves as mv
from engines.terra_pyramides.facts import (
    KEY,
    apply_boat,
    apply_horus,
    boat_goal,
    boat_steps,
    check_horus,
    check_palms,
    violation,
)
from engines.terra_pyramides.options import (
    CARD_MIN_HORUS,
    PRICE_BLOCK,
    PRICE_BOAT,
    PRICE_GRAVE_GOOD,
    PRICE_REORDER,
    PRICE_WORKER,
    SITE_CAPACITY,
    TOPS_PER_PLAYER,
)
from engines.terra_pyramides.rules_workers import check_destination
from engines.terra_pyramides.state import TerraState, evolve
from engines.terra_pyramides.supply import check_buy_block as supply_buy_block
from engines.terra_pyramides.supply import check_convert_white, check_level_piece, clamp_coins
from engines.terra_pyramides.surround import check_bonus, expected_bonus

ACTION_PHASES = frozenset({"place", "act", "refilled"})
MISSION_TOPS = 8  # VC3: borrow other colours' tops (2 per colour x 4 colours)


def _coins(state: TerraState, price: int, rule: str, what: str) -> list[Violation]:
    if state.me.coins < price:
        return [
            violation(
                "not_enough_coins",
                rule,
                "{what} costs {price} coin(s); you have {coins}",
                what=what,
                price=price,
                coins=state.me.coins,
            )
        ]
    return []


def _pay(state: TerraState, price: int) -> TerraState:
    return state.with_player(state.colour(), coins=state.me.coins - price)


# ---- M8 build -------------------------------------------------------------------------------
def check_build(state: TerraState, move: mv.Build) -> list[Violation]:
    opts, colour = state.ctx.options, state.colour()
    site = state.sites.get(move.square)
    if site is None:
        return [
            violation(
                "not_a_foundation",
                "M8.1",
                "{sq} holds no foundation or pyramid",
                sq=list(move.square),
            )
        ]
    if site.owner != colour or site.workers != SITE_CAPACITY:
        return [
            violation("build_needs_three", "M8.1", "building needs 3 of your workers on the site")
        ]
    level = site.level + 1
    top = 4 if opts.mission == 3 else 5
    if level > top:
        return [
            violation(
                "pyramid_complete",
                "M8.6" if top == 5 else "VC5",
                "this pyramid cannot be raised further",
            )
        ]
    out: list[Violation] = []
    pyramid_colour = move.colour if site.level == 0 else site.colour
    if site.level == 0 and move.colour is None:
        out.append(violation("colour_required", "M8.3", "name the colour of the new pyramid"))
    if site.level > 0 and move.colour not in (None, site.colour):
        out.append(violation("colour_fixed", "L10", "this pyramid is {colour}", colour=site.colour))
    paid = sum(move.payment.values())
    if paid != level:
        out.append(
            violation(
                "wrong_block_count",
                "M8.6",
                "level {level} costs {level} blocks, not {paid}",
                level=level,
                paid=paid,
            )
        )
    loose = site.level == 0 and opts.a9_level1_payment == "any_colour"
    for c in move.payment:
        if not loose and c not in ("white", pyramid_colour):
            out.append(
                violation(
                    "wrong_block_colour",
                    "M8.4",
                    "pay in {colour} or white, not {c}",
                    colour=pyramid_colour,
                    c=c,
                )
            )
    have = state.me.blocks
    for c, n in move.payment.items():
        if have.get(c, 0) < n:
            out.append(
                violation(
                    "not_enough_blocks",
                    "M8.5",
                    "{n} {c} block(s) needed, {have} held",
                    n=n,
                    c=c,
                    have=have.get(c, 0),
                )
            )
    limit = MISSION_TOPS if opts.mission is not None else TOPS_PER_PLAYER
    if level == 5 and state.me.tops_used >= limit:
        out.append(violation("no_top_left", "L8", "you have no pyramid top left"))
    return out + check_level_piece(state, level)


def apply_build(state: TerraState, move: mv.Build) -> TerraState:
    opts, colour = state.ctx.options, state.colour()
    site = state.sites[move.square]
    level = site.level + 1
    blocks = dict(state.me.blocks)
    for c, n in move.payment.items():
        blocks[c] -= n
        if not blocks[c]:
            del blocks[c]
    stays = 0 if (opts.mission == 3 and level == 4) else 1  # VC5: no worker on a level-4
    state = state.with_site(
        move.square,
        evolve(
            site,
            level=level,
            colour=site.colour or move.colour,
            workers=stays,
            owner=colour if stays else None,
            builder=colour,
        ),
    )
    p = state.players[colour]
    return state.with_player(
        colour,
        blocks=blocks,
        stock=p.stock + SITE_CAPACITY - stays,
        tops_used=p.tops_used + (1 if level == 5 else 0),
    )


# ---- M9 money uses, M10 conversion -------------------------------------------------------
def check_buy_worker(state: TerraState, move: mv.BuyWorker) -> list[Violation]:
    out = _coins(state, PRICE_WORKER, "M9.2", "a worker")
    source = (
        state.me.stock if state.ctx.options.a8_bought_worker == "from_stock" else state.me.reserve
    )
    if source <= 0:
        out.append(
            violation(
                "no_worker_piece",
                "L7",
                "no {kind} piece left to buy",
                kind=state.ctx.options.a8_bought_worker,
            )
        )
    return out + check_destination(state, move.target, bought=True)


def apply_buy_worker(state: TerraState, move: mv.BuyWorker) -> TerraState:
    colour = state.colour()
    state = _pay(state, PRICE_WORKER)
    p = state.players[colour]
    if state.ctx.options.a8_bought_worker == "from_stock":
        state = state.with_player(colour, stock=p.stock - 1, claimed=p.claimed | {move.target})
    else:
        state = state.with_player(colour, reserve=p.reserve - 1, claimed=p.claimed | {move.target})
    site = state.sites[move.target]
    return state.with_site(move.target, evolve(site, owner=colour, workers=site.workers + 1))


def check_buy_block(state: TerraState) -> list[Violation]:
    return _coins(state, PRICE_BLOCK, "M9.3", "a block") + supply_buy_block(state)


def apply_buy_block(state: TerraState) -> TerraState:
    state = _pay(state, PRICE_BLOCK)
    blocks = dict(state.me.blocks)
    blocks["white"] = blocks.get("white", 0) + 1
    return state.with_player(state.colour(), blocks=blocks)


def check_convert(state: TerraState, move: mv.Convert) -> list[Violation]:
    out = []
    if sum(move.payment.values()) != 2:
        out.append(
            violation("convert_two", "M10", "a conversion turns exactly 2 blocks into 1 white")
        )
    if state.ctx.options.a5_conversion == "same_colour" and len(move.payment) != 1:
        out.append(violation("convert_same_colour", "M10", "both blocks must share a colour (A5)"))
    for c, n in move.payment.items():
        if state.me.blocks.get(c, 0) < n:
            out.append(violation("not_enough_blocks", "M10", "{n} {c} block(s) needed", n=n, c=c))
    return out + check_convert_white(state, move.payment.get("white", 0))


def apply_convert(state: TerraState, move: mv.Convert) -> TerraState:
    blocks = dict(state.me.blocks)
    for c, n in move.payment.items():
        blocks[c] -= n
        if not blocks[c]:
            del blocks[c]
    blocks["white"] = blocks.get("white", 0) + 1
    return state.with_player(state.colour(), blocks=blocks)


def check_reorder(state: TerraState, move: mv.ReorderStack) -> list[Violation]:
    out = _coins(state, PRICE_REORDER, "M9.1", "looking through a stack")
    if state.stacks[move.stack] <= 0:
        out.append(violation("stack_empty", "M9.1", "stack {stack} is gone", stack=move.stack))
    return out


# ---- Ver2 / Ver3 additions ------------------------------------------------------------------
def check_grave_good(state: TerraState) -> list[Violation]:
    if state.ctx.options.version < 2:
        return [violation("needs_version_2", "VH10", "grave goods exist from Ver2")]
    return _coins(state, PRICE_GRAVE_GOOD, "VH10", "a grave good")


def apply_grave_good(state: TerraState) -> TerraState:
    state = _pay(state, PRICE_GRAVE_GOOD)
    return state.with_player(state.colour(), grave_goods=state.me.grave_goods + 1)


def check_move_boat(state: TerraState, move: mv.MoveBoat) -> list[Violation]:
    if state.ctx.options.version < 3:
        return [violation("needs_version_3", "VN5", "boats exist only in Ver3")]
    out = _coins(state, PRICE_BOAT, "VN5", "a boat move")
    goal = boat_goal(state)
    if goal is not None and state.me.boat >= goal:
        out.append(violation("boat_at_goal", "L12", "the boat is already at the goal"))
    return out + check_palms(state, state.colour(), 1, move.palms_reached)


def apply_move_boat(state: TerraState, move: mv.MoveBoat) -> TerraState:
    state = _pay(state, PRICE_BOAT)
    return apply_boat(state, state.colour(), 1, move.palms_reached)


def check_buy_card(state: TerraState, move: mv.BuyCard) -> list[Violation]:
    if state.ctx.options.version < 3:
        return [violation("needs_version_3", "VN13", "strategy cards exist only in Ver3")]
    if move.card not in state.display:
        return [
            violation(
                "card_gone", "VN13", "the {card} card is not beside the board", card=move.card
            )
        ]
    if state.me.horus < CARD_MIN_HORUS:
        return [
            violation(
                "card_needs_5_points", "VN13", "buying a card needs 5 points on the Horus track"
            )
        ]
    return _coins(state, state.me.symbols, "VN13", "this card")


def apply_buy_card(state: TerraState, move: mv.BuyCard) -> TerraState:
    state = _pay(state, state.me.symbols)
    display = tuple(c for c in state.display if c != move.card)
    return evolve(state, display=display).with_player(
        state.colour(), cards=(*state.me.cards, move.card)
    )


SURROUND_PHASES = frozenset({"line", "move", "act", "refilled"})


def check_surround(state: TerraState, move: mv.SurroundBonus) -> list[Violation]:
    opts = state.ctx.options
    if opts.version < 2:
        return [violation("needs_version_2", "VH11", "the surround bonus exists from Ver2")]
    site = state.sites.get(move.site)
    if site is None or site.owner is None:
        return [
            violation("surround_no_owner", "VH11", "no worker stands on {sq}", sq=list(move.site))
        ]
    if site.surrounded:
        return [
            violation("surround_twice", "VH11", "{sq} was already surrounded", sq=list(move.site))
        ]
    if state.board is not None and move.site not in state.due:
        return [
            violation(
                "surround_not_completed",
                "VH11",
                "this turn's tile did not close {sq} while workers stood on it (the bonus is "
                "paid once, at completion)",
                sq=list(move.site),
            )
        ]
    out = []
    if opts.version < 3 and (move.oases or move.nile):
        out.append(
            violation(
                "surround_v3_only",
                "VN9",
                "oasis and Nile squares resolve in a surround only in Ver3",
            )
        )
    if move.oasis_items and (opts.version < 3 or len(move.oasis_items) > move.oases):
        out.append(
            violation(
                "surround_oasis_items",
                "VN10",
                "only the Ver3 oasis squares around the site give an item: {n} item(s) for "
                "{oases} oasis square(s)",
                n=len(move.oasis_items),
                oases=move.oases,
            )
        )
    if move.grave_goods and opts.version == 2 and not opts.a15_surround_grave_goods_in_v2:
        out.append(
            violation(
                "surround_v3_only", "VN9", "grave goods join the surround bonus in Ver3 (A15)"
            )
        )
    out.extend(check_bonus(state, move))
    eyes = move.eyes + sum(item.eyes for item in move.oasis_items)
    out.extend(check_horus(state, site.owner, eyes, move.coin_symbols))
    if opts.version == 3:
        out.extend(
            check_palms(
                state, site.owner, boat_steps(state, site.owner, move.nile), move.palms_reached
            )
        )
    return out


def apply_surround(state: TerraState, move: mv.SurroundBonus) -> TerraState:
    opts = state.ctx.options
    known = expected_bonus(state, move.site) is not None
    site = state.sites[move.site]
    owner = site.owner
    assert owner is not None
    state = state.with_site(move.site, evolve(site, surrounded=True))
    if move.site in state.due:
        state = evolve(state, due=tuple(sq for sq in state.due if sq != move.site))
    p = state.players[owner]
    coins = p.coins + move.coins
    if opts.version == 3 and not opts.a16_oasis_item_replaces_coin:
        coins += move.oases
    goods = p.grave_goods + move.grave_goods
    blocks = p.blocks
    eyes = move.eyes
    for item in move.oasis_items:  # VN10: each oasis square's pictured item, as on a line
        coins += item.coins
        goods += item.grave_goods
        eyes += item.eyes
        if item.blocks:
            blocks = dict(blocks)
            for c in item.blocks:
                blocks[c] = blocks.get(c, 0) + 1
    state = state.with_player(
        owner, coins=coins, grave_goods=goods, oasis=p.oasis + move.oases, blocks=blocks
    )
    state = apply_horus(state, owner, eyes, move.coin_symbols)
    if opts.version == 3:
        state = apply_boat(state, owner, boat_steps(state, owner, move.nile), move.palms_reached)
    if state.tracks.get("supply.coins") is not None:
        state = clamp_coins(state, (owner,))
    if known:
        return state
    return state.note(
        "surround_amounts",
        f"{KEY}:VH11",
        "VH11 surround bonus amounts",
        "some squares around the site are of unknown type: the recorded completion and "
        "bonus were accepted (needs the map)",
    )
