"""Stale-while-revalidate for every public page (issue 21): with a previous render present,
a read serves it at once and marks the page due instead of rendering in the request; one
paced background batch per event then renders every due page from one load of the
event's data and stores each at the version it pinned before loading."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.events import outbox
from tournaments.public import cache as public_cache
from tournaments.public import refresh
from tournaments.public import render as pages
from tournaments.public import render_private as private_views
from tournaments.public import renderer as page_views
from tournaments.public.tasks import public_pages_refresh_task

pytestmark = pytest.mark.django_db


def url(name: str, **kwargs) -> str:
    with translation.override("ja"):
        return reverse(f"tournaments:{name}", kwargs=kwargs)


@pytest.fixture
def queued(monkeypatch):
    """Tasks sent through the outbox are recorded, not run (a broker, not eager mode)."""
    sent = []
    monkeypatch.setattr(outbox, "send", lambda task, args=(), *a, **k: sent.append((task, args)))
    return sent


def _no_render(*args, **kwargs):
    raise AssertionError("rendered in the request")


def _assert_previous_render(responses, first) -> None:
    assert all(r.status_code == 200 and r.content == first.content for r in responses)
    assert all(r["ETag"] == first["ETag"] for r in responses)


def _make_stale(world, reg) -> None:
    public_cache.bump_event(world.event.slug, players=[reg.pk])


@pytest.mark.parametrize("partial", [False, True])
def test_a_stale_player_page_is_served_at_once_and_rendered_by_a_task(
    client, world, queued, monkeypatch, partial
):
    reg = world.registrations[0]
    path = url("player", slug=world.event.slug, registration_id=reg.pk)
    path += "?partial=1" if partial else ""
    first = client.get(path)
    _make_stale(world, reg)
    with monkeypatch.context() as patched:
        patched.setattr(pages, "player_fragment", _no_render)
        patched.setattr(pages, "render_player", _no_render)
        stale = [client.get(path) for _ in range(3)]
    # Every reader gets the previous render with its own ETag, and one task is queued.
    _assert_previous_render(stale, first)
    assert client.get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert [task for task, _args in queued] == [public_pages_refresh_task]

    assert public_pages_refresh_task.apply(queued[0][1]).get() == 1
    current = public_cache.lookup(world.event.slug, path, "ja")
    assert current.html is not None  # stored at the current version
    fresh = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200 and fresh["ETag"] != first["ETag"]


def test_a_stale_private_page_is_served_at_once_and_rendered_by_a_task(
    client, world, queued, monkeypatch
):
    reg = world.registrations[0]
    path = url("private", token=reg.private_token)
    first = client.get(path)
    _make_stale(world, reg)
    with monkeypatch.context() as patched:
        patched.setattr(private_views, "render_private", _no_render)
        stale = client.get(path)
    assert stale.status_code == 200 and stale.content == first.content
    assert stale["ETag"] == first["ETag"] and stale["Cache-Control"] == "private, no-store"
    (task, args), *more = queued
    assert task is public_pages_refresh_task and not more
    assert reg.private_token not in repr(args)  # ids, not the token, go through the broker

    assert public_pages_refresh_task.apply(args).get() == 1
    stored = public_cache.lookup(world.event.slug, path, "ja", player=reg.pk).html
    assert stored is not None
    assert client.get(path)["ETag"] != first["ETag"]
    # The batch's render (pending results and table read for every player at once) is
    # exactly what the request renders.
    public_cache.forget(path, "ja")
    assert client.get(path).content.decode() == stored


def test_a_page_never_rendered_still_renders_in_the_request(client, world, queued):
    reg = world.registrations[1]
    path = url("player", slug=world.event.slug, registration_id=reg.pk)
    public_cache.forget(path, "ja")  # the prerender at publication stored one
    response = client.get(path)
    assert response.status_code == 200 and reg.player.display_name in response.content.decode()
    assert queued == []


def test_a_private_page_of_a_draft_event_is_not_served_stale(client, world, queued):
    reg = world.registrations[0]
    path = url("private", token=reg.private_token)
    client.get(path)
    queued.clear()
    type(world.event).objects.filter(pk=world.event.pk).update(status="draft")
    _make_stale(world, reg)
    assert client.get(path).status_code == 404
    assert queued == []


def test_a_player_page_gone_since_its_render_is_dropped_by_the_task(client, world, queued):
    reg = world.registrations[0]
    path = url("player", slug=world.event.slug, registration_id=reg.pk)
    client.get(path)
    type(world.event).objects.filter(pk=world.event.pk).update(status="draft")
    _make_stale(world, reg)
    client.get(path)  # the stale copy, once
    assert public_pages_refresh_task.apply(queued[0][1]).get() == 0
    assert client.get(path).status_code == 404


def test_stale_standings_are_served_at_once_and_rendered_by_the_batch(
    client, world, queued, monkeypatch
):
    path = url("standings", slug=world.event.slug)
    first = client.get(path)
    public_cache.bump_event(world.event.slug)
    with monkeypatch.context() as patched:
        patched.setattr(pages, "render_standings", _no_render)
        patched.setattr(page_views, "load_event_data", _no_render)
        stale = [client.get(path) for _ in range(3)]
    _assert_previous_render(stale, first)
    assert [task for task, _args in queued] == [public_pages_refresh_task]  # one, not three
    assert queued[0][1] == (world.event.slug,)

    assert public_pages_refresh_task.apply(queued[0][1]).get() == 1
    assert client.get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_one_batch_loads_the_event_once_for_all_its_due_pages(client, world, queued, monkeypatch):
    paths = [url("standings", slug=world.event.slug)]
    paths += [
        url("player", slug=world.event.slug, registration_id=r.pk) for r in world.registrations
    ]
    for path in paths:
        client.get(path)
    public_cache.bump_event(world.event.slug)
    for path in paths:
        client.get(path)
    loads = []
    real = page_views.load_event_data
    monkeypatch.setattr(
        page_views, "load_event_data", lambda slug: loads.append(slug) or real(slug)
    )
    assert public_pages_refresh_task.apply(queued[0][1]).get() == len(paths)
    assert loads == [world.event.slug]
    for path in paths:
        assert public_cache.lookup(world.event.slug, path, "ja").html is not None


def test_a_page_is_stored_at_the_version_pinned_before_the_data_was_read(
    client, world, queued, monkeypatch
):
    """A change committed while the batch loads must not be hidden behind a current-looking
    page: the page is stored at the version read before the load, so it stays due."""
    path = url("standings", slug=world.event.slug)
    client.get(path)
    public_cache.bump_event(world.event.slug)
    client.get(path)
    real = page_views.load_event_data

    def load_while_someone_writes(slug):
        data = real(slug)
        public_cache.bump_event(slug)  # after the read: the render cannot show it
        return data

    monkeypatch.setattr(page_views, "load_event_data", load_while_someone_writes)
    assert public_pages_refresh_task.apply(queued[0][1]).get() == 1
    after = public_cache.lookup(world.event.slug, path, "ja")
    assert after.html is None and after.stale_html is not None  # still due, not "current"


def test_a_batch_over_its_budget_renders_the_shared_pages_and_puts_players_back(
    client, world, queued, settings, monkeypatch
):
    settings.PUBLIC_REFRESH_BUDGET = 0
    monkeypatch.setattr(refresh, "MIN_PLAYER_PAGES", 1)  # progress: one player page at least
    standings = url("standings", slug=world.event.slug)
    players = [
        url("player", slug=world.event.slug, registration_id=r.pk) for r in world.registrations[:3]
    ]
    for path in [standings, *players]:
        client.get(path)
    public_cache.bump_event(world.event.slug)
    for path in [*players, standings]:
        client.get(path)
    assert public_pages_refresh_task.apply(queued[0][1]).get() == 2  # standings + 1 player
    assert public_cache.lookup(world.event.slug, standings, "ja").html is not None
    assert [task for task, _args in queued] == [public_pages_refresh_task] * 2  # the rest
    first, *rest = sorted(players)
    assert public_cache.lookup(world.event.slug, first, "ja").html is not None
    assert sorted(refresh.dirty.take(world.event.slug)) == [f"pub|ja|{path}" for path in rest]


def test_batches_are_paced_by_their_own_duration(monkeypatch, settings, world):
    settings.PUBLIC_REFRESH_MIN_GAP = 0.5
    settings.PUBLIC_REFRESH_REST = 0.5
    slept = []
    monkeypatch.setattr(refresh, "eager", lambda: False)
    monkeypatch.setattr(refresh.time, "sleep", slept.append)
    refresh._record(world.event.slug, 4.0)  # a batch that took 4 s just ended: rest 2 s
    refresh._pace(world.event.slug)
    assert len(slept) == 1 and 1.9 < slept[0] <= 2.0
    refresh._record(world.event.slug, 0.01)  # a short one: the minimum gap
    refresh._pace(world.event.slug)
    assert 0.4 < slept[1] <= 0.5


def test_a_whole_page_and_its_partial_are_one_render_in_a_batch(client, world, queued, monkeypatch):
    whole = url("standings", slug=world.event.slug)
    partial = whole + "?partial=1"
    first = {path: client.get(path).content for path in (whole, partial)}
    public_cache.bump_event(world.event.slug)
    for path in (whole, partial):
        client.get(path)
    renders = []
    real = pages.render_standings
    monkeypatch.setattr(
        pages, "render_standings", lambda *a, **k: renders.append(a[4]) or real(*a, **k)
    )
    assert public_pages_refresh_task.apply(queued[0][1]).get() == 2
    assert renders == [False]  # the whole page only; its live part is the partial
    stored = {path: public_cache.lookup(world.event.slug, path, "ja").html for path in first}
    assert all(html is not None for html in stored.values())
    # Each stored page is exactly what a request renders at that version.
    for path in (whole, partial):
        public_cache.forget(path, "ja")
        assert client.get(path).content.decode() == stored[path]


def test_the_fast_path_serves_a_stale_page_itself_and_marks_it_due(
    client, world, queued, monkeypatch
):
    from tournaments.public.wsgi import PublicPageCache

    path = url("standings", slug=world.event.slug)
    first = client.get(path)
    public_cache.bump_event(world.event.slug)
    monkeypatch.setattr(refresh, "eager", lambda: False)
    reached_django = []
    app = PublicPageCache(lambda environ, start: reached_django.append(1) or [b""])
    captured = {}

    def start_response(status, headers):
        captured.update(status=status, headers=dict(headers))

    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": ""}
    environ["wsgi.url_scheme"] = "http"
    body = b"".join(app(environ, start_response))
    assert reached_django == [] and captured["status"] == "200 OK"
    assert body == first.content and captured["headers"]["ETag"] == first["ETag"]
    assert captured["headers"]["X-Cache"] == "revalidating"
    assert [task for task, _args in queued] == [public_pages_refresh_task]
    assert refresh.dirty.take(world.event.slug) == [f"pub|ja|{path}"]
