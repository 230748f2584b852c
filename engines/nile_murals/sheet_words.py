"""How the score-sheet form asks for Nile Murals' fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

ENTRY: dict[str, dict] = {}


# Words a judge reads on the sheet form, as (English, Japanese): labels by field name,
# row titles of lists ("Level 2"), the printed names of choices, and hints that depend on
# the event's board sides. The pages pick the language (tournaments/results/forms.py).
LABELS = {
    "combo": ("Combo track", "コンボトラック"),
    "area": ("Area track", "エリアトラック"),
    "miss": ("Miss track", "ミストラック"),
}
