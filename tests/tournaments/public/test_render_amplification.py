"""Issue 26, hole 5: an anonymous client must not make the server render and store a page
for every value of ``?club=``, ``?after=`` or ``?step=``. A value the event does not have
is a 404 with no render and no cache entry; a value it has is a page as before; renders in
the request of pages chosen by a parameter are bounded per client; a search (``?q=``) is
rendered for the asker but never stored."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test.signals import template_rendered
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db


def url(name: str, language: str = "ja", **kwargs) -> str:
    with translation.override(language):
        return reverse(f"tournaments:{name}", kwargs=kwargs)


def _stored_keys() -> set[str]:
    """Every key this test run has in the cache (on Redis: under this run's prefix)."""
    from django.conf import settings

    if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
        client = cache._cache.get_client(write=False)
        prefix = settings.CACHES["default"]["KEY_PREFIX"]
        return {k.decode() for k in client.scan_iter(match=f"{prefix}:*")}
    return set(cache._cache)


def _page_keys() -> set[str]:
    return {key for key in _stored_keys() if "pub:page:" in key}


@pytest.fixture
def renders():
    """The public templates rendered (Django's test instrumentation sends a signal)."""
    names: list[str] = []

    def record(sender, template, context, **kwargs):
        if template.name and template.name.startswith("public/"):
            names.append(template.name)

    template_rendered.connect(record)
    yield names
    template_rendered.disconnect(record)


def _table(world) -> str:
    return url("table-result", slug=world.event.slug, number=1, table=2)  # the move log


def test_a_hundred_bogus_steps_make_no_render_and_no_cache_entry(client, world, renders):
    table = _table(world)
    assert client.get(table).status_code == 200  # the page and its version counters exist
    before, rendered = _page_keys(), len(renders)
    total = len(world.confirmed_log.payload["moves"])
    statuses = {client.get(f"{table}?step={total + n}").status_code for n in range(1, 101)}
    assert statuses == {404}
    assert client.get(f"{table}?step=-1").status_code == 404
    assert _page_keys() == before
    assert len(renders) == rendered, renders[rendered:]


def test_bogus_clubs_and_rounds_are_404s_without_renders(client, world, renders):
    standings = url("standings", slug=world.event.slug)
    assert client.get(standings).status_code == 200
    before, rendered = _page_keys(), len(renders)
    for query in ("club=nobody", "club=%E2%80%AE", "after=1099", "after=0", "after=2"):
        for suffix in ("", "&partial=1"):
            assert client.get(f"{standings}?{query}{suffix}").status_code == 404, query
    # A step on a table without a move log names nothing either.
    sheet = url("table-result", slug=world.event.slug, number=1, table=1)
    assert client.get(f"{sheet}?step=1").status_code == 404
    assert _page_keys() == before
    assert [name for name in renders[rendered:] if "standings" in name] == []


def test_values_the_event_has_still_work_and_are_cached(client, world):
    standings = url("standings", slug=world.event.slug)
    club = world.registrations[2].player.club
    page = client.get(standings, {"club": club, "after": "1"})
    assert page.status_code == 200 and club in page.content.decode()
    table = _table(world)
    step = client.get(f"{table}?step=2")
    assert step.status_code == 200 and 'aria-current="step"' in step.content.decode()
    before = _page_keys()
    assert client.get(f"{table}?step=2&utm=x").content == step.content  # stored, same key
    assert _page_keys() == before


def test_unparseable_values_are_the_canonical_page(client, world):
    standings = url("standings", slug=world.event.slug)
    plain = client.get(standings)
    before = _page_keys()
    for query in ("after=abc", "club=", "after=&club=", "step=2"):  # step: not read here
        response = client.get(f"{standings}?{query}")
        assert response.status_code == 200 and response["ETag"] == plain["ETag"]
    assert _page_keys() == before


def test_a_search_is_rendered_for_the_asker_but_never_stored(client, world):
    seating = url("seating", slug=world.event.slug, number=2)
    client.get(seating)
    before = _page_keys()
    for n in range(5):
        response = client.get(seating, {"q": f"さとう{n}"})
        assert response.status_code == 200
    hit = client.get(seating, {"q": "さとう"})
    assert hit.status_code == 200 and "佐藤 葵" in hit.content.decode()
    assert _page_keys() == before


def test_renders_of_variants_are_bounded_per_client(client, world, settings, renders):
    settings.PUBLIC_VARIANT_RENDERS_PER_MINUTE = 3
    seating = url("seating", slug=world.event.slug, number=2)
    table = _table(world)
    for n in range(3):
        assert client.get(f"{table}?step={n}").status_code == 200
    rendered = len(renders)
    refused = client.get(seating, {"q": "たなか"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) <= 60
    assert "もう一度" in refused.content.decode()  # in the page's language
    assert len(renders) == rendered
    # What is cached costs nothing: the same steps and the plain pages are still served,
    # and another client has a budget of its own.
    assert client.get(f"{table}?step=1").status_code == 200
    assert client.get(seating).status_code == 200
    other = client.get(seating, {"q": "たなか"}, REMOTE_ADDR="192.0.2.7")
    assert other.status_code == 200
