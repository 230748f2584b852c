"""Helpers the phases' rules share: violations and notes, seats and turns, card facts, levels."""

from __future__ import annotations

from typing import Any

from engines.core.types import Unchecked, Violation, fill
from engines.field_of_reeds.moves import CardFacts, Move
from engines.field_of_reeds.state import Player, State, Turn, setting


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


def set_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
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


def wrong_phase(state: State, move: Move, want: str, rule: str) -> list[Violation]:
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


def bad_seat(state: State, seat: int) -> list[Violation]:
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


def not_your_turn(state: State, seat: int) -> list[Violation]:
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


def turn_checks(state: State, move: Move, rule: str) -> list[Violation]:
    turn = state.turn
    if state.phase == "action" and turn is not None and turn.seat == move.seat - 1:  # type: ignore[attr-defined]
        return []
    return (
        wrong_phase(state, move, "action", rule)
        or bad_seat(state, move.seat)  # type: ignore[attr-defined]
        or not_your_turn(state, move.seat)  # type: ignore[attr-defined]
    )


_LEVELS: dict[tuple[int, int], tuple[object, tuple[int, int, int]]] = {}


def level_values(state: State) -> tuple[int, int, int]:
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


_FRESH_TURNS: dict[int, Turn] = {}


def fresh_turn(seat: int) -> Turn:
    """``Turn(seat=seat)``: frozen and equal for every use, so built once per seat."""
    turn = _FRESH_TURNS.get(seat)
    if turn is None:
        turn = _FRESH_TURNS[seat] = Turn(seat=seat)
    return turn
