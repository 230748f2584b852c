"""Benchmark: replay of the example full 4-player Nile Murals game (target <= 2 ms).

Run: ``.venv/bin/python bench/bench_nile_murals.py``. Times, with ``time.perf_counter``
over many runs, the median of: the whole ``replay`` (JSON records -> pydantic moves ->
fold -> outcome), the fold alone (moves already parsed), and ``score_sheet`` on the
matching sheet; plus mean CPU time (``time.process_time``), which a loaded shared machine
inflates less. The log is engines/nile_murals/examples/example-4p-log.json (all 100 cards
placed, with misses, ankh draws, bonus draws and recorded area completions).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import cpu_ms, median_ms  # noqa: E402
from engines.nile_murals import ENGINE  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "engines" / "nile_murals" / "examples"


def main(runs: int = 500) -> None:
    log = json.loads((EXAMPLES / "example-4p-log.json").read_text(encoding="utf-8"))
    sheet = json.loads((EXAMPLES / "example-4p-sheet.json").read_text(encoding="utf-8"))
    ctx = ENGINE.context(log)
    moves = ENGINE.parse_moves(log["moves"])
    assert ENGINE.replay(log).game_over
    jobs = [
        ("replay (parse + fold + outcome)", lambda: ENGINE.replay(log)),
        ("fold only (moves parsed)", lambda: ENGINE.fold(ENGINE.setup(ctx), moves)),
        ("parse only (pydantic)", lambda: ENGINE.parse_moves(log["moves"])),
        ("score_sheet (matching sheet)", lambda: ENGINE.score_sheet(sheet)),
    ]
    print(f"| Nile Murals: 4 players, {len(moves)} moves | median wall ms | mean CPU ms | target |")
    print("|---|---|---|---|")
    for name, job in jobs:
        wall, cpu = median_ms(job, runs), cpu_ms(job, runs)
        target = "<= 2 ms" if name.startswith("replay") else ""
        print(f"| {name} | {wall:.2f} | {cpu:.2f} | {target} |")


if __name__ == "__main__":
    main()
