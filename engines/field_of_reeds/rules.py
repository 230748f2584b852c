"""Legality (``check``) and transitions (``next_state``) for every move type.

The god card play (M3–M7) is simulated once by ``_resolve_play``, which returns both the
violations and the resulting state, so the check and the transition cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.core.types import Unchecked, Violation, fill
from engines.field_of_reeds import board as B
from engines.field_of_reeds import scoring
from engines.field_of_reeds.moves import (
    CardFacts,
    Deal,
    Move,
    Pass,
    Pick,
    Play,
    Reorder,
    ScoreLevel,
    UdjatTake,
    UdjatUse,
)
from engines.field_of_reeds.scoring import COLOURS
from engines.field_of_reeds.state import Player, SpaceInfo, State, Turn, clone, setting
from engines.field_of_reeds.state import evolve as replace


def V(code: str, rule: str, message: str, **params: object) -> Violation:
    return Violation(code, f"field_of_reeds:{rule}", message, params)


def note(
    unchecked: tuple[Unchecked, ...], code: str, rule: str, item: str, reason: str, **params: Any
) -> tuple[Unchecked, ...]:
    """Add an Unchecked entry once per item (a whole game would otherwise repeat it); item
    and reason are English templates with ``params``, Japanese by ``code`` (UNCHECKED_JA)."""
    text = fill(item, params)
    for u in unchecked:  # a plain loop: this runs for most plays
        if u.item == text:
            return unchecked
    rule = f"field_of_reeds:{rule}"
    return (*unchecked, Unchecked(text, fill(reason, params), rule, code=code, params=params))


def setup(ctx) -> State:  # noqa: ANN001
    edition = ctx.edition
    players = tuple(
        Player(
            shabti=1 if ctx.options.starts_with_shabti(seat) else 0,
            points=edition.get("start_points", 1),
            level_start=edition.get("start_points", 1),
            supply=edition.get("djeds_per_player", 12),
            breakdown={"start": edition.get("start_points", 1)},
        )
        for seat in range(ctx.n_players)
    )
    return State(
        ctx=ctx,
        level=1,
        phase="deal",
        start_seat=0,
        players=players,
        udjat_supply=edition.get("udjat_supply", 5),
    )


def _set_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def card_facts(
    state: State, card: str, logged: CardFacts | None = None
) -> tuple[CardFacts | None, list[Violation]]:
    """A card's printed facts: the edition's card list, then the log; they must agree."""
    known = state.facts.get(card)
    if known is None:  # the edition's table only matters for a card not learned yet
        table = setting(state, "cards") or {}
        if card in table:
            known = CardFacts.model_validate(table[card])
    if known is not None and logged is not None and known != logged:
        return known, [
            V(
                "card_facts_mismatch",
                "G2",
                "card {card}: the logged printed facts differ from the known ones",
                card=card,
            )
        ]
    return known or logged, []


def attribute_value(facts: CardFacts, level: int) -> int:
    """M12: a number, or X / X-1 / X+1 with X the level (X-1 on level 1 is 0, Q12)."""
    if isinstance(facts.value, int):
        return facts.value
    return {"X": level, "X-1": level - 1, "X+1": level + 1}[facts.value]


# ---------------------------------------------------------------------------------------
# check


def check(state: State, move: Move) -> list[Violation]:
    if state.phase == "over":
        return [V("game_over", "E1", "the game is over")]
    return _CHECKS[move.type](state, move)


def _wrong_phase(state: State, move: Move, want: str, rule: str) -> list[Violation]:
    if state.phase != want:
        return [
            V(
                "wrong_phase",
                rule,
                "a {move} record is not possible now (phase: {phase})",
                move=move.type,
                phase=state.phase,
            )
        ]
    return []


def _bad_seat(state: State, seat: int) -> list[Violation]:
    if seat > state.n:
        return [
            V(
                "unknown_seat",
                "F2",
                "there is no player {number}: the game has {n} players",
                number=seat,
                n=state.n,
            )
        ]
    return []


def _not_your_turn(state: State, seat: int) -> list[Violation]:
    if state.turn is None or state.turn.seat != seat - 1:
        current = None if state.turn is None else state.turn.seat + 1
        return [
            V(
                "not_your_turn",
                "F2",
                "seat {seat} acts, but it is seat {current}'s action phase",
                seat=seat,
                current=current,
            )
        ]
    return []


def _check_deal(state: State, move: Deal) -> list[Violation]:
    out = _wrong_phase(state, move, "deal", "F3")
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


def _check_reorder(state: State, move: Reorder) -> list[Violation]:
    out = _wrong_phase(state, move, "reorder", "V4") or _bad_seat(state, move.seat)
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


def _check_pick(state: State, move: Pick) -> list[Violation]:
    if state.phase != "pick" or move.seat > state.n:
        out = _wrong_phase(state, move, "pick", "M1") or _bad_seat(state, move.seat)
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


def _turn_checks(state: State, move: Move, rule: str) -> list[Violation]:
    turn = state.turn
    if state.phase == "action" and turn is not None and turn.seat == move.seat - 1:  # type: ignore[attr-defined]
        return []
    return (
        _wrong_phase(state, move, "action", rule)
        or _bad_seat(state, move.seat)  # type: ignore[attr-defined]
        or _not_your_turn(state, move.seat)  # type: ignore[attr-defined]
    )


def _check_udjat_take(state: State, move: UdjatTake) -> list[Violation]:
    out = _turn_checks(state, move, "M9")
    if out:
        return out
    hand = state.players[move.seat - 1].hand
    if len(move.discard) != 2 or len(set(move.discard)) != 2:
        return [
            V(
                "udjat_needs_two",
                "M9",
                "an Udjat eye card costs exactly 2 different god cards from hand",
            )
        ]
    missing = [c for c in move.discard if c not in hand]
    if missing:
        return [V("card_not_in_hand", "M9", "card {card} is not in hand", card=missing[0])]
    return []


def _check_udjat_use(state: State, move: UdjatUse) -> list[Violation]:
    out = _turn_checks(state, move, "M10")
    if out:
        return out
    if state.players[move.seat - 1].udjat < 1:
        return [V("no_udjat", "M10", "seat {seat} holds no Udjat eye card", seat=move.seat)]
    return []


def _check_pass(state: State, move: Pass) -> list[Violation]:
    turn = state.turn
    if state.phase != "action" or turn is None or turn.seat != move.seat - 1:
        out = _turn_checks(state, move, "M8")
        if out:
            return out
    out = []
    player = state.players[move.seat - 1]
    limit = _level_values(state)[1]
    excess = len(player.hand) - limit
    if excess < 0:
        excess = 0
    if move.discard and (
        len(set(move.discard)) != len(move.discard)
        or any(c not in player.hand for c in move.discard)
    ):
        out.append(
            V("card_not_in_hand", "M11", "hand-limit discards must be different cards from hand")
        )
    elif len(move.discard) != excess:
        out.append(
            V(
                "hand_limit",
                "L2",
                "hand of {hand} god cards, limit {limit}: discard exactly {excess}",
                hand=len(player.hand),
                limit=limit,
                excess=excess,
            )
        )
    if move.djed_resource:
        out.extend(_djed_resource_problems(state, move.seat - 1))
    return out


def _djed_resource_problems(state: State, seat: int) -> list[Violation]:
    player = state.players[seat]
    info = B.printed_space(state, player.space)
    if player.space in state.used_resources or (
        info.resource is not None and info.resource != "djed"
    ):
        return [
            V("no_djed_resource", "M18", "space {space} offers no Djed now", space=player.space)
        ]
    if player.space in state.djeds:
        return [V("space_has_djed", "L7", "space {space} already holds a Djed", space=player.space)]
    if player.supply == 0 and sum(player.sheet) == 0:
        return [V("no_djed_left", "L6", "seat {seat} has no Djed to place", seat=seat + 1)]
    return []


def _check_score_level(state: State, move: ScoreLevel) -> list[Violation]:
    out = _wrong_phase(state, move, "score", "S1")
    if out:
        return out
    for name in ("distance", "black_to"):
        values = getattr(move, name)
        if values is not None and len(values) != state.n:
            return [V("score_level_seats", "S1", "{field} needs one entry per seat", field=name)]
    for seat, player in enumerate(state.players):
        d = None if move.distance is None else move.distance[seat]
        if player.reached and d not in (None, 0):
            out.append(
                V(
                    "distance_with_arrival",
                    "S5",
                    "seat {seat} reached the top: no distance",
                    seat=seat + 1,
                )
            )
        if not player.reached and d is not None:
            if d < 1:
                out.append(
                    V(
                        "zero_distance",
                        "S5",
                        "seat {seat} did not reach the top: distance is at least 1",
                        seat=seat + 1,
                    )
                )
            computed = B.distance_to_watcher(state, player.space)
            if computed is not None and computed != d:
                out.append(
                    V(
                        "distance_mismatch",
                        "S5",
                        "seat {seat} is {computed} spaces short, not {d}",
                        seat=seat + 1,
                        computed=computed,
                        d=d,
                    )
                )
        choice = None if move.black_to is None else move.black_to[seat]
        if choice is not None:
            free = sum(
                1 for s, c in state.djeds.values() if s == seat and c in ("black", "watcher")
            )
            if sum(choice.as_tuple()) != free:
                out.append(
                    V(
                        "black_assignment",
                        "S3",
                        "seat {seat} has {free} black-space Djeds, the choice places {got}",
                        seat=seat + 1,
                        free=free,
                        got=sum(choice.as_tuple()),
                    )
                )
    return out


# ---------------------------------------------------------------------------------------
# the god card play (M3–M7, M12–M17, M20)


_LAST_PLAY: list = [(None, None, None)]  # [(state, move, result)] of the latest resolution


def _play_once(state: State, move: Play) -> tuple[list[Violation], State | None]:
    """``_resolve_play``, remembered for the same state and move objects: ``apply`` checks
    and then transitions, so a play is simulated once instead of twice. The entry is one
    tuple swapped whole, so concurrent threads never mix two resolutions."""
    last = _LAST_PLAY[0]
    if last[0] is state and last[1] is move:
        return last[2]
    result = _resolve_play(state, move)
    _LAST_PLAY[0] = (state, move, result)
    return result


def _resolve_play(state: State, move: Play) -> tuple[list[Violation], State | None]:
    out = _turn_checks(state, move, "M3")
    if out:
        return out, None
    seat = move.seat - 1
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    unchecked = state.unchecked
    level = state.level
    if turn.played:
        return [V("second_play", "L1", "god cards are played once per action phase")], None
    limit, _, need = _level_values(state)
    cards = move.cards
    ids = [c.id for c in cards]
    if len(ids) > limit:
        out.append(
            V(
                "play_limit",
                "L1",
                "at most {limit} god cards on level {level} (got {n})",
                limit=limit,
                level=level,
                n=len(ids),
            )
        )
    if len(set(ids)) != len(ids):
        out.append(V("card_twice", "M4", "a card is played twice"))
    hand = player.hand
    for card in ids:
        if card not in hand:
            out.append(
                V(
                    "card_not_in_hand",
                    "M4",
                    "card {card} is not in seat {seat}'s hand",
                    card=card,
                    seat=move.seat,
                )
            )
    if out:
        return out, None

    # 1a/1b select and pay: all costs at once, before any effect (M5, L4, Q8); one pass
    # over the printed facts of the play
    state_facts = state.facts
    facts_memo = state_facts  # copied only when the play teaches a new card
    known: list[CardFacts | None] = []
    values: list[int] = []
    unknown_cards: list[str] = []
    cost_shabti = cost_points = gain_shabti = gain_points = 0
    djed_before = djed_after = go_back = special = False
    for played in cards:
        card = played.id
        facts = state_facts.get(card)
        if facts is None or played.printed is not None:
            facts, problems = card_facts(state, card, played.printed)
            out.extend(problems)
        known.append(facts)
        if facts is None:
            unknown_cards.append(card)
            values.append(0)
            continue
        if facts_memo.get(card) is not facts:
            if facts_memo is state_facts:
                facts_memo = dict(facts_memo)
            facts_memo[card] = facts
        value = attribute_value(facts, level)
        values.append(value)
        attribute = facts.attribute
        choose = played.choose
        if choose is not None:
            if choose not in attribute and "black" not in attribute:
                out.append(
                    V(
                        "attribute_not_on_card",
                        "M12",
                        "card {card} gives {icons}, not {choice}",
                        card=card,
                        icons=sorted(set(attribute)),
                        choice=choose,
                    )
                )
            if choose == "black":
                out.append(
                    V(
                        "attribute_choice_black",
                        "M12",
                        "card {card}: a value is taken as red, blue or yellow",
                        card=card,
                    )
                )
        elif (
            "black" in attribute or (len(attribute) > 1 and len(set(attribute)) > 1)
        ) and value > 0:
            out.append(
                V(
                    "attribute_choice_missing",
                    "M12",
                    "card {card}: record which attribute was taken (G10)",
                    card=card,
                )
            )
        cost_shabti += facts.cost_shabti
        cost_points += facts.cost_points
        gain_shabti += facts.gain_shabti
        gain_points += facts.gain_points
        djed_before = djed_before or facts.djed_before > 0
        djed_after = djed_after or facts.djed_after > 0
        go_back = go_back or facts.value == "X+1"
        special = special or facts.special is not None
    for card in unknown_cards:
        unchecked = note(
            unchecked,
            "card_facts",
            "G2",
            "card {card}",
            "printed facts (attribute, cost, effects) neither in the edition nor in the log",
            card=card,
        )
    shabti, points = player.shabti, player.points
    if unknown_cards:
        shabti, points = None, None  # cost and gains unknown from here on
    else:
        if shabti is not None and cost_shabti > shabti:
            out.append(
                V(
                    "cannot_pay_shabti",
                    "L4",
                    "the play costs {cost} shabti, seat {seat} holds {have}",
                    cost=cost_shabti,
                    seat=move.seat,
                    have=shabti,
                )
            )
        if points is not None and cost_points > points:
            out.append(
                V(
                    "cannot_pay_points",
                    "L8",
                    "the play costs {cost} points, seat {seat} has {have}",
                    cost=cost_points,
                    seat=move.seat,
                    have=points,
                )
            )
        if (shabti is None and cost_shabti) or (points is None and cost_points):
            unchecked = note(
                unchecked,
                "costs",
                "L4",
                "{player}: costs (level {level})",
                "the shabti or score held is unknown, so affordability is not checked (L4, L8)",
                player=state.ctx.players[move.seat - 1],
                level=level,
            )
        shabti = None if shabti is None else shabti - cost_shabti
        points = None if points is None else points - cost_points
    space = player.space
    if go_back and space == B.START:
        out.append(
            V("go_back_on_start", "M20", "an X+1 card cannot be used on the start space (Q14)")
        )
    if out:
        return out, None

    # 2 gain attribute values (M6, M12)
    pools = turn.pools
    for played, facts, value in zip(cards, known, values, strict=True):
        if facts is None:
            pools = None
            continue
        if value == 0:
            continue
        pools = B.add_value(pools, played.choose or facts.attribute[0], value)

    djeds = state.djeds  # copied by _place when a Djed is placed
    supply, sheet, reused = player.supply, player.sheet, player.reused
    memo = state.spaces  # copied before the first space is learned
    path = move.path

    # 3 before-move effects (M7a), then the X+1 step back (Q15)
    if djed_before:
        djeds, supply, sheet, reused, unchecked = _place(
            move,
            seat,
            level,
            space,
            memo.get(space) or B.printed_space(state, space),
            (djeds, supply, sheet, reused, unchecked),
            state.ctx.players[seat],
        )
    if go_back or path:
        memo = dict(memo)
    if go_back:
        if move.go_back_to is None:
            return [
                V(
                    "go_back_not_recorded",
                    "M20",
                    "record where the X+1 card's step back put the piece (G3)",
                )
            ], None
        info, problems = B.resolve(state, move.go_back_to, memo)
        if problems:
            return problems, None
        if B.adjacent(state, space, move.go_back_to.space) is False:
            return [
                V(
                    "not_adjacent",
                    "M13",
                    "{a} and {b} share no passable edge",
                    a=space,
                    b=move.go_back_to.space,
                )
            ], None
        unchecked = note(
            unchecked,
            "step_back",
            "G3",
            "X+1 step back (level {level})",
            "no special card list in the source; the logged position is taken (G3)",
            level=level,
        )
        space = move.go_back_to.space
        memo[space] = info

    # 4 move (M13–M17)
    own = 0
    for s, _ in djeds.values():
        if s == seat:
            own += 1
    reached = player.reached
    uncertain = player.djeds_uncertain or bool(unknown_cards)
    board = B.board_data(state)
    has_edges = bool(board and board.get("edges") is not None)
    if path and not has_edges:
        unchecked = note(
            unchecked,
            "board_edges",
            "G4",
            "board edges (level {level})",
            "board side not in the edition: passable edges are not checked",
            level=level,
        )
    for i, step in enumerate(path):
        if reached:
            out.append(V("move_after_watcher", "G8", "movement ends on the watcher space"))
            break
        to = step.space
        if (
            to not in memo
            and to != B.START
            and to != B.WATCHER
            and (not board or to not in board.get("spaces", {}))
        ):  # first sight of a space the board does not know: the log says it all
            cost = step.cost
            info = SpaceInfo(step.colour, None if cost is None else tuple(cost), step.resource)
        else:
            info, problems = B.resolve(state, step, memo)
            if problems:
                out.extend(problems)
                break
        if to == space:
            out.append(
                V("not_adjacent", "M13", "step {i} does not leave {space}", i=i, space=space)
            )
            break
        if has_edges and B.adjacent(state, space, to) is False:
            out.append(
                V(
                    "not_adjacent",
                    "M13",
                    "{a} and {b} share no passable edge",
                    a=space,
                    b=to,
                )
            )
            break
        if to == B.WATCHER and own < need:
            if uncertain:
                unchecked = note(
                    unchecked,
                    "watcher_condition",
                    "L11",
                    "{player}: watcher condition (level {level})",
                    "cards with unknown facts may have placed Djeds: L11 not checked",
                    player=state.ctx.players[move.seat - 1],
                    level=level,
                )
            else:
                out.append(
                    V(
                        "watcher_condition",
                        "L11",
                        "the watcher space needs {need} of your Djeds on this board "
                        "(you have {own})",
                        need=need,
                        own=own,
                    )
                )
                break
        if info.cost is None:
            unchecked = note(
                unchecked,
                "space_cost",
                "G4",
                "cost of {space} (level {level})",
                "printed cost neither in the edition nor in the log",
                space=to,
                level=level,
            )
        new_pools = B.pay(pools, info.cost, step.black_with)
        if new_pools is not None and not new_pools:
            out.append(
                V(
                    "cannot_pay_space",
                    "M14",
                    "the pool cannot pay {cost} to enter {space}",
                    cost=list(info.cost or ()),
                    space=to,
                )
            )
            break
        pools = new_pools
        space = to
        memo[space] = info
        if space == B.WATCHER:
            reached = True
    if out:
        return out, None

    # M15: no stopping while leftover value could enter an adjacent space
    if not reached and pools != _ZERO_POOLS and not state.ctx.options.beginner_free_stop:
        verdict = _may_stop(state, move, space, pools, memo, own, need, uncertain)
        if verdict is False:
            return [
                V(
                    "must_keep_moving",
                    "M15",
                    "value is left that can enter a space next to {space}",
                    space=space,
                )
            ], None
        if verdict is None:
            unchecked = note(
                unchecked,
                "stop_rule",
                "M15",
                "stop rule at {space} ({player}, level {level})",
                "the spaces next to the final one are not known: M15 not checked",
                space=space,
                player=state.ctx.players[move.seat - 1],
                level=level,
            )

    # 5 after-move effects (M7c)
    if djed_after:
        djeds, supply, sheet, reused, unchecked = _place(
            move,
            seat,
            level,
            space,
            memo.get(space) or B.printed_space(state, space),
            (djeds, supply, sheet, reused, unchecked),
            state.ctx.players[seat],
        )

    # 6 resource gain (M7d)
    if shabti is not None:
        shabti += gain_shabti
    if points is not None:
        points += gain_points
    if special:
        unchecked = note(
            unchecked,
            "special_effects",
            "G3",
            "special effects (level {level})",
            "special card effects are not in the source (G3)",
            level=level,
        )

    new_player, fields = clone(player)
    fields["hand"] = tuple([c for c in hand if c not in ids])
    fields["played"] = player.played + tuple(ids)
    fields["shabti"] = shabti
    fields["points"] = points
    fields["level_play"] = (
        None
        if player.level_play is None or unknown_cards
        else player.level_play - cost_points + gain_points
    )
    fields["space"] = space
    fields["supply"] = supply
    fields["sheet"] = sheet
    fields["reused"] = reused
    fields["reached"] = reached
    fields["djeds_uncertain"] = uncertain
    new_state, fields = clone(state)
    fields["players"] = _set_player(state, seat, new_player)
    fields["turn"] = _played_turn(seat, pools is not None)
    fields["djeds"] = djeds
    fields["spaces"] = memo
    fields["facts"] = facts_memo
    fields["round_reached"] = state.round_reached or (reached and not player.reached)
    fields["unchecked"] = unchecked
    return [], new_state


_ZERO_POOLS: frozenset[tuple[int, int, int]] = frozenset({(0, 0, 0)})
_PLAYED_TURNS: dict[tuple[int, bool], Turn] = {}


def _played_turn(seat: int, pools_known: bool) -> Turn:
    """The turn after the play: pools spent (M6: unused value is lost) or still unknown.
    Frozen and equal for every use, so built once per seat."""
    turn = _PLAYED_TURNS.get((seat, pools_known))
    if turn is None:
        turn = _PLAYED_TURNS[(seat, pools_known)] = Turn(
            seat=seat, played=True, pools=_ZERO_POOLS if pools_known else None
        )
    return turn


def _place(
    move: Play,
    seat: int,
    level: int,
    at: str,
    info: SpaceInfo,
    held: tuple,
    player: str,
) -> tuple:
    """Place one Djed on ``at`` (M7a, M7c). ``held`` is (djeds, supply, sheet, reused,
    unchecked); returns it updated (the djeds mapping copied when a Djed is placed)."""
    djeds, supply, sheet, reused, unchecked = held
    if at == B.START or (at == B.WATCHER and level != 3) or at in djeds:
        return held  # L7: nothing is placed
    if supply > 0:
        supply -= 1
    elif sum(sheet) > 0:  # Q11: take one back from the sheet
        if move.reuse_from is not None and sheet[COLOURS.index(move.reuse_from)] > 0:
            i = COLOURS.index(move.reuse_from)
        else:
            i = max(range(3), key=lambda k: (sheet[k], -k))
            unchecked = note(
                unchecked,
                "djed_reuse",
                "L6",
                "{player}: Djed reuse (level {level})",
                "which sheet area the Djed came from was not recorded (Q11)",
                player=player,
                level=level,
            )
        sheet = tuple(v - 1 if k == i else v for k, v in enumerate(sheet))
        reused = tuple(v + 1 if k == i else v for k, v in enumerate(reused))
    else:
        return held
    djeds = {**djeds, at: (seat, B.WATCHER if at == B.WATCHER else info.colour)}
    return djeds, supply, sheet, reused, unchecked


_LEVELS: dict[tuple[int, int], tuple[object, tuple[int, int, int]]] = {}


def _level_values(state: State) -> tuple[int, int, int]:
    """(play limit L1, hand limit L2, own Djeds the watcher space needs L11) on the state's
    level, read once per edition values object (shared by every replay of an edition)."""
    values = state.ctx.edition.values
    level = state.level
    entry = _LEVELS.get((id(values), level))
    if entry is not None and entry[0] is values:
        return entry[1]
    got = (
        setting(state, f"play_limit.{level}", 2),
        setting(state, f"hand_limit.{level}", 3),
        setting(state, f"watcher_djeds_required.{level}", 0),
    )
    if len(_LEVELS) > 256:
        _LEVELS.clear()
    _LEVELS[(id(values), level)] = (values, got)
    return got


def _may_stop(state, move, space, pools, memo, own, need, uncertain) -> bool | None:  # noqa: ANN001
    """True if some payment leaves no enterable neighbour; None if the neighbours are unknown."""
    names = B.neighbours(state, space)
    infos: list[tuple[str, SpaceInfo]] = []
    if names is not None:
        infos = [(n, memo.get(n) or B.printed_space(state, n)) for n in names]
    elif move.stop_neighbours is not None:
        for step in move.stop_neighbours:
            info, problems = B.resolve(state, step, memo)
            infos.append((step.space, info))
    elif pools is not None and all(sum(p) == 0 for p in pools):
        return True
    else:
        return None
    if pools is None:
        return None
    unknown = False
    for pool in pools:
        verdicts = [
            B.can_enter(pool, info, name != B.WATCHER or own >= need)
            if name != B.WATCHER or own >= need or not uncertain
            else None
            for name, info in infos
        ]
        if True in verdicts:
            continue  # this payment leaves a space that can surely be entered
        if None in verdicts:
            unknown = True
        else:
            return True  # this payment leaves nothing enterable: the player may stop
    return None if unknown else False


# ---------------------------------------------------------------------------------------
# next_state


def next_state(state: State, move: Move) -> State:
    if move.type == "play":
        new = _play_once(state, move)[1]
        assert new is not None
        return new
    return _APPLIES[move.type](state, move)


def _pass_left(packets: Iterable[tuple[str, ...]], n: int) -> list[tuple[str, ...]]:
    """Seat i's packet goes to seat i+1, its left neighbour (F9)."""
    packets = list(packets)
    return [packets[(i - 1) % n] for i in range(n)]


