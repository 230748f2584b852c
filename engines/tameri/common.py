"""Shared helpers of the rule modules: violations, notes, resource arithmetic, card facts."""

from __future__ import annotations

from operator import add, sub
from typing import Any

from engines.core.types import Unchecked, Violation, fill
from engines.tameri import moves as mv
from engines.tameri.components import RESOURCES, SPHERES
from engines.tameri.state import Spheres, State, res_index
from engines.tameri.turns import action_allowed, assign_actions

Result = tuple[list[Violation], State | None]


def V(code: str, rule: str, message: str, **params: Any) -> Violation:
    return Violation(code, f"tameri:{rule}", message, params)


def note(s: State, code: str, rule: str, item: str, reason: str, **params: Any) -> State:
    """Record once what could not be verified (an item is noted the first time only); item
    and reason are English templates with ``params``, Japanese by ``code`` (UNCHECKED_JA)."""
    text = fill(item, params)
    if any(u.item == text for u in s.unchecked):
        return s
    found = Unchecked(text, fill(reason, params), f"tameri:{rule}", code=code, params=params)
    return s.but(unchecked=(*s.unchecked, found))


def add_res(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, int, int, int]:
    return tuple(map(add if sign == 1 else sub, a, b))  # type: ignore[return-value]


def counts(rc: Any) -> tuple[int, int, int, int]:
    return (rc.barley, rc.papyrus, rc.flax, rc.fruit)


def one(resource: str) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    out[res_index(resource)] = 1
    return tuple(out)  # type: ignore[return-value]


def sphere_counts(spheres: Any) -> Spheres:
    """(sun, water, silt) counts of a list of sphere names."""
    return (spheres.count("sun"), spheres.count("water"), spheres.count("silt"))


SILT: Spheres = (0, 0, 1)


def take_spheres(s: State, need: Spheres, rule: str, what: str, cause: str = "") -> Result:
    """Take spheres from the general supply (C3). Where the edition gives the box's count
    the supply is tracked and an empty one refuses the take; where it is unknown (G11) the
    setup listed the check as unchecked."""
    sup = s.supply
    if sup[0] is None and sup[1] is None and sup[2] is None:
        return [], s
    new = list(sup)
    for k, n in enumerate(need):
        have = sup[k]
        if n and have is not None:
            if have < n:
                return [
                    V(
                        "supply.empty",
                        rule,
                        "{what} takes {need} {colour} sphere(s); the supply holds {have}",
                        what=what,
                        cause=cause or what,
                        need=n,
                        colour=SPHERES[k],
                        have=have,
                    )
                ], None
            new[k] = have - n
    return [], s.but(supply=tuple(new))


def return_spheres(s: State, back: Spheres) -> State:
    """Spheres going back to the general supply (W5, W6, M19; removals, harvested silt)."""
    sup = s.supply
    if (sup[0] is None and sup[1] is None and sup[2] is None) or not any(back):
        return s
    return s.but(supply=tuple(x if x is None else x + b for x, b in zip(sup, back, strict=True)))


def covers(have: tuple[int, ...], need: tuple[int, ...]) -> bool:
    return all(h >= n for h, n in zip(have, need, strict=True))


def merge_building(s: State, b: mv.BuildingFacts) -> mv.BuildingFacts:
    known = s.buildings.get(b.id)
    if known is None:
        return b
    return known.model_copy(update={k: v for k, v in b.model_dump().items() if v is not None})


def merge_card_facts(
    known: mv.CardFacts | None, c: mv.CardFacts
) -> tuple[list[Violation], mv.CardFacts | None]:
    """The facts of card ``c`` merged with what is ``known`` of it (a fact not given keeps
    the known value); a fact that differs from a known one is refused (G6)."""
    if known is None:
        return [], c
    mine = c.model_dump(exclude_none=True)
    theirs = known.model_dump(exclude_none=True)
    clash = [k for k in mine if k in theirs and mine[k] != theirs[k]]
    if clash:
        return [
            V(
                "card.facts_conflict",
                "G6",
                "card {number}: {fields} differ from the edition data",
                number=c.number,
                fields=", ".join(clash),
            )
        ], None
    return [], known.model_copy(update={k: getattr(c, k) for k in mine})


