"""A backup restores: ``ops/backup.sh`` (docker-compose's ``backup`` service) dumps a played
event with ``pg_dump``; the README's ``pg_restore`` puts it into a fresh database, which
holds the same standings, results and action log.

Needs PostgreSQL and its client tools (``pg_dump``, ``pg_restore``); skipped on a SQLite
run. The fresh database is named after the test database (``<test db>_restore``) and
dropped afterwards.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.db import connection

from tests.tournaments.console.test_archive import played_event
from tournaments.events.models import Round, Table
from tournaments.results.models import ActionLog, ResultSubmission
from tournaments.standings.models import StandingsSnapshot
from tournaments.standings.services import standings_recompute

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "ops" / "backup.sh"

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not shutil.which("pg_dump") or not shutil.which("pg_restore"),
        reason="PostgreSQL's client tools are not installed",
    ),
]


def _libpq_env(database: str) -> dict[str, str]:
    settings = connection.settings_dict
    env = {**os.environ, "PGDATABASE": database, "PGHOST": settings["HOST"] or "localhost"}
    env["PGPORT"] = str(settings["PORT"] or 5432)
    env["PGUSER"] = settings["USER"] or ""
    if settings["PASSWORD"]:
        env["PGPASSWORD"] = settings["PASSWORD"]
    return env


def _rows(database: str, event_id: int) -> dict[str, list]:
    """What a café must get back, read straight from ``database``: the standings
    snapshots, every result version and the action log of the event."""
    import psycopg

    snapshots = StandingsSnapshot._meta.db_table
    results = ResultSubmission._meta.db_table
    tables, rounds = Table._meta.db_table, Round._meta.db_table
    log = ActionLog._meta.db_table
    queries = {
        "standings": f"SELECT * FROM {snapshots} WHERE event_id = %s ORDER BY version",
        "results": f"SELECT r.* FROM {results} r JOIN {tables} t ON t.id = r.table_id "
        f"JOIN {rounds} n ON n.id = t.round_id WHERE n.event_id = %s ORDER BY r.id",
        "action_log": f"SELECT * FROM {log} WHERE event_id = %s ORDER BY id",
    }
    settings = {**connection.settings_dict, "NAME": database}
    with psycopg.connect(
        dbname=database,
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
    ) as db:
        return {key: db.execute(sql, [event_id]).fetchall() for key, sql in queries.items()}


@pytest.fixture
def fresh_database():
    if connection.vendor != "postgresql":
        pytest.skip("backups are PostgreSQL dumps")
    name = f"{connection.settings_dict['NAME']}_restore"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        cursor.execute(f'CREATE DATABASE "{name}"')
    yield name
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_dump_of_a_played_event_restores_with_its_standings_results_and_log(
    tmp_path, fresh_database
):
    event, _organizer = played_event(rounds=2, players=12)
    standings_recompute(event_id=event.pk)
    source = connection.settings_dict["NAME"]
    before = _rows(source, event.pk)
    assert before["standings"] and before["results"] and before["action_log"]
    # two older dumps: with BACKUP_KEEP=2 the oldest goes, the new one stays
    for old in ("referee-20000101T000000Z.dump", "referee-20000102T000000Z.dump"):
        (tmp_path / old).write_bytes(b"an older dump")
    env = {**_libpq_env(source), "BACKUP_DIR": str(tmp_path), "BACKUP_KEEP": "2"}
    subprocess.run(["sh", str(SCRIPT), "once"], env=env, check=True, timeout=120)
    dumps = sorted(tmp_path.glob("referee-*.dump"))
    assert [d.name for d in dumps][0] == "referee-20000102T000000Z.dump" and len(dumps) == 2
    assert not list(tmp_path.glob(".*.partial"))
    subprocess.run(["sh", str(SCRIPT), "check"], env=env, check=True, timeout=30)

    restore = ["pg_restore", "--no-owner", "--exit-on-error", f"--dbname={fresh_database}"]
    subprocess.run([*restore, str(dumps[-1])], env=_libpq_env(fresh_database), check=True)

    assert _rows(fresh_database, event.pk) == before


def test_the_health_check_fails_without_a_recent_dump(tmp_path):
    env = {**os.environ, "BACKUP_DIR": str(tmp_path), "BACKUP_INTERVAL": "3600"}
    done = subprocess.run(["sh", str(SCRIPT), "check"], env=env, timeout=30)
    assert done.returncode != 0