def _apply_deal(state: State, move: Deal) -> State:
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
    dealt = {c for p in move.packets for c in p}
    players = tuple(
        replace(p, played=(), packet=tuple(move.packets[i]), picked=False, reordered=False)
        for i, p in enumerate(state.players)
    )
    return replace(
        state,
        phase="reorder" if state.ctx.options.advanced_reorder else "pick",
        players=players,
        discard=frozenset((state.discard | to_discard) - dealt),
        excluded=state.excluded | excluded,
        limbo=frozenset(limbo - dealt),
        facts=facts,
        seen=state.seen | dealt,
        unchecked=unchecked,
    )


def _apply_reorder(state: State, move: Reorder) -> State:
    seat = move.seat - 1
    players = _set_player(
        state, seat, replace(state.players[seat], packet=tuple(move.order), reordered=True)
    )
    if all(p.reordered for p in players):
        packets = _pass_left((p.packet for p in players), state.n)
        players = tuple(replace(p, packet=packets[i]) for i, p in enumerate(players))
        return replace(state, players=players, phase="pick")
    return replace(state, players=players)


def _apply_pick(state: State, move: Pick) -> State:
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
    fields["turn"] = _fresh_turn(state.start_seat)
    return new


def _apply_udjat_take(state: State, move: UdjatTake) -> State:
    seat = move.seat - 1
    p = state.players[seat]
    unchecked = state.unchecked
    supply = state.udjat_supply - 1
    if supply < 0:
        supply = 0
        unchecked = note(
            unchecked,
            "udjat_supply",
            "G11",
            "Udjat supply",
            "an Udjat eye card was taken from an empty supply; not ruled (G11)",
        )
    hand = tuple(c for c in p.hand if c not in move.discard)
    player = replace(p, hand=hand, played=p.played + tuple(move.discard), udjat=p.udjat + 1)
    return replace(
        state, players=_set_player(state, seat, player), udjat_supply=supply, unchecked=unchecked
    )