def learn_cards(s: State, cards: list[mv.CardFacts]) -> Result:
    """Record dealt or revealed cards; card numbers are unique (L19)."""
    if not cards:  # most effects bring no card: nothing to learn, no copy of the maps
        return [], s
    seen = set(s.seen)
    new = dict(s.cards)
    for c in cards:
        if c.number in seen:
            return [
                V("card.duplicate", "L19", "card {number} is already in play", number=c.number)
            ], None
        seen.add(c.number)
        errs, merged = merge_card_facts(new.get(c.number), c)
        if merged is None:
            return errs, None
        new[c.number] = merged
    return [], s.but(cards=new, seen=frozenset(seen))


def farmer_space_errors(
    s: State, seat: int, field_id: str, space: int, ignore: str | None
) -> list[Violation]:
    if space >= 3 and s.n < space:
        return [
            V(
                "farmer.space_needs_players",
                "L5",
                "field space {space} is used only with at least {space} players",
                space=space,
            )
        ]
    for k, p in enumerate(s.players):
        for f, sp in p.farmers:
            if k == seat and f == ignore:
                continue
            if f == field_id and sp == space:
                return [
                    V(
                        "farmer.space_taken",
                        "L5",
                        "space {space} of {field} is not empty",
                        space=space,
                        field=field_id,
                    )
                ]
            if k == seat and f == field_id:
                return [
                    V(
                        "farmer.field_twice",
                        "L5",
                        "seat {seat} already has a farmer on {field}",
                        seat=seat + 1,
                        field=field_id,
                    )
                ]
    return []


def pay_param(res: tuple[int, ...]) -> dict[str, int]:
    """Resource counts as a message parameter: {"barley": 1, "papyrus": 2} (nonzero only)."""
    return {r: n for r, n in zip(RESOURCES, res, strict=True) if n}


def fmt(res: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, res, strict=True) if n) or "nothing"


# ---- the turn in progress ---------------------------------------------------------------


def turn_checks(s: State, seat: int, action: str | None = None) -> list[Violation]:
    """The move's seat is the turn player's, or (for an ``action``) a seat owed that action
    outside its own turn: a pushed priest's space gave it (M11)."""
    if s.turn is None or s.turn.seat != seat - 1:
        if action is not None and s.turn is not None and (seat - 1, action) in s.owed_actions:
            return []
        want = s.turn.seat + 1 if s.turn else None
        return [
            V(
                "turn.not_your_turn",
                "F6",
                "it is seat {want}'s turn, not seat {seat}'s",
                want=want,
                seat=seat,
            )
        ]
    return []


def step2(s: State) -> State:
    t = s.turn
    return s if t.step == 2 else s.but(turn=t.but(step=2))


def use_action(s: State, action: str, seat: int | None = None) -> Result:
    """Check ``action`` against the card (H3-H5) or a granted bonus; record it. For another
    seat than the turn player's (0-based ``seat``), use the action a pushed priest's space
    owes it (M11; ``turn_checks`` found it)."""
    t = s.turn
    if seat is not None and seat != t.seat:
        owed = list(s.owed_actions)
        owed.remove((seat, action))
        return [], s.but(owed_actions=tuple(owed))
    facts = s.cards.get(t.card)
    if t.events:  # an effect granted an action this turn: the card's or the granted one
        return _use_with_grants(s, action, facts)
    ok = action_allowed(
        t.actions,
        action,
        facts.top if facts else None,
        facts.bottom if facts else None,
        t.match,
        t.face_down,
    )
    if ok is False:
        return [
            V(
                "action.not_granted",
                "H3",
                "card {card} does not grant {action} after {done}",
                card=t.card,
                action=action,
                done=", ".join(t.actions) or "nothing",
            )
        ], None
    if ok is None:
        if len(t.actions) >= 3:
            return [V("action.too_many", "H1", "a card grants at most 3 actions")], None
        if facts is None or facts.top is None or facts.bottom is None:
            s = note(
                s,
                "card_actions",
                "H1",
                "actions of card {card}",
                "the card's actions are not recorded (G6)",
                card=t.card,
            )
        else:
            s = note(
                s,
                "both_halves",
                "H3",
                "both halves of card {card}",
                "used without a recorded glyph match (G6, G10)",
                card=t.card,
            )
    return [], s.but(turn=t.but(actions=(*t.actions, action), step=2))


