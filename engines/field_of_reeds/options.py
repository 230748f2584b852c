"""Options (variants V0–V4) and presets. The first preset is the default."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.core.parsing import Model

Side = Literal["front", "back"]


class Options(Model):
    # V0: each of the three boards front or back; selects the edition's board data.
    board_sides: tuple[Side, Side, Side] = ("front", "front", "front")
    # V1: start with 1 shabti — everyone, or only the listed seats (1-based; beginners only).
    beginner_shabti: bool = False
    beginner_shabti_seats: list[int] = Field(default_factory=list)
    # V2: a player may stop moving with usable value left (lifts M15).
    beginner_free_stop: bool = False
    # V3: shuffling a fresh 7-card packet; deals are recorded, so this only documents the table.
    initial_shuffle: bool = False
    # V4: after each distribution everyone reorders their packet and passes it on unpicked.
    advanced_reorder: bool = False

    def starts_with_shabti(self, seat: int) -> bool:
        return self.beginner_shabti or (seat + 1) in self.beginner_shabti_seats


PRESETS = {
    "standard": {},
    "beginner": {"beginner_shabti": True, "beginner_free_stop": True},
    "general": {"initial_shuffle": True},
    "advanced": {"advanced_reorder": True},
}
