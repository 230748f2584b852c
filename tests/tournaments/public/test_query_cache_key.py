"""Issue 21: a public page is cached by the parameters it reads; any other query string
(``?utm=1`` .. ``?utm=300``) finds the same render instead of filling Redis."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from tests.tournaments.public.test_caching import _fast_path_over_a_recording_django, _wsgi_get
from tournaments.public import cache as public_cache

pytestmark = pytest.mark.django_db


def url(name: str, **kwargs) -> str:
    with translation.override("ja"):
        return reverse(f"tournaments:{name}", kwargs=kwargs)


@pytest.mark.parametrize(
    ("path", "query", "key"),
    [
        ("/ja/events/e/standings/", {"utm": "1"}, "/ja/events/e/standings/"),
        ("/ja/events/e/standings/", {"club": "A", "after": "+01", "x": "y"},
         "/ja/events/e/standings/?after=1&club=A"),
        ("/ja/events/e/standings/", {"after": "abc"}, "/ja/events/e/standings/"),
        ("/ja/events/e/standings/", {"partial": "1", "fbclid": "z"},
         "/ja/events/e/standings/?partial=1"),
        ("/ja/events/e/standings/", {"partial": "0"}, "/ja/events/e/standings/"),
        ("/ja/events/e/", {"q": "x", "after": "2"}, "/ja/events/e/"),
        ("/ja/events/e/rounds/2/seating/", {"q": "さとう"},
         "/ja/events/e/rounds/2/seating/?q=%E3%81%95%E3%81%A8%E3%81%86"),
        ("/ja/events/e/rounds/2/tables/3/", {"step": "4", "utm": "a"},
         "/ja/events/e/rounds/2/tables/3/?step=4"),
        ("/ja/p/tok/", {"done": "reported", "utm": "1"}, "/ja/p/tok/?done=reported"),
        ("/ja/p/tok/", {"done": "<script>"}, "/ja/p/tok/"),
    ],
)  # fmt: skip
def test_canonical_path_keeps_only_what_the_page_reads(path, query, key):
    assert public_cache.canonical_path(path, query) == key


def test_the_fast_path_and_the_view_agree_on_the_key():
    query = "after=1&utm_source=x&club=%E6%9D%B1&after=2"
    assert public_cache.canonical_path_from_query_string("/ja/events/e/standings/", query) == (
        public_cache.canonical_path("/ja/events/e/standings/", {"after": "2", "club": "東"})
    )


def _page_entries() -> int:
    from django.conf import settings

    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        client = cache._cache.get_client(write=False)
        prefix = settings.CACHES["default"]["KEY_PREFIX"]
        return sum(1 for _ in client.scan_iter(match=f"{prefix}:*pub:page:*"))
    return sum(1 for key in cache._cache if "pub:page:" in key)


def test_many_tracking_parameters_are_one_render(client, world):
    standings = url("standings", slug=world.event.slug)
    first = client.get(standings)
    before = _page_entries()
    for n in range(1, 30):
        response = client.get(f"{standings}?utm={n}&fbclid=x{n}")
        assert response.status_code == 200
        assert response["ETag"] == first["ETag"]
        assert response.headers.get("X-Cache") is None
    assert _page_entries() == before


def test_the_fast_path_serves_a_tracked_url_from_the_plain_render(client, world):
    app, calls = _fast_path_over_a_recording_django()
    standings = url("standings", slug=world.event.slug)
    client.get(standings)  # Django renders and stores the plain page
    status, headers, body = _wsgi_get(app, standings, "utm=42&ref=poster")
    assert status == "200 OK" and b"<table" in body and calls == []
    assert b"utm=42" not in body  # the live URL in the page is the canonical one
