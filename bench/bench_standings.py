"""Benchmark: pure standings for 2,000 players x 8 rounds (target <= 300 ms).

Run: ``.venv/bin/python bench/bench_standings.py [--players N --rounds R]`` (prints a
Markdown table row per configuration). The event is synthetic: random 4-player tables
each round, placements with occasional ties, raw scores, a few byes (2,002 players so
two sit out a round) and organizer adjustments. Only ``compute_standings`` is timed
(input already built): the database read is in bench_standings_db.py.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.standings.compute import (
    Adjustment,
    Bye,
    SeatResult,
    StandingsConfig,
    StandingsInput,
    TableResult,
    compute_standings,
)


def synthetic_event(players: int = 2_002, rounds: int = 8, seed: int = 1) -> StandingsInput:
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    results, byes = [], []
    for rnd in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        sitting_out, order = order[: players % 4], order[players % 4 :]
        byes += [Bye(rnd, p) for p in sitting_out]
        for t in range(len(order) // 4):
            members = order[4 * t : 4 * t + 4]
            scores = [rng.randint(20, 60) for _ in members]
            placements = [1 + sum(1 for o in scores if o > s) for s in scores]
            seats = tuple(
                SeatResult(p, pl, sc) for p, pl, sc in zip(members, placements, scores, strict=True)
            )
            results.append(
                TableResult(rnd, t + 1, "imhotep", seats, provisional=rng.random() < 0.01)
            )
    adjustments = tuple(
        Adjustment(rng.choice(ids), rng.choice([-1, Fraction(1, 2)]), rng.randint(1, rounds))
        for _ in range(20)
    )
    return StandingsInput(tuple(ids), tuple(results), tuple(byes), (), adjustments)


def timed(data: StandingsInput, config: StandingsConfig, repeat: int = 7) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        compute_standings(data, config)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs) * 1000


def main() -> None:
    if "--players" in sys.argv:  # e.g. --players 10000 --rounds 10 (issue 19's size)
        players = int(sys.argv[sys.argv.index("--players") + 1])
        rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 8
        data = synthetic_event(players + 2, rounds)
    else:
        data = synthetic_event()
    configs = {
        "default precedence (tp, sos, score_ratio, h2h)": StandingsConfig(),
        "tp, opp_placement_pct, buchholz_cut1, progressive": StandingsConfig(
            precedence=("tp", "opp_placement_pct", "buchholz_cut1", "progressive")
        ),
        "every metric (default precedence + all extras)": StandingsConfig(
            extra_metrics=(
                "firsts",
                "score_share",
                "game_points",
                "avg_placement",
                "placement_pct",
                "buchholz",
                "buchholz_cut1",
                "buchholz_median1",
                "opp_placement_pct",
                "progressive",
                "games",
                "byes",
                "rounds_played",
            )
        ),
    }
    print(f"players={len(data.players)} tables={len(data.results)} byes={len(data.byes)}")
    print("| configuration | median of 7 (ms) | target |")
    print("|---|---|---|")
    for name, config in configs.items():
        target = "<= 300 ms (2,000 x 8)" if len(data.players) <= 2_002 else ""
        print(f"| {name} | {timed(data, config):.0f} | {target} |")


if __name__ == "__main__":
    main()