def _apply_udjat_use(state: State, move: UdjatUse) -> State:
    seat = move.seat - 1
    p = state.players[seat]
    turn = state.turn
    assert turn is not None
    unchecked = state.unchecked
    if move.gain == "shabti":
        player = replace(p, udjat=p.udjat - 1, shabti=None if p.shabti is None else p.shabti + 1)
    else:
        player = replace(p, udjat=p.udjat - 1)
        if turn.played:
            unchecked = note(
                unchecked,
                "udjat_after_movement",
                "G11",
                "Udjat value after movement",
                "an attribute value gained after the play's movement has no use (G11)",
            )
        else:
            turn = replace(turn, pools=B.add_value(turn.pools, move.gain, 1))
    return replace(
        state,
        players=_set_player(state, seat, player),
        turn=turn,
        udjat_supply=state.udjat_supply + 1,  # Inferred (G11): used cards go back to the supply
        unchecked=unchecked,
    )


def _apply_pass(state: State, move: Pass) -> State:
    seat = move.seat - 1
    p = state.players[seat]
    if move.discard:
        hand = tuple(c for c in p.hand if c not in move.discard)
        player = replace(p, hand=hand, played=p.played + tuple(move.discard))
    else:  # most passes discard nothing: the player is unchanged
        player = p
    djeds, used = state.djeds, state.used_resources
    unchecked = state.unchecked
    if move.djed_resource:
        djeds, used = dict(djeds), set(used)
        info = B.printed_space(state, p.space)
        if info.resource is None:
            unchecked = note(
                unchecked,
                "djed_resource",
                "M18",
                "Djed resource at {space} (level {level})",
                "resource icon not recorded (M18)",
                space=p.space,
                level=state.level,
            )
        if player.supply > 0:
            player = replace(player, supply=player.supply - 1)
        else:
            i = max(range(3), key=lambda k: (player.sheet[k], -k))
            player = replace(
                player,
                sheet=tuple(v - 1 if k == i else v for k, v in enumerate(player.sheet)),
                reused=tuple(v + 1 if k == i else v for k, v in enumerate(player.reused)),
            )
            unchecked = note(
                unchecked,
                "djed_reuse",
                "L6",
                "{player}: Djed reuse (level {level})",
                "which sheet area the Djed came from was not recorded (Q11)",
                player=state.ctx.players[seat],
                level=state.level,
            )
        djeds[p.space] = (seat, info.colour)
        used.add(p.space)
    new, fields = clone(state)
    if player is not p:
        fields["players"] = _set_player(state, seat, player)
    fields["djeds"] = djeds
    fields["used_resources"] = frozenset(used)
    fields["unchecked"] = unchecked
    following = (seat + 1) % len(state.players)
    if following != state.start_seat:  # clockwise until the start player would act again
        fields["turn"] = _fresh_turn(following)
        return new
    return _end_round(new, fields)


