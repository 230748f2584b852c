"""How the score-sheet form asks for Nile Murals' fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

ENTRY: dict[str, dict] = {}
