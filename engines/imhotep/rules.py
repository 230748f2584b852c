"""Legality: ``check`` names every rule a record breaks. ``legal_moves`` (legal.py) is
built from the same predicates (predicates.py), so a move it yields is one ``check`` accepts.
"""

from __future__ import annotations

import re

from engines.core.types import Violation
from engines.imhotep import moves as m
from engines.imhotep.components import CARD_INDEX, PYRAMID_B_SPACES, QUARRY_MAX
from engines.imhotep.legal import legal_moves, turn_moves
from engines.imhotep.predicates import (
    card_problems,
    gain_problems,
    sail_problems,
    spot_problems,
    v,
)
from engines.imhotep.state import State

__all__ = ["check", "legal_moves"]

# What each phase (or pending decision) accepts, and the rule that says so.
EXPECTED = {
    "ships": ((m.RoundCard,), "F2", "the round card's ships"),
    "reveal": ((m.Reveal,), "F3", "a market card reveal"),
    "turn": (m.TURN_MOVES, "F4", "an action of the player whose turn it is"),
    "take": ((m.Take,), "P1", "the Market card taken by the stone's owner"),
    "pyramid": ((m.PlacePyramid,), "V2", "the Pyramid-B placement by the stone's owner"),
    "temple": ((m.TempleReward,), "V3", "the Temple-B reward of the next visible stone"),
    "draw": ((m.Draw,), "K1", "the card drawn from the market deck"),
}


def expectation(state: State):
    key = state.pending[-1].kind if state.phase == "decide" else state.phase
    return EXPECTED[key]


# ---- check -------------------------------------------------------------------------------


def check(state: State, move) -> list[Violation]:
    # Exact type tests: isinstance on pydantic models goes through a slow metaclass hook.
    kind = type(move)
    if kind is m.Printed:
        return check_printed(state, move)
    if state.phase == "over":
        return [v("game.over", "E1", "the game ended after round 6; no more moves")]
    accepted, rule, what = expectation(state)
    if kind not in accepted:
        return [
            v(
                "sequence.unexpected",
                rule,
                "expected {expected} now, not a {got!r} record",
                expected=what,
                got=move.type,
            )
        ]
    by = getattr(move, "by", None)
    seat = state.current_seat() if by is not None else None
    if seat is not None and by != state.ctx.players[seat]:
        return [
            v(
                "sequence.wrong_player",
                "F4",
                "it is {expected}'s move, not {got}'s",
                expected=state.ctx.players[seat],
                got=by,
            )
        ]
    return CHECK[kind](state, move)


def check_round(state: State, move: m.RoundCard) -> list[Violation]:
    printed = state.ctx.edition.get("ships") or {}
    box = printed.get("capacities") or [4, 4, 3, 3, 3, 2, 2, 1]
    if any(move.ships.count(cap) > box.count(cap) for cap in set(move.ships)):
        return [
            v(
                "round.ships_not_in_box",
                "F2",
                "the ships {ships} cannot all be in the box (two 4s, three 3s, two 2s, one 1)",
                ships=list(move.ships),
            )
        ]
    out = round_card_problems(state, move)
    if move.min_loads is None:
        return out
    min_loads = printed.get("min_load") or {}
    for i, (cap, rec) in enumerate(zip(move.ships, move.min_loads, strict=True)):
        known = min_loads.get(str(cap))
        if rec > cap:
            out.append(
                v(
                    "round.min_load_above_capacity",
                    "G1",
                    "ship {ship}: minimum load {min_load} exceeds capacity {capacity}",
                    ship=i,
                    min_load=rec,
                    capacity=cap,
                )
            )
        elif known is not None and rec != known:
            out.append(
                v(
                    "round.min_load_contradicts_edition",
                    "G1",
                    "ship {ship}: minimum load {min_load} contradicts the edition's {printed}",
                    ship=i,
                    min_load=rec,
                    printed=known,
                )
            )
    return out


def round_card_problems(state: State, move: m.RoundCard) -> list[Violation]:
    """U6/L15: with the edition's round cards for this player count, the ships must be one
    of the set's cards not revealed yet (the order of ships on a card does not matter)."""
    cards = state.ctx.edition.get(f"round_cards.{state.n}")
    if cards is None:
        return []  # listed under unchecked at the first round (effects.apply_round)
    left = [tuple(sorted(card, reverse=True)) for card in cards]
    for seen in state.rounds_seen:
        if seen in left:
            left.remove(seen)
    if tuple(sorted(move.ships, reverse=True)) in left:
        return []
    return [
        v(
            "round.card_not_in_set",
            "L15",
            "no round card of the {n}-player set still in the round deck shows the ships "
            "{ships} (each of the set's cards is revealed at most once)",
            n=state.n,
            ships=list(move.ships),
        )
    ]


