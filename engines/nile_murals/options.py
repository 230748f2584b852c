"""Options for the two readings the rulebook leaves open (G7, G8), and presets."""

from __future__ import annotations

from typing import Literal

from engines.core.parsing import Model


class Options(Model):
    # G7 / M4: a shadowed card chosen from the hand or the discard. "illegal" (recommended):
    # the move is rejected and the player chooses again. "miss": scored like a deck miss.
    shadowed_hand_or_discard: Literal["illegal", "miss"] = "illegal"
    # G8 / E2: the turn that places the 100th card still takes its Combo points.
    combo_on_final_turn: bool = True


PRESETS = {
    "standard": {},
    "shadowed_choice_is_miss": {"shadowed_hand_or_discard": "miss"},
    "no_combo_on_final_turn": {"combo_on_final_turn": False},
}
