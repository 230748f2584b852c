"""A player's turn: harvest, sphinx, decorator, offering, glyph completion, weather effects,
and the immediate effects the judge records.

Each handler returns the violations of a move, or the state after it (see rules.py).
"""

from __future__ import annotations

from engines.tameri import moves as mv
from engines.tameri import scoring
from engines.tameri.common import (
    SILT,
    Result,
    V,
    add_res,
    counts,
    covers,
    grant_action,
    learn_cards,
    note,
    one,
    pay_param,
    return_spheres,
    sphere_counts,
    step2,
    substitute,
    take_spheres,
    turn_checks,
    use_action,
)
from engines.tameri.components import (
    RIVER_CAPACITY,
    SPHERES,
    SPHINX_SPACES,
    SPHINXES,
    field_type,
    productive,
    silt_yield,
)
from engines.tameri.state import State, res_index
from engines.tameri.turns import is_subsequence
from engines.tameri.weather import resolve_with_returns
from engines.tameri.workers import advance


def harvest(s: State, m: mv.Harvest) -> Result:
    errs = turn_checks(s, m.seat, "harvest")
    if errs:
        return errs, None
    if len(set(m.fields)) != len(m.fields):
        return [V("harvest.field_twice", "M12", "each field is harvested once")], None
    errs, s = use_action(s, "harvest", m.seat - 1)
    if errs:
        return errs, None
    i = m.seat - 1
    p = s.players[i]
    gain = [0, 0, 0, 0]
    rivers = list(s.rivers)
    produced: set[int] = set()
    for f in m.fields:
        if p.farmer_on(f) is None:
            return [
                V(
                    "harvest.no_farmer",
                    "M12",
                    "seat {seat} has no farmer on {field}",
                    seat=m.seat,
                    field=f,
                )
            ], None
        r = next(k for k, pair in enumerate(s.ramp_fields) if f in pair)
        colour, count = s.ramps[r]
        amount = silt_yield(s.rivers[r]) if productive(field_type(f), colour, count) else 0
        gain[res_index(field_type(f))] += amount
        if amount:
            produced.add(r)
    for r in produced:  # only 1 silt per river area, even if both fields produced
        rivers[r] -= 1
    p = p.but(res=add_res(p.res, tuple(gain)))
    s = s.with_player(i, p).but(rivers=tuple(rivers))
    return [], return_spheres(s, (0, 0, len(produced)))  # Inferred: removed silt -> supply


def sphinx(s: State, m: mv.Sphinx) -> Result:
    errs = turn_checks(s, m.seat, "sphinx")
    if errs:
        return errs, None
    errs, s = use_action(s, "sphinx", m.seat - 1)
    if errs:
        return errs, None
    i = m.seat - 1
    errs, s, pay = substitute(s, i, one("fruit"), m.substitution)
    if errs:
        return errs, None
    p = s.players[i]
    if not covers(p.res, pay):
        return [V("sphinx.no_fruit", "M13", "the sphinx action costs 1 fruit")], None
    p = p.but(res=add_res(p.res, pay, -1))
    can_place = len(p.sphinxes) < SPHINXES and len(s.sphinx_spaces) < SPHINX_SPACES
    if m.space is not None:
        if not can_place:
            return [
                V("sphinx.none_to_place", "L9", "seat {seat} has no sphinx to place", seat=m.seat)
            ], None
        if m.space in s.sphinx_spaces:
            return [
                V("sphinx.space_taken", "L9", "sphinx space {space} is taken", space=m.space)
            ], None
        p = p.but(sphinxes=(*p.sphinxes, m.space))
        s = s.but(sphinx_spaces=(*s.sphinx_spaces, m.space))
    elif can_place:
        return [V("sphinx.must_place", "M13", "a sphinx is placed while one is left (A15)")], None
    s = s.with_player(i, p)
    return [], s.but(pending=(*s.pending, *[(i, "sphinx")] * len(p.sphinxes)))


def decorator(s: State, m: mv.Decorator) -> Result:
    errs = turn_checks(s, m.seat, "decorator")
    if errs:
        return errs, None
    errs, s = use_action(s, "decorator", m.seat - 1)
    if errs:
        return errs, None
    return [], s.but(pending=(*s.pending, (m.seat - 1, "sphinx")))


