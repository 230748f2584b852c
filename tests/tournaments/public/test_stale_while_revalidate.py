"""Stale-while-revalidate for a player's pages (issue 21): with a previous render present,
a read serves it at once and queues a background render instead of rendering in the
request; the task then stores the page at the current version."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.events import outbox
from tournaments.public import cache as public_cache
from tournaments.public.tasks import public_page_refresh_task
from tournaments.public.views import private as private_views
from tournaments.public.views import render as pages

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
    assert all(r.status_code == 200 and r.content == first.content for r in stale)
    assert all(r["ETag"] == first["ETag"] for r in stale)
    assert client.get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert [task for task, _args in queued] == [public_page_refresh_task]

    assert public_page_refresh_task.apply(queued[0][1]).get() is True
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
    assert task is public_page_refresh_task and not more
    assert reg.private_token not in repr(args)  # ids, not the token, go through the broker

    assert public_page_refresh_task.apply(args).get() is True
    assert public_cache.lookup(world.event.slug, path, "ja", player=reg.pk).html is not None
    assert client.get(path)["ETag"] != first["ETag"]


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
    assert public_page_refresh_task.apply(queued[0][1]).get() is False
    assert client.get(path).status_code == 404
