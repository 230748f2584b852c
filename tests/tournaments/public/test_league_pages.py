"""A league's public pages (issue 29): the season page lists the league's public events
and the leaderboard under the owner's rule over them, a player's history across events;
404 for a private league and for one that does not exist; the page is cached under its
canonical key and made stale when a result of one of its events is confirmed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import translation

from tests.japanese_pages import english_in, page_texts
from tests.tournaments.ratings.helpers import confirmed_table, event_with_players, user
from tournaments.events.models import Event, League
from tournaments.ratings.models import LeagueSeason
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def league_url(season, language="en", player=None) -> str:
    with translation.override(language):
        if player is None:
            return reverse("tournaments:league", kwargs={"public_id": season.public_id})
        return reverse(
            "tournaments:league-player",
            kwargs={"public_id": season.public_id, "player_id": player},
        )


@pytest.fixture
def season_world(django_capture_on_commit_callbacks):
    """A league with two running events of the same four players (Player rows shared),
    one confirmed table each: event 1 placements A1 B2 C3 D4, event 2 B1 A2 D3 C4."""
    from tests.tournaments.factories import PlayerFactory

    owner = user("owner", staff=False)
    league = League.objects.create(name="Cairo Café League", owner=owner)
    people = [
        PlayerFactory(display_name=n, reading=r)
        for n, r in (("Aya", "あや"), ("Ben", "べん"), ("Chie", "ちえ"), ("Dai", "だい"))
    ]
    with django_capture_on_commit_callbacks(execute=True):
        first, regs1 = event_with_players(
            people, day=dt.date(2026, 11, 1), league=league, status=Event.Status.RUNNING
        )
        second, regs2 = event_with_players(
            people, day=dt.date(2026, 11, 8), league=league, status=Event.Status.RUNNING
        )
        confirmed_table(first, regs1, [1, 2, 3, 4])
        confirmed_table(second, [regs2[1], regs2[0], regs2[3], regs2[2]], [1, 2, 3, 4])
        standings_recompute(event_id=first.pk)
        standings_recompute(event_id=second.pk)
        season = LeagueSeason.objects.create(
            league=league, public=True, rule="placement_points", placement_points=[10, 7, 5, 3]
        )
    return league, season, (first, second), people, (regs1, regs2)


def rows_of(html: str) -> list[tuple[str, str, str]]:
    """(rank, name, value) of each leaderboard row."""
    import re

    body = html.split('table class="data season"')[1].split("</table>")[0]
    out = []
    for row in re.findall(r"<tr data-player=.*?</tr>", body, re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        text = [re.sub(r"<[^>]+>", "", c).strip() for c in cells]
        out.append((text[0], text[1], text[2]))
    return out


def test_league_page_shows_events_and_points_per_placement_over_both(client, season_world):
    _league, season, (first, second), _people, _regs = season_world
    response = client.get(league_url(season))
    assert response.status_code == 200
    html = response.content.decode()
    for event in (first, second):
        assert f'href="/en/events/{event.slug}/"' in html
    # A 10+7, B 7+10 (tied), C 5+3, D 3+5 (tied; だい before ちえ in kana order)
    assert rows_of(html) == [("=1", "Aya", "17"), ("=1", "Ben", "17"),
                             ("=3", "Dai", "8"), ("=3", "Chie", "8")]  # fmt: skip
    assert response["Cache-Control"].startswith("public")


def test_best_n_and_rating_rules(client, season_world, django_capture_on_commit_callbacks):
    _league, season, _events, _people, _regs = season_world
    with django_capture_on_commit_callbacks(execute=True):
        season.rule, season.best_n = "best_n", 1
        season.save()
    rows = rows_of(client.get(league_url(season)).content.decode())
    # Tournament points of the default standings: the best single event of each player.
    assert [name for _rank, name, _value in rows][:2] in (["Aya", "Ben"], ["Ben", "Aya"])
    assert rows[0][0] == "=1" and rows[0][2] == rows[1][2]
    with django_capture_on_commit_callbacks(execute=True):
        season.rule = "rating"
        season.save()
    rows = rows_of(client.get(league_url(season)).content.decode())
    assert all(rank == "–" for rank, _n, _v in rows)  # no ratings run yet: nobody ranked


def test_player_history_lists_each_event_with_placement_points_and_rating_change(
    client, season_world
):
    _league, season, (first, second), people, _regs = season_world
    response = client.get(league_url(season, player=people[0].pk))
    assert response.status_code == 200
    html = response.content.decode()
    import re

    lines = re.findall(r'<tr data-event="([^"]+)">(.*?)</tr>', html, re.S)
    assert [slug for slug, _ in lines] == [first.slug, second.slug]
    cells = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
             for _slug, row in lines]  # fmt: skip
    assert cells[0][:2] == ["1", "10"] and cells[1][:2] == ["2", "7"]
    assert cells[0][2].startswith("+")  # a win moves the rating up
    assert client.get(league_url(season, player=999_999)).status_code == 404


def test_private_league_and_unknown_league_are_404(client, season_world):
    _league, season, _events, _people, _regs = season_world
    season.public = False
    season.save()
    assert client.get(league_url(season)).status_code == 404
    assert client.get(league_url(season, "ja", player=_people[0].pk)).status_code == 404
    assert client.get("/en/leagues/no-such-league/").status_code == 404
    guessed = LeagueSeason(public_id=str(season.league_id))
    assert client.get(league_url(guessed)).status_code == 404


def test_private_league_is_404_even_through_the_cache(
    client, season_world, django_capture_on_commit_callbacks
):
    _league, season, _events, _people, _regs = season_world
    assert client.get(league_url(season)).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        season.public = False
        season.save()
    assert client.get(league_url(season)).status_code == 404


def test_confirmation_in_a_league_event_refreshes_the_cached_league_page(
    client, season_world, django_capture_on_commit_callbacks
):
    from tournaments.events.models import EventRole, Registration

    _league, season, (first, _second), people, (regs1, _regs2) = season_world
    before = client.get(league_url(season))
    assert rows_of(before.content.decode())[0] == ("=1", "Aya", "17")
    organizer = user("org1", staff=False)
    EventRole.objects.create(user=organizer, event=first, role="organizer")
    Registration.objects.filter(pk__in=[r.pk for r in regs1]).update(status="checked_in")
    with django_capture_on_commit_callbacks(execute=True):
        # Round 2 of the first event: Dai wins, Aya last (confirmed by the organizer).
        confirmed_table(
            first, [regs1[3], regs1[2], regs1[1], regs1[0]], [1, 2, 3, 4],
            round_number=2, confirmed_by=organizer,
        )  # fmt: skip
    after = client.get(league_url(season), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert rows_of(after.content.decode()) != rows_of(before.content.decode())


@pytest.mark.parametrize("rule", ["placement_points", "best_n", "rating"])
def test_japanese_league_pages(client, season_world, rule):
    league, season, events, people, _regs = season_world
    LeagueSeason.objects.filter(pk=season.pk).update(rule=rule, best_n=2)
    names = (league.name, *(e.name for e in events), *(p.display_name for p in people))
    for url in (league_url(season, "ja"), league_url(season, "ja", people[1].pk)):
        response = client.get(url)
        assert response.status_code == 200
        assert english_in(page_texts(response.content.decode()), names) == []


def test_wsgi_fast_path_serves_a_current_league_page_and_never_an_older_one(
    client, season_world, django_capture_on_commit_callbacks, monkeypatch
):
    """A league's page is in no event's refresh batch: once its league changes, the fast
    path hands the request to Django (which answers 404 for a league made private)
    instead of serving the older render while a batch that never comes renders it."""
    from tests.tournaments.public.test_caching import _fast_path_over_a_recording_django, _wsgi_get
    from tournaments.public import refresh

    _league, season, _events, _people, _regs = season_world
    app, calls = _fast_path_over_a_recording_django()
    path = league_url(season, "ja")
    rendered = client.get(path)  # Django renders and stores it
    status, headers, body = _wsgi_get(app, path, "utm=1")
    assert status == "200 OK" and body == rendered.content and calls == []
    assert headers["ETag"] == rendered["ETag"] and headers["X-Cache"] == "hit"
    monkeypatch.setattr(refresh, "eager", lambda: False)  # as in production: batches exist
    with django_capture_on_commit_callbacks(execute=True):
        season.public = False
        season.save()
    status, _headers, body = _wsgi_get(app, path)
    assert body == b"from django" and calls == [path]


def test_a_frozen_event_shows_its_public_standings_and_no_rating_change(
    client, season_world, django_capture_on_commit_callbacks
):
    """An event whose standings are frozen after round 1 (a "silent" final) counts its
    placements after round 1 only, and its rating change (which would tell the hidden
    round's results) is not shown."""
    import re

    from tournaments.events.models import EventRole
    from tournaments.public.models import PublicSettings

    _league, season, (first, _second), people, (regs1, _regs2) = season_world
    organizer = user("org2", staff=False)
    EventRole.objects.create(user=organizer, event=first, role="organizer")
    with django_capture_on_commit_callbacks(execute=True):
        PublicSettings.objects.create(event=first, standings_frozen_after_round=1)
        confirmed_table(
            first, [regs1[3], regs1[2], regs1[1], regs1[0]], [1, 2, 3, 4],
            round_number=2, confirmed_by=organizer,
        )  # fmt: skip
    rows = rows_of(client.get(league_url(season)).content.decode())
    assert rows[:2] == [("=1", "Aya", "17"), ("=1", "Ben", "17")]  # round 2 is not told
    html = client.get(league_url(season, player=people[0].pk)).content.decode()
    lines = dict(re.findall(r'<tr data-event="([^"]+)">(.*?)</tr>', html, re.S))
    changes = [
        re.sub(r"<[^>]+>", "", c).strip()
        for c in re.findall(r"<td[^>]*>(.*?)</td>", lines[first.slug])
    ]
    assert changes[:2] == ["1", "10"] and changes[2] == "–"


def test_an_events_page_links_to_its_leagues_season_while_the_league_is_public(
    client, season_world, django_capture_on_commit_callbacks
):
    _league, season, (first, _second), _people, _regs = season_world
    with translation.override("ja"):
        home = reverse("tournaments:event-detail", kwargs={"slug": first.slug})
    html = client.get(home).content.decode()
    assert 'id="league-link"' in html and league_url(season, "ja") in html
    assert not english_in(page_texts(html), names=(first.name, first.venue))
    # Made private: the event page (cached above) drops the link at once.
    with django_capture_on_commit_callbacks(execute=True):
        season.public = False
        season.save()
    assert 'id="league-link"' not in client.get(home).content.decode()
