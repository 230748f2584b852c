"""Predicates shared by ``check`` (rules.py) and ``legal_moves`` (legal.py), so the two
can never disagree about what is legal."""

from __future__ import annotations

from engines.core.types import Violation
from engines.imhotep.components import CARD_INDEX, SITES, SLED_CAPACITY
from engines.imhotep.state import State


def v(code: str, rule: str, message: str, **params) -> Violation:
    return Violation(code, f"imhotep:{rule}", message, params)


def gain_problems(state: State, seat: int, count: int) -> list[Violation]:
    """L1 and L2, for every way of gaining stones (M1, K5.2, V2 bonus 2, V3 bonus 1)."""
    out = []
    if state.sled[seat] + count > SLED_CAPACITY:
        out.append(
            v(
                "sled.full",
                "L1",
                "the sled holds at most 5 stones: {sled} + {count} is too many",
                sled=state.sled[seat],
                count=count,
            )
        )
    if count > state.quarry[seat]:
        out.append(
            v(
                "quarry.empty",
                "L2",
                "only {left} stones of this colour are left in the quarry, not {count}",
                left=state.quarry[seat],
                count=count,
            )
        )
    return out


def gain_cap(state: State, seat: int, most: int) -> int:
    return max(0, min(most, SLED_CAPACITY - state.sled[seat], state.quarry[seat]))


def spot_problems(state: State, ship: int, space: int, taken=()) -> list[Violation]:
    if ship >= len(state.ships):
        return [v("ship.unknown", "F2", "there is no ship {ship} this round", ship=ship)]
    s = state.ships[ship]
    if s.site is not None:
        return [v("ship.sailed", "L6", "ship {ship} has already sailed", ship=ship)]
    if space >= s.capacity:
        return [
            v(
                "ship.no_such_space",
                "L3",
                "ship {ship} has {capacity} spaces; there is no space {space}",
                ship=ship,
                capacity=s.capacity,
                space=space,
            )
        ]
    if s.cargo[space] is not None or (ship, space) in taken:
        return [
            v(
                "ship.space_taken",
                "L3",
                "space {space} of ship {ship} is taken",
                ship=ship,
                space=space,
            )
        ]
    return []


def sail_problems(state: State, ship: int, site: str, extra: int = 0, rule="L4") -> list[Violation]:
    if ship >= len(state.ships):
        return [v("ship.unknown", "F2", "there is no ship {ship} this round", ship=ship)]
    s = state.ships[ship]
    if s.site is not None:
        return [v("ship.sailed", "L6", "ship {ship} has already sailed", ship=ship)]
    out = []
    if s.min_load is not None and s.load + extra < s.min_load:
        out.append(
            v(
                "ship.below_min_load",
                rule,
                "ship {ship} carries {load} stones; it needs {min_load} to sail",
                ship=ship,
                load=s.load + extra,
                min_load=s.min_load,
            )
        )
    if any(other.site == site for other in state.ships):
        out.append(
            v("dock.taken", "L5", "the {site} dock already has a ship this round", site=site)
        )
    return out


def card_problems(state: State, card: str) -> list[Violation]:
    if state.hands[state.actor][CARD_INDEX[card]] == 0:
        return [v("card.not_held", "M4", "the player holds no {card} card", card=card)]
    return []


def empty_spots(state: State) -> list[tuple[int, int]]:
    return [
        (i, j)
        for i, s in enumerate(state.ships)
        if s.site is None
        for j, owner in enumerate(s.cargo)
        if owner is None
    ]


def free_sites(state: State) -> list[str]:
    docked = {s.site for s in state.ships}
    return [site for site in SITES if site not in docked]
