"""``resolve(state, move)``: the violations of a move, or the state after it.

One function per move type checks first and builds the next state only when nothing is
broken, so ``check`` and ``next_state`` can never disagree. Printed facts the text lost are
taken from edition data or the log; what neither gives becomes an ``Unchecked`` note.
"""

from __future__ import annotations

from operator import add, sub
from typing import Any

from engines.core.types import Unchecked, Violation
from engines.tameri import moves as mv
from engines.tameri import scoring
from engines.tameri.components import (
    ARCHITECT_TRACK,
    DRAFT_HAND,
    RESOURCES,
    RIVER_CAPACITY,
    ROUNDS_PER_SEASON,
    SEASONS,
    SPHINX_SPACES,
    SPHINXES,
    TEMPLES,
    WAREHOUSE_CAP,
    field_type,
    productive,
    silt_yield,
)
from engines.tameri.state import NO_RES, Player, State, Turn, res_index
from engines.tameri.turns import (
    action_allowed,
    advance_priest,
    draft_counters,
    face_down_cost,
    glyph_match,
    reference_glyphs,
    turn_order,
)
from engines.tameri.weather import resolve_ramp

Result = tuple[list[Violation], State | None]


def V(code: str, rule: str, message: str, **params: Any) -> Violation:
    return Violation(code, f"tameri:{rule}", message, params)


def note(s: State, item: str, reason: str, rule: str) -> State:
    """Record once what could not be verified (an item is noted the first time only)."""
    if any(u.item == item for u in s.unchecked):
        return s
    return s.but(unchecked=(*s.unchecked, Unchecked(item, reason, f"tameri:{rule}")))


def add_res(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, int, int, int]:
    return tuple(map(add if sign == 1 else sub, a, b))  # type: ignore[return-value]


def counts(rc: Any) -> tuple[int, int, int, int]:
    return (rc.barley, rc.papyrus, rc.flax, rc.fruit)


def one(resource: str) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    out[res_index(resource)] = 1
    return tuple(out)  # type: ignore[return-value]


def covers(have: tuple[int, ...], need: tuple[int, ...]) -> bool:
    return all(h >= n for h, n in zip(have, need, strict=True))


EXPECTED_PHASE = {
    "setup": "setup",
    "draft_deal": "draft_deal",
    "draft_pick": "draft",
    "first_farmer": "first_farmer",
    "nile_reveal": "nile",
    "weather": "weather",
    "play_card": "play",
    "reveal": "reveal",
    "season_end": "season_end",
    "game_end": "game_end",
}


def resolve(s: State, m: Any) -> Result:
    want = EXPECTED_PHASE.get(m.type, "turn")
    if s.phase != want:
        return [
            V(
                "phase.out_of_order",
                "F1",
                "a {move} record is not expected now (phase: {phase})",
                move=m.type,
                phase=s.phase,
            )
        ], None
    seat = getattr(m, "seat", None)
    if seat is not None and seat > s.n:
        return [V("seat.unknown", "I3", "seat {seat} does not exist", seat=seat)], None
    return HANDLERS[m.type](s, m)


# ---- setup and season 0 -------------------------------------------------------------------


def _setup(s: State, m: mv.Setup) -> Result:
    fields = [f for pair in m.ramps for f in pair]
    if len(set(fields)) != len(fields):
        return [V("setup.ramps", "C2", "each of the 8 fields lies beside exactly one ramp")], None
    n = s.n
    for name, glyphs in (("start_glyphs", m.start_glyphs), ("end_glyphs", m.end_glyphs)):
        if glyphs is not None and len(glyphs) != n:
            return [V("setup.glyphs", "G10", "{name} needs one entry per seat", name=name)], None
    ids = [b.id for b in m.buildings]
    if len(set(ids)) != len(ids):
        return [V("setup.buildings", "U6", "the 5 building cards must differ")], None
    lengths = m.temple_lengths or {}
    s = s.but(
        phase="draft_deal",
        ramp_fields=tuple((a, b) for a, b in m.ramps),
        start_glyphs=tuple(m.start_glyphs or (None,) * n),
        end_glyphs=tuple(m.end_glyphs or (None,) * n),
        temple_lengths=tuple(lengths.get(t, s.temple_lengths[i]) for i, t in enumerate(TEMPLES)),
        row=tuple(ids),
        buildings={**s.buildings, **{b.id: _merge_building(s, b) for b in m.buildings}},
    )
    return [], s


def _merge_building(s: State, b: mv.BuildingFacts) -> mv.BuildingFacts:
    known = s.buildings.get(b.id)
    if known is None:
        return b
    return known.model_copy(update={k: v for k, v in b.model_dump().items() if v is not None})


