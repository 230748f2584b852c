"""legal_moves: every yielded move passes ``resolve`` (the same predicates as ``check``).

Chance records and printed facts have huge domains (any card number, any glyphs, any
sphere landing), so the generator yields a small, finite sample of them: synthetic card
numbers with synthetic facts, a few sphere drops. Those are legal records, not claims about
the printed components. Effects from lost card texts are never generated (they expire).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.tameri import moves as mv
from engines.tameri.components import ACTIONS, FIELDS, RESOURCES, SPHINX_SPACES, TEMPLES
from engines.tameri.rules import resolve
from engines.tameri.state import State
from engines.tameri.turns import face_down_cost

GLYPHS = ("ankh", "eye", "reed", "sun")  # names used only by generated logs
LAYOUT = (
    ("barley_1", "papyrus_1"),
    ("barley_2", "fruit_1"),
    ("flax_1", "fruit_2"),
    ("flax_2", "papyrus_2"),
)


def synthetic_card(number: int) -> mv.CardFacts:
    return mv.CardFacts(
        number=number,
        left=[GLYPHS[number % 4]] if number % 5 else [],
        right=[GLYPHS[(number // 4) % 4]],
        top=[ACTIONS[number % 8]],
        bottom=[ACTIONS[(number // 8) % 8]],
        weather=["silt"] if number % 3 == 0 else [],
        resources=mv.ResourceCounts(**{RESOURCES[number % 4]: 1}),
    )


def _next_numbers(s: State, k: int) -> list[int]:
    start = max(s.seen, default=0) + 1
    return list(range(start, start + k))


def _new_building(s: State) -> mv.BuildingFacts:
    return mv.BuildingFacts(
        id=f"X{len(s.buildings) + 1}",
        symbol=f"s{len(s.buildings) % 7 + 1}",
        cost_any=0,
        cost=mv.ResourceCounts(),
        immediate=False,
    )


def _legal(s: State, m: Any) -> bool:
    return not resolve(s, m)[0]


def legal_moves(s: State) -> Iterator[Any]:
    for m in _candidates(s):
        if _legal(s, m):
            yield m
    if s.phase not in ("setup", "draft_deal", "over"):
        # A dealt card nobody recorded beyond its number may be shown (stand-in facts).
        for number in sorted(s.seen):
            known = s.cards.get(number)
            if known is None or not known.model_dump(exclude_none=True).keys() - {"number"}:
                yield mv.CardFactsShown(type="card_facts", cards=[synthetic_card(number)])


def _candidates(s: State) -> Iterator[Any]:
    n = s.n
    phase = s.phase
    if phase == "setup":
        buildings = []
        for _ in range(5):
            b = _new_building(s)
            s = s.but(buildings={**s.buildings, b.id: b})
            buildings.append(b)
        yield mv.Setup(
            type="setup",
            ramps=[list(p) for p in LAYOUT],
            buildings=buildings,
            start_glyphs=[GLYPHS[k] for k in range(n)],
            end_glyphs=[GLYPHS[(k + 1) % 4] for k in range(n)],
            temple_lengths={"amun": 8, "ra": 8, "ptah": 8},
        )
    elif phase == "draft_deal":
        nums = _next_numbers(s, 5 * n)
        yield mv.DraftDeal(
            type="draft_deal",
            hands=[[synthetic_card(x) for x in nums[5 * k : 5 * k + 5]] for k in range(n)],
        )
    elif phase == "draft":
        for k in range(n):
            if s.draft_picks[k] is None:
                for c in s.draft_hands[k]:
                    yield mv.DraftPick(type="draft_pick", seat=k + 1, card=c)
    elif phase == "first_farmer":
        seat = s.counters[s.turn_index]
        for f in FIELDS:
            for space in range(1, 5):
                yield mv.FirstFarmer(type="first_farmer", seat=seat + 1, field=f, space=space)
    elif phase == "nile":
        yield mv.NileReveal(
            type="nile_reveal", cards=[synthetic_card(x) for x in _next_numbers(s, s.nile_expect)]
        )
    elif phase == "weather":
        yield mv.Weather(type="weather", drops=[[], [], [], []])
        for r in range(4):
            for sphere in ("sun", "water", "silt"):
                drops: list[list[str]] = [[], [], [], []]
                drops[r] = [sphere, sphere]
                yield mv.Weather(type="weather", drops=drops)
        # W6 note: a sphere that stays inside the Great Pyramid, and one that comes out later
        yield mv.Weather(type="weather", drops=[["sun"], [], [], []], hidden=["silt"])
        for k, sphere in enumerate(("sun", "water", "silt")):
            if s.pyramid[k]:
                yield mv.Weather(
                    type="weather", drops=[[], [sphere], [], []], from_pyramid=[sphere]
                )
    elif phase == "play":
        for k in range(n):
            if s.played[k] is None:
                for c in s.players[k].hand:
                    yield mv.PlayCard(type="play_card", seat=k + 1, card=c)
    elif phase == "reveal":
        for k in range(n):
            if s.decided[k] is None:
                yield mv.Reveal(type="reveal", seat=k + 1, face_down=False)
                if s.players[k].deben >= face_down_cost(s.players[k].board):
                    yield mv.Reveal(type="reveal", seat=k + 1, face_down=True)
    elif phase == "turn":
        yield from _turn_candidates(s)
    elif phase == "season_end":
        yield mv.SeasonEnd(
            type="season_end",
            building_points=[0] * n,
            new_building=_new_building(s) if s.season < 3 else None,
        )
    elif phase == "game_end":
        yield mv.GameEnd(type="game_end", priest_card_points=[0] * n)


def _turn_candidates(s: State) -> Iterator[Any]:
    t = s.turn
    seat = t.seat + 1
    p = s.players[t.seat]
    for num, _ in s.nile:
        yield mv.TakeNile(type="take_nile", seat=seat, card=num)
    for k, src in dict.fromkeys(s.pending):  # effects owed: the judge records their gains
        yield mv.Effect(type="effect", seat=k + 1, source=src, gains=mv.Gains(vp=1))
        if src == "temple":  # a space that grants an action (EX10: a farmer action)
            yield mv.Effect(
                type="effect", seat=k + 1, source=src, gains=mv.Gains(extra_action="decorator")
            )
    for k, action in dict.fromkeys(s.owed_actions):  # M11: a pushed priest's owner acts
        if action == "decorator":
            yield mv.Decorator(type="decorator", seat=k + 1, space=2)
    if t.step == 1:
        for e in (1, 2):
            yield mv.CardWeather(type="card_weather", seat=seat, effect=e)
            for r in range(1, 5):
                for c in ("sun", "water"):
                    yield mv.CardWeather(type="card_weather", seat=seat, effect=e, ramp=r, colour=c)
    for r in range(1, 5):
        colour = s.ramps[r - 1][0]
        if colour is not None:
            yield mv.ExtraWeather(
                type="extra_weather", seat=seat, kind="remove", ramp=r, colour=colour
            )
            if s.pyramid[2]:  # A2: a hidden silt falls when the sphere below it goes
                yield mv.ExtraWeather(
                    type="extra_weather",
                    seat=seat,
                    kind="remove",
                    ramp=r,
                    colour=colour,
                    released=["silt"],
                )
        yield mv.ExtraWeather(type="extra_weather", seat=seat, kind="place_silt", ramp=r)
    # Step 2 at any time (F6): an immediate effect of a priest card not yet revealed (M16),
    # a permanent effect of a building not yet used this turn (M17; gains as recorded).
    if p.priest_revealed < p.priest_cards:
        yield mv.Effect(type="effect", seat=seat, source="priest_card", gains=mv.Gains(vp=1))
    for b in p.buildings:
        if b not in t.permanents_used:
            yield mv.Effect(type="effect", seat=seat, source="building", ref=b, gains=mv.Gains())
    held = [r for r, x in zip(RESOURCES, p.res, strict=True) if x > 0]
    if t.match is not True and held and p.buildings:  # H7 through a building's permanent effect
        yield mv.GlyphCompletion(
            type="glyph_completion", seat=seat, building=p.buildings[0], pay=held[0]
        )
    sources = ["supply", "merchant", "architect", *[f for f, _ in p.farmers]]
    for f in FIELDS:
        for space in (1, 2):
            yield mv.Farmer(
                type="farmer",
                seat=seat,
                source=sources[0] if p.available else sources[-1],
                field=f,
                space=space,
            )
    others = [k + 1 for k, q in enumerate(s.players) if q.merchant is not None and k != t.seat]
    for space in range(1, 7):
        src = "supply" if p.available else "architect"
        yield mv.Merchant(
            type="merchant",
            seat=seat,
            space=space,
            source=src,
            mode="collect",
            others=[mv.OtherGain(seat=o, resource="barley") for o in others],
        )
        if held:
            stalls = sorted({RESOURCES[space % 4], RESOURCES[(space + 1) % 4]})
            if len(stalls) == 2:
                yield mv.Merchant(
                    type="merchant",
                    seat=seat,
                    space=space,
                    source=src,
                    mode="trade",
                    pay=held[0],
                    stalls=stalls,
                )
    yield mv.Architect(type="architect", seat=seat, source="supply" if p.available else "merchant")
    a = p.architect + 1 if p.architect else 1
    for pos in range(1, 6):
        surcharge = max(0, pos - min(a, 5))
        yield mv.Architect(
            type="architect",
            seat=seat,
            source="supply" if p.available else "merchant",
            buy=mv.Buy(
                position=pos, pay=mv.ResourceCounts(papyrus=surcharge), new_card=_new_building(s)
            ),
        )
    for temple in TEMPLES:
        for k in range(1, len(held) + 1):
            yield mv.Priest(
                type="priest",
                seat=seat,
                temple=temple,
                pay=held[:k],
                source="supply" if p.available else "merchant",
            )
    yield mv.Harvest(type="harvest", seat=seat, fields=[f for f, _ in p.farmers])
    free = [x for x in range(1, SPHINX_SPACES + 1) if x not in s.sphinx_spaces]
    yield mv.Sphinx(
        type="sphinx", seat=seat, space=free[0] if free and len(p.sphinxes) < 3 else None
    )
    yield mv.Decorator(type="decorator", seat=seat, space=1)
    if held:
        yield mv.Offering(
            type="offering", seat=seat, resources=mv.ResourceCounts(**{r: 1 for r in held})
        )
        yield mv.Offering(type="offering", seat=seat, resources=mv.ResourceCounts(**{held[0]: 1}))
