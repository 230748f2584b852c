"""Setup, season 0, the Nile, weather, card choice, turn order, turn end, season and game end.

Each handler returns the violations of a move, or the state after it (see rules.py).
"""

from __future__ import annotations

from typing import Any

from engines.tameri import moves as mv
from engines.tameri import scoring
from engines.tameri.common import (
    Result,
    V,
    add_res,
    counts,
    farmer_space_errors,
    learn_cards,
    merge_building,
    merge_card_facts,
    note,
    return_spheres,
    sphere_counts,
    take_spheres,
    turn_checks,
)
from engines.tameri.components import (
    DRAFT_HAND,
    RESOURCES,
    ROUNDS_PER_SEASON,
    SEASONS,
    SPHERES,
    TEMPLES,
    WAREHOUSE_CAP,
)
from engines.tameri.state import NO_RES, NO_SPHERES, Player, Spheres, State, Turn
from engines.tameri.turns import (
    draft_counters,
    face_down_cost,
    glyph_match,
    reference_glyphs,
    turn_order,
)
from engines.tameri.weather import resolve_with_returns


def setup(s: State, m: mv.Setup) -> Result:
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
        buildings={**s.buildings, **{b.id: merge_building(s, b) for b in m.buildings}},
    )
    return [], s


def draft_deal(s: State, m: mv.DraftDeal) -> Result:
    if len(m.hands) != s.n:
        return [
            V("draft.hands", "F2", "deal one hand of 5 to each of the {n} players", n=s.n)
        ], None
    errs, s2 = learn_cards(s, [c for hand in m.hands for c in hand])
    if errs:
        return errs, None
    hands = tuple(tuple(c.number for c in hand) for hand in m.hands)
    return [], s2.but(phase="draft", draft_hands=hands, draft_picks=(None,) * s.n)


def card_facts(s: State, m: mv.CardFactsShown) -> Result:
    """Facts of cards already dealt (L19: each number once), merged with what is known;
    a fact that differs from a known one is refused (G6)."""
    new = dict(s.cards)
    for c in m.cards:
        if c.number not in s.seen:
            return [
                V("card.not_dealt", "L19", "card {number} is not in play", number=c.number)
            ], None
        errs, merged = merge_card_facts(new.get(c.number), c)
        if merged is None:
            return errs, None
        new[c.number] = merged
    return [], s.but(cards=new)


def draft_pick(s: State, m: mv.DraftPick) -> Result:
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
    # Everyone kept one: boards take the picks, the rest passes left (F2.3) until the boards
    # hold 4 cards (F2.4); the card left after the 4th pick stays and is revealed (F2.5).
    players = tuple(p.but(hand=(*p.hand, picks[k])) for k, p in enumerate(s.players))
    rest = [tuple(c for c in h if c != picks[k]) for k, h in enumerate(s.draft_hands)]
    s = s.but(players=players, draft_picks=(None,) * s.n)
    if len(rest[0]) > DRAFT_HAND - 4:
        return [], s.but(draft_hands=tuple(rest[(k - 1) % s.n] for k in range(s.n)))
    counters = tuple(draft_counters([h[0] for h in rest]))  # F2.5
    return [], s.but(phase="first_farmer", counters=counters, turn_index=0, draft_hands=())


def first_farmer(s: State, m: mv.FirstFarmer) -> Result:
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
    errs = farmer_space_errors(s, i, m.field, m.space, ignore=None)
    if errs:
        return errs, None
    p = p.but(available=p.available - 1, farmers=(*p.farmers, (m.field, m.space)))
    s = s.with_player(i, p)
    if s.turn_index + 1 < s.n:
        return [], s.but(turn_index=s.turn_index + 1)
    return [], s.but(phase="nile", season=1, nile_expect=s.n + 2, turn_index=0)