def offering(s: State, m: mv.Offering) -> Result:
    errs = turn_checks(s, m.seat, "offering")
    if errs:
        return errs, None
    i = m.seat - 1
    p = s.players[i]
    res = counts(m.resources)
    total, kinds = sum(res), sum(1 for x in res if x)
    if total < 1:
        return [
            V("offering.empty", "L12", "an offering holds 1 to 4 resources; 0 is illegal")
        ], None
    if not covers(p.res, res):
        return [
            V(
                "offering.cannot_pay",
                "M15",
                "seat {seat} does not have {res}",
                seat=m.seat,
                res=pay_param(res),
            )
        ], None
    if m.substitution is None:
        if total != kinds or total > 4:
            return [
                V(
                    "offering.not_different",
                    "L12",
                    "the offered resources must be of different types",
                )
            ], None
    else:
        if m.substitution not in p.buildings:
            return [
                V(
                    "permanent.not_owned",
                    "M17",
                    "seat {seat} does not own building {card}",
                    seat=m.seat,
                    card=m.substitution,
                )
            ], None
        if i != s.turn.seat:
            return [
                V(
                    "permanent.not_own_turn",
                    "F6",
                    "seat {seat} uses a building's permanent effect outside its own turn",
                    seat=m.seat,
                )
            ], None
        if m.substitution in s.turn.permanents_used:
            return [
                V(
                    "permanent.used",
                    "L14",
                    "building {card}'s effect was used this turn",
                    card=m.substitution,
                )
            ], None
        if total > 5 or total - kinds > 1:
            return [
                V(
                    "offering.not_different",
                    "L12",
                    "one substitution allows 5 resources or 1 duplicate at most",
                )
            ], None
        s = note(
            s,
            "substitution",
            "M17",
            "substitution by building {card}",
            "its printed effect is not in the rules (G2)",
            card=m.substitution,
        )
        t = s.turn
        s = s.but(turn=t.but(permanents_used=(*t.permanents_used, m.substitution)))
    errs, s = use_action(s, "offering", m.seat - 1)
    if errs:
        return errs, None
    slots = min(total, 4) if s.ctx.options.offering_points == "slots" else total
    p = s.players[i]
    p = p.but(
        res=add_res(p.res, res, -1),
        screen=add_res(p.screen, res),
        play=p.play + scoring.offering_points(slots),
    )
    return [], s.with_player(i, p)


def glyph_completion(s: State, m: mv.GlyphCompletion) -> Result:
    errs = turn_checks(s, m.seat)
    if errs:
        return errs, None
    t = s.turn
    i = m.seat - 1
    p = s.players[i]
    facts = s.cards.get(t.card)
    # M17 / turn step 2: a permanent effect may be used at any time in the step, so also
    # after the card's first action - as long as the other half can still follow (H3: top
    # before bottom). Once a bottom action is done, completing the glyph adds nothing.
    late = bool(t.actions) and (
        facts is not None and facts.top is not None and not is_subsequence(t.actions, facts.top)
    )
    if t.face_down or t.match is True or late:
        return [
            V(
                "glyph.completion_not_needed",
                "H7",
                "glyph completion only helps a revealed, unmatched card while its other half "
                "can still follow",
            )
        ], None
    if facts is not None and facts.left is not None and not facts.left:
        return [
            V("glyph.no_left_glyph", "H7", "card {card} has no left glyph to complete", card=t.card)
        ], None
    if m.building not in p.buildings:
        return [
            V(
                "permanent.not_owned",
                "M17",
                "seat {seat} does not own building {card}",
                seat=m.seat,
                card=m.building,
            )
        ], None
    if m.building in t.permanents_used:
        return [
            V(
                "permanent.used",
                "L14",
                "building {card}'s effect was used this turn",
                card=m.building,
            )
        ], None
    if p.res[res_index(m.pay)] < 1:
        return [
            V("glyph.cannot_pay", "H7", "seat {seat} has no {res}", seat=m.seat, res=m.pay)
        ], None
    s = note(
        s,
        "glyph_completion",
        "H7",
        "glyph completion by building {card}",
        "its printed effect is not in the rules (G2)",
        card=m.building,
    )
    s = s.with_player(i, p.but(res=add_res(p.res, one(m.pay), -1)))
    return [], s.but(
        turn=t.but(match=True, step=2, permanents_used=(*t.permanents_used, m.building))
    )


def remove_sphere(s: State, ramp: int, colour: str, released: list[str] | None = None) -> Result:
    """M5/M6a/FX8: one sphere off a ramp, back to the supply (Inferred from W6: removed sun
    and water spheres go back to the common supply). ``released``: spheres that fell out of
    the pyramid onto this ramp because of the removal (A2)."""
    c, count = s.ramps[ramp - 1]
    if c != colour or count < 1:
        return [
            V(
                "weather.no_sphere",
                "M5",
                "ramp {ramp} holds no {colour} sphere",
                ramp=ramp,
                colour=colour,
            )
        ], None
    ramps = list(s.ramps)
    ramps[ramp - 1] = (c if count > 1 else None, count - 1)
    s = return_spheres(s.but(ramps=tuple(ramps)), SUN if colour == "sun" else WATER)
    if released:
        return release(s, ramp, released)
    return [], s


