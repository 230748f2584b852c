"""Issue 26 hole 4: a league belongs to its organizer. Another organizer who types the
same league name (event form, archive import) gets a league of their own: they do not
join the first one, read its ratings, recompute it, nor count their results in it."""

from __future__ import annotations

import datetime as dt
import importlib
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction

from tests.tournaments.console.test_views import EVENT_FORM
from tests.tournaments.ratings.helpers import confirmed_table, event_with_players, players
from tournaments.console.services.archive import event_archive, event_archive_import
from tournaments.events.models import Event, EventRole, League
from tournaments.ratings.models import PlayerRating
from tournaments.ratings.services import ratings_recompute

pytestmark = pytest.mark.django_db


def _organizer(name: str):
    # is_staff lets a person create events; it makes no one an organizer of any event
    return get_user_model().objects.create_user(name, password="pw", is_staff=True)


def _new_event(client, user, slug: str, league: str) -> Event:
    client.force_login(user)
    response = client.post("/en/console/new/", {**EVENT_FORM, "slug": slug, "league_name": league})
    assert response.status_code == 302, response.content[:500]
    return Event.objects.get(slug=slug)


@pytest.fixture
def aya_league(client):
    """Aya's league "Cairo Café" with one played event (A beat B)."""
    aya = _organizer("aya")
    event = _new_event(client, aya, "aya-night", "Cairo Café")
    a, b = players(2)
    regs = [event.registrations.create(player=p, status="checked_in") for p in (a, b)]
    confirmed_table(event, regs, [1, 2])
    return aya, event, (a, b)


def test_another_organizers_same_name_makes_a_different_league(client, aya_league):
    aya, aya_event, (a, b) = aya_league
    ben = _organizer("ben")
    ben_event = _new_event(client, ben, "ben-night", "Cairo Café")
    assert ben_event.league_id != aya_event.league_id
    assert ben_event.league.name == "Cairo Café" and ben_event.league.owner == ben
    assert aya_event.league.owner == aya
    # Ben's results (B beats A twice) count in Ben's league only
    regs = [ben_event.registrations.create(player=p, status="checked_in") for p in (a, b)]
    confirmed_table(ben_event, regs, [2, 1])
    confirmed_table(ben_event, regs, [2, 1], round_number=2)
    ratings_recompute()
    in_aya = PlayerRating.objects.filter(league=aya_event.league)
    assert {r.games for r in in_aya} == {1}
    assert in_aya.get(player=a).mu > in_aya.get(player=b).mu
    assert PlayerRating.objects.get(league=ben_event.league, player=a).games == 2
    # Aya naming it again finds her own league
    assert _new_event(client, aya, "aya-night-2", "Cairo Café").league_id == aya_event.league_id


def test_another_organizer_cannot_read_or_recompute_the_league(client, aya_league):
    aya, aya_event, (a, _b) = aya_league
    ratings_recompute()
    ben = _organizer("ben")
    _new_event(client, ben, "ben-night", "Cairo Café")
    client.force_login(ben)
    league = aya_event.league_id
    page = client.get(f"/en/console/tools/ratings/?league={league}")
    assert page.status_code == 200
    assert a.display_name not in page.content.decode()
    assert f'href="?league={league}"' not in page.content.decode()
    refused = client.post(f"/en/console/tools/ratings/?league={league}", {"league": str(league)})
    assert refused.status_code == 403
    assert client.get(f"/en/console/tools/{aya_event.slug}/ratings/").status_code == 403
    client.force_login(aya)  # the owner still sees her table
    page = client.get(f"/en/console/tools/ratings/?league={league}")
    assert a.display_name in page.content.decode()


def test_an_imported_archive_names_the_importers_own_league(client, aya_league):
    _aya, aya_event, _players = aya_league
    ben = _organizer("ben")
    archive = event_archive(aya_event.pk)
    copy = event_archive_import(archive, slug="ben-copy", organizer=ben)
    assert copy.league.name == "Cairo Café"
    assert copy.league_id != aya_event.league_id and copy.league.owner == ben
    assert EventRole.objects.filter(user=ben, event=copy, role="organizer").exists()
    # through the console's import page as well
    client.force_login(ben)
    upload = SimpleUploadedFile("a.json", json.dumps(archive).encode(), "application/json")
    response = client.post("/en/console/import/", {"file": upload, "slug": "ben-copy-2"})
    assert response.status_code == 302
    assert Event.objects.get(slug="ben-copy-2").league_id == copy.league_id


def test_an_imported_archive_through_the_api_names_the_importers_own_league(aya_league):
    from rest_framework.test import APIClient

    from tournaments.integrations.services import token_create

    _aya, aya_event, _players = aya_league
    ben = _organizer("ben")
    _t, key = token_create(user=ben, name="mover", event=None, can_write=True)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    response = api.post("/api/archives/?slug=ben-api", event_archive(aya_event.pk), format="json")
    assert response.status_code == 201, response.content
    imported = Event.objects.get(slug="ben-api")
    assert imported.league.owner == ben and imported.league_id != aya_event.league_id


