"""The god card play (M3–M7), simulated once by ``resolve_play``: it returns both the
violations and the resulting state, so the check and the transition cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.types import Violation
from engines.field_of_reeds import board as B
from engines.field_of_reeds.common import (
    V,
    attribute_value,
    card_facts,
    level_values,
    note,
    set_player,
    turn_checks,
)
from engines.field_of_reeds.moves import CardFacts, Play
from engines.field_of_reeds.scoring import COLOURS
from engines.field_of_reeds.state import Player, SpaceInfo, State, Turn, clone

_LAST_PLAY: list = [(None, None, None)]  # [(state, move, result)] of the latest resolution


def play_once(state: State, move: Play) -> tuple[list[Violation], State | None]:
    """``resolve_play``, remembered for the same state and move objects: ``apply`` checks
    and then transitions, so a play is simulated once instead of twice. The entry is one
    tuple swapped whole, so concurrent threads never mix two resolutions."""
    last = _LAST_PLAY[0]
    if last[0] is state and last[1] is move:
        return last[2]
    result = resolve_play(state, move)
    _LAST_PLAY[0] = (state, move, result)
    return result


@dataclass(slots=True, init=False)
class _Play:
    """One play being resolved: what the steps so far decided, handed to the next step.
    Filled in attribute by attribute as the steps go (no ``__init__``: a play is resolved
    for nearly every record of a game, and a 30-argument constructor showed in the fold)."""

    state: State
    move: Play
    seat: int
    player: Player
    level: int
    need: int  # own Djeds the watcher space needs (L11)
    unchecked: tuple
    known: list  # each card's printed facts, None when unknown
    values: list  # each card's attribute value (0 when unknown)
    unknown_cards: list
    facts_memo: dict  # the state's card facts, plus any the play teaches
    cost_points: int
    gain_shabti: int
    gain_points: int
    djed_before: bool
    djed_after: bool
    go_back: bool
    special: bool
    shabti: int | None
    points: int | None
    space: str
    pools: frozenset | None
    djeds: dict
    supply: int
    sheet: tuple
    reused: tuple
    memo: dict  # the spaces learned so far
    own: int
    reached: bool
    uncertain: bool


def resolve_play(state: State, move: Play) -> tuple[list[Violation], State | None]:
    """The steps of a play in the order the rules give them; the first step that finds a
    problem ends it with that step's violations."""
    out = turn_checks(state, move, "M3")
    if out:
        return out, None
    limit, _, need = level_values(state)
    out = _selection_problems(state, move, limit)
    if out:
        return out, None
    out, play = _select_and_pay(state, move, need)  # 1a/1b
    if out:
        return out, None
    _gain_values(play)  # 2
    out = _before_move(play)  # 3
    if out:
        return out, None
    out = _move(play)  # 4
    if out:
        return out, None
    out = _stop_rule(play)  # M15
    if out:
        return out, None
    _after_move(play)  # 5, 6
    return [], _played_state(play)


def _selection_problems(state: State, move: Play, limit: int) -> list[Violation]:
    """L1, M4: once per action phase, within the level's limit, cards from the hand."""
    turn = state.turn
    assert turn is not None
    if turn.played:
        return [V("second_play", "L1", "god cards are played once per action phase")]
    out = []
    level = state.level
    ids = [c.id for c in move.cards]
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
    hand = state.players[move.seat - 1].hand
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
    return out


def _select_and_pay(state: State, move: Play, need: int) -> tuple[list[Violation], _Play]:
    """1a/1b select and pay: all costs at once, before any effect (M5, L4, Q8); one pass
    over the printed facts of the play."""
    out: list[Violation] = []
    seat = move.seat - 1
    player = state.players[seat]
    unchecked = state.unchecked
    level = state.level
    state_facts = state.facts
    facts_memo = state_facts  # copied only when the play teaches a new card
    known: list[CardFacts | None] = []
    values: list[int] = []
    unknown_cards: list[str] = []
    cost_shabti = cost_points = gain_shabti = gain_points = 0
    djed_before = djed_after = go_back = special = False
    for played in move.cards:
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
        attribute, choose = facts.attribute, played.choose
        if choose is not None or len(attribute) > 1 or "black" in attribute:
            out.extend(_attribute_choice_problems(card, attribute, choose, value))
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
    if go_back and player.space == B.START:
        out.append(
            V("go_back_on_start", "M20", "an X+1 card cannot be used on the start space (Q14)")
        )
    play = _Play()
    play.state = state
    play.move = move
    play.seat = seat
    play.player = player
    play.level = level
    play.need = need
    play.unchecked = unchecked
    play.known = known
    play.values = values
    play.unknown_cards = unknown_cards
    play.facts_memo = facts_memo
    play.cost_points = cost_points
    play.gain_shabti = gain_shabti
    play.gain_points = gain_points
    play.djed_before = djed_before
    play.djed_after = djed_after
    play.go_back = go_back
    play.special = special
    play.shabti = shabti
    play.points = points
    play.space = player.space
    play.djeds = state.djeds  # copied by _place when a Djed is placed
    play.supply, play.sheet, play.reused = player.supply, player.sheet, player.reused
    play.memo = state.spaces  # copied before the first space is learned
    return out, play


def _attribute_choice_problems(
    card: str, attribute: tuple, choose: str | None, value: int
) -> list[Violation]:
    """M12: the recorded choice is an icon of the card, never black; a card with a choice
    (black, or two colours) that gave a value records it (G10)."""
    if choose is not None:
        out = []
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
        return out
    if ("black" in attribute or (len(attribute) > 1 and len(set(attribute)) > 1)) and value > 0:
        return [
            V(
                "attribute_choice_missing",
                "M12",
                "card {card}: record which attribute was taken (G10)",
                card=card,
            )
        ]
    return []