def nile_reveal(s: State, m: mv.NileReveal) -> Result:
    if m.deck_empty and len(m.cards) < s.nile_expect:
        s = note(
            s,
            "season_deck",
            "G13",
            "season {season} deck",
            "ran out: fewer cards revealed (G13)",
            season=s.season,
        )
    elif len(m.cards) != s.nile_expect:
        return [
            V(
                "nile.count",
                "L11",
                "reveal {want} cards, not {got}",
                want=s.nile_expect,
                got=len(m.cards),
            )
        ], None
    errs, s = learn_cards(s, m.cards)
    if errs:
        return errs, None
    new = [(c.number, None) for c in m.cards]
    if s.nile_expect == s.n + 2:  # F2.8 / F9.6c: resources on the 2 lowest-numbered
        lowest = sorted(c.number for c in m.cards)[:2]
        placed = []
        for num, _ in new:
            if num in lowest:
                s, res = printed_resources(s, num)
                placed.append((num, res))
            else:
                placed.append((num, None))
        new = placed
    return [], s.but(phase="weather", nile=(*s.nile, *new))


def printed_resources(s: State, number: int) -> tuple[State, tuple[int, int, int, int]]:
    facts = s.cards.get(number)
    if facts is None or facts.resources is None:
        s = note(
            s,
            "nile_resources",
            "F8",
            "resources printed on card {card}",
            "not recorded; nothing is placed on the card (G6)",
            card=number,
        )
        return s, NO_RES
    return s, counts(facts.resources)


def weather(s: State, m: mv.Weather) -> Result:
    tiles = s.tiles_seen
    if m.tile is not None and m.tile in tiles:  # U5/F9.6a: 7 tiles, reshuffled at season end
        return [
            V(
                "weather.tile_repeated",
                "W1",
                "weather tile {tile} was already revealed this season",
                tile=m.tile,
            )
        ], None
    drops = m.drops
    landed = sphere_counts([x for d in drops for x in d])
    taken = landed
    if m.hidden or m.from_pyramid:
        errs, s, taken = pyramid_flow(s, landed, m)
        if errs:
            return errs, None
    if m.tile is not None:
        tiles = (*tiles, m.tile)
        errs, s = check_drops(s, m, taken)
        if errs:
            return errs, None
    errs, s = take_spheres(s, taken, "W3", "the weather drop", "weather_drop")
    if errs:
        return errs, None
    ramps, rivers = list(s.ramps), list(s.rivers)
    mode = s.ctx.options.five_removal
    back = NO_SPHERES
    for r in range(len(ramps)):
        ramps[r], rivers[r], b = resolve_with_returns(ramps[r], drops[r], rivers[r], mode)
        back = (back[0] + b[0], back[1] + b[1], back[2] + b[2])
    s = return_spheres(s, back)
    return [], s.but(
        phase="play",
        round=s.round + 1,
        ramps=tuple(ramps),
        rivers=tuple(rivers),
        played=(None,) * s.n,
        decided=(None,) * s.n,
        tiles_seen=tiles,
    )


def pyramid_flow(s: State, landed: Spheres, m: mv.Weather) -> tuple[list, State, Spheres]:
    """W3 + W6 note: spheres that stayed inside the Great Pyramid and spheres that came out of
    it. Returns the spheres taken from the supply (landed + stayed inside - came out)."""
    hidden, out = sphere_counts(m.hidden), sphere_counts(m.from_pyramid)
    for k, colour in enumerate(SPHERES):
        if out[k] > s.pyramid[k] or out[k] > landed[k]:
            return (
                [
                    V(
                        "pyramid.not_inside",
                        "W6",
                        "{n} {colour} sphere(s) came out of the pyramid, which holds {have} "
                        "({landed} landed)",
                        n=out[k],
                        colour=colour,
                        have=s.pyramid[k],
                        landed=landed[k],
                    )
                ],
                s,
                landed,
            )
    pyramid = tuple(p + h - o for p, h, o in zip(s.pyramid, hidden, out, strict=True))
    taken = tuple(x + h - o for x, h, o in zip(landed, hidden, out, strict=True))
    return [], s.but(pyramid=pyramid), taken  # type: ignore[return-value]


