"""Redis away: the cache degrades to a miss, pages render from the database, and the
WSGI fast path keeps serving the last good page it holds (issue 21)."""

from __future__ import annotations

import pickle

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.public.conftest import world  # noqa: F401 - the fixture

DEAD = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def _cache_settings(url: str) -> dict:
    return {
        "default": {
            "BACKEND": "referee.cache.DegradingRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "outage-test",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 3},
        }
    }


def url(name: str, language: str = "ja", **kwargs) -> str:
    with translation.override(language):
        return reverse(f"tournaments:{name}", kwargs=kwargs)


def test_a_dead_redis_is_a_cache_miss_and_writes_do_nothing(settings):
    from django.core.cache import caches

    settings.CACHES = _cache_settings(DEAD)
    cache = caches["default"]
    assert cache.get("k") is None and cache.get("k", 7) == 7
    assert cache.get_many(["a", "b"]) == {}
    cache.set("k", 1)
    cache.set_many({"a": 1})
    cache.delete("k")
    assert cache.add("k", 1) is True  # the guarded work may go ahead (it is idempotent)
    assert cache.get_or_set("k", 5) == 5
    with pytest.raises(ValueError):
        cache.incr("k")
    assert cache.has_key("k") is False


def test_after_a_failure_redis_is_left_alone_for_a_moment(settings, monkeypatch):
    from django.core.cache import caches

    settings.CACHES = _cache_settings(DEAD)
    cache = caches["default"]
    cache.get("k")
    assert cache.outage.failures == 1 and not cache.available()
    calls = []
    monkeypatch.setattr(cache._cache, "get", lambda *a: calls.append(a))
    cache.get("k")
    cache.set("k", 1)
    assert calls == [] and cache.outage.failures == 1  # no connect timeout per call


def test_errors_other_than_the_connection_still_raise(settings):
    from django.core.cache import caches

    settings.CACHES = _cache_settings(DEAD)
    with pytest.raises((pickle.PicklingError, AttributeError)):
        caches["default"].set("k", lambda: 1)  # cannot be pickled: a bug, not an outage


@pytest.mark.django_db
def test_public_pages_and_private_pages_render_from_the_database_without_redis(
    client,
    world,  # noqa: F811 - the imported fixture
    settings,
):
    settings.CACHES = _cache_settings(DEAD)
    for path in (
        url("event-list"),
        url("event-detail", slug=world.event.slug),
        url("standings", slug=world.event.slug),
        url("seating", slug=world.event.slug, number=2),
        url("private", token=world.registrations[0].private_token),
    ):
        response = client.get(path)
        assert response.status_code == 200, path
    first = client.get(url("standings", slug=world.event.slug))
    again = client.get(url("standings", slug=world.event.slug), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200  # no version to trust: never a 304 without Redis


def _wsgi_get(app, path: str):
    captured = {}

    def start_response(status, headers):
        captured["status"], captured["headers"] = status, dict(headers)

    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": ""}
    environ["wsgi.url_scheme"] = "http"
    body = b"".join(app(environ, start_response))
    return captured["status"], captured["headers"], body


@pytest.mark.realstack
@pytest.mark.django_db
def test_the_fast_path_serves_its_last_good_page_while_redis_is_stopped(
    client,
    world,  # noqa: F811 - the imported fixture
    settings,
    own_redis,
):
    from tournaments.public.wsgi import PublicPageCache

    settings.CACHES = _cache_settings(own_redis.url)
    reached_django = []

    def django_app(environ, start_response):
        reached_django.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"from django"]

    app = PublicPageCache(django_app)
    standings = url("standings", slug=world.event.slug)
    assert client.get(standings).status_code == 200  # Django renders and stores it
    status, headers, good = _wsgi_get(app, standings)
    assert (status, headers["X-Cache"]) == ("200 OK", "hit") and b"<table" in good

    own_redis.stop()
    status, headers, body = _wsgi_get(app, standings)
    assert (status, headers["X-Cache"], body) == ("200 OK", "stale", good)
    assert reached_django == []
    # A page this process never served goes to Django, which renders it from the rows.
    seating = url("seating", slug=world.event.slug, number=2)
    assert _wsgi_get(app, seating)[2] == b"from django"
    assert client.get(seating).status_code == 200

    own_redis.start()
    from django.core.cache import caches

    caches["default"].outage.clear()
    status, headers, _ = _wsgi_get(app, standings)
    assert headers["X-Cache"] == "hit"  # back on the versions in Redis