def _learn_cards(s: State, cards: list[mv.CardFacts]) -> Result:
    """Record dealt or revealed cards; card numbers are unique (L19)."""
    seen = set(s.seen)
    new = dict(s.cards)
    for c in cards:
        if c.number in seen:
            return [
                V("card.duplicate", "L19", "card {number} is already in play", number=c.number)
            ], None
        seen.add(c.number)
        known = new.get(c.number)
        if known is not None:
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
            c = known.model_copy(update={k: getattr(c, k) for k in mine})
        new[c.number] = c
    return [], s.but(cards=new, seen=frozenset(seen))


def _draft_deal(s: State, m: mv.DraftDeal) -> Result:
    if len(m.hands) != s.n:
        return [V("draft.hands", "F2", "deal one hand of 5 to each of the {n} seats", n=s.n)], None
    errs, s2 = _learn_cards(s, [c for hand in m.hands for c in hand])
    if errs:
        return errs, None
    hands = tuple(tuple(c.number for c in hand) for hand in m.hands)
    return [], s2.but(phase="draft", draft_hands=hands, draft_picks=(None,) * s.n)


def _draft_pick(s: State, m: mv.DraftPick) -> Result:
    i = m.seat - 1
    if s.draft_picks[i] is not None:
        return [
            V("draft.already_picked", "M1", "seat {seat} already kept a card", seat=m.seat)
        ], None
    if m.card not in s.draft_hands[i]:
        return [
            V(
                "draft.not_in_hand",
                "M1",
                "card {card} is not in seat {seat}'s hand",
                card=m.card,
                seat=m.seat,
            )
        ], None
    picks = list(s.draft_picks)
    picks[i] = m.card
    if any(p is None for p in picks):
        return [], s.but(draft_picks=tuple(picks))
    # Everyone kept one: boards take the picks, the rest passes left (F2.3).
    players = tuple(p.but(hand=(*p.hand, picks[k])) for k, p in enumerate(s.players))
    rest = [tuple(c for c in h if c != picks[k]) for k, h in enumerate(s.draft_hands)]
    passed = tuple(rest[(k - 1) % s.n] for k in range(s.n))
    s = s.but(players=players, draft_hands=passed, draft_picks=(None,) * s.n)
    if len(passed[0]) > DRAFT_HAND - 4:
        return [], s
    counters = tuple(draft_counters([h[0] for h in passed]))  # F2.5
    return [], s.but(phase="first_farmer", counters=counters, turn_index=0, draft_hands=())


def _first_farmer(s: State, m: mv.FirstFarmer) -> Result:
    i = m.seat - 1
    if s.counters[s.turn_index] != i:
        return [
            V(
                "turn.not_your_turn",
                "F2",
                "seat {seat} places a first farmer, but it is seat {want}'s turn",
                seat=m.seat,
                want=s.counters[s.turn_index] + 1,
            )
        ], None
    p = s.players[i]
    errs = _farmer_space_errors(s, i, m.field, m.space, ignore=None)
    if errs:
        return errs, None
    p = p.but(available=p.available - 1, farmers=(*p.farmers, (m.field, m.space)))
    s = s.with_player(i, p)
    if s.turn_index + 1 < s.n:
        return [], s.but(turn_index=s.turn_index + 1)
    return [], s.but(phase="nile", season=1, nile_expect=s.n + 2, turn_index=0)


