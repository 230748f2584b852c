"""Per-venue leagues (issue 11): OpenSkill ratings are computed per league (the events at
one café) from that league's released tables only, shown per league on the public player
page, and used per league for round-1 seeding by rating."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.ratings.helpers import (
    confirmed_table,
    event_with_players,
    players,
    user,
)
from tournaments.events.models import EventConfig, League, Round
from tournaments.ratings.models import PlayerRating
from tournaments.ratings.services import (
    RatedTable,
    compute_ratings,
    rated_tables,
    ratings_recompute,
    registrations_by_rating,
)

pytestmark = pytest.mark.django_db


def _two_cafes():
    """The same two players at two cafés: A wins at the Cairo Café, B wins twice at the
    Nile Club."""
    a, b = players(2)
    cairo, nile = League.objects.create(name="Cairo Café"), League.objects.create(name="Nile Club")
    ev1, regs1 = event_with_players([a, b], day=dt.date(2026, 10, 1), league=cairo)
    ev2, regs2 = event_with_players([a, b], day=dt.date(2026, 10, 8), league=nile)
    confirmed_table(ev1, regs1, [1, 2])
    confirmed_table(ev2, regs2, [2, 1])
    confirmed_table(ev2, regs2, [2, 1], round_number=2)
    return a, b, cairo, nile, (ev1, regs1), (ev2, regs2)


def test_each_league_is_rated_from_its_own_events_only():
    a, b, cairo, nile, _, _ = _two_cafes()
    ratings_recompute()
    rows = {(r.league_id, r.player_id): r for r in PlayerRating.objects.all()}
    assert set(rows) == {(cairo.pk, a.pk), (cairo.pk, b.pk), (nile.pk, a.pk), (nile.pk, b.pk)}
    assert rows[(cairo.pk, a.pk)].mu > rows[(cairo.pk, b.pk)].mu  # A won at the Cairo Café
    assert rows[(nile.pk, b.pk)].mu > rows[(nile.pk, a.pk)].mu  # B won at the Nile Club
    assert (rows[(cairo.pk, a.pk)].games, rows[(nile.pk, a.pk)].games) == (1, 2)
    # Each league's values are exactly those of rating its tables alone.
    cairo_only = compute_ratings([RatedTable(0, 0, (a.pk, b.pk), (1, 2))])
    assert rows[(cairo.pk, a.pk)].mu == pytest.approx(cairo_only[a.pk].mu)
    assert rows[(cairo.pk, a.pk)].sigma == pytest.approx(cairo_only[a.pk].sigma)


def test_moving_an_event_to_another_league_moves_its_ratings():
    a, b, cairo, nile, (ev1, _), _ = _two_cafes()
    ratings_recompute()
    ev1.league = nile
    ev1.save()
    ratings_recompute()
    assert not PlayerRating.objects.filter(league=cairo).exists()
    assert PlayerRating.objects.get(league=nile, player=a).games == 3


def test_player_page_shows_the_rating_of_the_events_league(
    client, django_capture_on_commit_callbacks
):
    a, b, cairo, nile, (ev1, regs1), (ev2, regs2) = _two_cafes()
    with django_capture_on_commit_callbacks(execute=True):
        ratings_recompute()

    def page(event, registration) -> str:
        with translation.override("en"):
            url = reverse(
                "tournaments:player",
                kwargs={"slug": event.slug, "registration_id": registration.pk},
            )
        return client.get(url).content.decode()

    at_cairo, at_nile = page(ev1, regs1[0]), page(ev2, regs2[0])
    assert "Cairo Café" in at_cairo and "1 games" in at_cairo
    assert "Nile Club" in at_nile and "2 games" in at_nile
    cairo_a = PlayerRating.objects.get(league=cairo, player=a)
    assert f"League rating {cairo_a.ordinal:.1f}" in at_cairo


def test_round_one_seeding_by_rating_uses_the_events_league():
    from tournaments.seating.selectors import seating_players

    a, b, cairo, nile, _, _ = _two_cafes()
    ratings_recompute()
    for league, best in ((cairo, a), (nile, b)):
        event, regs = event_with_players([a, b], day=dt.date(2026, 11, 1), league=league)
        assert [r.player_id for r in registrations_by_rating(event.pk)] == [
            best.pk,
            (b if best == a else a).pk,
        ]
        rnd = Round.objects.create(event=event, number=1)
        ranks = {p.id: p.rank for p in seating_players(rnd, seeding="rating")}
        best_reg = next(r for r in regs if r.player_id == best.pk)
        assert ranks[best_reg.pk] == 1


def test_an_on_close_events_open_round_is_not_rated_until_it_closes(
    django_capture_on_commit_callbacks,
):
    a, b = players(2)
    event, regs = event_with_players([a, b])
    EventConfig.objects.create(event=event, data={"release_policy": "on_close"})
    table = confirmed_table(event, regs, [1, 2])  # round 1 is published, not closed
    assert [t.table_id for t in rated_tables()] == []
    ratings_recompute()
    assert not PlayerRating.objects.exists()  # nothing public hints at the open round
    from tournaments.seating.services import round_close

    with django_capture_on_commit_callbacks(execute=True):  # closing re-rates (signal)
        round_close(round_id=table.round_id)
    assert [t.table_id for t in rated_tables()] == [table.pk]
    assert PlayerRating.objects.get(player=a).mu > PlayerRating.objects.get(player=b).mu


def test_console_event_form_names_the_league_and_the_archive_keeps_it(client):
    from tests.tournaments.console.test_views import EVENT_FORM
    from tournaments.console.services.archive import event_archive, event_archive_import
    from tournaments.events.models import Event

    organizer = user()
    client.force_login(organizer)
    response = client.post("/en/console/new/", {**EVENT_FORM, "league_name": " Cairo Café "})
    assert response.status_code == 302
    event = Event.objects.get(slug="console-cup")
    assert event.league.name == "Cairo Café"
    form = client.get(f"/en/console/{event.slug}/edit/").content.decode()
    assert 'value="Cairo Café"' in form
    # a second event of the same organizer naming the same league joins it
    client.post("/en/console/new/", {**EVENT_FORM, "slug": "cup-2", "league_name": "Cairo Café"})
    assert Event.objects.get(slug="cup-2").league_id == event.league_id
    assert League.objects.count() == 1

    archive = event_archive(event.pk)
    assert archive["league"] == "Cairo Café"
    copy = event_archive_import(archive, slug="console-cup-copy", organizer=organizer)
    assert copy.league_id == event.league_id


def test_league_ratings_page_shows_one_league_at_a_time(client):
    a, b, cairo, nile, _, _ = _two_cafes()
    ratings_recompute()
    client.force_login(user())
    first = client.get("/en/console/tools/ratings/").content.decode()
    assert "Cairo Café" in first and f'href="?league={nile.pk}"' in first
    page = client.get(f"/en/console/tools/ratings/?league={nile.pk}").content.decode()
    table = page[page.index('id="ratings"') :]
    cell_a, cell_b = f"<td>{a.display_name}</td>", f"<td>{b.display_name}</td>"
    assert table.index(cell_b) < table.index(cell_a)  # B leads at the Nile Club
    page = client.get(f"/en/console/tools/ratings/?league={cairo.pk}").content.decode()
    table = page[page.index('id="ratings"') :]
    assert table.index(cell_a) < table.index(cell_b)