def test_a_co_organizer_keeps_the_events_league_and_a_head_judge_cannot_change_it(
    client, aya_league
):
    _aya, aya_event, _players = aya_league
    league = aya_event.league_id
    form = {**EVENT_FORM, "slug": aya_event.slug, "league_name": "Cairo Café"}
    co = _organizer("chie")
    EventRole.objects.create(user=co, event=aya_event, role="organizer")
    client.force_login(co)
    assert client.post(f"/en/console/{aya_event.slug}/edit/", form).status_code == 302
    assert Event.objects.get(pk=aya_event.pk).league_id == league

    judge = get_user_model().objects.create_user("karim", password="pw")
    EventRole.objects.create(user=judge, event=aya_event, role="head_judge")
    client.force_login(judge)
    assert client.post(f"/en/console/{aya_event.slug}/edit/", form).status_code == 302
    response = client.post(
        f"/ja/console/{aya_event.slug}/edit/", {**form, "league_name": "Karim's"}
    )
    assert response.status_code == 400
    assert "リーグを選べるのは大会の主催者だけです" in response.content.decode()
    assert Event.objects.get(pk=aya_event.pk).league_id == league
    assert not League.objects.filter(owner=judge).exists()
    # an event without a league stays without one when a head judge edits it
    Event.objects.filter(pk=aya_event.pk).update(league=None)
    saved = client.post(f"/en/console/{aya_event.slug}/edit/", {**form, "league_name": ""})
    assert saved.status_code == 302
    assert Event.objects.get(pk=aya_event.pk).league_id is None


def test_league_names_are_unique_per_owner_in_the_database():
    aya, ben = _organizer("aya"), _organizer("ben")
    League.objects.create(name="Nile Club", owner=aya)
    League.objects.create(name="Nile Club", owner=ben)
    League.objects.create(name="Nile Club", owner=None)
    for owner in (aya, None):
        with pytest.raises(IntegrityError), transaction.atomic():
            League.objects.create(name="Nile Club", owner=owner)


def _migration():
    return importlib.import_module("tournaments.events.migrations.0004_league_owner")


def _event_of(league, organizers, day):
    event, _regs = event_with_players([], day=day, league=league)
    for user in organizers:
        EventRole.objects.create(user=user, event=event, role="organizer")
    return event


def test_the_migration_gives_a_shared_league_to_its_common_organizer():
    aya, ben = _organizer("aya"), _organizer("ben")
    league = League.objects.create(name="Cairo Café")
    first = _event_of(league, [aya, ben], dt.date(2026, 10, 1))
    second = _event_of(league, [ben, aya], dt.date(2026, 10, 8))
    _migration().give_leagues_owners(apps, None)
    league.refresh_from_db()
    assert league.owner == aya
    assert set(Event.objects.filter(league=league)) == {first, second}


def test_the_migration_splits_a_league_joined_by_another_organizer():
    aya, ben = _organizer("aya"), _organizer("ben")
    league = League.objects.create(name="Cairo Café")
    aya_event = _event_of(league, [aya], dt.date(2026, 10, 1))
    ben_event = _event_of(league, [ben], dt.date(2026, 10, 8))
    orphan = _event_of(league, [], dt.date(2026, 10, 15))
    lonely = League.objects.create(name="Nobody's")
    _event_of(lonely, [], dt.date(2026, 10, 1))
    player = players(1)[0]
    PlayerRating.objects.create(league=league, player=player, mu=25, sigma=8, games=2)
    _migration().give_leagues_owners(apps, None)
    league.refresh_from_db()
    ben_event.refresh_from_db()
    assert league.owner == aya
    assert set(Event.objects.filter(league=league)) == {aya_event, orphan}
    assert ben_event.league.name == "Cairo Café" and ben_event.league.owner == ben
    assert not PlayerRating.objects.filter(league=league).exists()  # mixed: re-rated
    lonely.refresh_from_db()
    assert lonely.owner is None


def test_two_leagues_of_one_name_are_told_apart_by_their_owner(client, aya_league):
    _aya, aya_event, _players = aya_league
    ben = _organizer("ben")
    ben_event = _new_event(client, ben, "ben-night", "Cairo Café")
    EventRole.objects.create(user=ben, event=aya_event, role="organizer")  # a co-organizer
    client.force_login(ben)
    page = client.get(f"/ja/console/tools/ratings/?league={ben_event.league_id}")
    links = page.content.decode()
    links = links[links.index('id="leagues"') :]
    assert "Cairo Café（ben）" in links and "Cairo Café（aya）" in links