def _farmer_space_errors(
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


# ---- Nile, weather, action choice, turn order ------------------------------------------


def _nile_reveal(s: State, m: mv.NileReveal) -> Result:
    if len(m.cards) != s.nile_expect:
        return [
            V(
                "nile.count",
                "L11",
                "reveal {want} cards, not {got}",
                want=s.nile_expect,
                got=len(m.cards),
            )
        ], None
    errs, s = _learn_cards(s, m.cards)
    if errs:
        return errs, None
    new = [(c.number, None) for c in m.cards]
    if s.nile_expect == s.n + 2:  # F2.8 / F9.6c: resources on the 2 lowest-numbered
        lowest = sorted(c.number for c in m.cards)[:2]
        placed = []
        for num, _ in new:
            if num in lowest:
                s, res = _printed_resources(s, num)
                placed.append((num, res))
            else:
                placed.append((num, None))
        new = placed
    return [], s.but(phase="weather", nile=(*s.nile, *new))


def _printed_resources(s: State, number: int) -> tuple[State, tuple[int, int, int, int]]:
    facts = s.cards.get(number)
    if facts is None or facts.resources is None:
        s = note(
            s,
            f"resources printed on card {number}",
            "not recorded; nothing is placed on the card (G6)",
            "F8",
        )
        return s, NO_RES
    return s, counts(facts.resources)


def _weather(s: State, m: mv.Weather) -> Result:
    tiles = s.tiles_seen
    if m.tile is not None:
        if m.tile in tiles:  # U5/F9.6a: 7 tiles, reshuffled only at a season end
            return [
                V(
                    "weather.tile_repeated",
                    "W1",
                    "weather tile {tile} was already revealed this season",
                    tile=m.tile,
                )
            ], None
        tiles = (*tiles, m.tile)
        errs, s = _check_drops(s, m)
        if errs:
            return errs, None
    ramps, rivers = list(s.ramps), list(s.rivers)
    for r in range(len(ramps)):
        ramps[r], rivers[r], _ = resolve_ramp(
            ramps[r], m.drops[r], rivers[r], s.ctx.options.five_removal
        )
    return [], s.but(
        phase="play",
        round=s.round + 1,
        ramps=tuple(ramps),
        rivers=tuple(rivers),
        played=(None,) * s.n,
        decided=(None,) * s.n,
        tiles_seen=tiles,
    )


def _check_drops(s: State, m: mv.Weather) -> Result:
    """W1-W3 against edition data: tile spheres + the season's spheres, fewer only when the
    supply ran short. Without the printed contents (G7) the drops are taken as recorded."""
    tile = s.ctx.edition.get(f"weather_tiles.{m.tile}")
    season = s.ctx.edition.get(f"board.season_spheres.{s.season - 1}")
    if not isinstance(tile, dict) or not isinstance(season, dict):
        return [], note(
            s, "weather tile contents", "not in the rules (G7): drops taken as recorded", "W2"
        )
    dropped = [sum(d.count(c) for d in m.drops) for c in ("sun", "water", "silt")]
    want = [_count(tile.get(c)) + _count(season.get(c)) for c in ("sun", "water", "silt")]
    if any(d > w for d, w in zip(dropped, want, strict=True)):
        return [
            V(
                "weather.too_many_spheres",
                "W3",
                "tile {tile} and season {season} drop {want} (sun, water, silt), not {got}",
                tile=m.tile,
                season=s.season,
                want=want,
                got=dropped,
            )
        ], None
    if dropped != want:
        s = note(
            s,
            f"weather round {s.round + 1}",
            "fewer spheres than printed: the supply ran short? (W3)",
            "W3",
        )
    return [], s


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _play_card(s: State, m: mv.PlayCard) -> Result:
    i = m.seat - 1
    if s.played[i] is not None:
        return [
            V("play.twice", "L10", "seat {seat} already played a card this round", seat=m.seat)
        ], None
    p = s.players[i]
    if m.card not in p.hand:
        return [
            V(
                "play.not_in_hand",
                "M3",
                "card {card} is not in seat {seat}'s hand",
                card=m.card,
                seat=m.seat,
            )
        ], None
    played = list(s.played)
    played[i] = m.card
    players = list(s.players)
    players[i] = p.but(
        hand=tuple(c for c in p.hand if c != m.card), board=(*p.board, (m.card, False))
    )
    everyone = all(c is not None for c in played)
    phase = "reveal" if everyone else s.phase
    return [], s.but(players=tuple(players), played=tuple(played), phase=phase)


def _reveal(s: State, m: mv.Reveal) -> Result:
    i = m.seat - 1
    if s.decided[i] is not None:
        return [V("reveal.twice", "F5", "seat {seat} already decided", seat=m.seat)], None
    p = s.players[i]
    if m.face_down:
        cost = face_down_cost(p.board)
        if p.deben < cost:
            return [
                V(
                    "reveal.face_down_cost",
                    "L15",
                    "keeping the card face-down costs {cost} deben; seat {seat} has {have}",
                    cost=cost,
                    seat=m.seat,
                    have=p.deben,
                )
            ], None
        board = (*p.board[:-1], (p.board[-1][0], True))
        s = s.with_player(i, p.but(deben=p.deben - cost, board=board))
    decided = list(s.decided)
    decided[i] = m.face_down
    s = s.but(decided=tuple(decided))
    if any(d is None for d in decided):
        return [], s
    order = tuple(turn_order([c or 0 for c in s.played], [bool(d) for d in decided]))
    s = s.but(phase="turn", order=order, turn_index=0)
    return [], _start_turn(s)


NO_TURN = Turn(seat=0, card=0, face_down=False, match=None)


def _start_turn(s: State) -> State:
    seat = s.order[s.turn_index]
    p = s.players[seat]
    number, down = p.board[-1]
    position = len(p.board) - 1
    facts = s.cards.get(number)
    match: bool | None = None
    if not down:
        prev = None
        if position > 0:
            pnum, pdown = p.board[position - 1]
            pf = s.cards.get(pnum)
            prev = (pf.right if pf else None, pdown)
        refs = reference_glyphs(
            position,
            prev,
            s.start_glyphs[seat] if s.start_glyphs else None,
            s.ctx.options.board_glyph_reference == "every_card",
        )
        match = glyph_match(facts.left if facts else None, refs)
        if match is None:
            s = note(
                s,
                f"glyph match of card {number}",
                "the glyphs of the card or its reference are not recorded (G6, G10)",
                "H2",
            )
    return s.but(turn=NO_TURN.but(seat=seat, card=number, face_down=down, match=match))


# ---- a player's turn ----------------------------------------------------------------------


def _turn_checks(s: State, seat: int) -> list[Violation]:
    if s.turn is None or s.turn.seat != seat - 1:
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


def _step2(s: State) -> State:
    t = s.turn
    return s if t.step == 2 else s.but(turn=t.but(step=2))


def _use_action(s: State, action: str) -> Result:
    """Check ``action`` against the card (H3-H5) or a granted bonus; record it."""
    t = s.turn
    if action in t.bonus:
        bonus = list(t.bonus)
        bonus.remove(action)
        return [], _step2(s).but(turn=t.but(bonus=tuple(bonus), step=2))
    facts = s.cards.get(t.card)
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
        s = note(s, f"actions of card {t.card}", "the card's actions are not recorded (G6)", "H1")
    return [], s.but(turn=t.but(actions=(*t.actions, action), step=2))


def _take_worker(s: State, seat: int, source: str, kind: str) -> tuple[list[Violation], Player]:
    """M7: an available worker beside the board, or one moved from the board (never a priest)."""
    p = s.players[seat]
    if source == "supply":
        if p.available < 1:
            return [
                V(
                    "worker.none_available",
                    "M7",
                    "seat {seat} has no available worker",
                    seat=seat + 1,
                )
            ], p
        return [], p.but(available=p.available - 1)
    if source == "merchant":
        if p.merchant is None or kind == "merchant":
            return [
                V("worker.no_merchant", "M7", "seat {seat} has no merchant to move", seat=seat + 1)
            ], p
        return [], p.but(merchant=None)
    if source == "architect":
        if p.architect is None or kind == "architect":
            return [
                V(
                    "worker.no_architect",
                    "M7",
                    "seat {seat} has no architect to move",
                    seat=seat + 1,
                )
            ], p
        return [], p.but(architect=None)
    if p.farmer_on(source) is None:
        return [
            V(
                "worker.no_farmer",
                "M7",
                "seat {seat} has no farmer on {field}",
                seat=seat + 1,
                field=source,
            )
        ], p
    return [], p.but(farmers=tuple(f for f in p.farmers if f[0] != source))


def _farmer(s: State, m: mv.Farmer) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    errs, s = _use_action(s, "farmer")
    if errs:
        return errs, None
    i = m.seat - 1
    errs, p = _take_worker(s, i, m.source, "farmer")
    if errs:
        return errs, None
    s = s.with_player(i, p)
    errs = _farmer_space_errors(s, i, m.field, m.space, ignore=None)
    if errs:
        return errs, None
    p = p.but(farmers=(*p.farmers, (m.field, m.space)))
    s = s.with_player(i, p)
    for r in m.relocate:  # M8.2: then any of the player's farmers may move to empty spaces
        if p.farmer_on(r.field) is None:
            return [
                V(
                    "farmer.no_farmer",
                    "M8",
                    "no farmer of seat {seat} on {field}",
                    seat=m.seat,
                    field=r.field,
                )
            ], None
        errs = _farmer_space_errors(s, i, r.to, r.space, ignore=r.field)
        if errs:
            return errs, None
        p = p.but(
            farmers=tuple((r.to, r.space) if f == r.field else (f, sp) for f, sp in p.farmers)
        )
        s = s.with_player(i, p)
    return [], s


def _merchant(s: State, m: mv.Merchant) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    errs, s = _use_action(s, "merchant")
    if errs:
        return errs, None
    i = m.seat - 1
    p = s.players[i]
    limit = s.ctx.edition.get("board.market_spaces")
    if limit is not None and m.space > limit:
        return [V("merchant.no_space", "M9", "the market has {limit} spaces", limit=limit)], None
    if any(q.merchant == m.space for k, q in enumerate(s.players) if k != i):
        return [
            V("merchant.space_taken", "L6", "market space {space} is not empty", space=m.space)
        ], None
    if p.merchant is None:
        errs, p = _take_worker(s, i, m.source, "merchant")
        if errs:
            return errs, None
    p = p.but(merchant=m.space)
    others = [(o.seat - 1, o.resource) for o in m.others]
    if any(k >= s.n for k, _ in others):
        return [V("seat.unknown", "I3", "a seat in others does not exist", seat=0)], None
    merchants = {k for k, q in enumerate(s.players) if q.merchant is not None and k != i}
    if any(k not in merchants for k, _ in others):
        return [
            V(
                "merchant.other_without_merchant",
                "M9",
                "only players with a merchant in the market gain",
            )
        ], None
    if m.mode == "trade":
        if m.pay is None or m.stalls is None:
            return [
                V(
                    "merchant.trade_record",
                    "M9",
                    "a trade records the resource paid and the 2 stalls",
                )
            ], None
        if p.res[res_index(m.pay)] < 1:
            return [
                V(
                    "merchant.cannot_pay",
                    "M9",
                    "seat {seat} has no {res} to put in the centre",
                    seat=m.seat,
                    res=m.pay,
                )
            ], None
        known = s.market_stalls.get(m.space)
        stalls = tuple(sorted(m.stalls))
        if known is not None and known != stalls:
            return [
                V(
                    "merchant.stalls_conflict",
                    "G9",
                    "space {space} was recorded beside {known}",
                    space=m.space,
                    known=" and ".join(known),
                )
            ], None
        per_seat: dict[int, list[str]] = {}
        for k, r in others:
            per_seat.setdefault(k, []).append(r)
            theirs = s.market_stalls.get(s.players[k].merchant)
            if r not in stalls or (theirs is not None and r not in theirs):
                return [
                    V(
                        "merchant.stall_not_adjacent",
                        "M9",
                        "seat {seat} gains {res} from no activated stall beside its merchant",
                        seat=k + 1,
                        res=r,
                    )
                ], None
        if any(len(v) > 2 for v in per_seat.values()):
            return [
                V(
                    "merchant.stall_not_adjacent",
                    "M9",
                    "a merchant borders at most 2 stalls",
                    seat=0,
                    res="",
                )
            ], None
        s = note(
            s,
            "market neighbours in trades",
            "the market layout is not in the rules (G9): only the recorded gains are applied",
            "M9",
        )
        res = add_res(p.res, one(m.pay), -1)
        for r in m.stalls:
            res = add_res(res, one(r))
        p = p.but(res=res)
        s = s.with_player(i, p).but(
            centre=add_res(s.centre, one(m.pay)),
            market_stalls={**s.market_stalls, m.space: stalls},
        )
    else:
        if sorted(k for k, _ in others) != sorted(merchants):
            return [
                V(
                    "merchant.collect_others",
                    "M9",
                    "each other player with a merchant picks exactly 1 resource",
                )
            ], None
        p = p.but(res=add_res(p.res, s.centre))
        s = s.with_player(i, p).but(centre=NO_RES)
    for k, r in others:
        q = s.players[k]
        s = s.with_player(k, q.but(res=add_res(q.res, one(r))))
    return [], s


def _architect(s: State, m: mv.Architect) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    errs, s = _use_action(s, "architect")
    if errs:
        return errs, None
    i = m.seat - 1
    p = s.players[i]
    if p.architect is None:
        errs, p = _take_worker(s, i, m.source, "architect")
        if errs:
            return errs, None
        p = p.but(architect=1)
    else:
        p = p.but(architect=min(p.architect + 1, ARCHITECT_TRACK))
    s = s.with_player(i, p)
    if m.buy is None:
        return [], s
    b = m.buy
    card = s.row[b.position - 1] if b.position <= len(s.row) else None
    if card is None:
        return [
            V("architect.no_card", "M10", "no building card in position {pos}", pos=b.position)
        ], None
    pay = counts(b.pay)
    errs, s, physical = _substitute(s, i, pay, b.substitution)
    if errs:
        return errs, None
    if not covers(p.res, physical):
        return [
            V(
                "architect.cannot_pay",
                "M10",
                "seat {seat} cannot pay {pay}",
                seat=m.seat,
                pay=_fmt(pay),
            )
        ], None
    surcharge = max(0, b.position - p.architect)
    facts = s.buildings.get(card)
    need = [0, surcharge, 0, 0]
    if facts is not None and facts.cost is not None:
        need = list(add_res(tuple(need), counts(facts.cost)))
        spare = add_res(pay, tuple(need), -1)
        if min(spare) < 0 or sum(spare) != (facts.cost_any or 0):
            return [
                V(
                    "architect.wrong_payment",
                    "M10",
                    "building {card}: printed cost plus {surcharge} papyrus surcharge is not {pay}",
                    card=card,
                    surcharge=surcharge,
                    pay=_fmt(pay),
                )
            ], None
    else:
        if pay[1] < surcharge:
            return [
                V(
                    "architect.surcharge",
                    "M10",
                    "the surcharge alone is {surcharge} papyrus",
                    surcharge=surcharge,
                )
            ], None
        s = note(s, f"cost of building {card}", "the printed cost is not recorded (G2)", "M10")
    row = [c for k, c in enumerate(s.row) if k != b.position - 1]
    row.append(b.new_card.id if b.new_card else None)
    buildings = dict(s.buildings)
    if b.new_card is not None:
        if b.new_card.id in buildings and b.new_card.id in s.row:
            return [
                V(
                    "architect.duplicate_card",
                    "M10",
                    "building {card} is already on the board",
                    card=b.new_card.id,
                )
            ], None
        buildings[b.new_card.id] = _merge_building(s, b.new_card)
    else:
        s = note(s, "building deck", "no new building was revealed (deck exhausted?; G13)", "G13")
    p = p.but(res=add_res(p.res, physical, -1), buildings=(*p.buildings, card))
    s = s.with_player(i, p).but(row=tuple(row), buildings=buildings)
    if facts is None or facts.immediate is not False:
        s = s.but(pending=(*s.pending, (i, "building")))
    return [], s


def _substitute(
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
        f"substitution by building {sub.building}",
        "its printed effect is not in the rules (G2)",
        "M17",
    )
    t = s.turn
    s = s.but(turn=t.but(permanents_used=(*t.permanents_used, sub.building)))
    return [], s, add_res(add_res(need, one(sub.instead_of), -1), paid)


def _fmt(res: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, res, strict=True) if n) or "nothing"


