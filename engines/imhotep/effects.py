"""What moves do: ``next_state`` for moves ``check`` has accepted, and the automatic steps
between decisions (unloading bow to stern, site effects, round end, next round).
"""

from __future__ import annotations

from engines.core.types import Unchecked
from engines.imhotep import moves as m
from engines.imhotep.components import (
    CARD_INDEX,
    CARDS,
    OBELISK_B_STONES,
    PYRAMID_A_SPACES,
    PYRAMID_B_SPACES,
    RED,
    ROUNDS,
    STARTING_STONES,
    STONES_PER_COLOUR,
    temple_width,
)
from engines.imhotep.state import Pending, Ship, State, Work


def initial_state(ctx) -> State:
    n = ctx.n_players
    deck_counts = ctx.edition.get("market.deck", {})
    deck = tuple(int(deck_counts.get(card, 0)) for card in CARDS)
    zero = (0,) * len(CARDS)
    # U10: one stone per colour is the scoring marker; U12: starting stones by seat.
    sled = STARTING_STONES[:n]
    return State(
        ctx=ctx,
        phase="ships",
        round=0,
        start_seat=0,
        actor=0,
        ships=(),
        market=(),
        pair=(),
        reveals_left=0,
        deck=deck,
        discard=zero,
        quarry=tuple(STONES_PER_COLOUR - 1 - s for s in sled),
        sled=sled,
        score=(0,) * n,
        hands=(zero,) * n,
        pyramid=(),
        pyramids_b=((), (), ()),
        pyramid_overflow=(),
        temple=(),
        burial=(),
        obelisk=(0,) * n,
        obelisks_b=(),
        unloading=(),
        unload_site=None,
        pending=(),
        after="",
        last_sailer=0,
        facts=(),
        unknown_track=(False,) * n,
        unchecked=(),
    )


def ship_min_load(ctx, capacity: int, recorded: int | None) -> int | None:
    printed = ctx.edition.get(f"ships.min_load.{capacity}")
    return printed if printed is not None else recorded


def cards_available(deck, discard) -> list[int]:
    """Card kinds that can be revealed or drawn now (F3: an empty deck is reshuffled)."""
    source = deck if any(deck) else discard
    return [i for i, c in enumerate(source) if c]


def take_from_deck(w: Work, card: str) -> None:
    if not any(w.deck):  # F3: reshuffle the discard pile into a new deck
        w.deck, w.discard = w.discard, [0] * len(CARDS)
    w.deck[CARD_INDEX[card]] -= 1


def next_state(state: State, move) -> State:
    fast = FAST.get(type(move))
    if fast is not None:
        done = fast(state, move)
        if done is not None:
            return done
    w = Work(state)
    APPLY[type(move)](w, move)
    advance(w)
    return w.freeze()


# ---- fast paths: the three commonest records touch few fields and start no chain of
# effects, so they skip the working copy (104 of the 148 records of the example game).
# Each must leave exactly the state the general path would; the property tests compare
# replays, and test_fast_paths_match_the_general_path checks them move by move.


def evolve(state: State, changes: dict) -> State:
    fresh = object.__new__(State)
    values = vars(fresh)
    values.update(vars(state))
    values.update(changes)
    return fresh


def bump(row: tuple, index: int, delta: int) -> tuple:
    return (*row[:index], row[index] + delta, *row[index + 1 :])


def fast_quarry(state: State, move: m.Quarry) -> State:
    seat = state.actor
    return evolve(
        state,
        {
            "quarry": bump(state.quarry, seat, -move.count),
            "sled": bump(state.sled, seat, move.count),
            "actor": (seat + 1) % len(state.sled),
        },
    )


def fast_load(state: State, move: m.Load) -> State:
    seat = state.actor
    ship = state.ships[move.ship]
    cargo = (*ship.cargo[: move.space], seat, *ship.cargo[move.space + 1 :])
    ships = list(state.ships)
    ships[move.ship] = Ship(ship.capacity, ship.min_load, cargo, ship.site)
    return evolve(
        state,
        {
            "ships": tuple(ships),
            "sled": bump(state.sled, seat, -1),
            "actor": (seat + 1) % len(state.sled),
        },
    )


def fast_reveal(state: State, move: m.Reveal) -> State | None:
    if not any(state.deck) or (state.side("market") == "B" and len(state.market) >= 3):
        return None  # reshuffle or the face-down pair: the general path
    left = state.reveals_left - 1
    changes = {
        "deck": bump(state.deck, CARD_INDEX[move.card], -1),
        "market": (*state.market, move.card),
        "reveals_left": left,
    }
    if not left:
        changes.update(phase="turn", actor=state.start_seat)
    return evolve(state, changes)


