"""Database tests leave no coalescing flags (standings, summaries, public pages due) in
Redis for a later run. ``announcements``: the domain events delivered during a test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _clear_coalescing_flags():
    from django.conf import settings

    from tournaments.events.coalesce import _redis

    client = _redis()  # taken before the test: a fault test points the flags at its own Redis
    yield
    if client is None:
        return  # Django's cache: tests/conftest.py already clears it
    database = settings.DATABASES["default"]["NAME"]
    pattern = f"referee:*:dirty:{database}:*"  # this test database's flags only
    for key in client.scan_iter(match=pattern):
        client.delete(key)


@pytest.fixture
def announcements():
    """Every domain event (``events.domain``) delivered while the test runs, in order."""
    from tournaments.events import domain

    heard: list = []
    kinds = domain.DomainEvent.__subclasses__()
    for kind in kinds:
        domain.subscribe(kind, heard.append)
    yield heard
    for kind in kinds:
        domain.unsubscribe(kind, heard.append)