def grant_action(s: State, action: str) -> State:
    """An effect grants the turn player ``action`` (FX1): from now on each action may be
    read as the card's or this one (the actions so far were the card's)."""
    t = s.turn
    events = t.events or tuple((False, a) for a in t.actions)
    return s.but(turn=t.but(bonus=(*t.bonus, action), events=(*events, (True, action))))


def _use_with_grants(s: State, action: str, facts: Any) -> Result:
    """``use_action`` once an effect has granted an action: any reading of the turn's
    actions as the card's or granted ones, in the order they came, may fit (F6 step 2)."""
    t = s.turn
    events = (*t.events, (False, action))
    top = facts.top if facts else None
    bottom = facts.bottom if facts else None
    found = assign_actions(events, top, bottom, t.match, t.face_down)
    if found is None:
        return [
            V(
                "action.not_granted",
                "H3",
                "card {card} does not grant {action} after {done}",
                card=t.card,
                action=action,
                done=", ".join(a for granted, a in t.events if not granted) or "nothing",
            )
        ], None
    card, left, known = found
    if not known:
        s = note(
            s,
            "card_actions",
            "H1",
            "actions of card {card}",
            "the card's actions are not recorded (G6)",
            card=t.card,
        )
    return [], s.but(turn=t.but(actions=card, bonus=left, events=events, step=2))


def substitute(
    s: State, i: int, need: tuple[int, ...], sub: Any
) -> tuple[list[Violation], State, tuple[int, ...]]:
    """M17: what is physically paid when a building replaces 1 required resource by 1
    pictured resource (swap) or any 2 (2-for-1). The building's own text is unchecked (G2)."""
    if sub is None:
        return [], s, need
    p = s.players[i]
    if sub.building not in p.buildings:
        return (
            [
                V(
                    "permanent.not_owned",
                    "M17",
                    "seat {seat} does not own building {card}",
                    seat=i + 1,
                    card=sub.building,
                )
            ],
            s,
            need,
        )
    if i != s.turn.seat:
        return (
            [
                V(
                    "permanent.not_own_turn",
                    "F6",
                    "seat {seat} uses a building's permanent effect outside its own turn",
                    seat=i + 1,
                )
            ],
            s,
            need,
        )
    if sub.building in s.turn.permanents_used:
        return (
            [
                V(
                    "permanent.used",
                    "L14",
                    "building {card}'s effect was used this turn",
                    card=sub.building,
                )
            ],
            s,
            need,
        )
    k = res_index(sub.instead_of)
    paid = counts(sub.paid)
    if need[k] < 1 or sum(paid) not in (1, 2):
        return (
            [
                V(
                    "permanent.bad_substitution",
                    "M17",
                    "a substitution gives 1 or 2 resources instead of 1 {res} that is due",
                    res=sub.instead_of,
                )
            ],
            s,
            need,
        )
    s = note(
        s,
        "substitution",
        "M17",
        "substitution by building {card}",
        "its printed effect is not in the rules (G2)",
        card=sub.building,
    )
    t = s.turn
    s = s.but(turn=t.but(permanents_used=(*t.permanents_used, sub.building)))
    return [], s, add_res(add_res(need, one(sub.instead_of), -1), paid)