FAST = {m.Quarry: fast_quarry, m.Load: fast_load, m.Reveal: fast_reveal}


# ---- chance ------------------------------------------------------------------------------


def apply_round(w: Work, move: m.RoundCard) -> None:
    w.round += 1
    w.rounds_seen = (*w.rounds_seen, tuple(sorted(move.ships, reverse=True)))
    if w.round == 1 and w.ctx.edition.get(f"round_cards.{w.n}") is None:
        w.unchecked.append(
            Unchecked.of(
                "round_cards",
                "imhotep:G2",
                "round cards",
                "the ships of each round were checked only against the 8 ships in the box: "
                "the {n}-player round-card set is not in the edition (G2; an organizer may "
                "supply round_cards.{n}), so which cards were revealed, and that none came "
                "twice (L15), was not checked",
                n=w.n,
            )
        )
    recorded = move.min_loads or [None] * 4
    w.ships = [
        Ship(cap, ship_min_load(w.ctx, cap, rec), (None,) * cap)
        for cap, rec in zip(move.ships, recorded, strict=True)
    ]
    wanted = 5 if w.side("market") == "B" else 4
    w.reveals_left = min(wanted, sum(w.deck) + sum(w.discard))  # G26
    w.phase = "reveal" if w.reveals_left else "turn"
    w.actor = w.start_seat


def apply_reveal(w: Work, move: m.Reveal) -> None:
    take_from_deck(w, move.card)
    if w.side("market") == "B" and len(w.market) >= 3:
        w.pair.append(move.card)  # V1: the bottom-right slot holds two face-down cards
    else:
        w.market.append(move.card)
    w.reveals_left -= 1
    if not w.reveals_left:
        w.phase = "turn"
        w.actor = w.start_seat


def apply_draw(w: Work, move: m.Draw) -> None:
    pending = w.pending.pop()
    take_from_deck(w, move.card)
    receive(w, pending.seat, move.card)


# ---- turn actions ------------------------------------------------------------------------


def apply_quarry(w: Work, move: m.Quarry) -> None:
    gain(w, w.actor, move.count)
    w.after = "turn_end"


def gain(w: Work, seat: int, count: int) -> None:
    w.quarry[seat] -= count
    w.sled[seat] += count


def load(w: Work, seat: int, ship: int, space: int) -> None:
    s = w.ships[ship]
    cargo = list(s.cargo)
    cargo[space] = seat
    w.ships[ship] = Ship(s.capacity, s.min_load, tuple(cargo), s.site)
    w.sled[seat] -= 1


def sail(w: Work, ship: int, site: str, order: list[int] | None = None) -> None:
    s = w.ships[ship]
    if s.min_load is None:
        w.unchecked.append(
            Unchecked.of(
                "min_load",
                "imhotep:G1",
                "round {round} ship {ship+1} minimum load",
                "the printed minimum load is in neither the edition nor the round record",
                round=w.round,
                ship=ship,
            )
        )
    # The stones leave the ship as they are unloaded; until then they wait in ``unloading``.
    w.ships[ship] = Ship(s.capacity, s.min_load, (None,) * s.capacity, site)
    spaces = order if order is not None else range(s.capacity)
    w.unloading = [s.cargo[i] for i in spaces if s.cargo[i] is not None]
    w.unload_site = site
    w.last_sailer = w.actor


def apply_load(w: Work, move: m.Load) -> None:
    load(w, w.actor, move.ship, move.space)
    w.after = "turn_end"


def apply_sail(w: Work, move: m.Sail) -> None:
    sail(w, move.ship, move.site)
    w.after = "turn_end"


def discard_played(w: Work, card: str) -> None:
    w.hands[w.actor][CARD_INDEX[card]] -= 1
    w.discard[CARD_INDEX[card]] += 1


def apply_lever(w: Work, move: m.PlayLever) -> None:
    discard_played(w, "lever")
    sail(w, move.ship, move.site, move.order)
    w.after = "turn_end"


def apply_hammer(w: Work, move: m.PlayHammer) -> None:
    discard_played(w, "hammer")
    gain(w, w.actor, move.take)
    load(w, w.actor, move.ship, move.space)
    w.after = "turn_end"


