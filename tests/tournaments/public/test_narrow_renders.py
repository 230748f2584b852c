"""Issue 21 (scale): renders are narrowed to the pages that changed. When one table's
result is confirmed, the event's own pages (standings, results) are rendered again, and of
the players' pages only those whose content changed: the players at that table and those
whose rank or points moved. Every other player's page is served from the cache, and every
page served is the page a fresh render would give (nothing stale)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from tests.tournaments.factories import RoundFactory, SeatFactory, TableFactory
from tests.tournaments.public.conftest import close_round
from tests.tournaments.results.helpers import as_user, imhotep_sheet, make_event, make_table, user
from tournaments.events.models import Event, EventRole
from tournaments.public import render as pages
from tournaments.public import render_private as private_views
from tournaments.public import selectors as sel
from tournaments.results.services.results import result_submit

pytestmark = pytest.mark.django_db

SCORES = [((20, 18, 25), (2, 3, 1)), ((15, 22, 19), (1, 2, 3)), ((24, 17, 21), (3, 1, 2))]


def _url(name: str, **kwargs) -> str:
    with translation.override("ja"):
        return reverse(f"tournaments:{name}", kwargs=kwargs)


@pytest.fixture
def running(django_capture_on_commit_callbacks):
    """A 15-player event (five tables of three): round 1 confirmed and closed, round 2 in
    play with two of its five results in (so its standings list everyone already)."""
    event = make_event("imhotep", policy="none", status=Event.Status.RUNNING)
    judge = as_user(user("head", event, EventRole.Kind.HEAD_JUDGE))
    first = RoundFactory(event=event, published=True)
    tables = [make_table(event, players=3, round_=first) for _ in range(5)]
    _results(tables, judge, django_capture_on_commit_callbacks, [*SCORES, *SCORES[:2]])
    with django_capture_on_commit_callbacks(execute=True):
        first.status, first.closed_at = "closed", timezone.now()
        first.save()
    people = list(event.registrations.order_by("pk"))
    second = RoundFactory(event=event, number=2, published=True)
    tables = [TableFactory(round=second, number=n + 1) for n in range(5)]
    for index, registration in enumerate(people):
        SeatFactory(table=tables[index % 5], registration=registration)
    _results(tables[:2], judge, django_capture_on_commit_callbacks, SCORES[:2])
    return event, tables, judge


def _results(tables, judge, on_commit, scores) -> None:
    for table, (tracks, sleds) in zip(tables, scores, strict=True):
        with on_commit(execute=True):
            result_submit(
                table_id=table.pk, actor=judge, kind="sheet", payload=imhotep_sheet(tracks, sleds)
            )


def _player_pages(event) -> dict[int, str]:
    people = event.registrations.order_by("pk")
    return {r.pk: _url("player", slug=event.slug, registration_id=r.pk) for r in people}


def _count(monkeypatch, module, name: str) -> list:
    calls, real = [], getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_one_confirmation_renders_only_the_pages_that_changed(
    client, running, monkeypatch, django_capture_on_commit_callbacks
):
    event, tables, judge = running
    players = _player_pages(event)
    tokens = dict(event.registrations.values_list("pk", "private_token"))
    standings = _url("standings", slug=event.slug)
    before = {pk: client.get(path + "?partial=1").content.decode() for pk, path in players.items()}
    for path in [*players.values(), standings]:
        client.get(path)  # every page rendered and cached
    for token in tokens.values():
        client.get(_url("private", token=token))

    fragments = _count(monkeypatch, pages, "player_fragment")
    privates = _count(monkeypatch, private_views, "render_private")
    standings_renders = _count(monkeypatch, pages, "render_standings")
    table = tables[2]  # a third table's result of round 2 comes in and counts at once
    low = imhotep_sheet((3, 2, 1), (1, 2, 3))  # below the others: few ranks move
    with django_capture_on_commit_callbacks(execute=True):
        result_submit(table_id=table.pk, actor=judge, kind="sheet", payload=low)

    served = {pk: client.get(path + "?partial=1").content.decode() for pk, path in players.items()}
    for path in players.values():
        client.get(path)
    for token in tokens.values():
        client.get(_url("private", token=token))
    client.get(standings)
    rendered = [args[1] for args in fragments]  # registration ids, before the check below

    # Nothing stale: every player page served is what a render from the database gives.
    data = sel.event_data(Event.objects.get(pk=event.pk))
    fresh = {pk: pages.player_fragment(data, pk, "ja") for pk in players}
    assert served == fresh
    changed = {pk for pk in players if fresh[pk] != before[pk]}
    at_table = set(table.seats.values_list("registration_id", flat=True))
    assert at_table <= changed  # their new result shows

    # Only those were rendered (each once, shared by the public and the private page).
    assert sorted(rendered) == sorted(changed), (len(rendered), len(players))
    assert len(changed) < len(players), changed  # the point: not every player's page
    assert sorted(args[0].pk for args in privates) == sorted(changed)
    # The event's own page is rendered again only for the one language and page read
    # (refresh batches render only what someone reads): once per announced change (the
    # result, then its snapshot), before anyone reads it again (issue 31; without a
    # broker each change's batch runs at once, with one they coalesce).
    assert [(args[1], args[3]) for args in standings_renders] == [("ja", standings)] * 2


def test_closing_a_round_still_makes_every_players_page_stale(
    client, running, django_capture_on_commit_callbacks
):
    """A change that may show on every player's page (a round closed) makes all of them
    stale: narrowing never leaves one behind."""
    event, tables, judge = running
    players = _player_pages(event)
    versions = {pk: client.get(path)["ETag"] for pk, path in players.items()}
    with django_capture_on_commit_callbacks(execute=True):
        close_round(event.rounds.get(number=2))
    assert all(client.get(path)["ETag"] != versions[pk] for pk, path in players.items())


def test_the_fast_path_keeps_serving_the_players_a_result_did_not_touch(
    client, running, django_capture_on_commit_callbacks
):
    """In front of Django (``public/wsgi.py``), a player's public and private pages are
    answered from the cache until *their* content changes, and only then reach Django."""
    from tests.tournaments.public.test_caching import _fast_path_over_a_recording_django
    from tests.tournaments.public.test_caching import _wsgi_get as get

    event, tables, judge = running
    app, calls = _fast_path_over_a_recording_django()
    players = _player_pages(event)
    tokens = dict(event.registrations.values_list("pk", "private_token"))
    before = {pk: client.get(path + "?partial=1").content.decode() for pk, path in players.items()}
    for pk, path in players.items():
        client.get(path)  # Django renders and stores them
        client.get(_url("private", token=tokens[pk]))
    low = imhotep_sheet((3, 2, 1), (1, 2, 3))
    with django_capture_on_commit_callbacks(execute=True):
        result_submit(table_id=tables[2].pk, actor=judge, kind="sheet", payload=low)

    data = sel.event_data(Event.objects.get(pk=event.pk))
    changed = {pk for pk in players if pages.player_fragment(data, pk, "ja") != before[pk]}
    reached = set()
    for pk, path in players.items():
        for page in (path, _url("private", token=tokens[pk])):
            if get(app, page)[2] == b"from django":
                reached.add(pk)
    assert reached == changed and len(changed) < len(players)
    assert len(calls) == 2 * len(changed)  # their public and private pages, nothing else
