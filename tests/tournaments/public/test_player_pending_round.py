"""A player whose table's result is not yet confirmed (issue 17 walk-through): the page
read "18人中18位、0点 第2回戦後", as if they had scored nothing in round 2. It now shows
the standing after the last round that counts for them and says round 2 is pending."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.console.helpers import confirm_all
from tests.tournaments.console.test_archive import played_event
from tournaments.events.models import Round
from tournaments.results.models import ResultSubmission
from tournaments.seating.services import round_publish, round_seat
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def _standing(client, event, registration_id, language="ja") -> str:
    html = client.get(f"/{language}/events/{event.slug}/players/{registration_id}/").content
    return re.search(r'<p class="standing"[^>]*>(.*?)</p>', html.decode(), re.S).group(1)


@pytest.fixture
def round_two_half_confirmed(django_capture_on_commit_callbacks):
    event, user = played_event(rounds=1, players=8)
    rnd = Round.objects.create(event=event, number=2)
    with django_capture_on_commit_callbacks(execute=True):
        standings_recompute(event_id=event.pk)  # the standings after round 1
        round_seat(round_id=rnd.pk)
        round_publish(round_id=rnd.pk)
    confirm_all(rnd, user)
    waiting = rnd.tables.order_by("number").last()
    # Table 2's result is entered but not yet confirmed by everyone.
    ResultSubmission.objects.filter(table=waiting).update(status="submitted")
    with django_capture_on_commit_callbacks(execute=True):
        standings_recompute(event_id=event.pk)
    counted = rnd.tables.order_by("number").first()
    return event, counted, waiting


def _player(table) -> int:
    return table.seats.order_by("position").first().registration_id


def test_a_player_whose_round_is_pending_sees_the_round_before(client, round_two_half_confirmed):
    event, _, waiting = round_two_half_confirmed
    line = _standing(client, event, _player(waiting))
    assert "第2回戦後" not in line  # no rank that counts round 2 without them
    assert "第1回戦後" in line and re.search(r"8人中\d位", line)
    assert "第2回戦の結果は確定待ちです" in line
    page = client.get(f"/ja/events/{event.slug}/players/{_player(waiting)}/").content.decode()
    assert "2→" not in page  # nor a point for round 2 on the rank chart
    english = _standing(client, event, _player(waiting), "en")
    assert "after round 1" in english and "round 2 is pending" in english


def test_a_player_whose_round_counts_sees_it(client, round_two_half_confirmed):
    event, counted, _ = round_two_half_confirmed
    line = _standing(client, event, _player(counted))
    assert "第2回戦後" in line and "確定待ち" not in line


def test_the_private_page_says_the_same(client, round_two_half_confirmed):
    event, _, waiting = round_two_half_confirmed
    registration = waiting.seats.order_by("position").first().registration
    html = client.get(f"/ja/p/{registration.private_token}/").content.decode()
    line = re.search(r'<p class="standing"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert "第1回戦後" in line and "第2回戦の結果は確定待ちです" in line


def test_before_any_result_a_player_is_given_no_rank(client, django_capture_on_commit_callbacks):
    """Issue 29's first evening: a player's page said "1st of 11, 0 points" while no
    table had a result yet; standings that count nothing rank no one."""
    from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
    from tournaments.events.models import Event
    from tournaments.standings.models import StandingsSnapshot

    event = EventFactory(status=Event.Status.RUNNING, game_key="imhotep", table_sizes=[4])
    regs = [RegistrationFactory(event=event, player=PlayerFactory(), status="checked_in")
            for _ in range(8)]  # fmt: skip
    rnd = Round.objects.create(event=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_seat(round_id=rnd.pk)
        round_publish(round_id=rnd.pk)
        standings_recompute(event_id=event.pk)
    assert StandingsSnapshot.objects.filter(event=event).exists()  # standings of nothing
    html = client.get(f"/ja/events/{event.slug}/players/{regs[0].pk}/").content.decode()
    assert 'class="standing"' not in html and "0点" not in html
