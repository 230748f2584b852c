"""Re-seating a draft round costs a bounded number of queries whatever the number of
players (issue 27 item 2): the old seating goes in queryset deletes, the new in bulk
creates, no model signal follows a seat, and the one announcement (``RoundSeated``)
touches no public page of a draft round."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.factories import EventFactory, RegistrationFactory, RoundFactory
from tournaments.events.domain import RoundSeated
from tournaments.events.models import Registration, Seat
from tournaments.seating.services import round_seat

pytestmark = pytest.mark.django_db


def _reseat_queries(players: int, capture_on_commit, heard: list) -> tuple[int, list]:
    event = EventFactory(table_sizes=[4, 3])
    for _ in range(players):
        RegistrationFactory(event=event, status=Registration.Status.CHECKED_IN)
    rnd = RoundFactory(event=event, number=1)
    with capture_on_commit(execute=True):
        round_seat(round_id=rnd.pk)  # the first seating: a re-seat replaces it
    heard.clear()
    with CaptureQueriesContext(connection) as queries, capture_on_commit(execute=True):
        round_seat(round_id=rnd.pk, seed=7)
    assert Seat.objects.filter(round=rnd).count() == players
    return len(queries), list(heard)


def test_reseating_a_draft_round_costs_the_same_queries_for_20_and_200_players(
    django_capture_on_commit_callbacks, announcements
):
    capture = django_capture_on_commit_callbacks
    small, heard_small = _reseat_queries(20, capture, announcements)
    large, heard_large = _reseat_queries(200, capture, announcements)
    # Measured: the same count for both sizes (it was 577 for 200 players, row by row).
    assert large == small, (small, large)
    assert large <= 40, large
    # One announcement per re-seat, saying the round is a draft.
    for heard in (heard_small, heard_large):
        assert [type(e) for e in heard] == [RoundSeated]
        assert heard[0].round_status == "draft"
