"""Benchmark: replay of the example full 4-player Tameri game (target <= 5 ms).

Run: ``.venv/bin/python bench/bench_tameri.py``. Times, with ``time.perf_counter`` over
many runs, the median of: the whole ``replay`` (JSON records -> pydantic moves -> fold ->
outcome), the fold alone (moves already parsed), and ``score_sheet`` on the matching sheet.
The log is engines/tameri/examples/4p-log.json (season 0 + 12 rounds of a 4-player game).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.tameri import ENGINE  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "engines" / "tameri" / "examples"


def median_ms(fn, runs: int) -> tuple[float, float]:
    """Median and fastest run in ms (the machine is shared: the minimum shows the floor)."""
    fn()  # warm up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def main(runs: int = 200) -> None:
    log = json.loads((EXAMPLES / "4p-log.json").read_text(encoding="utf-8"))
    sheet = json.loads((EXAMPLES / "4p-sheet.json").read_text(encoding="utf-8"))
    ctx = ENGINE.context(log)
    moves = ENGINE.parse_moves(log["moves"])
    assert ENGINE.replay(log).game_over
    rows = [
        ("replay (parse + fold + outcome)", median_ms(lambda: ENGINE.replay(log), runs)),
        (
            "fold only (moves parsed)",
            median_ms(lambda: ENGINE.fold(ENGINE.setup(ctx), moves), runs),
        ),
        ("score_sheet (matching sheet)", median_ms(lambda: ENGINE.score_sheet(sheet), runs)),
    ]
    print(f"| Tameri: 4 players, {len(moves)} moves | median ms | min ms | target |")
    print("|---|---|---|---|")
    for name, (med, low) in rows:
        target = "<= 5 ms" if name.startswith("replay") else ""
        print(f"| {name} | {med:.2f} | {low:.2f} | {target} |")


if __name__ == "__main__":
    main()
