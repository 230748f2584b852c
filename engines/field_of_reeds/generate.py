"""``legal_moves``: a finite menu of legal moves, every one confirmed by ``check``.

Where the rules leave infinitely many records (printed facts of unknown cards and spaces,
any distance at scoring), the menu offers a representative few: fresh cards and spaces get
facts derived from their serial number, so a generated log reads like a judge's log of a
table whose components the edition does not know. With a board in the edition, movement
walks the real board instead. Progress-friendly order: plays before passes.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engines.field_of_reeds import board as B
from engines.field_of_reeds import draft, rules
from engines.field_of_reeds.moves import (
    CardFacts,
    Deal,
    Move,
    Pass,
    Pick,
    Play,
    PlayedCard,
    Reorder,
    Reveal,
    ScoreLevel,
    Step,
    UdjatTake,
    UdjatUse,
)
from engines.field_of_reeds.scoring import COLOURS
from engines.field_of_reeds.state import State


def synthetic_facts(serial: int, level: int) -> CardFacts:
    """Stand-in facts for generated logs only (the real card list is unknown, G2)."""
    attribute = ["red", "blue"] if serial % 7 == 0 else [COLOURS[serial % 3]]
    value = "X" if serial % 11 == 0 else 1 + serial % 2
    return CardFacts(
        attribute=attribute,  # type: ignore[arg-type]
        value=value,  # type: ignore[arg-type]
        cost_shabti=1 if serial % 6 == 5 else 0,
        djed_before=1 if serial % 5 == 0 else 0,
        djed_after=1 if serial % 3 == 0 else 0,
        gain_shabti=1 if serial % 4 == 1 else 0,
        gain_points=1 if serial % 8 == 3 else 0,
        exclusion=serial % 9 == 0,
        level=level,  # type: ignore[arg-type]
    )


def legal_moves(state: State) -> Iterator[Move]:
    phase = state.phase
    if phase == "deal":
        deal = _deal(state)
        if deal is not None:
            yield deal
    elif phase == "reorder":  # simultaneous: every seat that has not passed yet
        for seat, player in enumerate(state.players):
            if not player.reordered:
                packet = list(player.packet)
                yield Reorder(type="reorder", seat=seat + 1, order=packet)
                yield Reorder(type="reorder", seat=seat + 1, order=packet[::-1])
    elif phase == "pick":  # simultaneous: both end cards for every seat still to pick (M1)
        for seat, player in enumerate(state.players):
            if not player.picked:
                for card in dict.fromkeys((player.packet[0], player.packet[-1])):
                    yield Pick(type="pick", seat=seat + 1, card=card)
    elif phase == "action":
        yield from _action(state)
    elif phase == "score":
        yield from _score(state)
    if phase != "over":
        yield from _reveals(state)


def _reveals(state: State) -> Iterator[Move]:
    """A card in a hand or packet whose printed facts nobody recorded yet may be revealed
    (its facts here are stand-ins: the table's card decides them). Every unknown slot in a
    hand is offered, first, as a judge names a card once a player has drawn it (F6): the
    menu cannot play a held slot (its facts are nobody's guess), so a slot never offered
    is a dead card, and random games stalled at level 3 with half of each hand unknown.
    Of the slots still in packets only the first: a menu of every packet slot would crowd
    out the game's moves (hands hold a few cards, packets up to 7 a seat)."""
    held = {c for p in state.players for c in p.hand}
    cards = sorted({c for p in state.players for c in (*p.hand, *p.packet)})
    serials = {card: serial for serial, card in enumerate(cards, start=1)}
    slots = sorted((c for c in cards if draft.is_slot(c)), key=lambda c: c not in held)
    memo: dict[int, frozenset[str]] = {}
    for slot in slots:  # which card it is: one of its reshuffled pile's
        left = draft.slot_candidates(state, slot, memo)
        if left:
            known = rules.card_facts(state, left[0])[0]
            printed = None if known is not None else synthetic_facts(serials[slot], 1)
            yield Reveal(type="reveal", card=left[0], slot=slot, printed=printed)
            if slot not in held:
                break
    for card in cards:
        if not draft.is_slot(card) and rules.card_facts(state, card)[0] is None:
            yield Reveal(type="reveal", card=card, printed=synthetic_facts(serials[card], 1))


def _deal(state: State) -> Deal | None:
    """Fresh cards while the deck lasts, then unknown slots (F6: the discard pile is
    shuffled into a new deck; which card each slot is comes in a reveal, never guessed)."""
    ed = state.ctx.edition
    size, n = ed.get("packet_size", 7), state.n
    limit = ed.get("god_cards", 66)
    fresh_count = max(0, limit - len(state.seen))
    need = size * n
    serials = range(len(state.seen) + 1, len(state.seen) + 1 + min(fresh_count, need))
    fresh = [f"g{k}" for k in serials]
    probe = Deal(type="deal", packets=[[] for _ in range(n)])
    pile = draft._undealt(state) + len(draft._reshuffled(state, probe))
    first = state.slots_dealt + 1
    slots = [f"{draft.SLOT}{first + k}" for k in range(min(pile, need - len(fresh)))]
    cards = fresh + slots
    per = min(size, len(cards) // n)
    if per <= ed.get("packet_end_size", 2):
        return None
    cards = fresh[: per * n] + slots[: max(0, per * n - len(fresh))]
    facts = {f"g{k}": synthetic_facts(k, state.level) for k in serials if f"g{k}" in cards}
    packets = [cards[i * per : (i + 1) * per] for i in range(n)]
    move = Deal(type="deal", packets=packets, facts=facts)
    return move if not rules.check(state, move) else None


def _action(state: State) -> Iterator[Move]:
    assert state.turn is not None
    seat = state.turn.seat
    player = state.players[seat]
    candidates: list[Move] = []
    if not state.turn.played:
        for size in range(
            min(len(player.hand), state.ctx.edition.get(f"play_limit.{state.level}", 2)), 0, -1
        ):
            for cards in combinations(player.hand, size):
                play = _play(state, seat, cards)
                if play is not None:
                    candidates.append(play)
        if player.udjat:
            for gain in ("shabti", *COLOURS):
                candidates.append(UdjatUse(type="udjat_use", seat=seat + 1, gain=gain))
        if len(player.hand) >= 2:
            candidates.append(
                UdjatTake(type="udjat_take", seat=seat + 1, discard=list(player.hand[:2]))
            )
    limit = state.ctx.edition.get(f"hand_limit.{state.level}", 3)
    discard = list(player.hand[: max(0, len(player.hand) - limit)])
    candidates.append(Pass(type="pass", seat=seat + 1, discard=discard, djed_resource=True))
    candidates.append(Pass(type="pass", seat=seat + 1, discard=discard))
    for move in candidates:
        if not rules.check(state, move):
            yield move


def _play(state: State, seat: int, cards: tuple[str, ...]) -> Play | None:
    player = state.players[seat]
    pool = [0, 0, 0]
    if state.turn is not None and state.turn.pools:
        pool = list(max(state.turn.pools))
    played, djed_before = [], False
    for card in cards:
        facts, _ = rules.card_facts(state, card)
        if facts is None:
            return None
        if facts.value == "X+1":
            return None  # the step back needs a judge's record of the position (G3)
        choose = next((c for c in facts.attribute if c != "black"), "red")
        pool[COLOURS.index(choose)] += rules.attribute_value(facts, state.level)
        djed_before = djed_before or bool(facts.djed_before)
        multi = len(set(facts.attribute)) > 1 or "black" in facts.attribute
        played.append(PlayedCard(id=card, choose=choose if multi else None))
    own = sum(1 for s, _ in state.djeds.values() if s == seat)
    if djed_before and player.space not in (B.START, B.WATCHER) and player.space not in state.djeds:
        own += 1
    path = _walk(state, seat, player.space, pool, own)
    return Play(type="play", seat=seat + 1, cards=played, path=path)


def _walk(state: State, seat: int, space: str, pool: list[int], own: int) -> list[Step]:
    """Greedy walk: the watcher when it can be entered, else the nearest payable space."""
    need = state.ctx.edition.get(f"watcher_djeds_required.{state.level}", 0)
    steps: list[Step] = []
    board_known = B.neighbours(state, space) is not None
    serial = len(state.spaces) + 1
    for _ in range(12):
        options: list[tuple[str, tuple[str, ...], Step]] = []
        if board_known:
            for name in B.neighbours(state, space) or []:
                info = B.printed_space(state, name)
                if info.cost is not None and (name != B.WATCHER or own >= need):
                    options.append((name, info.cost, Step(space=name)))
            options.sort(key=lambda o: B.distance_to_watcher(state, o[0]) or 0)
        else:
            watcher = state.spaces.get(B.WATCHER)
            cost = B.printed_space(state, B.WATCHER).cost or (watcher.cost if watcher else None)
            if own >= need:
                logged = cost is None
                cost = cost or ("black",)
                options.append(
                    (B.WATCHER, cost, Step(space=B.WATCHER, cost=list(cost) if logged else None))
                )
            if max(pool) > 0:
                colour = COLOURS[pool.index(max(pool))]
                name = f"L{state.level}-s{serial}"
                resource = "shabti" if serial % 5 == 0 else "djed" if serial % 7 == 0 else "none"
                options.append(
                    (
                        name,
                        (colour,),
                        Step(space=name, colour=colour, cost=[colour], resource=resource),
                    )
                )  # type: ignore[arg-type]
        chosen = None
        for name, cost, step in options:
            paid = B.pay(frozenset({tuple(pool)}), cost)  # type: ignore[arg-type]
            if paid:
                chosen = (name, step, max(paid))
                break
        if chosen is None:
            break
        space, step, left = chosen
        pool = list(left)
        steps.append(step)
        serial += 1
        if space == B.WATCHER:
            break
    return steps


def _score(state: State) -> Iterator[Move]:
    known = [p.reached or B.distance_to_watcher(state, p.space) is not None for p in state.players]
    if all(known):
        yield ScoreLevel(type="score_level")
        return
    for d in (1, 2, 3):
        distance = [None if k else d for k in known]
        yield ScoreLevel(type="score_level", distance=distance)
