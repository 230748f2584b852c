"""The draft (F3–F9, M1): the deal, the advanced variant's reorder, picks, packets passing left."""

from __future__ import annotations

from collections.abc import Iterable

from engines.core.types import Violation
from engines.field_of_reeds.common import (
    V,
    bad_seat,
    card_facts,
    fresh_turn,
    note,
    set_player,
    wrong_phase,
)
from engines.field_of_reeds.moves import Deal, Pick, Reorder, Reveal
from engines.field_of_reeds.state import State, clone, setting
from engines.field_of_reeds.state import evolve as replace


def check_deal(state: State, move: Deal) -> list[Violation]:
    out = wrong_phase(state, move, "deal", "F3")
    if out:
        return out
    if len(move.packets) != state.n:
        return [
            V(
                "deal_packets",
                "F3",
                "{got} packets dealt to {n} players",
                got=len(move.packets),
                n=state.n,
            )
        ]
    sizes = {len(p) for p in move.packets}
    size = setting(state, "packet_size", 7)
    if not state.seen and sizes != {size}:  # P5: the game's first deal, from a fresh deck
        out.append(
            V(
                "deal_first_size",
                "P5",
                "the first deal gives each player {size} cards; a fresh level-1 deck cannot "
                "run short (got {got})",
                size=size,
                got=sorted(sizes),
            )
        )
    elif len(sizes) != 1 or max(sizes) > size or min(sizes) <= setting(state, "packet_end_size", 2):
        out.append(
            V(
                "deal_size",
                "F3",
                "each player is dealt {size} cards (got {got})",
                size=size,
                got=sorted(sizes),
            )
        )
    cards = [c for p in move.packets for c in p]
    if len(set(cards)) != len(cards):
        out.append(V("deal_duplicate", "C2", "a card appears twice in the deal"))
    slots = [c for c in cards if is_slot(c)]
    if slots:
        out.extend(_check_slots(state, move, slots))
        cards = [c for c in cards if not is_slot(c)]
    in_play = {c for p in state.players for c in (*p.hand, *p.packet)}
    played_areas = {c for p in state.players for c in p.played}
    excluded = _excluded_now(state, move)
    known_facts, logged_facts = state.facts, move.facts
    table = setting(state, "cards") or {}
    for card in cards:
        if card in in_play:
            out.append(V("deal_card_in_hand", "F6", "card {card} is in a player's hand", card=card))
        elif card in state.excluded or card in excluded:
            out.append(
                V("deal_card_excluded", "F6", "card {card} was removed from the game", card=card)
            )
        if card not in known_facts and card not in table:  # card_facts: only the log knows it
            facts = logged_facts.get(card)
        else:
            facts, problems = card_facts(state, card, logged_facts.get(card))
            out.extend(problems)
        if facts is not None and facts.level is not None and facts.level > state.level:
            out.append(
                V(
                    "deal_card_not_added",
                    "F7",
                    "card {card} has the level-{icon} icon: it joins the deck at level {icon}",
                    card=card,
                    icon=facts.level,
                )
            )
    if move.excluded is not None:
        for card in move.excluded:
            if card not in played_areas:
                out.append(
                    V(
                        "exclude_not_played",
                        "F6",
                        "card {card} is in no played-card area",
                        card=card,
                    )
                )
            else:
                facts, _ = card_facts(state, card, move.facts.get(card))
                if facts is not None and not facts.exclusion:
                    out.append(
                        V(
                            "exclude_without_icon",
                            "F6",
                            "card {card} has no exclusion icon",
                            card=card,
                        )
                    )
        for card in played_areas - set(move.excluded):
            facts, _ = card_facts(state, card, move.facts.get(card))
            if facts is not None and facts.exclusion:
                out.append(
                    V(
                        "exclusion_missed",
                        "F6",
                        "card {card} has the exclusion icon and must be removed",
                        card=card,
                    )
                )
    limit = setting(state, "god_cards", 66)
    if len(state.seen | set(cards)) > limit:
        out.append(V("too_many_cards", "C2", "more than {limit} different god cards", limit=limit))
    return out


SLOT = "?"  # an unknown slot's id starts with it: "?1", "?2", ...


def is_slot(card: str) -> bool:
    return card[:1] == SLOT


