"""The demo plays the issue's 18-player café evening up to round 2 through the seating
services: round 1 drawn at random and closed, round 2 seated by standings after the
standings task ran, in tables of 4 and 3; and from where it stops an organizer can play
the final and finish the event."""

from __future__ import annotations

import itertools
from io import StringIO

import pytest
from django.core.management import call_command

from tests.tournaments.console.helpers import confirm_all
from tests.tournaments.factories import (
    EventFactory,
    RoundFactory,
    SeatFactory,
    TableFactory,
)
from tournaments.console.services.finals import event_finish, finals_create
from tournaments.events.access import Actor
from tournaments.events.models import Event, Seat
from tournaments.results.models import ResultSubmission
from tournaments.results.services.results import result_confirm
from tournaments.seating.finals import final_order
from tournaments.seating.services import round_close, round_publish
from tournaments.standings.models import StandingsSnapshot

pytestmark = pytest.mark.django_db


def _pairs(rnd) -> set[frozenset]:
    tables: dict[int, list[int]] = {}
    for table_id, rid in Seat.objects.filter(round=rnd).values_list("table_id", "registration_id"):
        tables.setdefault(table_id, []).append(rid)
    return {frozenset(p) for t in tables.values() for p in itertools.combinations(t, 2)}


def test_demo_seats_round_two_by_standings_with_its_cost(django_capture_on_commit_callbacks):
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", stdout=out)
    text = out.getvalue()
    event = Event.objects.get(slug="cairo-cafe-open")
    round_1, round_2 = event.rounds.get(number=1), event.rounds.get(number=2)
    assert (round_1.status, round_2.status) == ("closed", "published")
    assert event.status == Event.Status.RUNNING  # the first publication started the event
    record = round_2.seating_record
    assert record.mode == "standings" and round_1.seating_record.mode == "random"
    assert StandingsSnapshot.objects.filter(event=event, after_round__gte=1).exists()
    assert "Round 2 seated by the optimiser" in text and "repeats" in text
    # 18 players in tables of 4, 4, 4, 3, 3 twice: nobody need meet an opponent again,
    # and the optimiser finds such a seating
    repeats = len(_pairs(round_1) & _pairs(round_2))
    assert repeats == record.breakdown["total"]["repeats"] == 0
    call_command("demo", stdout=StringIO())  # idempotent: round 2 is not seated again
    round_2.seating_record.refresh_from_db()
    assert round_2.seating_record.seed == record.seed
    assert event.rounds.count() == 2


def test_from_the_demo_an_organizer_plays_the_final_and_finishes(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", stdout=StringIO())
    event = Event.objects.get(slug="cairo-cafe-open")
    organizer = Actor(user=event.roles.get(role="organizer").user)
    waiting = ResultSubmission.objects.get(status="submitted")
    with django_capture_on_commit_callbacks(execute=True):
        result_confirm(submission_id=waiting.pk, actor=organizer)
        round_close(round_id=event.rounds.get(number=2).pk, actor=organizer)
    with django_capture_on_commit_callbacks(execute=True):
        final = finals_create(event_id=event.pk, actor=organizer)  # the event's cut: four
    assert final.is_final and final.number == 3 and final.seats.count() == 4
    snapshot = StandingsSnapshot.objects.filter(event=event).latest()
    assert [s.registration_id for s in final.seats.order_by("position")] == [
        row["registration"] for row in snapshot.rows[:4]
    ]
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=final.pk, actor=organizer)
        confirm_all(final, organizer.user)
        round_close(round_id=final.pk, actor=organizer)
        podium = event_finish(event_id=event.pk, actor=organizer)
    assert len(podium) == 3 and podium[0]["source"] == "final"
    assert final_order(event)[0].registration == podium[0]["registration"]


def test_an_event_from_the_older_twelve_player_demo_is_left_as_it_is():
    """A database seeded by the earlier demo (twelve players, round 1 of three tables):
    rerunning the demo adds nobody and seats nothing, says so, and still prints a login."""
    event = EventFactory(slug="cairo-cafe-open", game_key="imhotep", table_sizes=[4])
    rnd = RoundFactory(event=event, number=1, published=True)
    for number in (1, 2, 3):
        SeatFactory.create_batch(4, table=TableFactory(round=rnd, number=number))
    out = StringIO()
    call_command("demo", stdout=out)
    assert "from an older demo, left as it is" in out.getvalue()
    assert "password: " in out.getvalue()
    assert event.registrations.count() == 12 and event.rounds.count() == 1