def apply_play_sail(w: Work, move: m.PlaySail) -> None:
    discard_played(w, "sail")
    load(w, w.actor, move.ship, move.space)
    sail(w, move.ship, move.site)
    w.after = "turn_end"


def apply_chisel(w: Work, move: m.PlayChisel) -> None:
    discard_played(w, "chisel")
    for spot in move.loads:
        load(w, w.actor, spot.ship, spot.space)
    w.after = "turn_end"


def apply_pass(w: Work, move: m.Pass) -> None:
    w.after = "turn_end"


# ---- decisions ---------------------------------------------------------------------------


def apply_take(w: Work, move: m.Take) -> None:
    seat = w.pending.pop().seat
    if move.card == "pair":
        kept, other = move.keep, list(w.pair)
        other.remove(kept)
        w.discard[CARD_INDEX[other[0]]] += 1
        w.pair = []
        receive(w, seat, kept)
    else:
        w.market.remove(move.card)
        receive(w, seat, move.card)


def apply_place_pyramid(w: Work, move: m.PlacePyramid) -> None:
    seat = w.pending.pop().seat
    space = len(w.pyramids_b[move.pyramid])
    w.pyramids_b[move.pyramid].append(seat)
    points = recorded(w, f"pyramid_b.points.{move.pyramid}.{space}", move.points)
    if points is None:
        mark_unknown(
            w,
            seat,
            "pyramid_b_points",
            "imhotep:G5",
            "Pyramid B pyramid {pyramid+1} space {space+1} points",
            pyramid=move.pyramid,
            space=space,
        )
    else:
        w.score[seat] += points
    bonus = recorded(w, f"pyramid_b.bonus.{move.pyramid}.{space}", move.bonus)
    if bonus is None:
        w.unchecked.append(
            Unchecked.of(
                "pyramid_b_bonus",
                "imhotep:G5",
                "Pyramid B pyramid {pyramid+1} space {space+1} bonus",
                "the printed bonus is in neither the edition nor the log; no bonus applied",
                pyramid=move.pyramid,
                space=space,
            )
        )
    elif bonus == 1 and cards_available(w.deck, w.discard):
        w.pending.append(Pending("draw", seat))
    elif bonus == 2 and move.take:
        gain(w, seat, move.take)
    elif bonus == 3 and move.load is not None:
        load(w, seat, move.load.ship, move.load.space)


def apply_temple_reward(w: Work, move: m.TempleReward) -> None:
    pending = w.pending.pop()
    seat = pending.seat
    bonus = recorded(w, f"temple_b.columns.{pending.column}", move.bonus)
    if bonus is None:
        mark_unknown(
            w,
            seat,
            "temple_b_reward",
            "imhotep:G6",
            "Temple B column {column+1} reward",
            column=pending.column,
        )
    elif bonus == 1:
        if move.take is None:
            w.score[seat] += 1
        else:
            gain(w, seat, move.take)
    elif bonus == 2:
        w.score[seat] += 2
    elif bonus == 3 and cards_available(w.deck, w.discard):
        w.pending.append(Pending("draw", seat))


def recorded(w: Work, key: str, given: int | None) -> int | None:
    """The printed value at ``key``; a value the judge gives where none is known becomes a
    recorded fact, so a later record for the same space must agree with it (check)."""
    known = w.printed(key)
    if known is None and given is not None:
        w.facts.append((key, given))
        return given
    return known


def apply_printed(w: Work, move: m.Printed) -> None:
    if w.printed(move.key) is None:
        w.facts.append((move.key, move.value))


def mark_unknown(w: Work, seat: int, code: str, rule: str, item: str, **params: int) -> None:
    w.unknown_track[seat] = True
    w.unchecked.append(
        Unchecked.of(code, rule, item, "printed value in neither the edition nor the log", **params)
    )


# ---- placing stones on sites (P1-P5, V1-V5) ---------------------------------------------


def receive(w: Work, seat: int, card: str) -> None:
    """K1: a received card is resolved by colour (P1 step 2)."""
    if card in RED:  # K2: place an own quarry stone on the named site, then discard
        w.discard[CARD_INDEX[card]] += 1
        target = w.ctx.edition.get(f"market.red_targets.{card}")
        if w.quarry[seat] > 0 and target is not None:  # G16: no stone, no effect
            w.quarry[seat] -= 1
            place(w, seat, target)
    else:
        w.hands[seat][CARD_INDEX[card]] += 1


