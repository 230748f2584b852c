"""The four worker actions (M7-M11): farmer, merchant, architect, priest.

Each handler returns the violations of a move, or the state after it (see rules.py).
"""

from __future__ import annotations

from engines.core.types import Violation
from engines.tameri import moves as mv
from engines.tameri.common import (
    Result,
    V,
    add_res,
    counts,
    covers,
    farmer_space_errors,
    merge_building,
    note,
    one,
    pay_param,
    substitute,
    turn_checks,
    use_action,
)
from engines.tameri.components import ARCHITECT_TRACK, TEMPLES
from engines.tameri.state import NO_RES, Player, State, res_index
from engines.tameri.turns import advance_priest


def take_worker(s: State, seat: int, source: str, kind: str) -> tuple[list[Violation], Player]:
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


def farmer(s: State, m: mv.Farmer) -> Result:
    errs = turn_checks(s, m.seat, "farmer")
    if errs:
        return errs, None
    errs, s = use_action(s, "farmer", m.seat - 1)
    if errs:
        return errs, None
    i = m.seat - 1
    errs, p = take_worker(s, i, m.source, "farmer")
    if errs:
        return errs, None
    s = s.with_player(i, p)
    errs = farmer_space_errors(s, i, m.field, m.space, ignore=None)
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
        errs = farmer_space_errors(s, i, r.to, r.space, ignore=r.field)
        if errs:
            return errs, None
        p = p.but(
            farmers=tuple((r.to, r.space) if f == r.field else (f, sp) for f, sp in p.farmers)
        )
        s = s.with_player(i, p)
    return [], s


