"""How the score-sheet form asks for Imhotep's fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

ENTRY = {
    # P4: the burial chamber is filled in order; the judge taps each stone's seat in turn.
    "burial": {"sequence": "seats"},
}
