"""``legal_moves``: every legal record now, built from the predicates ``check`` uses."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

from engines.imhotep import moves as m
from engines.imhotep.components import CARD_INDEX, CARDS, PYRAMID_B_SPACES, QUARRY_MAX
from engines.imhotep.effects import cards_available
from engines.imhotep.predicates import empty_spots, free_sites, gain_cap
from engines.imhotep.state import State


def ship_sets(capacities: list[int]) -> list[tuple[int, ...]]:
    return sorted(set(tuple(sorted(c, reverse=True)) for c in combinations(capacities, 4)))


def legal_moves(state: State) -> Iterator:
    """Every legal record now (printed-value records aside), chance records included."""
    phase = state.phase
    if phase == "over":
        return
    if phase == "ships":
        for ships in ship_sets(state.ctx.edition.get("ships.capacities", [4, 4, 3, 3, 3, 2, 2, 1])):
            yield m.RoundCard(type="round", ships=list(ships))
    elif phase == "reveal":
        for i in cards_available(state.deck, state.discard):
            yield m.Reveal(type="reveal", card=CARDS[i])
    elif phase == "turn":
        yield from turn_moves(state)
    else:
        yield from decisions(state)


def turn_moves(state: State) -> Iterator:
    seat = state.actor
    any_action = False
    lo = 0 if state.ctx.options.allow_quarry_zero else 1
    for k in range(lo, gain_cap(state, seat, QUARRY_MAX) + 1):
        any_action = True
        yield m.Quarry(type="quarry", count=k)
    spots = empty_spots(state)
    sled = state.sled[seat]
    if sled:
        for ship, space in spots:
            any_action = True
            yield m.Load(type="load", ship=ship, space=space)
    sites = free_sites(state)
    for ship, s in enumerate(state.ships):
        if s.site is None and (s.min_load is None or s.load >= s.min_load):
            for site in sites:
                any_action = True
                yield m.Sail(type="sail", ship=ship, site=site)
    hand = state.hands[seat]
    if hand[CARD_INDEX["lever"]]:
        for ship, s in enumerate(state.ships):
            if s.site is None and (s.min_load is None or s.load >= s.min_load):
                occupied = [i for i, c in enumerate(s.cargo) if c is not None]
                for order in permutations(occupied):
                    for site in sites:
                        any_action = True
                        yield m.PlayLever(
                            type="play_lever", ship=ship, site=site, order=list(order)
                        )
    if hand[CARD_INDEX["hammer"]] and spots:
        for take in range(gain_cap(state, seat, QUARRY_MAX) + 1):
            if sled + take:
                for ship, space in spots:
                    any_action = True
                    yield m.PlayHammer(type="play_hammer", take=take, ship=ship, space=space)
    if hand[CARD_INDEX["sail"]] and sled:
        for ship, space in spots:
            s = state.ships[ship]
            if s.min_load is None or s.load + 1 >= s.min_load:
                for site in sites:
                    any_action = True
                    yield m.PlaySail(type="play_sail", ship=ship, space=space, site=site)
    if hand[CARD_INDEX["chisel"]] and sled >= 2:
        for a, b in combinations(spots, 2):
            any_action = True
            yield m.PlayChisel(
                type="play_chisel",
                loads=[m.Spot(ship=a[0], space=a[1]), m.Spot(ship=b[0], space=b[1])],
            )
    if not any_action:
        yield m.Pass(type="pass")


def decisions(state: State) -> Iterator:
    pending = state.pending[-1]
    seat = pending.seat
    if pending.kind == "take":
        for card in dict.fromkeys(state.market):
            yield m.Take(type="take", card=card)
        for keep in dict.fromkeys(state.pair):
            yield m.Take(type="take", card="pair", keep=keep)
    elif pending.kind == "draw":
        for i in cards_available(state.deck, state.discard):
            yield m.Draw(type="draw", card=CARDS[i])
    elif pending.kind == "pyramid":
        for p, pyramid in enumerate(state.pyramids_b):
            if len(pyramid) >= PYRAMID_B_SPACES:
                continue
            bonus = state.printed(f"pyramid_b.bonus.{p}.{len(pyramid)}")
            yield m.PlacePyramid(type="place_pyramid", pyramid=p)
            if bonus == 2:
                for k in range(1, gain_cap(state, seat, QUARRY_MAX) + 1):
                    yield m.PlacePyramid(type="place_pyramid", pyramid=p, take=k)
            if bonus == 3 and state.sled[seat]:
                for ship, space in empty_spots(state):
                    load = m.Spot(ship=ship, space=space)
                    yield m.PlacePyramid(type="place_pyramid", pyramid=p, load=load)
    elif pending.kind == "temple":
        printed = state.printed(f"temple_b.columns.{pending.column}")
        for bonus in (printed,) if printed is not None else (1, 2, 3):
            given = None if printed is not None else bonus
            yield m.TempleReward(type="temple_reward", bonus=given)
            if bonus == 1:
                for k in range(gain_cap(state, seat, 2) + 1):
                    yield m.TempleReward(type="temple_reward", bonus=given, take=k)
