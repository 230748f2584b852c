"""Benchmark: the standings reconciler's staleness check at 2,000 players x 8 rounds.

``standings.reconcile`` runs every ~30 s: for each candidate event it computes
``standings_fingerprint`` (a handful of aggregate queries) and compares it with the one the
last recompute stored. This measures that check, and a whole reconcile run that finds
nothing stale, on the same event as ``bench_results_standings_db.py``.

Needs PostgreSQL. Run:
``DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/bench_reconcile.py``.
It creates (once) and reuses its own database ``bench_reconcile`` on that server.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import bench_results_standings_db as base  # noqa: E402


def main() -> None:
    base.BENCH_DB = "bench_reconcile"
    base.prepare_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    event_id = base.populate()

    from tournaments.standings.selectors import standings_fingerprint
    from tournaments.standings.services import standings_recompute, standings_reconcile

    standings_recompute(event_id=event_id)  # stores the check: nothing is stale after it

    def timed(fn, runs=9) -> tuple[float, float]:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            fn()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times), min(times)

    med, low = timed(lambda: standings_fingerprint(event_id))
    print(f"| standings_fingerprint (2,000 players x 8 rounds) | {med:.1f} | {low:.1f} |")
    outcome = standings_reconcile()
    assert outcome == {"outbox_sent": 0, "recomputed": []}, outcome
    med, low = timed(standings_reconcile)
    print(f"| standings_reconcile, nothing stale | {med:.1f} | {low:.1f} |")
    med, low = timed(lambda: standings_recompute(event_id=event_id), runs=3)
    print(f"| standings_recompute, unchanged (for scale) | {med:.0f} | {low:.0f} |")


if __name__ == "__main__":
    main()
