"""``resolve(state, move)``: the violations of a move, or the state after it.

One function per move type checks first and builds the next state only when nothing is
broken, so ``check`` and ``next_state`` can never disagree. Printed facts the text lost are
taken from edition data or the log; what neither gives becomes an ``Unchecked`` note.
"""

from __future__ import annotations

from typing import Any

from engines.tameri import actions as act
from engines.tameri import phases as ph
from engines.tameri import workers as wk
from engines.tameri.common import Result, V, note
from engines.tameri.phases import priest_deal, priest_deal_order, start_turn, warehouse_check
from engines.tameri.state import State

__all__ = ["note", "priest_deal", "priest_deal_order", "resolve", "start_turn", "warehouse_check"]

EXPECTED_PHASE = {
    "setup": "setup",
    "draft_deal": "draft_deal",
    "draft_pick": "draft",
    "first_farmer": "first_farmer",
    "nile_reveal": "nile",
    "weather": "weather",
    "play_card": "play",
    "reveal": "reveal",
    "season_end": "season_end",
    "game_end": "game_end",
}


def resolve(s: State, m: Any) -> Result:
    want = EXPECTED_PHASE.get(m.type, "turn")
    if m.type == "card_facts" and s.phase not in ("setup", "draft_deal", "over"):
        want = s.phase  # cards are shown whenever the table sees them
    if s.phase != want:
        return [
            V(
                "phase.out_of_order",
                "F1",
                "a {move} record is not expected now (phase: {phase})",
                move=m.type,
                phase=s.phase,
            )
        ], None
    # A pydantic move keeps its fields in ``__dict__``; reading it there avoids pydantic's
    # slow ``__getattr__`` miss for the moves that have no seat.
    seat = m.__dict__.get("seat")
    if seat is not None and seat > s.n:
        return [
            V(
                "seat.unknown",
                "I3",
                "there is no player {number}: the game has {n} players",
                number=seat,
                n=s.n,
            )
        ], None
    return HANDLERS[m.type](s, m)


HANDLERS = {
    "setup": ph.setup,
    "draft_deal": ph.draft_deal,
    "draft_pick": ph.draft_pick,
    "first_farmer": ph.first_farmer,
    "nile_reveal": ph.nile_reveal,
    "weather": ph.weather,
    "play_card": ph.play_card,
    "reveal": ph.reveal,
    "card_weather": act.card_weather,
    "extra_weather": act.extra_weather,
    "farmer": wk.farmer,
    "merchant": wk.merchant,
    "architect": wk.architect,
    "priest": wk.priest,
    "harvest": act.harvest,
    "sphinx": act.sphinx,
    "decorator": act.decorator,
    "offering": act.offering,
    "glyph_completion": act.glyph_completion,
    "effect": act.effect,
    "take_nile": ph.take_nile,
    "season_end": ph.season_end,
    "game_end": ph.game_end,
    "card_facts": ph.card_facts,
}
