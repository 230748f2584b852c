"""Benchmark: median time to replay the bundled full 4-player Ver3 Terra Pyramides game.

Run: ``.venv/bin/python bench/bench_terra_pyramides.py`` (target: <= 3 ms per replay).
Reports the whole replay (envelope and move parsing, every check, final scoring) and the
fold alone (moves already parsed), each as the median of many runs.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engines.terra_pyramides import ENGINE  # noqa: E402

LOG = ROOT / "engines" / "terra_pyramides" / "examples" / "v3-4p-log.json"
SHEET = LOG.with_name("v3-4p-sheet.json")


def timings_ms(fn, runs: int) -> tuple[float, float, float]:
    """(median, fastest) wall time of ``runs`` calls, and their median CPU time.

    The machine is shared: wall medians move with the load, CPU time (``process_time``)
    much less, so all three are shown."""
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times) * 1000, min(times) * 1000, statistics.median(cpu) * 1000


def main(runs: int = 300) -> None:
    doc = json.loads(LOG.read_text(encoding="utf-8"))
    report = ENGINE.replay(doc)
    assert report.ok and report.game_over
    ctx = ENGINE.context(doc)
    moves = ENGINE.parse_moves(doc["moves"])
    full = timings_ms(lambda: ENGINE.replay(doc), runs)
    fold = timings_ms(lambda: ENGINE.fold(ENGINE.setup(ctx), moves), runs)
    sheet_doc = json.loads(SHEET.read_text(encoding="utf-8"))
    sheet = timings_ms(lambda: ENGINE.score_sheet(sheet_doc), runs)
    turns = sum(report.final_state.turns_taken)
    print(f"terra_pyramides v3 4p replay: {len(moves)} moves, {turns} turns, {runs} runs")
    rows = [
        ("replay (parse, check, apply, score):", full),
        ("fold only (moves pre-parsed):      ", fold),
        ("score_sheet (matching sheet):      ", sheet),
    ]
    for name, (med, low, cpu) in rows:
        print(f"  {name} median {med:.2f} ms, min {low:.2f} ms, CPU median {cpu:.2f} ms")


if __name__ == "__main__":
    main()