def check_drops(s: State, m: mv.Weather, taken: Spheres) -> Result:
    """W1-W3 against edition data: tile spheres + the season's spheres, fewer only when the
    supply ran short (exactly what the supply holds, when its count is known). Without the
    printed contents (G7) the drops are taken as recorded."""
    tile = s.ctx.edition.get(f"weather_tiles.{m.tile}")
    season = s.ctx.edition.get(f"board.season_spheres.{s.season - 1}")
    if not isinstance(tile, dict) or not isinstance(season, dict):
        return [], note(
            s,
            "weather_tile",
            "W2",
            "weather tile contents",
            "not in the rules (G7): drops taken as recorded",
        )
    want = [nonneg_int(tile.get(c)) + nonneg_int(season.get(c)) for c in SPHERES]
    if any(d > w for d, w in zip(taken, want, strict=True)):
        return [
            V(
                "weather.too_many_spheres",
                "W3",
                "tile {tile} and season {season} drop {want} (sun, water, silt), not {got}",
                tile=m.tile,
                season=s.season,
                want=want,
                got=list(taken),
            )
        ], None
    short = False
    for k, (d, w) in enumerate(zip(taken, want, strict=True)):
        if d == w:
            continue
        have = s.supply[k]
        if have is None:
            short = True
        elif d < min(w, have):  # W3: drop all the supply holds, up to the printed spheres
            return [
                V(
                    "weather.too_few_spheres",
                    "W3",
                    "tile {tile} and season {season} drop {want} {colour}; the supply holds "
                    "{have}, so {need} are dropped, not {got}",
                    tile=m.tile,
                    season=s.season,
                    want=w,
                    colour=SPHERES[k],
                    have=have,
                    need=min(w, have),
                    got=d,
                )
            ], None
    if short:
        s = note(
            s,
            "weather_short",
            "W3",
            "weather round {round+1}",
            "fewer spheres than printed: the supply ran short? (W3; its count is unknown: G11)",
            round=s.round,
        )
    return [], s


def nonneg_int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def play_card(s: State, m: mv.PlayCard) -> Result:
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
    everyone = None not in played  # the cards are ints: ``in`` tests identity first
    phase = "reveal" if everyone else s.phase
    return [], s.but(players=tuple(players), played=tuple(played), phase=phase)


def reveal(s: State, m: mv.Reveal) -> Result:
    i = m.seat - 1
    if s.decided[i] is not None:
        return [V("reveal.twice", "F5", "seat {seat} already decided", seat=m.seat)], None
    p = s.players[i]
    changes: dict[str, Any] = {}  # one copy of the state for the whole record
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
        players = list(s.players)
        players[i] = p.but(deben=p.deben - cost, board=board)
        changes["players"] = tuple(players)
    decided = list(s.decided)
    decided[i] = m.face_down
    changes["decided"] = tuple(decided)
    if None in decided:  # bools and None: ``in`` finds exactly the undecided seats
        return [], s.but(**changes)
    order = tuple(turn_order([c or 0 for c in s.played], [bool(d) for d in decided]))
    return [], start_turn(s, phase="turn", order=order, turn_index=0, **changes)


NO_TURN = Turn(seat=0, card=0, face_down=False, match=None)


def start_turn(s: State, **changes: Any) -> State:
    """The next player's turn (F6), with ``changes`` (other state fields: order, turn_index,
    players, ...) applied in the same copy of the state."""
    seat = changes.get("order", s.order)[changes.get("turn_index", s.turn_index)]
    p = changes.get("players", s.players)[seat]
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
                "glyph_match",
                "H2",
                "glyph match of card {card}",
                "the glyphs of the card or its reference are not recorded (G6, G10)",
                card=number,
            )
    changes["turn"] = NO_TURN.but(seat=seat, card=number, face_down=down, match=match)
    return s.but(**changes)