def _check_slots(state: State, move: Deal, slots: list[str]) -> list[Violation]:
    """Unknown slots come from the deck left of the last reshuffle, then from the discard
    pile shuffled into a new deck (F6): no more than those hold."""
    out = []
    for slot in slots:
        if slot in state.hidden:
            out.append(V("deal_card_in_hand", "F6", "card {card} is in a player's hand", card=slot))
    named = {c for p in move.packets for c in p if not is_slot(c)}
    fresh_left = setting(state, "god_cards", 66) - len(state.seen | named)
    if state.dealt_level == state.level and fresh_left > 0:  # mid-level: the deck first
        out.append(
            V(
                "deal_slots_before_deck_ran_out",
                "F6",
                "{fresh} cards are still in the deck: the discard pile is shuffled only when "
                "the deck runs out",
                fresh=fresh_left,
            )
        )
    available = _undealt(state) + len(_reshuffled(state, move))
    if len(slots) > available:
        out.append(
            V(
                "deal_slots_beyond_pile",
                "F6",
                "{got} unknown cards dealt, but the deck and the discard pile hold {available}",
                got=len(slots),
                available=available,
            )
        )
    return out


def _undealt(state: State) -> int:
    return state.piles[-1][1] if state.piles else 0


def _reshuffled(state: State, move: Deal) -> frozenset[str]:
    """The discard pile the deal shuffles into a new deck if the deck runs out (F6): the
    pile so far, the played cards not excluded, less the known cards the deal names."""
    excluded = _excluded_now(state, move)
    played = {c for p in state.players for c in p.played if c not in excluded}
    named = {c for p in move.packets for c in p if not is_slot(c)}
    return frozenset((state.discard | played) - named - state.excluded - excluded)


_LAST_EXCLUDED: list = [(None, None, frozenset())]  # [(state, move, cards)] latest deal


def _excluded_now(state: State, move: Deal) -> set[str]:
    """Cards the deal removes (F6), remembered for the same state and move objects: the
    check and the transition of one deal both ask (one tuple swapped whole, thread-safe)."""
    if move.excluded is not None:
        return set(move.excluded)
    last = _LAST_EXCLUDED[0]
    if last[0] is state and last[1] is move:
        return set(last[2])
    out = _excluded_by_icon(state, move)
    _LAST_EXCLUDED[0] = (state, move, frozenset(out))
    return out


def _excluded_by_icon(state: State, move: Deal) -> set[str]:
    out = set()
    known_facts, logged_facts = state.facts, move.facts
    table = setting(state, "cards") or {}
    for p in state.players:
        for card in p.played:
            if card not in known_facts and card not in table:  # card_facts: only the log
                facts = logged_facts.get(card)
            else:
                facts, _ = card_facts(state, card, logged_facts.get(card))
            if facts is not None and facts.exclusion:
                out.add(card)
    return out


def check_reorder(state: State, move: Reorder) -> list[Violation]:
    out = wrong_phase(state, move, "reorder", "V4") or bad_seat(state, move.seat)
    if out:
        return out
    player = state.players[move.seat - 1]
    if player.reordered:
        return [
            V("already_reordered", "V4", "seat {seat} already passed its packet", seat=move.seat)
        ]
    if sorted(move.order) != sorted(player.packet):
        return [
            V("reorder_not_permutation", "V4", "the new order must use exactly the packet's cards")
        ]
    return []


def check_pick(state: State, move: Pick) -> list[Violation]:
    if state.phase != "pick" or move.seat > state.n:
        out = wrong_phase(state, move, "pick", "M1") or bad_seat(state, move.seat)
        if out:
            return out
    player = state.players[move.seat - 1]
    if player.picked:
        return [
            V("already_picked", "M1", "seat {seat} already took a card this round", seat=move.seat)
        ]
    packet = player.packet
    if move.card not in packet:
        return [
            V(
                "card_not_in_packet",
                "M1",
                "card {card} is not in seat {seat}'s packet",
                card=move.card,
                seat=move.seat,
            )
        ]
    if move.card not in (packet[0], packet[-1]):
        return [
            V(
                "inner_card",
                "M1",
                "only an end card may be taken ({first} or {last}), not {card}",
                first=packet[0],
                last=packet[-1],
                card=move.card,
            )
        ]
    return []


def _pass_left(packets: Iterable[tuple[str, ...]], n: int) -> list[tuple[str, ...]]:
    """Seat i's packet goes to seat i+1, its left neighbour (F9)."""
    packets = list(packets)
    return [packets[(i - 1) % n] for i in range(n)]


