"""Benchmark: replay of the example full 4-player Field of Reeds game (target <= 3 ms).

Run: ``.venv/bin/python bench/bench_field_of_reeds.py``. Times, with ``time.perf_counter``
over many runs, the median of: the whole ``replay`` (JSON records -> pydantic moves ->
fold -> outcome), the fold alone (moves already parsed), and ``score_sheet`` on the
matching sheet. The log is engines/field_of_reeds/examples/four-player-log.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import cpu_ms, median_ms  # noqa: E402
from engines.field_of_reeds import ENGINE  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "engines" / "field_of_reeds" / "examples"


def main(runs: int = 300) -> None:
    log = json.loads((EXAMPLES / "four-player-log.json").read_text(encoding="utf-8"))
    sheet = json.loads((EXAMPLES / "four-player-sheet.json").read_text(encoding="utf-8"))
    ctx = ENGINE.context(log)
    moves = ENGINE.parse_moves(log["moves"])
    assert ENGINE.replay(log).game_over
    jobs = [
        ("replay (parse + fold + outcome)", lambda: ENGINE.replay(log)),
        ("fold only (moves parsed)", lambda: ENGINE.fold(ENGINE.setup(ctx), moves)),
        ("score_sheet (matching sheet)", lambda: ENGINE.score_sheet(sheet)),
    ]
    head = f"| Field of Reeds: 4 players, {len(moves)} moves, 3 levels"
    print(f"{head} | median wall ms | mean CPU ms | target |")
    print("|---|---|---|---|")
    for name, job in jobs:
        wall, cpu = median_ms(job, runs), cpu_ms(job, runs)
        target = "<= 3 ms" if name.startswith("replay") else ""
        print(f"| {name} | {wall:.2f} | {cpu:.2f} | {target} |")


if __name__ == "__main__":
    main()
