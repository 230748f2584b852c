"""How the score-sheet form asks for Tameri's fields (pure data; the judge pages ask).

``ENTRY`` says, per sheet field name: ``unknown`` — the value may be left unknown, as an
explicit choice (the rulebook lost the printed text it comes from); ``folded`` — an
alternative to a field the engine derives (asked only when the judge opens it);
``choices`` — the closed set the rules give, as (value, English, Japanese); ``repeat`` —
a value may be picked more than once (one building per tap).
"""

from __future__ import annotations

from engines.tameri.components import SET_POINTS

# H1: 4 glyph types. The rulebook does not name them; these are the engine's names.
GLYPHS = (("ankh", "Ankh", "アンク"), ("sun", "Sun", "太陽"), ("reed", "Reed", "葦"),
          ("eye", "Eye", "目"))  # fmt: skip
# S8: 7 set symbols (top right of a building card); their pictures are not in the text (G2).
BUILDING_SYMBOLS = tuple((f"s{i}", f"Symbol {i}", f"記号{i}") for i in range(1, len(SET_POINTS)))

ENTRY = {
    "building_symbols": {"choices": BUILDING_SYMBOLS, "repeat": True},
    "left": {"choices": GLYPHS},
    "right": {"choices": GLYPHS},
    "building_points": {"unknown": True},  # S5: the building texts are lost (G2)
    "priest_card_points": {"unknown": True},  # S9: the priest card texts are lost (G5)
    "pharaoh_points": {"folded": True},  # instead of the revealed offerings
    "remaining_offerings": {"folded": True},  # derived from the season-3 offerings
    "hand_glyph_points": {"folded": True},  # instead of the hand
    "hand_glyph_counts": {"folded": True},
    "highest_card": {"folded": True},
}
