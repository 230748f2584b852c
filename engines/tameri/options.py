"""Options: readings of the rule ambiguities a café may rule differently (rules/tameri.md §11.2)."""

from __future__ import annotations

from typing import Literal

from engines.core.parsing import Model


class TameriOptions(Model):
    # A3: the board glyph is the reference of the season's first card only (a), or an
    # alternative reference for every card (b: "the previous card OR the board").
    board_glyph_reference: Literal["first_card", "every_card"] = "first_card"
    # A4: weather effects printed on a face-down card are not usable (a) or usable (b).
    face_down_weather: bool = False
    # A5: VP of an offering of 5 through a 2-for-1 substitution: distinct slots, at most
    # 4, + 1 (a: "counts as the 4th different resource") or the physical count + 1 (b).
    offering_points: Literal["slots", "count"] = "slots"
    # A1: W4 removes the ramp's bottom sphere whatever its colour (a) or the bottom sphere
    # of the colour that has 5 (b).
    five_removal: Literal["bottom", "bottom_of_colour"] = "bottom"


PRESETS = {
    "standard": {},
    "board_glyph_always": {"board_glyph_reference": "every_card"},
}
