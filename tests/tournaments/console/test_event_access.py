"""Per-event roles everywhere (issue 17): an organizer of event A cannot open or change
event B's console or tools pages; ``is_staff`` alone opens no event's pages (a judge once
made staff to log in could rewrite any event's edition data); a table judge cannot open
the console; the league ratings page and its "recompute" follow the events organized."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.factories import (
    EventFactory,
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TableFactory,
)
from tournaments.events.models import EventRole, League, Registration
from tournaments.ratings.models import PlayerRating, RatingRun

pytestmark = pytest.mark.django_db

CONSOLE_PAGES = [
    "",
    "edit/",
    "players/",
    "players/import/",
    "players/slips/",
    "check-in/",
    "rounds/1/",
    "rounds/1/board/",
    "rounds/1/board/live/",
    "rounds/1/print/",
    "rounds/1/tables/1/",
    "awards/",
    "export/standings.csv",
    "export/archive.json",
]
TOOLS_PAGES = [
    "",
    "ratings/",
    "awards/",
    "sheets/",
    "sheets/game/imhotep/",
    "sheets/round/1/",
    "editions/",
    "editions/imhotep/",
    "editions/imhotep/export.json",
]


def _user(name, **extra):
    return get_user_model().objects.create_user(username=name, password="pw", **extra)


@pytest.fixture
def two_events():
    league_a, league_b = League.objects.create(name="A"), League.objects.create(name="B")
    a = EventFactory(slug="event-a", league=league_a, status="running")
    b = EventFactory(slug="event-b", league=league_b, status="running")
    for event in (a, b):
        rnd = RoundFactory(event=event, published=True)
        table = TableFactory(round=rnd)
        RegistrationFactory(event=event, player=PlayerFactory())
        event.table = table
    org_a = _user("org-a")
    EventRole.objects.create(user=org_a, event=a, role="organizer")
    return a, b, org_a


def test_organizer_of_a_opens_a_but_not_b(client, two_events):
    a, b, org_a = two_events
    client.force_login(org_a)
    for page in CONSOLE_PAGES:
        assert client.get(f"/en/console/{a.slug}/{page}").status_code == 200, page
        assert client.get(f"/en/console/{b.slug}/{page}").status_code == 403, page
    for page in TOOLS_PAGES:
        assert client.get(f"/en/console/tools/{a.slug}/{page}").status_code == 200, page
        assert client.get(f"/en/console/tools/{b.slug}/{page}").status_code == 403, page


def test_organizer_of_a_cannot_change_b(client, two_events):
    a, b, org_a = two_events
    client.force_login(org_a)
    registration = b.registrations.get()
    status = registration.status
    base = f"/en/console/{b.slug}"
    posts = [
        (f"{base}/players/{registration.pk}/", {"action": "drop", "confirmed": "1"}),
        (f"{base}/status/", {"status": "finished"}),
        (f"{base}/edit/", {"name": "Taken over"}),
        (f"{base}/check-in/scan/", {"token": registration.private_token}),
        (f"{base}/rounds/new/", {}),
        (f"{base}/finals/", {"cut": "4"}),
        (f"{base}/calls/", {"report": "1", "action": "resolve"}),
        (f"/en/console/tools/{b.slug}/editions/imhotep/", {"source": "x"}),
        (f"/en/console/tools/{b.slug}/editions/imhotep/import/", {"text": "{}"}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 403, url
    registration.refresh_from_db()
    b.refresh_from_db()
    assert registration.status == status and b.name != "Taken over" and b.status == "running"
    assert b.edition is None and b.rounds.count() == 1


def test_staff_without_a_role_opens_no_events_pages(client, two_events):
    a, _, _ = two_events
    client.force_login(_user("judge-made-staff", is_staff=True))
    for page in ("", "editions/", "editions/imhotep/", "ratings/"):
        assert client.get(f"/en/console/tools/{a.slug}/{page}").status_code == 403, page
    response = client.post(f"/en/console/tools/{a.slug}/editions/imhotep/import/", {"text": "{}"})
    assert response.status_code == 403
    assert client.get(f"/en/console/{a.slug}/").status_code == 403
    assert client.get("/en/console/tools/ratings/").status_code == 403


def test_table_judge_cannot_open_the_console(client, two_events):
    a, _, _ = two_events
    judge = _user("table-judge")
    EventRole.objects.create(user=judge, event=a, role="table_judge", table=a.table)
    client.force_login(judge)
    assert client.get("/en/console/")["Location"] == "/en/judge/"
    for page in ("", "check-in/", "rounds/1/board/", "rounds/1/tables/1/"):
        assert client.get(f"/en/console/{a.slug}/{page}").status_code == 403, page
    assert client.get(f"/en/console/tools/{a.slug}/").status_code == 403
    assert client.get(f"/en/judge/tables/{a.table.pk}/").status_code == 200  # their table


def test_head_judge_opens_the_console_of_their_event_only(client, two_events):
    a, b, _ = two_events
    head = _user("head")
    EventRole.objects.create(user=head, event=a, role="head_judge")
    client.force_login(head)
    assert client.get(f"/en/console/{a.slug}/rounds/1/board/").status_code == 200
    assert client.get(f"/en/console/{b.slug}/rounds/1/board/").status_code == 403
    assert client.get(f"/en/console/tools/{a.slug}/editions/").status_code == 403  # organizer's


def test_league_ratings_show_and_recompute_only_the_organizers_leagues(client, two_events):
    a, b, org_a = two_events
    player_a, player_b = a.registrations.get().player, b.registrations.get().player
    PlayerRating.objects.create(player=player_a, league=a.league, mu=30, sigma=5, games=1)
    PlayerRating.objects.create(player=player_b, league=b.league, mu=31, sigma=5, games=1)
    client.force_login(org_a)
    page = client.get("/en/console/tools/ratings/").content.decode()
    assert player_a.display_name in page and player_b.display_name not in page
    assert f"?league={b.league_id}" not in page
    other = client.get(f"/en/console/tools/ratings/?league={b.league_id}").content.decode()
    assert player_b.display_name not in other
    refused = client.post(f"/en/console/tools/ratings/?league={b.league_id}")
    assert refused.status_code == 403 and not RatingRun.objects.exists()
    assert client.post(f"/en/console/tools/ratings/?league={a.league_id}").status_code == 302
    assert RatingRun.objects.count() == 1


def test_registration_of_b_cannot_be_reached_through_a(client, two_events):
    a, b, org_a = two_events
    client.force_login(org_a)
    registration = b.registrations.get()
    url = f"/en/console/{a.slug}/players/{registration.pk}/"
    assert client.post(url, {"action": "drop", "confirmed": "1"}).status_code == 404
    assert Registration.objects.get(pk=registration.pk).status == registration.status