def check_chance_card(state: State, card: str, code: str, rule: str) -> list[Violation]:
    source = state.deck if any(state.deck) else state.discard  # F3: reshuffle when empty
    if not source[CARD_INDEX[card]]:
        return [v(code, rule, "no {card} card is left in the market deck", card=card)]
    return []


def check_reveal(state: State, move: m.Reveal) -> list[Violation]:
    return check_chance_card(state, move.card, "reveal.not_in_deck", "F3")


def check_draw(state: State, move: m.Draw) -> list[Violation]:
    return check_chance_card(state, move.card, "draw.not_in_deck", "K1")


def check_quarry(state: State, move: m.Quarry) -> list[Violation]:
    if move.count == 0 and not state.ctx.options.allow_quarry_zero:
        return [v("quarry.zero", "G14", "quarrying 0 stones is not an action")]
    if move.count > QUARRY_MAX:
        return [
            v(
                "quarry.too_many",
                "M1",
                "at most 3 stones per quarry action, not {count}",
                count=move.count,
            )
        ]
    return gain_problems(state, state.actor, move.count)


def check_load(state: State, move: m.Load) -> list[Violation]:
    if state.sled[state.actor] == 0:
        return [v("sled.empty", "M2", "the sled has no stone to load")]
    return spot_problems(state, move.ship, move.space)


def check_sail(state: State, move: m.Sail) -> list[Violation]:
    return sail_problems(state, move.ship, move.site)


def check_lever(state: State, move: m.PlayLever) -> list[Violation]:
    problems = card_problems(state, "lever") or sail_problems(
        state, move.ship, move.site, rule="K5.1"
    )
    if problems or move.order is None:
        return problems
    cargo = state.ships[move.ship].cargo
    occupied = sorted(i for i, c in enumerate(cargo) if c is not None)
    if sorted(move.order) != occupied:
        return [
            v(
                "lever.bad_order",
                "K5.1",
                "the new order {order} must list each occupied space {occupied} once",
                order=list(move.order),
                occupied=occupied,
            )
        ]
    return []


def check_hammer(state: State, move: m.PlayHammer) -> list[Violation]:
    problems = card_problems(state, "hammer") or gain_problems(state, state.actor, move.take)
    if problems:
        return problems
    if state.sled[state.actor] + move.take == 0:
        return [v("sled.empty", "K5.2", "the sled has no stone to load after quarrying")]
    return spot_problems(state, move.ship, move.space)


def check_play_sail(state: State, move: m.PlaySail) -> list[Violation]:
    problems = card_problems(state, "sail")
    if problems:
        return problems
    if state.sled[state.actor] == 0:
        return [v("sled.empty", "K5.3", "the sled has no stone to load")]
    return spot_problems(state, move.ship, move.space) or sail_problems(
        state, move.ship, move.site, extra=1, rule="K5.3"
    )


def check_chisel(state: State, move: m.PlayChisel) -> list[Violation]:
    problems = card_problems(state, "chisel")
    if problems:
        return problems
    if state.sled[state.actor] < 2:
        return [
            v(
                "sled.too_few",
                "K5.4",
                "the Chisel loads 2 stones; the sled has {sled}",
                sled=state.sled[state.actor],
            )
        ]
    first, second = move.loads
    return spot_problems(state, first.ship, first.space) or spot_problems(
        state, second.ship, second.space, taken={(first.ship, first.space)}
    )


def check_pass(state: State, move: m.Pass) -> list[Violation]:
    if any(type(x) is not m.Pass for x in turn_moves(state)):
        return [v("pass.not_allowed", "G15", "a pass is only recorded when no action is possible")]
    return []


