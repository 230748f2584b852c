"""Legality (``check``) and transitions (``next_state``) for every move type.

Each phase of a round has its module, as the other engines do: the draft (``draft.py``),
the god card play (``play.py``, simulated once so the check and the transition cannot
disagree), the rest of the action phase and the round's end (``actions.py``) and level
scoring (``level_scoring.py``); ``common.py`` holds what they share. This module
sets up the game and sends each move type to its phase.
"""

from __future__ import annotations

from engines.core.types import Violation
from engines.field_of_reeds.actions import (
    apply_pass,
    apply_udjat_take,
    apply_udjat_use,
    check_pass,
    check_udjat_take,
    check_udjat_use,
)
from engines.field_of_reeds.common import V, attribute_value, card_facts
from engines.field_of_reeds.draft import (
    apply_deal,
    apply_pick,
    apply_reorder,
    apply_reveal,
    check_deal,
    check_pick,
    check_reorder,
    check_reveal,
)
from engines.field_of_reeds.level_scoring import apply_score_level, check_score_level
from engines.field_of_reeds.moves import Move
from engines.field_of_reeds.play import play_once
from engines.field_of_reeds.state import Player, State

__all__ = ["attribute_value", "card_facts", "check", "next_state", "setup"]


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


def check(state: State, move: Move) -> list[Violation]:
    if state.phase == "over":
        return [V("game_over", "E1", "the game is over")]
    return _CHECKS[move.type](state, move)


def next_state(state: State, move: Move) -> State:
    if move.type == "play":
        new = play_once(state, move)[1]
        assert new is not None
        return new
    return _APPLIES[move.type](state, move)


_CHECKS = {
    "deal": check_deal,
    "reorder": check_reorder,
    "pick": check_pick,
    "udjat_take": check_udjat_take,
    "udjat_use": check_udjat_use,
    "play": lambda s, m: play_once(s, m)[0],
    "pass": check_pass,
    "score_level": check_score_level,
    "reveal": check_reveal,
}


_APPLIES = {
    "deal": apply_deal,
    "reorder": apply_reorder,
    "pick": apply_pick,
    "udjat_take": apply_udjat_take,
    "udjat_use": apply_udjat_use,
    "pass": apply_pass,
    "score_level": apply_score_level,
    "reveal": apply_reveal,
}
