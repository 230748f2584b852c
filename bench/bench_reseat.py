"""Benchmark: re-seating a draft round of 2,000 players, with the database and the
on-commit work (issue 27 item 2).

Target: <= 2 s for ``seating.services.round_seat`` on a round that is seated already (its
old tables and seats deleted, the optimiser's new ones written, the seating record and the
action log written, the commit, and what runs on commit: the one ``RoundSeated``
announcement and its subscribers), with a number of queries that does not grow with the
players (``tests/tournaments/seating/test_reseat_queries.py`` counts them for 20 and 200).

Run on PostgreSQL (a dedicated database, created and migrated on first use)::

    .venv/bin/python bench/bench_reseat.py [--players 2000] [--runs 5]
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/other .venv/bin/python bench/...

The synthetic event: ``--players`` checked-in players, Imhotep tables of 4 or 3, round 1
as a draft (seated at random, the event's round-1 default). Each run re-seats it with
another seed, so every run replaces every table.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bench_reseat"
os.environ["DATABASE_URL"] = os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings.local")


def _arg(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


PLAYERS, RUNS = _arg("--players", 2_000), _arg("--runs", 5)
SLUG = f"bench-reseat-{PLAYERS}"
TARGET_MS = 2_000


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname=%s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def build_round():
    """The event and its draft round 1, built once per database and reused."""
    import datetime as dt

    from django.db import transaction

    from tournaments.events.models import Event, Player, Registration, Round

    event = Event.objects.filter(slug=SLUG).first()
    if event is None:
        with transaction.atomic():
            event = Event.objects.create(
                name=f"Bench re-seat {PLAYERS}", slug=SLUG, starts_on=dt.date(2026, 11, 28),
                ends_on=dt.date(2026, 11, 28), game_key="imhotep", table_sizes=[4, 3],
                status=Event.Status.RUNNING,
            )  # fmt: skip
            players = Player.objects.bulk_create(
                [Player(display_name=f"bench {i}", reading=f"べんち{i}") for i in range(PLAYERS)]
            )
            Registration.objects.bulk_create(
                [Registration(event=event, player=p, status="checked_in") for p in players]
            )
            Round.objects.create(event=event, number=1, status="draft")
    return Round.objects.get(event=event, number=1)


def reseat(round_id: int, seed: int) -> tuple[float, int]:
    """Wall ms of one re-seat including its commit and on-commit work, and its queries."""
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from tournaments.seating.services import round_seat

    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        with transaction.atomic():  # the view's transaction: on-commit work runs at its end
            round_seat(round_id=round_id, seed=seed)
        elapsed = (time.perf_counter() - start) * 1000
    return elapsed, len(queries)


def main() -> None:
    ensure_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from tournaments.events.models import Seat

    call_command("migrate", verbosity=0)
    rnd = build_round()
    reseat(rnd.pk, seed=1)  # warm-up; also the first seating the runs replace
    runs = [reseat(rnd.pk, seed=2 + i) for i in range(RUNS)]
    seated = Seat.objects.filter(round=rnd).count()
    times = [ms for ms, _ in runs]
    counts = sorted({n for _, n in runs})
    median = statistics.median(times)
    print(f"re-seat of a draft round, {PLAYERS} players ({seated} seated), {connection.vendor}")
    print(f"  median {median:.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms")
    print(f"  queries per re-seat: {counts}")
    print(f"  target <= {TARGET_MS} ms: {'ok' if median <= TARGET_MS else 'MISSED'}")


if __name__ == "__main__":
    main()