def _priest(s: State, m: mv.Priest) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    if len(set(m.pay)) != len(m.pay):
        return [
            V("priest.same_resource", "L8", "each step is paid with a different resource type")
        ], None
    errs, s = _use_action(s, "priest")
    if errs:
        return errs, None
    i = m.seat - 1
    p = s.players[i]
    pay = (0, 0, 0, 0)
    for r in m.pay:
        pay = add_res(pay, one(r))
    errs, s, pay = _substitute(s, i, pay, m.substitution)
    if errs:
        return errs, None
    p = s.players[i]
    if not covers(p.res, pay):
        return [
            V(
                "priest.cannot_pay",
                "M11",
                "seat {seat} cannot pay {pay}",
                seat=m.seat,
                pay=_fmt(pay),
            )
        ], None
    p = p.but(res=add_res(p.res, pay, -1))
    return _advance(s.with_player(i, p), i, m.temple, len(m.pay), m.source)


def _advance(s: State, i: int, temple: str, steps: int, source: str) -> Result:
    t = TEMPLES.index(temple)
    p = s.players[i]
    start = p.priests[t]
    if start is None:
        if source not in ("supply", "merchant", "architect") and p.farmer_on(source) is None:
            return [
                V("worker.no_farmer", "M7", "no farmer on {field}", field=source, seat=i + 1)
            ], None
        errs, p = _take_worker(s, i, source, "priest")
        if errs:
            return errs, None
        start = 0
    length = s.temple_lengths[t]
    if length is None:
        s = note(s, f"top of the {temple} temple", "the temple length is not recorded (G3)", "L8")
    others = {
        k: q.priests[t] for k, q in enumerate(s.players) if k != i and q.priests[t] is not None
    }
    moved = advance_priest(others, start, steps, length)
    if isinstance(moved, str):
        return [
            V(moved, "L8", "nobody advances or is pushed beyond the top of {temple}", temple=temple)
        ], None
    end, pushes = moved
    pending = list(s.pending) + [(i, "temple")] * (end - start)
    priests = list(p.priests)
    priests[t] = end
    s = s.with_player(i, p.but(priests=tuple(priests)))
    for k, space in pushes:
        q = s.players[k]
        qp = list(q.priests)
        qp[t] = space
        s = s.with_player(k, q.but(priests=tuple(qp)))
        pending.append((k, "temple"))
    return [], s.but(pending=tuple(pending))