def apply_deal(state: State, move: Deal) -> State:
    excluded = _excluded_now(state, move)
    unchecked = state.unchecked
    facts = {**state.facts, **move.facts}
    to_discard = set()
    limbo = set(state.limbo)
    table = setting(state, "cards") or {}
    for p in state.players:
        for card in p.played:
            if card in excluded:
                continue
            to_discard.add(card)
            if move.excluded is None and card not in facts and card not in table:
                limbo.add(card)
    if limbo - set(state.limbo):
        unchecked = note(
            unchecked,
            "exclusion_icons",
            "F6",
            "exclusion icons",
            "played cards without recorded facts were not checked for the exclusion icon (F6)",
        )
    sizes = {len(p) for p in move.packets}
    if sizes != {setting(state, "packet_size", 7)}:
        unchecked = note(
            unchecked,
            "short_deal",
            "G19",
            "short deal",
            "deck and discard pile ran short; packet sizes taken as logged (G19)",
        )
    dealt = {c for p in move.packets for c in p if not is_slot(c)}
    slots = [c for p in move.packets for c in p if is_slot(c)]
    discard = (state.discard | to_discard) - dealt
    hidden, piles = state.hidden, state.piles
    if state.dealt_level and state.dealt_level != state.level and _undealt(state):
        # F7: at a level change the deck left of a reshuffle is shuffled in with the
        # discard pile: its cards go in as unknown cards of their pile
        hidden, piles = dict(hidden), list(piles)
        left, undealt = piles[-1]
        rest = {f"{SLOT}p{len(piles)}.{k + 1}" for k in range(undealt)}
        hidden.update(dict.fromkeys(rest, len(piles) - 1))
        piles[-1] = (left, 0)
        discard = discard | rest
    if slots:
        hidden, piles = dict(hidden), list(piles)
        from_deck = min(piles[-1][1] if piles else 0, len(slots))
        if from_deck:  # the deck left of the last reshuffle is dealt first
            left, undealt = piles[-1]
            piles[-1] = (left, undealt - from_deck)
        if len(slots) > from_deck:  # then the discard pile becomes the deck (F6)
            piles.append((frozenset(discard), len(discard) - (len(slots) - from_deck)))
            discard = frozenset()
        for k, slot in enumerate(slots):
            hidden[slot] = len(piles) - (2 if k < from_deck and len(slots) > from_deck else 1)
        piles = tuple(piles)
    players = tuple(
        replace(p, played=(), packet=tuple(move.packets[i]), picked=False, reordered=False)
        for i, p in enumerate(state.players)
    )
    return replace(
        state,
        phase="reorder" if state.ctx.options.advanced_reorder else "pick",
        players=players,
        discard=frozenset(discard),
        excluded=state.excluded | excluded,
        limbo=frozenset(limbo - dealt),
        facts=facts,
        seen=state.seen | dealt,
        hidden=hidden,
        piles=piles,
        slots_dealt=state.slots_dealt + len(slots),
        dealt_level=state.level,
        unchecked=unchecked,
    )


def apply_reorder(state: State, move: Reorder) -> State:
    seat = move.seat - 1
    players = set_player(
        state, seat, replace(state.players[seat], packet=tuple(move.order), reordered=True)
    )
    if all(p.reordered for p in players):
        packets = _pass_left((p.packet for p in players), state.n)
        players = tuple(replace(p, packet=packets[i]) for i, p in enumerate(players))
        return replace(state, players=players, phase="pick")
    return replace(state, players=players)


def apply_pick(state: State, move: Pick) -> State:
    seat = move.seat - 1
    card = move.card
    players = list(state.players)
    p = players[seat]
    packet = p.packet
    new_p, fields = clone(p)
    fields["hand"] = (*p.hand, card)
    fields["packet"] = packet[1:] if packet[0] == card else packet[:-1]  # an end card (M1)
    fields["picked"] = True
    players[seat] = new_p
    new, fields = clone(state)
    for q in players:
        if not q.picked:
            fields["players"] = tuple(players)
            return new
    # everyone took a card: each packet goes to the left neighbour (F9)
    n = len(players)
    packets = [q.packet for q in players]
    for i in range(n):
        players[i], q_fields = clone(players[i])
        q_fields["packet"] = packets[i - 1]
        q_fields["picked"] = False
    fields["players"] = tuple(players)
    fields["phase"] = "action"
    fields["turn"] = fresh_turn(state.start_seat)
    return new


def check_reveal(state: State, move: Reveal) -> list[Violation]:
    """A card's printed facts as the table first sees them: a card dealt in this game
    (C2), that agree with what is known of it (G2), and not of a later level (F7). With a
    slot: the card must be one the reshuffle put in the deck (F6) that no other record
    names (C2)."""
    if move.slot is not None:
        out = _check_slot_reveal(state, move)
        if out:
            return out
    elif move.card not in state.seen:
        return [V("reveal_not_dealt", "F3", "card {card} was not dealt", card=move.card)]
    elif move.printed is None:
        return [
            V(
                "reveal_without_facts",
                "G2",
                "card {card}: a reveal gives the printed facts or the slot it fills",
                card=move.card,
            )
        ]
    out = card_facts(state, move.card, move.printed)[1]
    slot_facts = state.facts.get(move.slot) if move.slot is not None else None
    if slot_facts is not None and not out:  # facts logged while the slot was unnamed
        out = card_facts(state, move.card, slot_facts)[1]
        if not out and move.printed is not None and move.printed != slot_facts:
            out = [
                V(
                    "card_facts_mismatch",
                    "G2",
                    "card {card}: the logged printed facts differ from the known ones",
                    card=move.card,
                )
            ]
    level = move.printed.level if move.printed is not None else None
    if level is not None and level > state.level:
        out.append(
            V(
                "deal_card_not_added",
                "F7",
                "card {card} has the level-{icon} icon: it joins the deck at level {icon}",
                card=move.card,
                icon=level,
            )
        )
    return out


