"""Benchmark: standings for 2,000 players x 8 rounds INCLUDING the database read.

Target: <= 1 s for ``standings_input`` (the selector: a fixed handful of queries) plus
``compute_standings`` (pure), compared with a naive per-player ORM computation (queries
per player and per seat, the way a first version of a view would do it), with the ratio.

Run on PostgreSQL (a dedicated database, created and migrated on first use)::

    .venv/bin/python bench/bench_standings_db.py [--rebuild] [--no-naive]
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/other .venv/bin/python bench/...

Issue 19's size, 10,000 players x 10 rounds (25,000 tables, 100,000 seats; target 1 s)::

    .venv/bin/python bench/bench_standings_db.py --players 10000 --rounds 10 --no-naive

The synthetic event: 2,000 checked-in players, 8 rounds of 500 four-player Imhotep tables,
one confirmed submission per table with an engine-shaped outcome (ranks with occasional
ties, totals). It is built once per database and reused (``--rebuild`` to rebuild).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bench_standings_db"
os.environ["DATABASE_URL"] = os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings.local")


def _arg(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


PLAYERS, ROUNDS, SIZE = _arg("--players", 2_000), _arg("--rounds", 8), 4
SLUG = f"bench-standings-{PLAYERS}x{ROUNDS}"
CPU_MS: list[float] = []  # this process's CPU time per read + compute (less load-sensitive)


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname=%s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def build_event(rebuild: bool):
    import datetime as dt

    from django.db import transaction

    from tournaments.events.models import Event, Player, Registration, Round, Seat, Table
    from tournaments.results.models import ResultSubmission

    existing = Event.objects.filter(slug=SLUG).first()
    if existing and not rebuild:
        fill_lines(existing)
        return existing
    if existing:
        ResultSubmission.objects.filter(table__round__event=existing).delete()
        Seat.objects.filter(round__event=existing).delete()
        existing.delete()
    rng = random.Random(2026)
    now = dt.datetime.now(dt.UTC)
    with transaction.atomic():
        event = Event.objects.create(
            name=f"Bench {PLAYERS}x{ROUNDS}", slug=SLUG, starts_on=dt.date(2026, 11, 22),
            ends_on=dt.date(2026, 11, 22), game_key="imhotep", table_sizes=[4],
            rounds_planned=ROUNDS, status=Event.Status.RUNNING,
        )  # fmt: skip
        players = Player.objects.bulk_create(
            [Player(display_name=f"bench {i}", reading=f"べんち{i}") for i in range(PLAYERS)]
        )
        regs = Registration.objects.bulk_create(
            [Registration(event=event, player=p, status="checked_in") for p in players]
        )
        ids = [r.pk for r in regs]
        for number in range(1, ROUNDS + 1):
            # Created as drafts and closed below with one UPDATE: a closed round's save
            # signals (ratings, page pre-renders; eager without a broker) would run for
            # every player, which is not what this benchmark times.
            rnd = Round.objects.create(event=event, number=number, status="draft")
            order = ids[:]
            rng.shuffle(order)
            tables = Table.objects.bulk_create(
                [
                    Table(round=rnd, number=t + 1, game_key="imhotep", status="confirmed")
                    for t in range(PLAYERS // SIZE)
                ]
            )
            seats, subs = [], []
            for t, table in enumerate(tables):
                members = order[SIZE * t : SIZE * t + SIZE]
                totals = [rng.randint(20, 60) for _ in members]
                ranks = [1 + sum(1 for o in totals if o > s) for s in totals]
                seats += [
                    Seat(table=table, round=rnd, registration_id=rid, position=pos)
                    for pos, rid in enumerate(members, start=1)
                ]
                outcome = {
                    "players": [{"rank": r, "total": s} for r, s in zip(ranks, totals, strict=True)]
                }
                subs.append(
                    ResultSubmission(
                        table=table, version=1, kind="sheet", payload={}, engine_key="imhotep",
                        outcome=outcome, status="confirmed", submitted_via="user",
                        lines=ResultSubmission.lines_of(outcome),
                    )
                )  # fmt: skip
            Seat.objects.bulk_create(seats, batch_size=2000)
            ResultSubmission.objects.bulk_create(subs, batch_size=1000)
        Round.objects.filter(event=event).update(status="closed", published_at=now, closed_at=now)
    return event


def fill_lines(event) -> None:
    """Rows built before ``ResultSubmission.lines`` existed get their lines (as save() would
    write them), so the selector reads its normal path, not its fallback."""
    from tournaments.results.models import ResultSubmission

    rows = list(
        ResultSubmission.objects.filter(table__round__event=event, lines=[]).only("outcome")
    )
    for row in rows:
        row.lines = ResultSubmission.lines_of(row.outcome)
    ResultSubmission.objects.bulk_update(rows, ["lines"], batch_size=1000)


def fast(event_id: int):
    from tournaments.standings.compute import StandingsConfig, compute_standings
    from tournaments.standings.selectors import standings_input

    start, cpu = time.perf_counter(), time.process_time()
    built = standings_input(event_id)
    read = time.perf_counter()
    standings = compute_standings(built.data, StandingsConfig())
    done = time.perf_counter()
    CPU_MS.append((time.process_time() - cpu) * 1000)
    return (read - start) * 1000, (done - read) * 1000, standings


def naive(event_id: int):
    """Per player: their seats, each table's confirmed result and size, then points;
    strength of schedule from each opponent's points (only tp, firsts, sos)."""
    from tournaments.events.models import Registration, Seat
    from tournaments.results.models import ResultSubmission
    from tournaments.standings.types import DEFAULT_PLACEMENT_POINTS

    start = time.perf_counter()
    tp: dict[int, Fraction] = {}
    firsts: dict[int, int] = {}
    opponents: dict[int, list[int]] = {}
    for reg in Registration.objects.filter(event_id=event_id):
        tp[reg.pk], firsts[reg.pk], opponents[reg.pk] = Fraction(0), 0, []
        for seat in Seat.objects.filter(registration=reg).select_related("table"):
            sub = ResultSubmission.objects.filter(table=seat.table, status="confirmed").first()
            if sub is None:
                continue
            others = list(
                Seat.objects.filter(table=seat.table).values_list("registration_id", flat=True)
            )
            rank = sub.outcome["players"][seat.position - 1]["rank"]
            ranks = [p["rank"] for p in sub.outcome["players"]]
            spanned = DEFAULT_PLACEMENT_POINTS[len(others)][rank - 1 : rank - 1 + ranks.count(rank)]
            tp[reg.pk] += sum(spanned, Fraction(0)) / len(spanned)
            firsts[reg.pk] += rank == 1
            opponents[reg.pk] += [o for o in others if o != reg.pk]
    sos = {
        rid: sum((tp[o] for o in opp), Fraction(0)) / max(len(opp), 1)
        for rid, opp in opponents.items()
    }
    ranking = sorted(tp, key=lambda r: (-tp[r], -firsts[r], -sos[r]))
    return (time.perf_counter() - start) * 1000, ranking, tp


