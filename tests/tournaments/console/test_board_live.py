"""The live round progress board (issue 11): the page polls ``board/live/``, a fragment
with an ETag that answers 304 while nothing on the board changed and the new fragment once
a table moves; only the event's console staff may read it; without JavaScript the page
still reloads itself and offers a reload link."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.console.helpers import organizer
from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.console.demo.results import demo_sheet
from tournaments.events.access import Actor
from tournaments.events.models import EventRole, Round, Table
from tournaments.results.services.results import result_confirm, result_submit
from tournaments.seating.services import round_publish, round_seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(django_capture_on_commit_callbacks):
    """An organizer and a published round 1 of 8 checked-in players at two tables."""
    user = organizer("boss", staff=False)
    event = EventFactory(slug="board-cup", game_key="imhotep", table_sizes=[4])
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    for i in range(8):
        RegistrationFactory(
            event=event, player=PlayerFactory(display_name=f"P{i}"), status="checked_in"
        )
    rnd = Round.objects.create(event=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_seat(round_id=rnd.pk)
        round_publish(round_id=rnd.pk)
    return user, event, rnd


def _live(event) -> str:
    return f"/en/console/{event.slug}/rounds/1/board/live/"


def test_live_board_is_for_the_events_console_staff_only(client, seated):
    _, event, _ = seated
    assert client.get(_live(event)).status_code == 302  # to the login page
    User = get_user_model()
    client.force_login(User.objects.create_user("player", password="pw"))
    assert client.get(_live(event)).status_code == 403
    other = organizer("elsewhere", staff=False)
    EventRole.objects.create(user=other, event=EventFactory(), role=EventRole.Kind.ORGANIZER)
    client.force_login(other)
    assert client.get(_live(event)).status_code == 403
    assert client.post(_live(event)).status_code in (403, 405)


def test_live_board_answers_304_until_a_table_changes(client, seated):
    user, event, rnd = seated
    client.force_login(user)
    first = client.get(_live(event))
    assert first.status_code == 200
    assert first["X-Board-Fragment"] == "1" and "private" in first["Cache-Control"]
    body = first.content.decode()
    assert "<html" not in body  # a fragment, not a page
    assert "not started: 2" in body and "confirmed: 0" in body
    etag = first["ETag"]

    again = client.get(_live(event), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag

    # one table is submitted and confirmed through the result services
    table = Table.objects.filter(round=rnd).order_by("number").first()
    actor = Actor(user=user)
    sub = result_submit(
        table_id=table.pk, actor=actor, kind="sheet", payload=demo_sheet(1, 4)
    ).submission
    assert sub.status == "submitted", sub.violations
    submitted = client.get(_live(event), HTTP_IF_NONE_MATCH=etag)
    assert submitted.status_code == 200 and submitted["ETag"] != etag
    assert "submitted: 1" in submitted.content.decode()
    result_confirm(submission_id=sub.pk, actor=actor)
    confirmed = client.get(_live(event), HTTP_IF_NONE_MATCH=submitted["ETag"])
    assert confirmed.status_code == 200
    assert "confirmed: 1" in confirmed.content.decode()


def test_board_page_polls_and_still_works_without_javascript(client, seated):
    user, event, _ = seated
    client.force_login(user)
    page = client.get(f"/en/console/{event.slug}/rounds/1/board/").content.decode()
    assert f'data-url="{_live(event)}"' in page
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in page
    assert 'id="board-reload"' in page and 'id="board-counts"' in page
    stopped = client.get(f"/en/console/{event.slug}/rounds/1/board/?refresh=0").content.decode()
    assert "data-url=" not in stopped and "http-equiv" not in stopped
    assert 'id="board-counts"' in stopped