SUN, WATER = (1, 0, 0), (0, 1, 0)


def release(s: State, ramp: int, released: list[str]) -> Result:
    """A2: spheres hidden in the pyramid fall onto a ramp during a turn. The text settles
    this only in Phase 1 (W6 note: a silt coming into view goes to the river as in W5); the
    engine applies the Phase 1 steps W4-W6 to the ramp (the reference's proposal for A2)."""
    out = sphere_counts(released)
    for k, colour in enumerate(SPHERES):
        if out[k] > s.pyramid[k]:
            return [
                V(
                    "pyramid.not_inside",
                    "A2",
                    "{n} {colour} sphere(s) fell out of the pyramid, which holds {have}",
                    n=out[k],
                    colour=colour,
                    have=s.pyramid[k],
                )
            ], None
    r = ramp - 1
    ramps, rivers = list(s.ramps), list(s.rivers)
    ramps[r], rivers[r], back = resolve_with_returns(
        ramps[r], released, rivers[r], s.ctx.options.five_removal
    )
    s = s.but(
        ramps=tuple(ramps),
        rivers=tuple(rivers),
        pyramid=tuple(p - o for p, o in zip(s.pyramid, out, strict=True)),
    )
    s = note(
        s,
        "pyramid_release",
        "A2",
        "spheres falling out of the pyramid during a turn",
        "not covered by the text (A2): placed by the Phase 1 steps W4-W6",
    )
    return [], return_spheres(s, back)


def card_weather(s: State, m: mv.CardWeather) -> Result:
    errs = turn_checks(s, m.seat)
    if errs:
        return errs, None
    t = s.turn
    if t.step != 1:
        return [
            V(
                "weather.card_effect_late",
                "L13",
                "card weather effects come first, before the actions (F6.1)",
            )
        ], None
    if t.face_down and not s.ctx.options.face_down_weather:
        return [
            V("weather.face_down", "M4", "a face-down card's weather effects are not used (A4)")
        ], None
    if m.effect in t.weather_used:
        return [
            V("weather.card_effect_twice", "L13", "each card weather effect is used once")
        ], None
    facts = s.cards.get(t.card)
    kinds = facts.weather if facts else None
    if kinds is None:
        s = note(
            s,
            "card_weather",
            "M5",
            "weather effects of card {card}",
            "not recorded (G6)",
            card=t.card,
        )
        kind = "silt" if m.ramp is None else "sun_or_water"
    else:
        if m.effect > len(kinds):
            return [
                V(
                    "weather.no_such_effect",
                    "M5",
                    "card {card} has {n} weather effects",
                    card=t.card,
                    n=len(kinds),
                )
            ], None
        kind = kinds[m.effect - 1]
    s = s.but(turn=t.but(weather_used=(*t.weather_used, m.effect)))
    i = m.seat - 1
    if kind == "silt":  # M5: "gain a silt sphere from the supply"
        errs, s = take_spheres(
            s, SILT, "M5", f"the weather effect of card {t.card}", "card_weather"
        )
        if errs:
            return errs, None
        p = s.players[i]
        return [], s.with_player(i, p.but(silt=p.silt + 1))
    colour = m.colour or (kind if kind in ("sun", "water") else None)
    if m.ramp is None or colour is None or (kind != "sun_or_water" and colour != kind):
        return [
            V(
                "weather.bad_removal",
                "M5",
                "this effect removes a {kind} sphere from a chosen ramp",
                kind=kind,
            )
        ], None
    return remove_sphere(s, m.ramp, colour, m.released)


