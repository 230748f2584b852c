"""The god card play (M3–M7), simulated once by ``resolve_play``: it returns both the
violations and the resulting state, so the check and the transition cannot disagree."""

from __future__ import annotations

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
from engines.field_of_reeds.moves import (
    CardFacts,
    Play,
)
from engines.field_of_reeds.scoring import COLOURS
from engines.field_of_reeds.state import SpaceInfo, State, Turn, clone

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


def resolve_play(state: State, move: Play) -> tuple[list[Violation], State | None]:
    out = turn_checks(state, move, "M3")
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
    limit, _, need = level_values(state)
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
    if not reached and pools != ZERO_POOLS and not state.ctx.options.beginner_free_stop:
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
    fields["players"] = set_player(state, seat, new_player)
    fields["turn"] = _played_turn(seat, pools is not None)
    fields["djeds"] = djeds
    fields["spaces"] = memo
    fields["facts"] = facts_memo
    fields["round_reached"] = state.round_reached or (reached and not player.reached)
    fields["unchecked"] = unchecked
    return [], new_state


ZERO_POOLS: frozenset[tuple[int, int, int]] = frozenset({(0, 0, 0)})


_PLAYED_TURNS: dict[tuple[int, bool], Turn] = {}


def _played_turn(seat: int, pools_known: bool) -> Turn:
    """The turn after the play: pools spent (M6: unused value is lost) or still unknown.
    Frozen and equal for every use, so built once per seat."""
    turn = _PLAYED_TURNS.get((seat, pools_known))
    if turn is None:
        turn = _PLAYED_TURNS[(seat, pools_known)] = Turn(
            seat=seat, played=True, pools=ZERO_POOLS if pools_known else None
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
