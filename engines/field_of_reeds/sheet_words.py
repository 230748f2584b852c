"""How the score-sheet form asks for Field of Reeds' fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

ENTRY = {
    "distance": {"unknown": True},  # spaces still to go: a judge may not have counted them
    "points": {"unknown": True},
    "shabti": {"unknown": True},  # only the T2 tiebreak uses it
    "black_to": {"folded": True},
    "reused": {"folded": True},
    "djeds_complete": {"folded": True},
    "total": {"folded": True},  # a cross-check of the score track
}