def _check_slot_reveal(state: State, move: Reveal) -> list[Violation]:
    pile = state.hidden.get(move.slot)  # type: ignore[arg-type]
    if pile is None:
        return [V("reveal_slot_unknown", "F6", "no unknown card {slot} was dealt", slot=move.slot)]
    if is_slot(move.card):
        return [V("reveal_slot_unknown", "F6", "no unknown card {slot} was dealt", slot=move.card)]
    if move.card in state.piles[pile][0] or _through_slot(state, pile, move.card):
        return []
    if move.card in state.seen:
        return [
            V(
                "reveal_card_known_elsewhere",
                "C2",
                "card {card} is already known elsewhere; {slot} cannot be it",
                card=move.card,
                slot=move.slot,
            )
        ]
    return [
        V(
            "reveal_not_reshuffled",
            "F6",
            "card {card} was not in the discard pile shuffled into the deck {slot} came from",
            card=move.card,
            slot=move.slot,
        )
    ]


def _through_slot(state: State, pile: int, card: str) -> str | None:
    """An unknown slot reshuffled into the pile again that may be the card (the first
    such: slots of one earlier pile are alike)."""
    memo: dict[int, frozenset[str]] = {}
    for old in sorted(state.piles[pile][0]):
        if (
            is_slot(old)
            and old in state.hidden
            and card in _pile_candidates(state, state.hidden[old], memo)
        ):
            return old
    return None


def slot_candidates(
    state: State, slot: str, memo: dict[int, frozenset[str]] | None = None
) -> list[str]:
    """The cards an unknown slot may be, in a fixed order (``memo``: shared by the slots
    of one state, so each pile is computed once)."""
    return sorted(_pile_candidates(state, state.hidden[slot], {} if memo is None else memo))


def _pile_candidates(state: State, pile: int, memo: dict[int, frozenset[str]]) -> frozenset[str]:
    """A pile's cards no reveal has named, through its unknown slots from earlier piles
    (an earlier pile has a smaller index: each pile is computed once)."""
    if pile in memo:
        return memo[pile]
    left = state.piles[pile][0]
    out = {c for c in left if not is_slot(c)}
    for old in {state.hidden[c] for c in left if is_slot(c) and c in state.hidden}:
        out |= _pile_candidates(state, old, memo)
    memo[pile] = frozenset(out)
    return memo[pile]


def apply_reveal(state: State, move: Reveal) -> State:
    card, slot = move.card, move.slot
    if slot is None:
        return replace(state, facts={**state.facts, card: move.printed})
    if card not in state.piles[state.hidden[slot]][0]:
        # the slot is an earlier unknown card reshuffled again: that one is named first
        old = _through_slot(state, state.hidden[slot], card)
        state = apply_reveal(state, Reveal(type="reveal", card=card, slot=old))
    facts = dict(state.facts)
    printed = move.printed or facts.pop(slot, None) or facts.get(card)
    facts.pop(slot, None)
    if printed is not None:
        facts[card] = printed

    def named(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(card if c == slot else c for c in cards)

    players = tuple(
        replace(p, hand=named(p.hand), played=named(p.played), packet=named(p.packet))
        if slot in p.hand or slot in p.played or slot in p.packet
        else p
        for p in state.players
    )
    hidden = {k: v for k, v in state.hidden.items() if k != slot}
    pile = state.hidden[slot]
    piles = [  # named in its own pile; a later pile holding the slot holds the card
        (left - {card}, undealt)
        if i == pile
        else ((left - {slot}) | {card}, undealt)
        if slot in left
        else (left, undealt)
        for i, (left, undealt) in enumerate(state.piles)
    ]
    discard = state.discard
    if slot in discard:
        discard = (discard - {slot}) | {card}
    return replace(
        state,
        players=players,
        facts=facts,
        hidden=hidden,
        piles=tuple(piles),
        discard=discard,
        excluded=state.excluded - {slot} | ({card} if slot in state.excluded else set()),
    )
