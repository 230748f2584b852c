"""Database tests leave no standings "dirty" flags in Redis for a later run."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _clear_standings_flags():
    yield
    from tournaments.events.coalesce import _redis
    from tournaments.standings.services import dirty_key

    client = _redis()
    if client is None:
        return  # Django's cache: tests/conftest.py already clears it
    pattern = dirty_key(0).rsplit(":", 1)[0] + ":*"  # this test database's flags only
    for key in client.scan_iter(match=pattern):
        client.delete(key)