def _harvest(s: State, m: mv.Harvest) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    if len(set(m.fields)) != len(m.fields):
        return [V("harvest.field_twice", "M12", "each field is harvested once")], None
    errs, s = _use_action(s, "harvest")
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
    return [], s.with_player(i, p).but(rivers=tuple(rivers))


def _sphinx(s: State, m: mv.Sphinx) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    errs, s = _use_action(s, "sphinx")
    if errs:
        return errs, None
    i = m.seat - 1
    errs, s, pay = _substitute(s, i, one("fruit"), m.substitution)
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


def _decorator(s: State, m: mv.Decorator) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    errs, s = _use_action(s, "decorator")
    if errs:
        return errs, None
    return [], s.but(pending=(*s.pending, (m.seat - 1, "sphinx")))


def _offering(s: State, m: mv.Offering) -> Result:
    errs = _turn_checks(s, m.seat)
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
                res=_fmt(res),
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
            f"substitution by building {m.substitution}",
            "its printed effect is not in the rules (G2)",
            "M17",
        )
        t = s.turn
        s = s.but(turn=t.but(permanents_used=(*t.permanents_used, m.substitution)))
    errs, s = _use_action(s, "offering")
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


def _glyph_completion(s: State, m: mv.GlyphCompletion) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    t = s.turn
    i = m.seat - 1
    p = s.players[i]
    if t.face_down or t.actions or t.match is True:
        return [
            V(
                "glyph.completion_not_needed",
                "H7",
                "glyph completion only helps a revealed, unmatched card before its actions",
            )
        ], None
    facts = s.cards.get(t.card)
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
        f"glyph completion by building {m.building}",
        "its printed effect is not in the rules (G2)",
        "H7",
    )
    s = s.with_player(i, p.but(res=add_res(p.res, one(m.pay), -1)))
    return [], s.but(
        turn=t.but(match=True, step=2, permanents_used=(*t.permanents_used, m.building))
    )


