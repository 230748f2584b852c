"""Round trip into a really fresh database: a new SQLite file, migrated by a separate
process, imports the archive; its recomputed standings equal the source's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tournaments.console.test_archive import played_event
from tournaments.console.management.commands.event_archive import standings_by_name
from tournaments.console.services.archive import event_archive

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]


def test_archive_imports_into_a_fresh_database(tmp_path):
    event, _ = played_event(rounds=2, players=12)
    expected = json.loads(json.dumps(standings_by_name(event)))
    archive = tmp_path / "event.json"
    archive.write_text(json.dumps(event_archive(event.pk), ensure_ascii=False), encoding="utf-8")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "referee.settings.local",
        "REDIS_URL": "",
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=ROOT)
    done = subprocess.run(
        [*manage, "event_archive", "import", str(archive), "--standings"],
        env=env, cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == expected
    assert len(expected) == 12
