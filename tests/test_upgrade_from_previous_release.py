"""An upgrade: the previous release's database, with a played evening in it, takes today's
migrations with every row kept, and today's code exports every value the old code did.
The fixture is remade from each landed release (tests/fixtures/previous_release/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_migration_from_single_app import (
    _archive,
    _manage,
    _postgres_url,
    _select,
    postgres_database_from_dump,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "previous_release"


def _kept(old, new, where: str = "$") -> list[str]:
    """Where ``new`` lost or changed a value of ``old`` (keys added since are fine)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [
            problem
            for key, value in old.items()
            for problem in (
                _kept(value, new[key], f"{where}.{key}") if key in new else [f"{where}.{key} gone"]
            )
        ]
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return [f"{where}: {len(old)} items, now {len(new)}"]
        return [p for i, (a, b) in enumerate(zip(old, new, strict=True))
                for p in _kept(a, b, f"{where}[{i}]")]  # fmt: skip
    return [] if old == new else [f"{where}: {old!r} → {new!r}"]


@pytest.mark.skipif(_postgres_url() is None, reason="DATABASE_URL is not PostgreSQL")
def test_the_previous_releases_database_upgrades_with_every_row_and_value(tmp_path):
    import psycopg

    with postgres_database_from_dump(FIXTURES / "db.pg.sql.gz", "upgrade") as url:
        with psycopg.connect(url) as con:
            columns: dict[str, list[str]] = {}
            for table, column in con.execute(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema='public' ORDER BY table_name, ordinal_position"
            ):
                columns.setdefault(table, []).append(column)

        def rows() -> dict[str, list]:
            with psycopg.connect(url) as con:
                return {
                    t: con.execute(f'SELECT {_select(c)} FROM "{t}" ORDER BY 1').fetchall()
                    for t, c in columns.items()
                    if t.startswith("tournaments_") and t != "tournaments_league"
                }

        before = rows()
        assert before["tournaments_actionlog"] and before["tournaments_resultsubmission"]
        _manage(url, "migrate", "--noinput")
        assert rows() == before  # every row of every table, in the columns it had
        # Nothing left to migrate, and today's code reads and exports the old evening.
        _manage(url, "migrate", "--check")
        old = json.loads((FIXTURES / "archive.json").read_text(encoding="utf-8"))
        assert _kept(old, _archive(url, tmp_path)) == []
