"""The bundled examples replay to the end and their sheets score the same game the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.scoring import mission_succeeded

EXAMPLES = Path(__file__).resolve().parents[3] / "engines" / "terra_pyramides" / "examples"
STEMS = ["v1-2p", "v2-3p", "v3-4p"]


def load(name):
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("stem", STEMS)
def test_example_log_replays_to_the_end_and_matches_its_sheet(stem):
    report = ENGINE.replay(load(f"{stem}-log.json"))
    assert report.ok and report.game_over
    sheet = ENGINE.score_sheet(load(f"{stem}-sheet.json"))
    assert [p.to_dict() for p in sheet.players] == [p.to_dict() for p in report.outcome.players]


def test_example_logs_cover_every_version():
    versions = {load(f"{stem}-log.json")["options"]["version"] for stem in STEMS}
    assert versions == {1, 2, 3}


def test_mission_example_succeeds():
    outcome = ENGINE.score_sheet(load("mission2-solo-sheet.json"))
    assert outcome.players[0].total == 277
    assert mission_succeeded(outcome.notes[-1])
