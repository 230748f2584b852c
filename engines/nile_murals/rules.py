"""Legality (``check``) and ``legal_moves`` from one set of predicates; the transitions
(``next_state``) are in transitions.py and share the predicates and turn-passing here.
Rule ids refer to shared/rules/nile_murals.md.

Turn structure: ``place`` records (deck: chance; hand/discard: choice), an optional ankh
draw after an ankh card, ``stop`` or an automatic end (10th card L1, miss M5, the 100th
card E1, nothing left to take M8; a ``stop`` written after such an end is accepted once as
its record, see ``confirms_end``), then the Combo-Bonus draws. The first non-draw record
after an end-of-turn draw window belongs to the next player: ``settle`` closes the window
and passes the turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines.core.types import Violation
from engines.nile_murals.moves import AREA_FACT_VALUE, Deal, Draw, Place, Stop
from engines.nile_murals.shadow import SHADOW, forbidden
from engines.nile_murals.state import ALL_CARDS, RULE, State

END_REASON_RULE = {"ten": "L1", "miss": "M5", "exhausted": "E1", "stop": "M8", "empty": "M8"}
END_REASON_TEXT = {
    "ten": "after the 10th card",
    "miss": "with a miss",
    "exhausted": "with the last card of the game",
    "stop": "when the player stopped",
    "empty": "when the player had no card left to take",
}
# Turns that end by themselves after a placement: a ``stop`` the judge writes there anyway
# is the record of that end (accepted once), not a pass of the next player.
SELF_ENDS = frozenset({"ten", "exhausted", "empty"})


def violation(code: str, rule: str, message: str, **params: Any) -> Violation:
    return Violation(code, RULE(rule), message, params)


# ---- shared predicates -------------------------------------------------------------------
def where_is(state: State, card: int) -> str:
    b = 1 << card
    if state.sheet & b:
        return "on the sheet"
    if state.discard & b:
        return "in the discard"
    if state.deck & b:
        return "in the deck"
    for seat, hand in enumerate(state.hands):
        if hand & b:
            return f"in {state.ctx.players[seat]}'s hand"
    return "nowhere"  # unreachable while L7 holds


def source_mask(state: State, source: str) -> int:
    if source == "deck":
        return state.deck
    if source == "discard":
        return state.discard
    return state.hands[state.seat]


def card_source_problems(state: State, source: str, card: int) -> list[Violation]:
    """M1/L5/L7: the source is not empty and holds the card."""
    if source == "deck":
        mask = state.deck
    elif source == "discard":
        mask = state.discard
    else:
        mask = state.hands[state.seat]
    if mask >> card & 1:
        return []
    if state.sheet >> card & 1:
        return [
            violation(
                "card_already_placed", "L5", "card {card:02d} is already on the sheet", card=card
            )
        ]
    if not mask:
        return [
            violation(
                "empty_source",
                "M1",
                "the {source} is empty: nothing can be taken from it",
                source=source if source != "hand" else "player's hand",
            )
        ]
    code, rule = {
        "deck": ("card_not_in_deck", "L7"),
        "discard": ("card_not_in_discard", "M1"),
        "hand": ("card_not_in_hand", "M1"),
    }[source]
    return [
        violation(
            code,
            rule,
            "card {card:02d} is not in the {source}: it is {where}",
            card=card,
            source=source if source != "hand" else f"hand of {state.ctx.players[state.seat]}",
            where=where_is(state, card),
        )
    ]


def actor_problems(state: State, name: str | None) -> list[Violation]:
    """F2/F5: a record naming a player must name the one whose turn it is."""
    players = state.ctx.players
    if name is None or name == players[state.seat]:
        return []
    if name not in players:
        return [
            violation("unknown_player", "F2", "{player!r} does not play in this game", player=name)
        ]
    if state.k == 0 and state.last_seat >= 0 and name == players[state.last_seat]:
        reason = state.last_end
        return [
            violation(
                "turn_already_ended",
                END_REASON_RULE.get(reason, "F3"),
                "{player}'s turn already ended {how}; it is {actor}'s turn",
                player=name,
                how=END_REASON_TEXT.get(reason, ""),
                actor=players[state.seat],
            )
        ]
    seat = players.index(name)
    if not state.deck and not state.discard and not state.hands[seat]:
        return [
            violation(
                "player_skipped",
                "F5",
                "{player} holds no card and is skipped once the deck and the "
                "discard are empty (M11)",
                player=name,
            )
        ]
    return [
        violation(
            "not_your_turn",
            "F2",
            "it is {actor}'s turn, not {player}'s",
            actor=players[state.seat],
            player=name,
        )
    ]


def area_result(state: State, card: int) -> tuple[bool | None, int | None, int | None]:
    """From the edition: (does placing ``card`` complete its area, the area value, index)."""
    printed = state.printed
    idx = printed.area_of[card]
    if idx is None:
        return None, printed.square_value.get(card), None
    mask = printed.area_mask[idx]
    value = printed.area_value[idx]
    if mask is None:
        return None, value, idx
    return ((state.sheet | 1 << card) & mask) == mask, value, idx


# ---- settling open draw windows ---------------------------------------------------------
def close_bonus_changes(
    state: State, k: int, drawn: int, kind: str, window_max: int
) -> dict[str, Any]:
    """End an end-of-turn draw window; note it when the printed count was unknown, and
    whether the deck and discard ran short (``window_max`` below the chart's maximum)."""
    out: dict[str, Any] = {"last_bonus_k": k, "last_bonus_drawn": drawn}
    cell = state.printed.combo[k]
    with_ankh = "ankh" in kind
    if cell.cards is None or (
        with_ankh and state.prev is not None and state.ankh_status(state.prev) is None
    ):
        short = window_max < cell.max_cards + with_ankh
        entry = (state.seat, k, drawn, kind, short)
        out["bonus_unknown"] = state.bonus_unknown + (entry,)
    return out


def advance_changes(
    state: State, reason: str, hands: tuple[int, ...] | None = None, pool: int | None = None
) -> dict[str, Any]:
    """Pass the turn clockwise, skipping players with no card once deck and discard are
    empty (F5, M11); the last player holding cards plays on (M12). No one left: E1.
    ``hands`` and ``pool`` (deck | discard) override the state's when the same move
    changed them."""
    hands = state.hands if hands is None else hands
    pool = (state.deck | state.discard) if pool is None else pool
    n = len(hands)
    out: dict[str, Any] = {
        "phase": "over",
        "k": 0,
        "prev": None,
        "draw_min": 0,
        "draw_max": 0,
        "draw_done": 0,
        "draw_kind": "",
        "last_end": reason,
        "last_seat": state.seat,
        # Closing the draws of a turn that already ended keeps a stop recorded for it.
        "stop_seen": state.phase == "draw" and state.stop_seen,
    }
    for step in range(1, n + 1):
        seat = (state.seat + step) % n
        if pool or hands[seat]:
            out["phase"], out["seat"] = "turn", seat
            break
    return out


def draws_missing(state: State) -> Violation:
    owed = state.draw_min - state.draw_done
    if state.draw_kind == "ankh":
        return violation(
            "ankh_draw_missing",
            "M7",
            "card {card:02d} is an ankh card: draw {owed} card from the deck or "
            "the discard before going on",
            card=state.prev,
            owed=owed,
        )
    if state.printed.combo[state.bonus_k].cards is None:
        return violation(
            "bonus_draws_missing_lost_count",
            "M9",
            "the Combo Bonus for {k} cards shows a card icon whose printed count was lost "
            "(G1; the text gives 1-4 cards): at least {n} card(s) are due (as many as the "
            "deck and discard hold), {owed} more to draw",
            k=state.bonus_k,
            n=state.draw_min,
            owed=owed,
        )
    return violation(
        "bonus_draws_missing",
        "M9",
        "the Combo Bonus for {k} cards is {n} card(s) (as many as the deck and "
        "discard hold): {owed} more to draw",
        k=state.bonus_k,
        n=state.draw_min,
        owed=owed,
    )


_LAST_SETTLE: list[Any] = [(None, None)]  # [(state, (settled, problems))] of the latest call


def settle(state: State) -> tuple[State, list[Violation]]:
    """The state a ``place`` or ``stop`` is judged in: open draw windows closed.

    ``apply`` checks and then transitions, and both settle the same state object: the
    latest result is remembered (a pure function of an immutable state), so it is built
    once. The entry is one tuple swapped whole, so concurrent threads never mix two."""
    last = _LAST_SETTLE[0]
    if last[0] is state:
        settled, problems = last[1]
        return settled, list(problems)
    result = _settle(state)
    _LAST_SETTLE[0] = (state, (result[0], tuple(result[1])))
    return result


def _settle(state: State) -> tuple[State, list[Violation]]:
    if state.phase == "draw":
        if state.draw_done < state.draw_min:
            return state, [draws_missing(state)]
        state = state.with_(
            **close_bonus_changes(
                state, state.bonus_k, state.draw_done, state.draw_kind, state.draw_max
            ),
            **advance_changes(state, state.last_end),
        )
    elif state.draw_max:
        if state.draw_done < state.draw_min:
            return state, [draws_missing(state)]
        state = state.with_(draw_min=0, draw_max=0, draw_done=0, draw_kind="")
    if state.phase == "over":
        return state, [game_over()]
    return state, []


def game_over() -> Violation:
    return violation("game_over", "E1", "the game is over: every card is on the sheet")


# ---- check ---------------------------------------------------------------------------------
def move_kind(move: Any) -> type:
    """The move's class among Deal/Place/Stop/Draw. An exact-type look-up first: ``isinstance``
    on a pydantic model goes through ABCMeta's Python-level hook and cost a tenth of a replay."""
    kind = MOVE_KINDS.get(type(move))
    if kind is not None:
        return kind
    for kind in (Deal, Draw, Stop, Place):  # a subclass of a move model still counts as one
        if isinstance(move, kind):
            return kind
    return type(move)


MOVE_KINDS: dict[type, type] = {Deal: Deal, Place: Place, Stop: Stop, Draw: Draw}


def confirms_end(state: State, move: Any) -> bool:
    """A ``stop`` right after a turn that ended by itself (10th card L1, last card E1, no
    card left to take M8), before the next player's first record: the judge's record of
    that end, accepted once. After a miss a ``stop`` is the next player's pass (L2)."""
    if state.stop_seen or state.last_end not in SELF_ENDS:
        return False
    if state.phase == "draw":
        if state.draw_done:
            return False  # the draws have begun: the stop closes them first (settle)
        ender = state.seat
    elif state.k == 0 and not state.draw_max:
        ender = state.last_seat
    else:
        return False
    return move.player is None or move.player == state.ctx.players[ender]


def check(state: State, move: Any) -> list[Violation]:
    kind = move_kind(move)
    if state.phase == "over":
        return [] if kind is Stop and confirms_end(state, move) else [game_over()]
    if state.phase == "deal":
        if kind is not Deal:
            return [
                violation(
                    "deal_pending",
                    "SU6",
                    "every player first takes one starting card from the deck "
                    "({player} has none yet)",
                    player=state.ctx.players[state.seat],
                )
            ]
        return actor_problems(state, move.player) or card_source_problems(state, "deck", move.card)
    if kind is Deal:
        return [
            violation(
                "deal_after_setup",
                "SU6",
                "starting cards were dealt already; log a draw or a placement",
            )
        ]
    if kind is Draw:
        return check_draw(state, move)
    if kind is Stop and confirms_end(state, move):
        return []
    if state.phase != "turn" or state.draw_max:  # an open draw window closes first
        state, problems = settle(state)
        if problems:
            return problems
        if kind is Stop and confirms_end(state, move):
            return []
    if move.player is not None:
        problems = actor_problems(state, move.player)
        if problems:
            return problems
    if kind is Stop:
        if state.k == 0:
            if state.last_end == "miss" and not state.stop_seen:
                return [
                    violation(
                        "stop_after_miss",
                        "L2",
                        "{player}'s turn already ended with the miss (M5); a stop now is "
                        "{actor}'s pass, and passing is not allowed",
                        player=state.ctx.players[state.last_seat],
                        actor=state.ctx.players[state.seat],
                    )
                ]
            return [
                violation(
                    "stop_before_placing",
                    "L2",
                    "a turn places at least one card; passing is not allowed",
                )
            ]
        return []
    return check_place(state, move)


def inferred_ankh_count(state: State) -> int:
    """Ankh cards known (edition, records) plus cards whose draw was accepted as one."""
    return (state.ankh_yes | state.ankh_unknown_drawn).bit_count()


def too_many_ankhs(state: State, card: int) -> Violation:
    return violation(
        "too_many_ankh_cards",
        "C5",
        "there are {n} ankh cards and {n} are already known or drawn for; {card:02d} would "
        "be one more",
        n=state.printed.ankh_count,
        card=card,
    )


def check_draw(state: State, move: Draw) -> list[Violation]:
    if state.phase == "draw" or state.window_open:
        return actor_problems(state, move.player) or card_source_problems(
            state, move.source, move.card
        )
    if (
        state.k
        and state.ankh_status(state.prev) is None
        and not state.ankh_unknown_drawn >> state.prev & 1
        and inferred_ankh_count(state) >= state.printed.ankh_count
    ):  # a draw after an unknown card, when 13 ankh cards are already accounted for
        return [too_many_ankhs(state, state.prev)]
    if state.k == 0 and state.last_end == "miss":
        return [
            violation(
                "no_bonus_after_miss",
                "M5",
                "{player}'s turn ended with a miss: it takes no Combo Bonus, so no card is "
                "drawn for it",
                player=state.ctx.players[state.last_seat],
            )
        ]
    if (
        state.k == 0
        and state.last_bonus_k
        and state.printed.combo[state.last_bonus_k].cards is None
    ):
        return [
            violation(
                "too_many_bonus_draws_lost_count",
                "M9",
                "the draws for the last turn are complete: the printed card count of the "
                "Combo Bonus for {k} cards was lost (G1), and {n} card(s) is the most the "
                "text (1-4) and the deck and discard allowed",
                k=state.last_bonus_k,
                n=state.last_bonus_drawn,
            )
        ]
    if state.k == 0 and state.last_bonus_k and state.last_end != "miss":
        return [
            violation(
                "too_many_bonus_draws",
                "M9",
                "the draws for the last turn are complete: the Combo Bonus for {k} "
                "cards is {n} card(s) (as many as the deck and discard held)",
                k=state.last_bonus_k,
                n=state.last_bonus_drawn,
            )
        ]
    if move.source == "deck":
        return [
            violation(
                "deck_card_must_be_placed",
                "L3",
                "a card taken from the deck during a turn is placed or missed at once "
                "(M3): log it as a place from the deck",
            )
        ]
    return [
        violation(
            "draw_not_due",
            "M1",
            "no ankh or bonus draw is due: a card taken from the discard is placed",
        )
    ]


def check_place(state: State, move: Place) -> list[Violation]:
    card = move.card
    problems = card_source_problems(state, move.source, card)
    if problems:
        return problems
    shadowed = forbidden(state.prev, card)
    miss = shadowed and (
        move.source == "deck" or state.ctx.options.shadowed_hand_or_discard == "miss"
    )
    out = []
    if shadowed and not miss:
        out.append(
            violation(
                "shadowed_card",
                "M4",
                "card {card:02d} lies in the shadow of {prev:02d} (both digits "
                "greater, M2); from the {source} it cannot be chosen",
                card=card,
                prev=state.prev,
                source=move.source,
            )
        )
    if move.miss is not None and move.miss != miss:
        out.append(
            violation(
                "miss_fact_mismatch",
                "M5",
                "card {card:02d} after {prev} is {verdict}, but the log says {said}",
                card=card,
                prev="none (first card)" if state.prev is None else f"{state.prev:02d}",
                verdict="a miss" if miss else "placed (no miss)",
                said="miss" if move.miss else "no miss",
            )
        )
    out.extend(fact_problems(state, move, miss))
    return out


def fact_problems(state: State, move: Place, miss: bool) -> list[Violation]:
    """Recorded printed facts (ankh mark, area completion) against what is already known."""
    out: list[Violation] = []
    if move.ankh is None and move.area is None:
        return out
    card = move.card
    if move.ankh is not None:
        status = state.ankh_status(card)
        if status is not None and status != move.ankh:
            out.append(
                violation(
                    "ankh_fact_mismatch",
                    "M7",
                    "the log says card {card:02d} {said} an ankh card, but the "
                    "edition data or earlier records say it {known}",
                    card=card,
                    said="is" if move.ankh else "is not",
                    known="is" if status else "is not",
                )
            )
        elif (
            status is None and move.ankh and inferred_ankh_count(state) >= state.printed.ankh_count
        ):
            out.append(too_many_ankhs(state, card))
    if move.area is None:
        return out
    said = AREA_FACT_VALUE[move.area]
    if miss:
        if said:
            out.append(
                violation(
                    "area_fact_mismatch",
                    "M6",
                    "card {card:02d} is a miss: it is not placed and completes no area",
                    card=card,
                )
            )
        return out
    completes, value, idx = area_result(state, card)
    if completes is not None and completes != bool(said):
        out.append(
            violation(
                "area_fact_mismatch",
                "M6",
                "by the edition's area map, placing {card:02d} {does} complete its "
                "area, but the log says {said}",
                card=card,
                does="does" if completes else "does not",
                said=move.area,
            )
        )
    elif said and value is not None and value != said:
        out.append(
            violation(
                "area_fact_mismatch",
                "M6",
                "the area of square {card:02d} is worth {value}, not {said}",
                card=card,
                value=value,
                said=said,
            )
        )
    elif said and completes is None and state.areas_done >= state.printed.area_count:
        out.append(
            violation(
                "too_many_area_completions",
                "M6",
                "all {n} areas are complete already; each is completed once",
                n=state.printed.area_count,
            )
        )
    return out


# ---- legal moves -------------------------------------------------------------------------
def cards_in(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def legal_moves(state: State) -> Iterator[Any]:
    if state.phase == "over":
        return
    name = state.ctx.players[state.seat]
    if state.phase == "deal":
        for card in cards_in(state.deck):
            yield Deal(card=card, player=name)
        return
    if state.phase == "draw" or state.window_open:
        for source in ("deck", "discard"):
            for card in cards_in(source_mask(state, source)):
                yield Draw(source=source, card=card, player=name)
        if state.draw_done < state.draw_min:
            return
    settled, problems = settle(state)
    if problems:
        return
    yield from turn_moves(settled)


def turn_moves(state: State) -> Iterator[Any]:
    name = state.ctx.players[state.seat]
    allowed = ALL_CARDS
    if state.ctx.options.shadowed_hand_or_discard == "illegal" and state.prev is not None:
        allowed = ~SHADOW[state.prev]
    for card in cards_in(state.deck):
        yield Place(source="deck", card=card, player=name)
    for card in cards_in(state.hands[state.seat] & allowed):
        yield Place(source="hand", card=card, player=name)
    for card in cards_in(state.discard & allowed):
        yield Place(source="discard", card=card, player=name)
    if state.k:
        yield Stop(player=name)
