"""Benchmark: the league ratings recompute (pure OpenSkill part).

A café league of 2,000 players over 10 events x 8 rounds of 4-player tables = 40,000
tables rated from scratch in date order (``services.ratings.compute_ratings``), plus the
small case a single event brings (4,000 tables). The database read is one query over
confirmed submissions and one over their seats (not included here).

Run: ``DJANGO_SETTINGS_MODULE=referee.settings.test .venv/bin/python bench/bench_ratings.py``
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def tables(n_tables: int, players: int, seed: int = 1):
    from tournaments.ratings.services import RatedTable

    rng = random.Random(seed)
    out = []
    for i in range(n_tables):
        seated = tuple(rng.sample(range(players), 4))
        ranks = tuple(rng.choice(([1, 2, 3, 4], [1, 1, 3, 4], [1, 2, 2, 4])))
        out.append(RatedTable(i, i // 500, seated, ranks))
    return out


def main() -> None:
    import django

    django.setup()
    from tournaments.ratings.services import compute_ratings

    for n_tables in (4_000, 40_000):
        data = tables(n_tables, 2_000)
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            compute_ratings(data)
            best = min(best, time.perf_counter() - start)
        print(f"{n_tables:>6} tables: {best * 1000:8.0f} ms (best of 3)")


if __name__ == "__main__":
    main()
