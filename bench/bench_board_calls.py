"""Benchmark: one poll of the live progress board (issue 17) for a large round: 125 tables
(500 players), half of them with a submitted result and two of four confirmations, and 20
open judge calls. Measures what ``board/live/`` computes on every poll (the tables' states,
who has not confirmed, the open calls, the ETag) and the judge page's calls fragment.

Needs PostgreSQL. Run:
``DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
.venv/bin/python bench/bench_board_calls.py``.
It creates (once) and reuses its own database ``bench_board_calls`` on that server.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BENCH_DB = "bench_board_calls"
PLAYERS, SIZE, CALLS = 500, 4, 20


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
    os.environ.pop("REDIS_URL", None)


def populate():
    import datetime as dt

    from django.db import transaction
    from django.utils import timezone

    from tournaments.events.models import Event, Player, Registration, Round, Seat, Table
    from tournaments.results.models import Confirmation, ProblemReport, ResultSubmission

    event = Event.objects.filter(slug="bench-board").first()
    if event is not None:
        return event.rounds.get(number=1)
    with transaction.atomic():
        event = Event.objects.create(
            name="Bench board", slug="bench-board", starts_on=dt.date(2026, 11, 22),
            ends_on=dt.date(2026, 11, 22), status="running", game_key="imhotep",
            table_sizes=[SIZE],
        )  # fmt: skip
        players = Player.objects.bulk_create(
            [Player(display_name=f"B{i}", reading=f"b{i}") for i in range(PLAYERS)]
        )
        regs = Registration.objects.bulk_create(
            [Registration(event=event, player=p, status="checked_in") for p in players]
        )
        rnd = Round.objects.create(
            event=event, number=1, status="published", published_at=timezone.now()
        )
        tables = Table.objects.bulk_create(
            [Table(round=rnd, number=n + 1, game_key="imhotep") for n in range(PLAYERS // SIZE)]
        )
        Seat.objects.bulk_create(
            [
                Seat(table=tables[i // SIZE], round=rnd, registration=r, position=i % SIZE + 1)
                for i, r in enumerate(regs)
            ]
        )
        for t in tables[: len(tables) // 2]:
            sub = ResultSubmission.objects.create(
                table=t, version=1, kind="sheet", status="submitted", payload={},
                outcome={"players": []}, engine_key="imhotep", confirmations_required=SIZE,
            )  # fmt: skip
            t.status = "submitted"
            t.save(update_fields=["status"])
            seated = regs[(t.number - 1) * SIZE : t.number * SIZE]
            Confirmation.objects.bulk_create(
                [Confirmation(submission=sub, role="player", registration=r) for r in seated[:2]]
            )
        ProblemReport.objects.bulk_create(
            [
                ProblemReport(registration=regs[i * SIZE], table=tables[i], message="help")
                for i in range(CALLS)
            ]
        )
    return rnd


def main() -> None:
    prepare_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from bench.timing import median_ms
    from tournaments.console.views.rounds import _board_context
    from tournaments.results.selectors import judge_calls_signature, open_judge_calls

    rnd = populate()
    table = rnd.tables.get(number=1)
    board = median_ms(lambda: _board_context(rnd), runs=30)
    calls = median_ms(
        lambda: judge_calls_signature(open_judge_calls(rnd.event_id, table_ids=[table.pk])),
        runs=100,
    )
    print(f"board poll ({PLAYERS // SIZE} tables, {CALLS} open calls): {board:.1f} ms median")
    print(f"judge page calls fragment (one table): {calls:.2f} ms median")


if __name__ == "__main__":
    main()
