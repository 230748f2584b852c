"""Benchmark: standings for 2,000 players x 8 rounds INCLUDING the database read.

Target (issue 4): <= 1 s for the selector (``tournaments.standings.selectors``) plus the
pure ``compute_standings``. Side by side: a naive per-player ORM computation of the same
tournament points (one query per player for their seats, one per result), as a ratio.

Needs PostgreSQL. Run:
``DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
.venv/bin/python bench/bench_results_standings_db.py``.
It creates (once) and reuses its own database ``bench_standings`` on that server.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BENCH_DB = "bench_standings"
PLAYERS, ROUNDS, SIZE = 2_000, 8, 4


def prepare_database() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        sys.exit("set DATABASE_URL to a PostgreSQL server (the benchmark makes its own database)")
    import psycopg

    admin = urlparse(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [BENCH_DB]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{BENCH_DB}"')
    os.environ["DATABASE_URL"] = urlparse(url)._replace(path=f"/{BENCH_DB}").geturl()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings.test")
    os.environ.pop("REDIS_URL", None)  # no task queue needed here


def populate() -> int:
    import datetime as dt

    from django.db import transaction

    from tournaments.events.models import Event, Player, Registration, Round, Seat, Table
    from tournaments.results.models import EventResultSettings, ResultSubmission

    event = Event.objects.filter(slug="bench-standings").first()
    if event is not None:
        return event.pk
    rng = random.Random(1)
    with transaction.atomic():
        event = Event.objects.create(
            name="Bench", slug="bench-standings", starts_on=dt.date(2026, 11, 22),
            ends_on=dt.date(2026, 11, 22), status="running", game_key="imhotep",
            table_sizes=[4], rounds_planned=ROUNDS,
        )  # fmt: skip
        EventResultSettings.objects.create(event=event)
        players = Player.objects.bulk_create([Player(display_name=f"P{i}") for i in range(PLAYERS)])
        regs = Registration.objects.bulk_create(
            [Registration(event=event, player=p, status="checked_in") for p in players]
        )
        for number in range(1, ROUNDS + 1):
            rnd = Round.objects.create(
                event=event, number=number, status="closed",
                published_at=dt.datetime(2026, 11, 22, tzinfo=dt.UTC),
                closed_at=dt.datetime(2026, 11, 22, tzinfo=dt.UTC),
            )  # fmt: skip
            order = regs[:]
            rng.shuffle(order)
            tables = Table.objects.bulk_create(
                [Table(round=rnd, number=i + 1) for i in range(PLAYERS // SIZE)]
            )
            seats, subs = [], []
            for t, table in enumerate(tables):
                group = order[t * SIZE : (t + 1) * SIZE]
                totals = rng.sample(range(10, 40), len(group))  # no ties: naive TP stays simple
                ranks = [1 + sum(o > x for o in totals) for x in totals]
                for position, reg in enumerate(group, start=1):
                    seats.append(Seat(table=table, round=rnd, registration=reg, position=position))
                subs.append(
                    ResultSubmission(
                        table=table,
                        version=1,
                        kind="sheet",
                        payload={},
                        engine_key="imhotep",
                        status="confirmed",
                        submitted_via="judge_token",
                        lines=[[rk, tot] for tot, rk in zip(totals, ranks, strict=True)],
                        outcome={
                            "players": [
                                {"seat": i + 1, "total": tot, "rank": rk}
                                for i, (tot, rk) in enumerate(zip(totals, ranks, strict=True))
                            ]
                        },
                    )  # fmt: skip
                )
            Seat.objects.bulk_create(seats)
            ResultSubmission.objects.bulk_create(subs)
    return event.pk


def naive_tp(event_id: int) -> dict[int, float]:
    """What a first version might do: per player, their seats, then each table's result."""
    from tournaments.events.models import Registration
    from tournaments.results.models import ResultSubmission
    from tournaments.standings.types import DEFAULT_PLACEMENT_POINTS

    out = {}
    for reg in Registration.objects.filter(event_id=event_id):
        points = 0.0
        for seat in reg.seats.select_related("table"):
            sub = ResultSubmission.objects.filter(table=seat.table, status="confirmed").first()
            if sub is None:
                continue
            size = len(sub.outcome["players"])
            rank = sub.outcome["players"][seat.position - 1]["rank"]
            points += float(DEFAULT_PLACEMENT_POINTS[size][rank - 1])
        out[reg.pk] = points
    return out


def main() -> None:
    prepare_database()
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, reset_queries

    call_command("migrate", verbosity=0)
    event_id = populate()

    from tournaments.standings.compute import compute_standings
    from tournaments.standings.selectors import standings_input

    runs = []
    for _ in range(7):
        start = time.perf_counter()
        built = standings_input(event_id)
        read = time.perf_counter()
        standings = compute_standings(built.data)
        done = time.perf_counter()
        runs.append((read - start, done - read, done - start))
    from django.conf import settings

    settings.DEBUG = True
    reset_queries()
    standings_input(event_id)
    queries = len(connection.queries)
    settings.DEBUG = False

    def med(i):
        return statistics.median(r[i] for r in runs) * 1000

    def low(i):
        return min(r[i] for r in runs) * 1000

    print(f"| database read (selector, {queries} queries) | {med(0):.0f} | {low(0):.0f} | |")
    print(f"| compute_standings (pure) | {med(1):.0f} | {low(1):.0f} | <= 300 ms |")
    print(f"| read + compute | {med(2):.0f} | {low(2):.0f} | <= 1000 ms |", flush=True)

    start = time.perf_counter()
    naive = naive_tp(event_id)
    naive_s = time.perf_counter() - start
    fast_tp = {r.registration: float(r.metrics["tp"]) for r in standings.rows}
    assert naive == fast_tp, "naive and selector tournament points differ"
    ratio = naive_s * 1000 / med(2)
    print(f"| naive per-player ORM (TP only) | {naive_s * 1000:.0f} | | {ratio:.0f}x slower |")


if __name__ == "__main__":
    main()
