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


@pytest.fixture(scope="session")
def _real_celery_worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """One real Celery worker per test session (per xdist worker), on the test database."""
    from django.db import connection

    from referee.celery import app
    from tests.realstack import (
        RealStackUnavailable,
        RealWorker,
        check_redis,
        required_urls,
        with_database_name,
    )

    urls = required_urls()
    if urls is None:
        pytest.skip("realstack: DATABASE_URL and REDIS_URL are not both set (local SQLite run)")
    database_url, redis_url = urls
    if connection.vendor != "postgresql":
        pytest.fail(f"realstack tests need PostgreSQL; DATABASE_URL gives {connection.vendor}")
    try:
        check_redis(redis_url)
    except RealStackUnavailable as error:
        pytest.fail(str(error))
    test_database = connection.settings_dict["NAME"]
    worker = RealWorker(
        with_database_name(database_url, test_database),
        redis_url,
        tmp_path_factory.mktemp("celery") / "worker.log",
    )
    try:
        worker.wait_ready(app)
    except RealStackUnavailable as error:
        worker.stop()
        pytest.fail(str(error))
    yield worker
    worker.stop()  # before pytest-django drops the test database


@pytest.fixture
def real_celery_worker(_real_celery_worker_process, transactional_db):
    """A real worker; for the test's duration this process enqueues to it (eager off)."""
    from referee.celery import app
    from tests.realstack import route_to

    route_to(app, _real_celery_worker_process.queue, eager=False)
    yield _real_celery_worker_process
    route_to(app, None, eager=True)


@pytest.fixture
def browser():
    """Headless Chromium (tests/browser.py) for tests marked ``browser``."""
    from tests.browser import launched_chromium

    with launched_chromium() as chromium:
        yield chromium