_FRESH_TURNS: dict[int, Turn] = {}


def _fresh_turn(seat: int) -> Turn:
    """``Turn(seat=seat)``: frozen and equal for every use, so built once per seat."""
    turn = _FRESH_TURNS.get(seat)
    if turn is None:
        turn = _FRESH_TURNS[seat] = Turn(seat=seat)
    return turn


def _end_round(state: State, fields: dict) -> State:
    """5-4: shabti resource spaces (M19; before level scoring, G12), then condition A/B.

    ``state`` is a fresh copy nobody holds yet; ``fields`` (its field dict) is filled in.
    """
    players = list(state.players)
    used = state.used_resources
    unchecked = state.unchecked
    gainers: dict[str, list[int]] = {}
    for seat, p in enumerate(players):
        if p.space in used:
            continue
        resource = B.printed_resource(state, p.space)
        if resource is None and p.space not in (B.START, B.WATCHER):
            # a shabti may or may not have been gained here: the count becomes unknown
            players[seat] = replace(p, shabti=None)
            unchecked = note(
                unchecked,
                "resource_icon",
                "M19",
                "resource icon of {space} (level {level})",
                "not recorded, so the shabti of a player there at round end is unknown (M19)",
                space=p.space,
                level=state.level,
            )
        if resource == "shabti":
            gainers.setdefault(p.space, []).append(seat)
    if gainers:
        used = set(used)
        for space, seats in gainers.items():
            used.add(space)
            for seat in seats:
                p = players[seat]
                players[seat] = replace(p, shabti=None if p.shabti is None else p.shabti + 1)
        fields["used_resources"] = frozenset(used)
    fields["turn"] = None
    fields["unchecked"] = unchecked
    if state.round_reached:
        fields["phase"] = "score"
        _discard_packets(state, fields, players)
    elif len(players[0].packet) <= setting(state, "packet_end_size", 2):
        _discard_packets(state, fields, players)
        fields["phase"] = "deal"
        fields["start_seat"] = (state.start_seat + 1) % len(players)
    else:
        fields["players"] = tuple(players)
        fields["phase"] = "pick"
    return state