def _remove_sphere(s: State, ramp: int, colour: str) -> Result:
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
    return [], s.but(ramps=tuple(ramps))


def _card_weather(s: State, m: mv.CardWeather) -> Result:
    errs = _turn_checks(s, m.seat)
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
        s = note(s, f"weather effects of card {t.card}", "not recorded (G6)", "M5")
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
    if kind == "silt":
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
    return _remove_sphere(s, m.ramp, colour)


def _extra_weather(s: State, m: mv.ExtraWeather) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    s = _step2(s)
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
        errs, s = _remove_sphere(s, m.ramp, m.colour)
        if errs:
            return errs, None
        return [], s.with_player(i, p.but(deben=p.deben - 1))
    if m.kind == "buy_silt":
        if p.deben < 2:
            return [V("weather.extra_cost", "M6", "buying a silt sphere costs 2 deben")], None
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
            f"silt into full river {m.ramp}",
            "the text does not say what happens; the sphere goes back to the supply",
            "G13",
        )
    else:
        rivers[m.ramp - 1] += 1
    return [], s.with_player(i, p).but(rivers=tuple(rivers))


def _effect(s: State, m: mv.Effect) -> Result:
    if s.turn is None:
        return [V("effect.no_turn", "F6", "effects happen during a turn")], None
    i = m.seat - 1
    pending = list(s.pending)
    if m.source == "priest_card":
        if i != s.turn.seat or s.players[i].priest_cards < 1:
            return [
                V("effect.no_source", "M16", "seat {seat} reveals no priest card now", seat=m.seat)
            ], None
    elif (i, m.source) in pending:
        pending.remove((i, m.source))
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
        f"{m.source} effects",
        "the printed effect texts are not in the rules (G2-G5): gains taken as recorded",
        "FX1",
    )
    if i == s.turn.seat:
        s = _step2(s)
    g = m.gains
    p = s.players[i]
    errs, s2 = _learn_cards(s, g.temple_cards)
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
    s = s.with_player(i, p).but(pending=tuple(pending))
    for r in g.remove_spheres:
        errs, s = _remove_sphere(s, r.ramp, r.colour)
        if errs:
            return errs, None
    if g.extra_action is not None:
        t = s.turn
        s = s.but(turn=t.but(bonus=(*t.bonus, g.extra_action)))
    if g.temple_advance is not None:  # FX10, free steps (A7 reading a)
        errs, s = _advance(s, i, g.temple_advance.temple, g.temple_advance.steps, "supply")
        if errs:
            return errs, None
    return [], s


