"""The bundled example: the log replays to the end and the sheet of the same game agrees."""

from __future__ import annotations

import json
from pathlib import Path

from engines.tameri import ENGINE

EXAMPLES = Path(__file__).resolve().parents[3] / "engines" / "tameri" / "examples"


def load(name):
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def test_example_log_replays_to_the_game_end():
    report = ENGINE.replay(load("4p-log.json"))
    assert report.ok and report.game_over
    assert report.final_state.season == 3 and report.final_state.round == 12


def test_example_sheet_scores_like_the_log_category_by_category():
    replayed = ENGINE.replay(load("4p-log.json")).outcome
    scored = ENGINE.score_sheet(load("4p-sheet.json"))
    assert [p.breakdown for p in scored.players] == [p.breakdown for p in replayed.players]
    assert [p.rank for p in scored.players] == [p.rank for p in replayed.players]
    assert [p.tiebreak for p in scored.players] == [p.tiebreak for p in replayed.players]
