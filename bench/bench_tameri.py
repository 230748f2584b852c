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


def median_ms(fn, runs: int) -> tuple[float, float, float]:
    """Median and fastest wall time, and mean CPU time (``process_time``), in ms.

    The machine is shared: wall medians move with the load, CPU time much less."""
    fn()  # warm up
    times = []
    cpu_start = time.process_time()
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    cpu = (time.process_time() - cpu_start) * 1000 / runs
    return statistics.median(times), min(times), cpu


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
    print(f"| Tameri: 4 players, {len(moves)} moves | median ms | min ms | mean CPU ms | target |")
    print("|---|---|---|---|---|")
    for name, (med, low, cpu) in rows:
        target = "<= 5 ms" if name.startswith("replay") else ""
        print(f"| {name} | {med:.2f} | {low:.2f} | {cpu:.2f} | {target} |")


if __name__ == "__main__":
    main()