def _take_nile(s: State, m: mv.TakeNile) -> Result:
    errs = _turn_checks(s, m.seat)
    if errs:
        return errs, None
    entry = next((e for e in s.nile if e[0] == m.card), None)
    if entry is None:
        return [V("nile.not_available", "M18", "card {card} is not in the Nile", card=m.card)], None
    i = m.seat - 1
    p = s.players[i]
    res = entry[1] or NO_RES
    p = warehouse_check(p, add_res(p.res, res)).but(hand=(*p.hand, m.card))  # M19 / L1
    players = list(s.players)
    players[i] = p
    s = s.but(
        players=tuple(players),
        nile=tuple(e for e in s.nile if e[0] != m.card),
        pending=(),  # effects are immediate: what was not recorded in the turn lapses
        turn=None,
        turn_index=s.turn_index + 1,
    )
    if s.turn_index < s.n:
        return [], _start_turn(s)
    return [], _end_of_round(s)


CAPS = (WAREHOUSE_CAP,) * 4


def warehouse_check(p: Player, res: tuple[int, ...] | None = None) -> Player:
    """L1: at most 4 of each resource, 4 deben and 4 silt at the end of the own turn."""
    cap = WAREHOUSE_CAP
    return p.but(
        res=tuple(map(min, p.res if res is None else res, CAPS)),  # type: ignore[arg-type]
        deben=min(p.deben, cap),
        silt=min(p.silt, cap),
    )


def _end_of_round(s: State) -> State:
    s = s.but(pending=(), order=(), turn_index=0)
    if len(s.players[0].board) >= ROUNDS_PER_SEASON:  # F7
        return s.but(phase="season_end")
    nile = []
    for num, res in s.nile:  # F8.1: only cards without resources get their printed ones
        if res is None:
            s, res = _printed_resources(s, num)
        nile.append((num, res))
    return s.but(phase="nile", nile=tuple(nile), nile_expect=s.n)


# ---- season end and game end -------------------------------------------------------------