def check_take(state: State, move: m.Take) -> list[Violation]:
    if move.card == "pair":
        if not state.pair:
            return [v("market.no_pair", "V1", "the face-down pair is not on the Market")]
        if move.keep is None or move.keep not in state.pair:
            return [
                v(
                    "market.keep_not_in_pair",
                    "V1",
                    "the kept card {keep} is not in the pair {pair}",
                    keep=move.keep,
                    pair=list(state.pair),
                )
            ]
        return []
    if move.keep is not None:
        return [v("market.keep_without_pair", "V1", "only the face-down pair has a card to keep")]
    if move.card not in state.market:
        return [
            v(
                "market.card_not_available",
                "P1",
                "no {card} card is on the Market board",
                card=move.card,
            )
        ]
    return []


def check_place_pyramid(state: State, move: m.PlacePyramid) -> list[Violation]:
    seat = state.pending[-1].seat
    space = len(state.pyramids_b[move.pyramid])
    if space >= PYRAMID_B_SPACES:
        return [v("pyramid.full", "V2", "pyramid {pyramid} is complete", pyramid=move.pyramid)]
    out = []
    for field, key in (("points", "points"), ("bonus", "bonus")):
        printed = state.printed(f"pyramid_b.{key}.{move.pyramid}.{space}")
        given = getattr(move, field)
        if printed is not None and given is not None and printed != given:
            out.append(
                v(
                    f"pyramid.{field}_mismatch",
                    "G5",
                    "pyramid {pyramid} space {space} shows {printed} {field}, not {given}",
                    pyramid=move.pyramid,
                    space=space,
                    printed=printed,
                    given=given,
                    field=field,
                )
            )
    if out:
        return out
    bonus = state.printed(f"pyramid_b.bonus.{move.pyramid}.{space}")
    bonus = move.bonus if bonus is None else bonus
    if move.take is not None:
        if bonus != 2:
            return [
                v("pyramid.bonus_not_available", "V2", "this space gives no stones from the quarry")
            ]
        return gain_problems(state, seat, move.take)
    if move.load is not None:
        if bonus != 3:
            return [v("pyramid.bonus_not_available", "V2", "this space gives no extra load")]
        if state.sled[seat] == 0:
            return [v("sled.empty", "V2", "the sled has no stone to load")]
        return spot_problems(state, move.load.ship, move.load.space)
    return []


def check_temple_reward(state: State, move: m.TempleReward) -> list[Violation]:
    pending = state.pending[-1]
    printed = state.printed(f"temple_b.columns.{pending.column}")
    if printed is not None and move.bonus is not None and printed != move.bonus:
        return [
            v(
                "temple.bonus_mismatch",
                "G6",
                "column {column} shows bonus {printed}, not {given}",
                column=pending.column,
                printed=printed,
                given=move.bonus,
            )
        ]
    bonus = printed if printed is not None else move.bonus
    if move.take is not None:
        if bonus != 1:
            return [
                v(
                    "temple.take_not_available",
                    "V3",
                    "only bonus 1 offers stones instead of the point",
                )
            ]
        return gain_problems(state, pending.seat, move.take)
    return []


FACT_KEYS = {
    r"pyramid_b\.points\.[0-2]\.[0-4]": "G5",
    r"pyramid_b\.bonus\.[0-2]\.[0-4]": "G5",
    r"temple_b\.columns\.[0-4]": "G6",
    r"burial_b\.ranks\.[0-3]": "G7",
    r"obelisk_b\.track\.\d{1,2}": "G8",
}


def check_printed(state: State, move: m.Printed) -> list[Violation]:
    rule = next((r for pat, r in FACT_KEYS.items() if re.fullmatch(pat, move.key)), None)
    if rule is None:
        return [
            v(
                "printed.unknown_key",
                "G1",
                "{key!r} is not a printed value the judge records",
                key=move.key,
            )
        ]
    known = state.printed(move.key)
    if known is not None and known != move.value:
        return [
            v(
                "printed.contradicts",
                rule,
                "{key} is {known}, not {value}",
                key=move.key,
                known=known,
                value=move.value,
            )
        ]
    return []


CHECK = {
    m.RoundCard: check_round,
    m.Reveal: check_reveal,
    m.Draw: check_draw,
    m.Quarry: check_quarry,
    m.Load: check_load,
    m.Sail: check_sail,
    m.PlayLever: check_lever,
    m.PlayHammer: check_hammer,
    m.PlaySail: check_play_sail,
    m.PlayChisel: check_chisel,
    m.Pass: check_pass,
    m.Take: check_take,
    m.PlacePyramid: check_place_pyramid,
    m.TempleReward: check_temple_reward,
}
