"""The console's release policy on the public side (issue 11).

``on_close``: a confirmed result of a round that is still open reaches no public page
(table page, player pages, standings page) and not the public standings API; once the
round is closed it does, and the pages already cached before the close are not served
stale. ``immediate`` (the default) shows the same confirmed result at once, so the check
for its absence is a real one.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.public.conftest import add_result
from tests.tournaments.public.test_leaks import _api_paths, _crawl

pytestmark = pytest.mark.django_db


def _set_policy(event, policy: str) -> None:
    from tournaments.events.models import EventConfig

    EventConfig.objects.update_or_create(event=event, defaults={"data": {"release_policy": policy}})


def _table_path(world, number: int, table: int) -> str:
    with translation.override("en"):
        return reverse(
            "tournaments:table-result",
            kwargs={"slug": world.event.slug, "number": number, "table": table},
        )


def _player_path(world, registration_id: int) -> str:
    with translation.override("en"):
        return reverse(
            "tournaments:player",
            kwargs={"slug": world.event.slug, "registration_id": registration_id},
        )


def _row(html: str, table_path: str) -> str:
    """The player page's row of the round whose table links to ``table_path``."""
    (row,) = [r for r in html.split("<tr>") if f'href="{table_path}"' in r]
    return row.split("</tr>")[0]


def _confirm_round2_table2(world, capture):
    """Confirm table 2 of the published (open) round 2, then recompute the standings with
    the real service, as a confirmation does."""
    from tournaments.standings.services import standings_recompute

    table = world.round2.tables.get(number=2)
    with capture(execute=True):
        submission = add_result(table, "confirmed", "sheet", announce=True)
    with capture(execute=True):
        standings_recompute(event_id=world.event.pk)
    return submission


def _public_pages(client, world) -> dict[str, str]:
    starts = []
    for language in ("ja", "en"):
        with translation.override(language):
            starts.append(reverse("tournaments:event-list"))
    pages = _crawl(client, starts)
    pages.update({p: client.get(p).content.decode(errors="replace") for p in _api_paths(world)})
    return pages


def _standings_api(client, world) -> dict:
    return client.get(reverse("api:standings", kwargs={"slug": world.event.slug})).json()


def test_on_close_hides_an_open_rounds_confirmed_result_everywhere_until_close(
    client, world, django_capture_on_commit_callbacks
):
    from tournaments.seating.services import round_close
    from tournaments.standings.models import StandingsSnapshot

    with django_capture_on_commit_callbacks(execute=True):
        _set_policy(world.event, "on_close")
    confirmed = _confirm_round2_table2(world, django_capture_on_commit_callbacks)
    seats = list(confirmed.table.seats.order_by("position"))
    lines = confirmed.outcome["players"]

    pages = _public_pages(client, world)
    assert len(pages) > 40, sorted(pages)
    with translation.override("en"):
        home = pages[reverse("tournaments:event-detail", kwargs={"slug": world.event.slug})]
    assert "table results confirmed" not in home  # not even how many are confirmed
    assert "results not yet released" in home
    table_page = pages[_table_path(world, 2, 2)]
    assert 'class="data result"' not in table_page
    assert "not released yet" in table_page
    for seat, line in zip(seats, lines, strict=True):
        row = _row(pages[_player_path(world, seat.registration_id)], _table_path(world, 2, 2))
        assert str(line["total"]) not in row
        assert "not yet released" in row
    # The stored standings do not count it, and nothing public shows standings past round 1.
    latest = StandingsSnapshot.objects.filter(event=world.event).order_by("-version").first()
    assert confirmed.pk not in latest.result_ids
    assert _standings_api(client, world)["after_round"] == 1
    for path, body in pages.items():
        assert "after round 2" not in body and "第2ラウンド後" not in body, path

    # Close round 2 (its other table confirmed first) through the console's service.
    with django_capture_on_commit_callbacks(execute=True):
        world.submitted.status = "confirmed"
        world.submitted.save(update_fields=["status"])
        world.submitted.table.status = "confirmed"
        world.submitted.table.save(update_fields=["status"])
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round_id=world.round2.pk)

    table_page = client.get(_table_path(world, 2, 2)).content.decode()
    assert 'class="data result"' in table_page
    for seat, line in zip(seats, lines, strict=True):
        html = client.get(_player_path(world, seat.registration_id)).content.decode()
        assert f'<td class="num">{line["total"]}</td>' in _row(html, _table_path(world, 2, 2))
    body = _standings_api(client, world)
    assert body["after_round"] == 2
    latest = StandingsSnapshot.objects.filter(event=world.event).order_by("-version").first()
    assert confirmed.pk in latest.result_ids


def test_immediate_shows_the_same_confirmed_result_at_once(
    client, world, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        _set_policy(world.event, "immediate")
    confirmed = _confirm_round2_table2(world, django_capture_on_commit_callbacks)

    table_page = client.get(_table_path(world, 2, 2)).content.decode()
    assert 'class="data result"' in table_page
    seat = confirmed.table.seats.order_by("position").first()
    html = client.get(_player_path(world, seat.registration_id)).content.decode()
    total = confirmed.outcome["players"][0]["total"]
    assert f'<td class="num">{total}</td>' in _row(html, _table_path(world, 2, 2))
    assert _standings_api(client, world)["after_round"] == 2


def test_on_close_hides_a_snapshot_written_before_the_policy_switch(
    client, world, django_capture_on_commit_callbacks
):
    """A snapshot counting the open round 2 (written under ``immediate``) is not shown
    once the organizer switches to ``on_close``, even before any recompute."""
    _confirm_round2_table2(world, django_capture_on_commit_callbacks)
    assert _standings_api(client, world)["after_round"] == 2
    with django_capture_on_commit_callbacks(execute=True):
        _set_policy(world.event, "on_close")
        world.event.save()  # the console's event save bumps the public version
    assert _standings_api(client, world)["after_round"] == 1
