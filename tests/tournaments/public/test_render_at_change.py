"""Issue 31: behind nginx's micro-cache the application sees a reader at most once a
second per page, so a page that waited for its next reader to be marked due showed a
result seconds late. At an announced change, the event's shared pages read lately are
marked due at once and the batch renders them before any reader comes back; players'
pages, and pages nobody read lately, still wait for a reader (the 2,000-player rush)."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.events import coalesce
from tournaments.public import cache as public_cache
from tournaments.public import refresh
from tournaments.public.signals import bump_after_commit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _redis_only():
    if coalesce._redis() is None:
        pytest.skip("the pages read lately are remembered in Redis (REDIS_URL)")
    refresh.recent_reads._noted.clear()  # this process's throttle, not the shared record


def url(name: str, language: str = "ja", **kwargs) -> str:
    with translation.override(language):
        return reverse(f"tournaments:{name}", kwargs=kwargs)


def announce_change(event) -> None:
    """What every subscriber does for an announced change: bump after the commit."""
    from django.db import transaction

    with transaction.atomic():
        bump_after_commit(event.pk)


def current(slug: str, path: str, language: str = "ja") -> bool:
    return public_cache.lookup(slug, path, language).html is not None


def test_standings_read_lately_are_rendered_at_a_change_without_a_reader(
    client, world, django_capture_on_commit_callbacks
):
    slug = world.event.slug
    standings = url("standings", slug=slug)
    live = standings + "?partial=1"
    for path in (standings, live):
        assert client.get(path).status_code == 200
    assert current(slug, standings) and current(slug, live)

    with django_capture_on_commit_callbacks(execute=True):
        announce_change(world.event)

    # No reader since the change: the batch rendered both at the new version already.
    assert current(slug, standings) and current(slug, live)


def test_only_shared_pages_read_within_the_window_are_rendered_at_a_change(
    client, world, django_capture_on_commit_callbacks, settings
):
    settings.PUBLIC_REFRESH_READ_WINDOW = 60
    slug = world.event.slug
    read_now = url("standings", slug=slug)
    read_long_ago = url("standings", language="en", slug=slug)
    player = url("player", slug=slug, registration_id=world.registrations[0].pk)
    for path in (read_now, read_long_ago, player):
        assert client.get(path).status_code == 200
    # The English standings were last read two minutes ago (outside the window).
    key = coalesce.flag_key("public-pages-read", slug)
    member = refresh.DuePage("en", path=read_long_ago).member
    coalesce._redis().zadd(key, {member: time.time() - 120})

    with django_capture_on_commit_callbacks(execute=True):
        announce_change(world.event)

    assert current(slug, read_now)
    assert not current(slug, read_long_ago, "en")  # waits for its next reader
    assert not current(slug, player)  # players' pages wait for their readers


def test_no_page_is_rendered_at_a_change_when_the_window_is_zero(
    client, world, django_capture_on_commit_callbacks, settings
):
    settings.PUBLIC_REFRESH_READ_WINDOW = 0
    slug = world.event.slug
    standings = url("standings", slug=slug)
    client.get(standings)
    with django_capture_on_commit_callbacks(execute=True):
        announce_change(world.event)
    assert not current(slug, standings)


def test_a_page_polled_at_one_version_is_noted_once(client, world):
    slug = world.event.slug
    standings = url("standings", slug=slug)
    key = coalesce.flag_key("public-pages-read", slug)
    client.get(standings)
    first = coalesce._redis().zscore(key, refresh.DuePage("ja", path=standings).member)
    for _ in range(5):
        client.get(standings)
    again = coalesce._redis().zscore(key, refresh.DuePage("ja", path=standings).member)
    assert first is not None and again == first
