"""How the score-sheet form asks for Terra Pyramides' fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

# C12: the colours the rulebook names (blue, red, grey); others are typed in "other".
COLOURS = (("red", "Red", "赤"), ("blue", "Blue", "青"), ("grey", "Grey", "灰色"))

ENTRY = {
    "colour": {"choices": COLOURS, "other": True},
    "arrival": {"unknown": True},  # left out: the order on the space was not recorded
    "sites_claimed": {"unknown": True},
}