def main() -> None:
    ensure_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call_command("migrate", verbosity=0)
    t0 = time.perf_counter()
    event = build_event(rebuild="--rebuild" in sys.argv)
    print(f"event ready in {time.perf_counter() - t0:.1f} s ({connection.vendor})")
    fast(event.pk)  # warm-up: imports, connection, caches
    runs = [fast(event.pk) for _ in range(5)]
    with CaptureQueriesContext(connection) as fast_queries:
        _, _, standings = fast(event.pk)
    reads = [r for r, _, _ in runs]
    computes = [c for _, c, _ in runs]
    total = statistics.median([r + c for r, c, _ in runs])
    print(f"players={PLAYERS} rounds={ROUNDS} tables={PLAYERS // SIZE * ROUNDS}")
    print("| path | median of 5 (ms) | queries | target |")
    print("|---|---|---|---|")
    print(f"| selector read (standings_input) | {statistics.median(reads):.0f} | "
          f"{len(fast_queries)} | |")  # fmt: skip
    print(f"| compute_standings (pure) | {statistics.median(computes):.0f} | 0 | |")
    print(f"| read + compute | {total:.0f} | {len(fast_queries)} | <= 1000 ms |")
    print(f"| read + compute, Python CPU time only | {statistics.median(CPU_MS[1:6]):.0f} | | |")
    if "--no-naive" in sys.argv:
        return
    naive_ms, _ranking, tp = naive(event.pk)
    # the two agree on tournament points (the naive path is a fair baseline)
    fast_tp = {row.registration: row.metrics["tp"] for row in standings.rows}
    mismatches = sum(1 for rid, value in tp.items() if fast_tp.get(rid) != value)
    print(f"| naive per-player ORM (tp, firsts, sos only; 1 run) | {naive_ms:.0f} | "
          f"~{PLAYERS * (1 + ROUNDS * 3)} | |")  # fmt: skip
    print(f"ratio naive / read+compute: {naive_ms / total:.1f}x; tp mismatches: {mismatches}")


if __name__ == "__main__":
    main()