def merchant(s: State, m: mv.Merchant) -> Result:
    errs = turn_checks(s, m.seat, "merchant")
    if errs:
        return errs, None
    errs, s = use_action(s, "merchant", m.seat - 1)
    if errs:
        return errs, None
    i = m.seat - 1
    p = s.players[i]
    layout = s.market_layout
    limit = s.ctx.edition.get("board.market_spaces") if layout is None else len(layout)
    if limit is not None and m.space > limit:
        return [V("merchant.no_space", "M9", "the market has {limit} spaces", limit=limit)], None
    if any(q.merchant == m.space for k, q in enumerate(s.players) if k != i):
        return [
            V("merchant.space_taken", "L6", "market space {space} is not empty", space=m.space)
        ], None
    if p.merchant is None:
        errs, p = take_worker(s, i, m.source, "merchant")
        if errs:
            return errs, None
    p = p.but(merchant=m.space)
    others = [(o.seat - 1, o.resource) for o in m.others]
    beyond = [k + 1 for k, _ in others if k >= s.n]
    if beyond:
        return [
            V(
                "seat.unknown",
                "I3",
                "there is no player {number}: the game has {n} players",
                number=beyond[0],
                n=s.n,
            )
        ], None
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
        if layout is not None:
            errs = trade_gains_errors(s, i, m.space, stalls, others, layout)
            if errs:
                return errs, None
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
        if layout is None:
            s = note(
                s,
                "market_neighbours",
                "M9",
                "market neighbours in trades",
                "the market layout is not in the rules (G9): the recorded gains of other "
                "merchants are applied; that none is missing cannot be checked",
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


def trade_gains_errors(
    s: State,
    i: int,
    space: int,
    stalls: tuple[str, ...],
    others: list[tuple[int, str]],
    layout: tuple[tuple[tuple[str, str], tuple[str, str]], ...],
) -> list[Violation]:
    """M9 trade with the market layout known (edition ``board.market_stalls``): the two
    stalls are those beside the space (II), and every other merchant beside an activated
    stall gains 1 of that stall's resource (III; one per activated stall it borders, A14),
    no more and no less."""
    ids, kinds = layout[space - 1]
    if stalls != tuple(sorted(kinds)):
        return [
            V(
                "merchant.stalls_conflict",
                "M9",
                "space {space} was recorded beside {known}",
                space=space,
                known=" and ".join(kinds),
            )
        ]
    want: dict[int, list[str]] = {}
    for k, q in enumerate(s.players):
        if k == i or q.merchant is None or q.merchant > len(layout):
            continue
        theirs = layout[q.merchant - 1][0]
        gains = sorted(kind for sid, kind in zip(ids, kinds, strict=True) if sid in theirs)
        if gains:
            want[k] = gains
    got: dict[int, list[str]] = {}
    for k, r in others:
        got.setdefault(k, []).append(r)
    for k in sorted(set(want) | set(got)):
        w, g = want.get(k, []), sorted(got.get(k, []))
        if w != g:
            return [
                V(
                    "merchant.trade_gains",
                    "M9",
                    "seat {seat}'s merchant borders the activated stalls: it gains {want}, "
                    "not {got}",
                    seat=k + 1,
                    want=", ".join(w) or "nothing",
                    got=", ".join(g) or "nothing",
                )
            ]
    return []


def architect(s: State, m: mv.Architect) -> Result:
    errs = turn_checks(s, m.seat, "architect")
    if errs:
        return errs, None
    errs, s = use_action(s, "architect", m.seat - 1)
    if errs:
        return errs, None
    i = m.seat - 1
    p = s.players[i]
    if p.architect is None:
        errs, p = take_worker(s, i, m.source, "architect")
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
    errs, s, physical = substitute(s, i, pay, b.substitution)
    if errs:
        return errs, None
    if not covers(p.res, physical):
        return [
            V(
                "architect.cannot_pay",
                "M10",
                "seat {seat} cannot pay {pay}",
                seat=m.seat,
                pay=pay_param(pay),
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
                    pay=pay_param(pay),
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
        s = note(
            s,
            "building_cost",
            "M10",
            "cost of building {card}",
            "the printed cost is not recorded (G2)",
            card=card,
        )
    row = [c for k, c in enumerate(s.row) if k != b.position - 1]
    row.append(b.new_card.id if b.new_card else None)
    buildings = dict(s.buildings)
    if b.new_card is not None:
        owned = {c for q in s.players for c in q.buildings}
        if b.new_card.id in s.row or b.new_card.id in owned or b.new_card.id == card:
            return [
                V(
                    "architect.duplicate_card",
                    "M10",
                    "building {card} is already on the board",
                    card=b.new_card.id,
                )
            ], None
        buildings[b.new_card.id] = merge_building(s, b.new_card)
    else:
        s = note(
            s,
            "building_deck",
            "G13",
            "building deck",
            "no new building was revealed (deck exhausted?; G13)",
        )
    p = p.but(res=add_res(p.res, physical, -1), buildings=(*p.buildings, card))
    s = s.with_player(i, p).but(row=tuple(row), buildings=buildings)
    if facts is None or facts.immediate is not False:
        s = s.but(pending=(*s.pending, (i, "building")))
    return [], s


def priest(s: State, m: mv.Priest) -> Result:
    errs = turn_checks(s, m.seat, "priest")
    if errs:
        return errs, None
    if len(set(m.pay)) != len(m.pay):
        return [
            V("priest.same_resource", "L8", "each step is paid with a different resource type")
        ], None
    errs, s = use_action(s, "priest", m.seat - 1)
    if errs:
        return errs, None
    i = m.seat - 1
    p = s.players[i]
    pay = (0, 0, 0, 0)
    for r in m.pay:
        pay = add_res(pay, one(r))
    errs, s, pay = substitute(s, i, pay, m.substitution)
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
                pay=pay_param(pay),
            )
        ], None
    p = p.but(res=add_res(p.res, pay, -1))
    return advance(s.with_player(i, p), i, m.temple, len(m.pay), m.source)


def advance(s: State, i: int, temple: str, steps: int, source: str) -> Result:
    t = TEMPLES.index(temple)
    p = s.players[i]
    start = p.priests[t]
    if start is None:
        if source not in ("supply", "merchant", "architect") and p.farmer_on(source) is None:
            return [
                V("worker.no_farmer", "M7", "no farmer on {field}", field=source, seat=i + 1)
            ], None
        errs, p = take_worker(s, i, source, "priest")
        if errs:
            return errs, None
        start = 0
    length = s.temple_lengths[t]
    if length is None:
        s = note(
            s,
            "temple_length",
            "L8",
            "top of the {temple} temple",
            "the temple length is not recorded (G3)",
            temple=temple,
        )
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