def place(w: Work, seat: int, site: str) -> None:
    if site == "market":
        w.quarry[seat] += 1  # P1 + G18: the stone goes back to the quarry at once
        if w.market or w.pair:
            w.pending.append(Pending("take", seat))
    elif site == "pyramid":
        if w.side("pyramid") == "A":
            index = len(w.pyramid)
            w.pyramid.append(seat)
            if index >= PYRAMID_A_SPACES:
                w.score[seat] += w.ctx.edition.get("pyramid_a.overflow", 1)
            else:
                points = w.ctx.edition.get(f"pyramid_a.points.{index}")
                if points is None:
                    mark_unknown(
                        w,
                        seat,
                        "pyramid_a_points",
                        "imhotep:G4",
                        "Pyramid A space {space+1} points",
                        space=index,
                    )
                else:
                    w.score[seat] += points
        elif any(len(p) < PYRAMID_B_SPACES for p in w.pyramids_b):
            w.pending.append(Pending("pyramid", seat))
        else:
            w.pyramid_overflow.append(seat)
            w.score[seat] += w.ctx.edition.get("pyramid_b.overflow", 1)
    elif site == "temple":
        w.temple.append(seat)
    elif site == "burial":
        w.burial.append(seat)
    elif w.side("obelisk") == "A":
        w.obelisk[seat] += 1
    else:
        w.obelisk[seat] += 1
        if w.obelisk[seat] == OBELISK_B_STONES:  # V5: three waiting stones erect an obelisk
            w.obelisk[seat] = 0
            slot = len(w.obelisks_b)
            value = w.printed(f"obelisk_b.track.{slot}")
            w.obelisks_b.append((seat, value))
            if value is None:
                mark_unknown(
                    w,
                    seat,
                    "obelisk_b_track",
                    "imhotep:G8",
                    "Obelisk B track space {space+1}",
                    space=slot,
                )
            else:
                w.score[seat] += value


def temple_tops(temple, n_players: int) -> list[tuple[int, int]]:
    """(column, owner) of each stone visible from above, left to right (S3)."""
    width = temple_width(n_players)
    count = len(temple)
    return [(c, temple[c + width * ((count - 1 - c) // width)]) for c in range(min(count, width))]


def round_end(w: Work) -> None:
    tops = temple_tops(w.temple, w.n)
    if w.side("temple") == "A":
        for _, seat in tops:  # S3: one point per visible stone
            w.score[seat] += 1
    else:  # V3: rewards left to right, so the leftmost is on top of the stack
        for column, seat in reversed(tops):
            w.pending.append(Pending("temple", seat, column))


def finish_round(w: Work) -> None:
    """F6: discard the Market's leftovers, return the ships, next start player."""
    for card in w.market + w.pair:
        w.discard[CARD_INDEX[card]] += 1
    w.market, w.pair, w.ships = [], [], []
    if w.round >= ROUNDS:
        w.phase = "over"  # F7/E1
    else:
        w.phase = "ships"
        w.start_seat = (w.last_sailer + 1) % w.n


def advance(w: Work) -> None:
    """Run automatic steps until a decision or record is needed."""
    while True:
        if w.peek("pending"):
            w.phase = "decide"
            return
        if w.peek("unloading"):  # M3: one stone at a time, bow to stern, effects first
            place(w, w.unloading.pop(0), w.unload_site)
            continue
        if w.after == "turn_end":
            w.unload_site = None
            ships = w.peek("ships")
            if ships and all(s.site is not None for s in ships):
                w.after = "round_end"  # F5: the 4th ship has unloaded
                round_end(w)
                continue
            w.after = ""
            w.actor = (w.actor + 1) % w.n
            w.phase = "turn"
            return
        if w.after == "round_end":
            w.after = ""
            finish_round(w)
            return
        if w.phase == "decide":
            w.phase = "turn"
        return


APPLY = {
    m.RoundCard: apply_round,
    m.Reveal: apply_reveal,
    m.Draw: apply_draw,
    m.Quarry: apply_quarry,
    m.Load: apply_load,
    m.Sail: apply_sail,
    m.PlayLever: apply_lever,
    m.PlayHammer: apply_hammer,
    m.PlaySail: apply_play_sail,
    m.PlayChisel: apply_chisel,
    m.Pass: apply_pass,
    m.Take: apply_take,
    m.PlacePyramid: apply_place_pyramid,
    m.TempleReward: apply_temple_reward,
    m.Printed: apply_printed,
}
