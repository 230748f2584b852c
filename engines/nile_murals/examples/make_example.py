"""Writes the example log and its matching score sheet (run by hand, output committed).

    .venv/bin/python engines/nile_murals/examples/make_example.py

A fictional 4-player game played by the deterministic policy in ``playout.py`` (seed 2).
The judge's printed facts on the moves (which cards show the ankh, which placement
completed an area and its I-III value) are taken from the MADE-UP test edition
(tests/engines/nile_murals/fixtures/edition_made_up_for_tests.json): they illustrate how
a judge records them and are not the real sheet's data. The log itself names the default
edition, so the engine checks the game against the rulebook's own data plus these records.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from engines.nile_murals import ENGINE  # noqa: E402
from engines.nile_murals.playout import play  # noqa: E402

PLAYERS = ["Aki", "Ben", "Chie", "Dai"]
FIXTURE = ROOT / "tests/engines/nile_murals/fixtures/edition_made_up_for_tests.json"


def main() -> None:
    truth = json.loads(FIXTURE.read_text(encoding="utf-8"))
    moves = play(
        ENGINE,
        {"game": "nile_murals", "players": PLAYERS, "edition": truth},
        seed=2,
        record_facts=True,
    )
    log = {"game": "nile_murals", "edition": "default", "players": PLAYERS, "moves": moves}
    report = ENGINE.replay(log)
    assert report.ok and report.game_over, report.to_dict()["violations"]
    final = report.final_state
    rows = [
        {"combo": final.combo[s], "area": final.area[s], "miss": final.miss[s]}
        for s in range(len(PLAYERS))
    ]
    sheet = {
        "game": "nile_murals",
        "edition": "default",
        "players": PLAYERS,
        "sheet": {"players": rows},
    }
    ENGINE.score_sheet(sheet)  # raises if inconsistent
    write(HERE / "example-4p-log.json", log)
    write(HERE / "example-4p-sheet.json", sheet)
    print(f"{len(moves)} moves; tracks {rows}")


def write(path: Path, doc: dict) -> None:
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
