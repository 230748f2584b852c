"""The demo seats round 2 with the optimiser after the standings task ran."""

from __future__ import annotations

import itertools
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.events.models import Event, Seat
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
    round_2 = event.rounds.get(number=2)
    record = round_2.seating_record
    assert record.mode == "standings"
    assert StandingsSnapshot.objects.filter(event=event).exists()
    assert "Round 2 seated by the optimiser" in text and "repeats" in text
    # 12 players from three 4-tables into three 4-tables: each table must hold two
    # earlier opponents, so 3 repeats is the minimum — and the optimiser reaches it
    repeats = len(_pairs(event.rounds.get(number=1)) & _pairs(round_2))
    assert repeats == record.breakdown["total"]["repeats"] == 3
    call_command("demo", stdout=StringIO())  # idempotent: round 2 is not seated again
    assert round_2.seating_record.seed == record.seed
    assert event.rounds.count() == 2