def _discard_packets(state: State, fields: dict, players: list[Player]) -> None:
    """The packets' cards go to the discard pile (into ``fields`` of a fresh copy)."""
    leftovers = {c for p in players for c in p.packet}
    for i, p in enumerate(players):
        players[i], p_fields = clone(p)
        p_fields["packet"] = ()
    fields["players"] = tuple(players)
    fields["discard"] = state.discard | leftovers


def _apply_score_level(state: State, move: ScoreLevel) -> State:
    ed = state.ctx.edition
    level = state.level
    unchecked = state.unchecked
    players = []
    notes = list(state.notes)
    udjat_supply = state.udjat_supply
    for seat, p in enumerate(state.players):
        name = state.ctx.players[seat]
        colours = [c for s, c in state.djeds.values() if s == seat]
        on_sheet = p.sheet
        fixed = (
            on_sheet[0] + colours.count("red"),
            on_sheet[1] + colours.count("blue"),
            on_sheet[2] + colours.count("yellow"),
        )
        free = sum(1 for c in colours if c in ("black", B.WATCHER))
        unknown = sum(1 for c in colours if c is None)
        choice = None if move.black_to is None else move.black_to[seat]
        guessed_at = p.sheet_guessed_at
        guessed_now = False
        if choice is not None:
            added = choice.as_tuple()
        else:
            best = scoring.best_black_assignment(level, fixed, free, ed)  # type: ignore[arg-type]
            added = best.added
            if free:
                notes.append(
                    f"{name}: level {level} black-space Djeds assigned red {added[0]}, "
                    f"blue {added[1]}, yellow {added[2]} (best advantage, S3)"
                )
            if best.guessed:
                guessed_now = True
                unchecked = note(
                    unchecked,
                    "black_djed_assignment",
                    "S3",
                    "{player}: level {level} black-Djed assignment",
                    "the best choice hangs on the level-2 value for 4 Djeds, which is not "
                    "printed (G6); record black_to",
                    player=name,
                    level=level,
                )
        sheet = (fixed[0] + added[0], fixed[1] + added[1], fixed[2] + added[2])
        bonus = scoring.djed_bonus(level, sheet, ed)  # type: ignore[arg-type]
        if guessed_now and best.depends_on_unknown:
            bonus = None
        if guessed_at is not None:
            bonus = None
            unchecked = note(
                unchecked,
                "djed_bonus_guessed",
                "S4",
                "{player}: level {level} Djed bonus",
                "the sheet's colours hang on the level-{guessed_at} black-Djed assignment, "
                "which is not known (G6)",
                player=name,
                level=level,
                guessed_at=guessed_at,
            )
        elif p.djeds_uncertain:
            bonus = None
            unchecked = note(
                unchecked,
                "djeds_uncertain",
                "S3",
                "{player}: level {level} Djeds",
                "cards with unknown facts were played: Djeds they placed are not known (S3)",
                player=name,
                level=level,
            )
        elif unknown:
            bonus = None
            unchecked = note(
                unchecked,
                "djed_colours",
                "S3",
                "{player}: level {level} Djed colours",
                "the colour of a space holding a Djed is not known (S3)",
                player=name,
                level=level,
            )
        elif bonus is None:
            unchecked = note(
                unchecked,
                "djed_bonus_unprinted",
                "S4",
                "{player}: level {level} Djed bonus",
                "the level-2 table value for 4 Djeds of one colour is not printed (G6)",
                player=name,
                level=level,
            )
        distance = None if move.distance is None else move.distance[seat]
        if distance is None and not p.reached:
            distance = B.distance_to_watcher(state, p.space)
        low = p.level_low if p.level_start is None else None
        result = scoring.score_level(
            level,
            p.level_start,
            scoring.LevelInput(p.level_play, p.reached, distance, bonus),
            ed,
            low,
        )
        if f"l{level}_penalty" in result.unknown:
            unchecked = note(
                unchecked,
                "movement_penalty",
                "S5",
                "{player}: level {level} movement penalty",
                "distance left or its penalty is not known (S5, G7)",
                player=name,
                level=level,
            )
        udjat = p.udjat
        if p.reached and scoring.arrival_bonus(level, ed)[1]:
            if udjat_supply > 0:
                udjat_supply -= 1
                udjat += 1
            else:
                unchecked = note(
                    unchecked,
                    "arrival_udjat",
                    "G11",
                    "{player}: level {level} arrival Udjat",
                    "the Udjat supply is empty (G11)",
                    player=name,
                    level=level,
                )
        row = {
            "reached": p.reached,
            "djeds": {
                **{c: colours.count(c) for c in COLOURS},
                "black": colours.count("black"),
                "watcher": colours.count(B.WATCHER),
            },
            "points": p.level_play,
        }
        if free and not guessed_now:  # a guessed pick is not the judge's record
            row["black_to"] = dict(zip(COLOURS, added, strict=True))
        if not p.reached:
            row["distance"] = distance
        if p.djeds_uncertain:
            row["djeds_complete"] = False
        if any(p.reused):
            row["reused"] = dict(zip(COLOURS, p.reused, strict=True))
        players.append(
            replace(
                p,
                history=(*p.history, row),
                reused=(0, 0, 0),
                sheet=sheet,
                points=result.running,
                level_start=result.running,
                level_low=result.low,
                level_play=0,
                udjat=udjat,
                breakdown={**p.breakdown, **result.points},
                sheet_guessed_at=level if guessed_now and guessed_at is None else guessed_at,
            )
        )
    state = replace(
        state,
        players=tuple(players),
        udjat_supply=udjat_supply,
        unchecked=unchecked,
        djeds={},
        notes=tuple(notes),
    )
    if level == 3:
        return replace(state, phase="over")
    watcher_cost = (
        state.spaces.get(B.WATCHER, SpaceInfo()).cost or B.printed_space(state, B.WATCHER).cost
    )
    return replace(
        state,
        level=level + 1,
        phase="deal",
        start_seat=(state.start_seat + 1) % state.n,
        players=tuple(
            replace(p, space=B.START, reached=False, djeds_uncertain=False) for p in state.players
        ),
        spaces={},
        used_resources=frozenset(),
        prev_watcher_cost=watcher_cost,
        round_reached=False,
    )


_CHECKS = {
    "deal": _check_deal,
    "reorder": _check_reorder,
    "pick": _check_pick,
    "udjat_take": _check_udjat_take,
    "udjat_use": _check_udjat_use,
    "play": lambda s, m: _play_once(s, m)[0],
    "pass": _check_pass,
    "score_level": _check_score_level,
}
_APPLIES = {
    "deal": _apply_deal,
    "reorder": _apply_reorder,
    "pick": _apply_pick,
    "udjat_take": _apply_udjat_take,
    "udjat_use": _apply_udjat_use,
    "pass": _apply_pass,
    "score_level": _apply_score_level,
}