def take_nile(s: State, m: mv.TakeNile) -> Result:
    errs = turn_checks(s, m.seat)
    if errs:
        return errs, None
    entry = next((e for e in s.nile if e[0] == m.card), None)
    if entry is None:
        return [V("nile.not_available", "M18", "card {card} is not in the Nile", card=m.card)], None
    i = m.seat - 1
    p = s.players[i]
    res = entry[1] or NO_RES
    excess_silt = p.silt - WAREHOUSE_CAP
    p = warehouse_check(p, add_res(p.res, res), hand=(*p.hand, m.card))  # M19 / L1
    if excess_silt > 0:  # M19: the excess goes back to the common supply
        s = return_spheres(s, (0, 0, excess_silt))
    players = list(s.players)
    players[i] = p
    changes = {
        "players": tuple(players),
        "nile": tuple(e for e in s.nile if e[0] != m.card),
        "pending": (),  # effects are immediate: what was not recorded in the turn lapses
        "owed_actions": (),
        "turn_index": s.turn_index + 1,
    }
    if s.turn_index + 1 < len(players):
        return [], start_turn(s, **changes)
    return [], end_of_round(s.but(turn=None, **changes))


CAPS = (WAREHOUSE_CAP,) * 4


def warehouse_check(p: Player, res: tuple[int, ...] | None = None, **changes: Any) -> Player:
    """L1: at most 4 of each resource, 4 deben and 4 silt at the end of the own turn.

    ``changes`` (fields other than res, deben and silt) go into the same copy."""
    cap = WAREHOUSE_CAP
    return p.but(
        res=tuple(map(min, p.res if res is None else res, CAPS)),  # type: ignore[arg-type]
        deben=min(p.deben, cap),
        silt=min(p.silt, cap),
        **changes,
    )


def end_of_round(s: State) -> State:
    s = s.but(pending=(), order=(), turn_index=0)
    if len(s.players[0].board) >= ROUNDS_PER_SEASON:  # F7
        return s.but(phase="season_end")
    nile = []
    for num, res in s.nile:  # F8.1: only cards without resources get their printed ones
        if res is None:
            s, res = printed_resources(s, num)
        nile.append((num, res))
    return s.but(phase="nile", nile=tuple(nile), nile_expect=s.n)


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


def season_end(s: State, m: mv.SeasonEnd) -> Result:
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
                "final_glyph",
                "S4",
                "{player}: final glyph of season {season}",
                "neither the glyphs nor the result are recorded",
                player=s.ctx.players[k],
                season=s.season,
            )
        pts = m.building_points[k]
        if pts and not p.buildings:
            return [
                V("season.building_points", "S5", "seat {seat} owns no building", seat=k + 1)
            ], None
        if pts is None:
            s = note(
                s,
                "season_building_points",
                "S5",
                "{player}: building points of season {season}",
                "not recorded (G2)",
                player=s.ctx.players[k],
                season=s.season,
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
        owned = {b for p in s.players for b in p.buildings}
        if m.new_building.id in s.row or m.new_building.id in owned:
            return [
                V(
                    "season.duplicate_building",
                    "F9",
                    "building {card} is already in play",
                    card=m.new_building.id,
                )
            ], None
        buildings[m.new_building.id] = merge_building(s, m.new_building)
    else:
        s = note(
            s,
            "building_deck",
            "G13",
            "building deck",
            "no new building was revealed (deck exhausted?; G13)",
        )
    return [], s.but(
        phase="nile",
        season=s.season + 1,
        nile_expect=s.n + 2,
        row=tuple(row),
        buildings=buildings,
        tiles_seen=(),
    )


def game_end(s: State, m: mv.GameEnd) -> Result:
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
