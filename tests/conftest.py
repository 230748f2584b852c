"""Shared fixtures: thin wrappers around the factories, cache isolation, a real Celery worker.

Imports of Django code happen inside fixtures so that pure tests (tests/engines/) still run
with ``-p no:django``.
"""

from __future__ import annotations

import pytest

DB_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}


def _uses_database(request) -> bool:
    return bool(
        request.node.get_closest_marker("django_db") or DB_FIXTURES & set(request.fixturenames)
    )


@pytest.fixture(autouse=True)
def _isolated_cache(request):
    """Tests that touch Django start with an empty cache (on Redis: only this run's keys)."""
    yield
    if not _uses_database(request):
        return
    from django.conf import settings
    from django.core.cache import cache

    config = settings.CACHES["default"]
    if config["BACKEND"].endswith("RedisCache"):
        # Never FLUSHDB: the Redis database may be shared; delete only our prefix.
        client = cache._cache.get_client(write=True)
        for key in client.scan_iter(match=f"{config['KEY_PREFIX']}:*"):
            client.delete(key)
    else:
        cache.clear()


@pytest.fixture
def event(db):
    from tests.tournaments.factories import EventFactory

    return EventFactory()


@pytest.fixture
def player(db):
    from tests.tournaments.factories import PlayerFactory

    return PlayerFactory()


@pytest.fixture
def registration(event):
    from tests.tournaments.factories import RegistrationFactory

    return RegistrationFactory(event=event)


@pytest.fixture
def published_round(event):
    from tests.tournaments.factories import RoundFactory

    return RoundFactory(event=event, published=True)


@pytest.fixture
def table(published_round):
    from tests.tournaments.factories import TableFactory

    return TableFactory(round=published_round)


@pytest.fixture
def full_table(table):
    """A table of four seated players (positions 1-4)."""
    from tests.tournaments.factories import seated_table

    seated_table(table, 4)
    return table