def _gain_values(play: _Play) -> None:
    """2 gain attribute values (M6, M12)."""
    pools = play.state.turn.pools
    for played, facts, value in zip(play.move.cards, play.known, play.values, strict=True):
        if facts is None:
            pools = None
            continue
        if value == 0:
            continue
        pools = B.add_value(pools, played.choose or facts.attribute[0], value)
    play.pools = pools


def _before_move(play: _Play) -> list[Violation]:
    """3 before-move effects (M7a), then the X+1 step back (Q15)."""
    state, move, space = play.state, play.move, play.space
    if play.djed_before:
        _place_djed(play, play.memo.get(space) or B.printed_space(state, space))
    if play.go_back or move.path:
        play.memo = dict(play.memo)
    if not play.go_back:
        return []
    if move.go_back_to is None:
        return [
            V(
                "go_back_not_recorded",
                "M20",
                "record where the X+1 card's step back put the piece (G3)",
            )
        ]
    info, problems = B.resolve(state, move.go_back_to, play.memo)
    if problems:
        return problems
    if B.adjacent(state, space, move.go_back_to.space) is False:
        return [
            V(
                "not_adjacent",
                "M13",
                "{a} and {b} share no passable edge",
                a=space,
                b=move.go_back_to.space,
            )
        ]
    play.unchecked = note(
        play.unchecked,
        "step_back",
        "G3",
        "X+1 step back (level {level})",
        "no special card list in the source; the logged position is taken (G3)",
        level=play.level,
    )
    play.space = move.go_back_to.space
    play.memo[play.space] = info
    return []


def _move(play: _Play) -> list[Violation]:
    """4 move (M13–M17): each step enters an adjacent space the pool can pay for."""
    state, move, seat, level, need = play.state, play.move, play.seat, play.level, play.need
    out: list[Violation] = []
    own = 0
    for s, _ in play.djeds.values():
        if s == seat:
            own += 1
    reached = play.player.reached
    uncertain = play.player.djeds_uncertain or bool(play.unknown_cards)
    unchecked, pools, space, memo = play.unchecked, play.pools, play.space, play.memo
    path = move.path
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
    play.own, play.reached, play.uncertain = own, reached, uncertain
    play.unchecked, play.pools, play.space = unchecked, pools, space
    return out


def _stop_rule(play: _Play) -> list[Violation]:
    """M15: no stopping while leftover value could enter an adjacent space."""
    state, space = play.state, play.space
    if play.reached or play.pools == _ZERO_POOLS or state.ctx.options.beginner_free_stop:
        return []
    verdict = _may_stop(
        state, play.move, space, play.pools, play.memo, play.own, play.need, play.uncertain
    )
    if verdict is False:
        return [
            V(
                "must_keep_moving",
                "M15",
                "value is left that can enter a space next to {space}",
                space=space,
            )
        ]
    if verdict is None:
        play.unchecked = note(
            play.unchecked,
            "stop_rule",
            "M15",
            "stop rule at {space} ({player}, level {level})",
            "the spaces next to the final one are not known: M15 not checked",
            space=space,
            player=state.ctx.players[play.move.seat - 1],
            level=play.level,
        )
    return []


def _after_move(play: _Play) -> None:
    """5 after-move effects (M7c), 6 resource gain (M7d)."""
    if play.djed_after:
        space = play.space
        _place_djed(play, play.memo.get(space) or B.printed_space(play.state, space))
    if play.shabti is not None:
        play.shabti += play.gain_shabti
    if play.points is not None:
        play.points += play.gain_points
    if play.special:
        play.unchecked = note(
            play.unchecked,
            "special_effects",
            "G3",
            "special effects (level {level})",
            "special card effects are not in the source (G3)",
            level=play.level,
        )


def _place_djed(play: _Play, info: SpaceInfo) -> None:
    seat = play.seat
    play.djeds, play.supply, play.sheet, play.reused, play.unchecked = _place(
        play.move,
        seat,
        play.level,
        play.space,
        info,
        (play.djeds, play.supply, play.sheet, play.reused, play.unchecked),
        play.state.ctx.players[seat],
    )


def _played_state(play: _Play) -> State:
    """The state after the play: the player's hand, pools, piece, Djeds and resources."""
    state, player = play.state, play.player
    ids = [c.id for c in play.move.cards]
    new_player, fields = clone(player)
    fields["hand"] = tuple([c for c in player.hand if c not in ids])
    fields["played"] = player.played + tuple(ids)
    fields["shabti"] = play.shabti
    fields["points"] = play.points
    fields["level_play"] = (
        None
        if player.level_play is None or play.unknown_cards
        else player.level_play - play.cost_points + play.gain_points
    )
    fields["space"] = play.space
    fields["supply"] = play.supply
    fields["sheet"] = play.sheet
    fields["reused"] = play.reused
    fields["reached"] = play.reached
    fields["djeds_uncertain"] = play.uncertain
    new_state, fields = clone(state)
    fields["players"] = set_player(state, play.seat, new_player)
    fields["turn"] = _played_turn(play.seat, play.pools is not None)
    fields["djeds"] = play.djeds
    fields["spaces"] = play.memo
    fields["facts"] = play.facts_memo
    fields["round_reached"] = state.round_reached or (play.reached and not player.reached)
    fields["unchecked"] = play.unchecked
    return new_state


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
