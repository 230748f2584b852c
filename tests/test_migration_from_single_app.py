"""A database built before the split into domain apps migrates with every row intact.

The fixtures in ``tests/fixtures/before_apps/`` were made by ``main`` at e07ec38 (one
``tournaments`` app): ``migrate``, ``manage.py demo``, then a few rows in every table the
demo leaves empty (an organizer and a table-judge role, result and public settings, a
problem report, a ruling, a league). ``archive_*.json`` is ``manage.py event_archive export``
of the demo event on that code. Each test loads the old database, runs today's
``migrate``, and compares: every row of every table unchanged, and the event archive that
today's code exports equal to the one the old code exported.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "before_apps"
OLD_TABLES_PREFIX = "tournaments_"


def _manage(database_url: str, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="referee.settings.test")
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def _archive(database_url: str, tmp_path: Path) -> dict:
    out = tmp_path / f"archive-{uuid.uuid4().hex[:6]}.json"
    _manage(database_url, "event_archive", "export", "cairo-cafe-open", str(out))
    return json.loads(out.read_text(encoding="utf-8"))


def _select(columns: list[str]) -> str:
    return ", ".join(f'"{c}"' for c in columns)


def _without_new_fields(archive: dict) -> dict:
    """An archive of today's code minus the fields added after the fixtures were made
    (``rounds[].is_final``, false for every round of the old database; ``schedule``, none
    in the old database; ``contains_secrets`` and ``secret_fields``: the command's export
    moves the event, with its tokens)."""
    for rnd in archive.get("rounds", []):
        assert rnd.pop("is_final") is False
    assert archive.pop("schedule") is None
    assert archive.pop("contains_secrets") is True
    assert archive.pop("secret_fields") == [
        "registrations[].private_token",
        "rounds[].tables[].judge_token",
    ]
    return archive


def _sqlite_columns(path: Path) -> dict[str, list[str]]:
    with sqlite3.connect(path) as db:
        names = [
            n
            for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
            if n.startswith(OLD_TABLES_PREFIX)
        ]
        return {n: [row[1] for row in db.execute(f'PRAGMA table_info("{n}")')] for n in names}


def _sqlite_rows(path: Path, columns: dict[str, list[str]]) -> dict[str, list]:
    """Every row of the old tables, in the columns they had before (later migrations may
    add columns; the rows must not change)."""
    with sqlite3.connect(path) as db:
        return {
            n: db.execute(f'SELECT {_select(cols)} FROM "{n}" ORDER BY 1').fetchall()
            for n, cols in columns.items()
        }


def test_sqlite_database_from_before_the_split_keeps_every_row(tmp_path):
    db = tmp_path / "before.sqlite3"
    with gzip.open(FIXTURES / "db.sqlite3.gz") as source, open(db, "wb") as target:
        shutil.copyfileobj(source, target)
    columns = _sqlite_columns(db)
    before = _sqlite_rows(db, columns)
    assert sum(map(len, before.values())) > 100  # the demo event, its rounds and results
    assert {n for n, rows in before.items() if not rows} <= {"tournaments_roundbye"}

    url = f"sqlite:///{db}"
    migrated = _manage(url, "migrate", "--noinput")
    assert "tournaments.0009_models_moved_to_domain_apps... OK" in migrated.stdout

    assert _sqlite_rows(db, columns) == before
    expected = json.loads((FIXTURES / "archive_sqlite.json").read_text(encoding="utf-8"))
    assert _without_new_fields(_archive(url, tmp_path)) == expected
    with sqlite3.connect(db) as con:
        labels = {a for (a,) in con.execute("SELECT DISTINCT app_label FROM django_content_type")}
    assert "events" in labels and "results" in labels


def _postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


@contextmanager
def postgres_database_from_dump(dump: Path, prefix: str) -> Iterator[str]:
    """The URL of a new PostgreSQL database loaded from a gzipped ``pg_dump``; dropped
    afterwards."""
    import psycopg

    base = urlsplit(_postgres_url())
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    admin_url = urlunsplit(base._replace(path="/postgres"))
    url = urlunsplit(base._replace(path=f"/{name}"))
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        psql = shutil.which("psql")
        assert psql, "psql (PostgreSQL's client) is needed to load the dump"
        loaded = subprocess.run(
            [psql, "-v", "ON_ERROR_STOP=1", "-q", url],
            input=gzip.decompress(dump.read_bytes()).decode(),
            text=True,
            capture_output=True,
        )
        assert loaded.returncode == 0, loaded.stderr
        yield url
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.skipif(_postgres_url() is None, reason="DATABASE_URL is not PostgreSQL")
def test_postgresql_database_from_before_the_split_keeps_every_row(tmp_path):
    import psycopg

    with postgres_database_from_dump(FIXTURES / "db.pg.sql.gz", "before_apps") as url:

        def table_columns() -> dict[str, list[str]]:
            with psycopg.connect(url) as con:
                found: dict[str, list[str]] = {}
                for table, column in con.execute(
                    "SELECT table_name, column_name FROM information_schema.columns "
                    "WHERE table_schema='public' ORDER BY table_name, ordinal_position"
                ):
                    if table.startswith(OLD_TABLES_PREFIX):
                        found.setdefault(table, []).append(column)
                return found

        columns = table_columns()

        def rows() -> dict[str, list]:
            with psycopg.connect(url) as con:
                return {
                    n: con.execute(f'SELECT {_select(cols)} FROM "{n}" ORDER BY 1').fetchall()
                    for n, cols in columns.items()
                }

        before = rows()
        assert {n for n, r in before.items() if not r} <= {"tournaments_roundbye"}
        migrated = _manage(url, "migrate", "--noinput")
        assert "tournaments.0009_models_moved_to_domain_apps... OK" in migrated.stdout
        assert rows() == before
        expected = json.loads((FIXTURES / "archive_pg.json").read_text(encoding="utf-8"))
        assert _without_new_fields(_archive(url, tmp_path)) == expected
        # New rows still get fresh ids after the move (the sequences came along).
        _manage(
            url,
            "shell",
            "-c",
            "from tournaments.events.models import Player; "
            "Player.objects.create(display_name='after the move')",
        )