def extra_weather(s: State, m: mv.ExtraWeather) -> Result:
    errs = turn_checks(s, m.seat)
    if errs:
        return errs, None
    s = step2(s)
    i = m.seat - 1
    p = s.players[i]
    if m.kind == "remove":
        if p.deben < 1 or m.ramp is None or m.colour is None:
            return [
                V(
                    "weather.extra_cost",
                    "M6",
                    "removing a sphere costs 1 deben and names a ramp and colour",
                )
            ], None
        errs, s = remove_sphere(s, m.ramp, m.colour, m.released)
        if errs:
            return errs, None
        return [], s.with_player(i, p.but(deben=p.deben - 1))
    if m.kind == "buy_silt":
        if p.deben < 2:
            return [V("weather.extra_cost", "M6", "buying a silt sphere costs 2 deben")], None
        errs, s = take_spheres(s, SILT, "M6", "buying a silt sphere", "buy_silt")
        if errs:
            return errs, None
        p = p.but(deben=p.deben - 2)
        if m.to_board:
            return [], s.with_player(i, p.but(silt=p.silt + 1))
    else:
        if p.silt < 1:
            return [
                V("weather.no_silt", "M6", "seat {seat} has no silt on the board", seat=m.seat)
            ], None
        p = p.but(silt=p.silt - 1)
    if m.ramp is None:
        return [V("weather.no_river", "M6", "name the river area (by its ramp) for the silt")], None
    rivers = list(s.rivers)
    if rivers[m.ramp - 1] >= RIVER_CAPACITY:
        s = note(
            s,
            "full_river",
            "G13",
            "silt into full river {ramp}",
            "the text does not say what happens; the sphere goes back to the supply",
            ramp=m.ramp,
        )
        s = return_spheres(s, SILT)
    else:
        rivers[m.ramp - 1] += 1
    return [], s.with_player(i, p).but(rivers=tuple(rivers))


def effect(s: State, m: mv.Effect) -> Result:
    if s.turn is None:
        return [V("effect.no_turn", "F6", "effects happen during a turn")], None
    i = m.seat - 1
    pending = list(s.pending)
    if m.source == "priest_card":
        q = s.players[i]
        if i != s.turn.seat or q.priest_cards < 1:
            return [
                V(
                    "effect.no_source",
                    "M16",
                    "seat {seat} reveals no priest card now ({source})",
                    seat=m.seat,
                    source=m.source,
                )
            ], None
        if q.priest_revealed >= q.priest_cards:  # M16: each card's immediate effect once
            return [
                V(
                    "effect.no_priest_card_left",
                    "M16",
                    "seat {seat} has revealed all {held} of their priest cards",
                    seat=m.seat,
                    held=q.priest_cards,
                )
            ], None
        s = s.with_player(i, q.but(priest_revealed=q.priest_revealed + 1))
    elif (i, m.source) in pending:
        pending.remove((i, m.source))
    elif m.source == "building" and i == s.turn.seat and m.ref in s.players[i].buildings:
        # M17: a permanent effect of an owned building, once per turn (L14)
        t = s.turn
        if m.ref in t.permanents_used:
            return [
                V(
                    "permanent.used",
                    "L14",
                    "building {card}'s effect was used this turn",
                    card=m.ref,
                )
            ], None
        s = s.but(turn=t.but(permanents_used=(*t.permanents_used, m.ref)))
    else:
        return [
            V(
                "effect.no_source",
                "FX1",
                "no {source} effect is owed to seat {seat}",
                source=m.source,
                seat=m.seat,
            )
        ], None
    s = note(
        s,
        "effect_gains",
        "FX1",
        "{source} effects",
        "the printed effect texts are not in the rules (G2-G5): gains taken as recorded",
        source=m.source,
    )
    if i == s.turn.seat:
        s = step2(s)
    g = m.gains
    if g.silt:  # FX4: with no silt left in the supply, the effect cannot be used
        errs, s = take_spheres(s, (0, 0, g.silt), "FX4", f"the {m.source} effect", "effect")
        if errs:
            return errs, None
    p = s.players[i]
    errs, s2 = learn_cards(s, g.temple_cards)
    if errs:
        return errs, None
    s = s2
    locked, available = p.locked, p.available
    if g.unlock and locked > 0:  # FX9: otherwise the chosen reward only
        locked, available = locked - 1, available + 1
    p = p.but(
        res=add_res(p.res, counts(g.resources)),
        deben=p.deben + g.deben,
        silt=p.silt + g.silt,
        play=p.play + g.vp,
        priest_cards=p.priest_cards + g.priest_cards,
        hand=(*p.hand, *(c.number for c in g.temple_cards)),
        locked=locked,
        available=available,
    )
    players = list(s.players)
    players[i] = p
    s = s.but(players=tuple(players), pending=tuple(pending))  # one copy for both
    for r in g.remove_spheres:
        errs, s = remove_sphere(s, r.ramp, r.colour, r.released)
        if errs:
            return errs, None
    if g.extra_action is not None and i == s.turn.seat:
        s = grant_action(s, g.extra_action)
    elif g.extra_action is not None:  # M11: a pushed priest's owner acts at once, off-turn
        s = s.but(owed_actions=(*s.owed_actions, (i, g.extra_action)))
    if g.temple_advance is not None:  # FX10, free steps (A7 reading a)
        adv = g.temple_advance  # M7: a new priest from the pool or a moved worker
        errs, s = advance(s, i, adv.temple, adv.steps, adv.source)
        if errs:
            return errs, None
    return [], s