def priest_deal(priests: list[tuple[int | None, int | None, int | None]]) -> list[int]:
    """F9.1: each priest yields exactly 1 card, dealt Amun, Ra, Ptah, top to bottom."""
    got = [0] * len(priests)
    for t in range(len(TEMPLES)):
        for seat in sorted(
            (k for k, p in enumerate(priests) if p[t] is not None), key=lambda k: -priests[k][t]
        ):
            got[seat] += 1
    return got


def priest_deal_order(priests: list[tuple[int | None, int | None, int | None]]) -> list[int]:
    """F9.1 / M20: the seats in the order they keep a card (one entry per priest)."""
    out = []
    for t in range(len(TEMPLES)):
        out += sorted(
            (k for k, p in enumerate(priests) if p[t] is not None), key=lambda k: -priests[k][t]
        )
    return out


def _season_end(s: State, m: mv.SeasonEnd) -> Result:
    n = s.n
    if len(m.building_points) != n or (m.final_glyph is not None and len(m.final_glyph) != n):
        return [V("season.record", "F9", "one entry per seat")], None
    cards = priest_deal([p.priests for p in s.players])  # F9.1
    players = list(s.players)
    for k, p in enumerate(players):
        number, down = p.board[-1]
        facts = s.cards.get(number)
        computed = scoring.final_glyph_matches(
            facts.right if facts else None, down, s.end_glyphs[k]
        )
        recorded = m.final_glyph[k] if m.final_glyph else None
        if computed is not None and recorded is not None and computed != recorded:
            return [
                V(
                    "season.final_glyph",
                    "H8",
                    "seat {seat}'s last card does {neg}match the board glyph",
                    seat=k + 1,
                    neg="" if computed else "not ",
                )
            ], None
        matched = computed if computed is not None else recorded
        if matched is None:
            s = note(
                s,
                f"seat {k + 1}: final glyph of season {s.season}",
                "neither the glyphs nor the result are recorded",
                "S4",
            )
        pts = m.building_points[k]
        if pts and not p.buildings:
            return [
                V("season.building_points", "S5", "seat {seat} owns no building", seat=k + 1)
            ], None
        if pts is None:
            s = note(
                s, f"seat {k + 1}: building points of season {s.season}", "not recorded (G2)", "S5"
            )
        buildings = None if pts is None or p.season_buildings is None else p.season_buildings + pts
        players[k] = p.but(
            priest_cards=p.priest_cards + cards[k],
            final_glyph=p.final_glyph + scoring.final_glyph_points(bool(matched)),
            season_buildings=buildings,
        )
    points, after, _ = scoring.season_majorities(
        [dict(zip(RESOURCES, p.screen, strict=True)) for p in players]
    )
    for k, p in enumerate(players):  # F9.4, then F9.5: the boards are cleared
        players[k] = p.but(
            pharaoh=p.pharaoh + points[k], screen=tuple(after[k][r] for r in RESOURCES), board=()
        )
    centre = s.centre
    for _, res in s.nile:  # F9.5: resources on discarded Nile cards go to the market centre
        centre = add_res(centre, res or NO_RES)
    s = s.but(players=tuple(players), nile=(), centre=centre)
    if s.season >= SEASONS:
        return [], s.but(phase="game_end")
    row = list(s.row[1:]) + [m.new_building.id if m.new_building else None]  # F9.6b
    buildings = dict(s.buildings)
    if m.new_building is not None:
        buildings[m.new_building.id] = _merge_building(s, m.new_building)
    return [], s.but(
        phase="nile",
        season=s.season + 1,
        nile_expect=s.n + 2,
        row=tuple(row),
        buildings=buildings,
        tiles_seen=(),
    )


def _game_end(s: State, m: mv.GameEnd) -> Result:
    if len(m.priest_card_points) != s.n:
        return [V("game.record", "E2", "one entry per seat")], None
    players = list(s.players)
    for k, (p, pts) in enumerate(zip(players, m.priest_card_points, strict=True)):
        if pts and not p.priest_cards:
            return [
                V("game.priest_points", "S9", "seat {seat} holds no priest card", seat=k + 1)
            ], None
        players[k] = p.but(priest_card_points=pts if p.priest_cards else 0)
    return [], s.but(players=tuple(players), phase="over")


HANDLERS = {
    "setup": _setup,
    "draft_deal": _draft_deal,
    "draft_pick": _draft_pick,
    "first_farmer": _first_farmer,
    "nile_reveal": _nile_reveal,
    "weather": _weather,
    "play_card": _play_card,
    "reveal": _reveal,
    "card_weather": _card_weather,
    "extra_weather": _extra_weather,
    "farmer": _farmer,
    "merchant": _merchant,
    "architect": _architect,
    "priest": _priest,
    "harvest": _harvest,
    "sphinx": _sphinx,
    "decorator": _decorator,
    "offering": _offering,
    "glyph_completion": _glyph_completion,
    "effect": _effect,
    "take_nile": _take_nile,
    "season_end": _season_end,
    "game_end": _game_end,
}
