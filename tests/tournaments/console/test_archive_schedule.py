"""The event archive keeps the schedule decided in advance (planned or uploaded): the
import seats the same players together, with the same repeat count, under new ids."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.utils import translation

from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.console.services.archive import ArchiveError, event_archive, event_archive_import
from tournaments.events.models import Event, Registration
from tournaments.seating.models import EventSchedule
from tournaments.seating.schedules import schedule_plan

pytestmark = pytest.mark.django_db


def _by_name(event):
    """The schedule's rounds with players named (ids differ between databases)."""
    names = dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))
    stored = EventSchedule.objects.get(event=event)
    return [
        (e["number"], [[names[p] for p in t] for t in e["tables"]], [names[p] for p in e["byes"]])
        for e in stored.rounds
    ]


def _planned_event():
    # 9 players in tables of 4 for 4 rounds: a bye each round and repeats no design avoids
    event = EventFactory(table_sizes=[4])
    for _ in range(9):
        RegistrationFactory(event=event)
    stored = schedule_plan(event_id=event.pk, rounds=4)
    assert stored.repeat_meetings > 0 and any(e["byes"] for e in stored.rounds)
    return event, stored


def test_round_trip_keeps_the_schedule_and_its_repeat_count_under_new_ids():
    event, stored = _planned_event()
    archive = json.loads(json.dumps(event_archive(event.pk)))  # through real JSON
    copy = event_archive_import(archive, slug="copy")
    imported = EventSchedule.objects.get(event=copy)
    assert (imported.repeat_meetings, imported.lower_bound, imported.max_meetings) == (
        stored.repeat_meetings,
        stored.lower_bound,
        stored.max_meetings,
    )
    assert (imported.method, imported.seed) == (stored.method, stored.seed)
    assert _by_name(copy) == _by_name(event)
    new_ids = set(copy.registrations.values_list("pk", flat=True))
    seated = {p for e in imported.rounds for t in e["tables"] for p in t}
    assert seated | {p for e in imported.rounds for p in e["byes"]} <= new_ids


def test_an_archive_from_before_the_schedule_was_kept_still_imports():
    event, _stored = _planned_event()
    archive = event_archive(event.pk)
    del archive["schedule"]
    copy = event_archive_import(archive, slug="older")
    assert not EventSchedule.objects.filter(event=copy).exists()
    assert copy.registrations.count() == 9


def test_a_schedule_seating_a_player_twice_or_an_unknown_one_is_refused():
    event, _stored = _planned_event()
    archive = event_archive(event.pk)
    entry = archive["schedule"]["rounds"][0]
    entry["tables"][0][1] = entry["tables"][0][0]
    with pytest.raises(ArchiveError, match=r"schedule.rounds\[1\] players"):
        event_archive_import(archive, slug="twice")
    archive = event_archive(event.pk)
    archive["schedule"]["rounds"][0]["byes"] = [999_999]
    refused = pytest.raises(ArchiveError, match="malformed: “999999” is missing or names nothing")
    with refused, translation.override("en"):
        event_archive_import(archive, slug="unknown")
    assert not EventSchedule.objects.filter(event__slug__in=["twice", "unknown"]).exists()


def test_the_event_archive_command_carries_the_schedule(tmp_path):
    event, stored = _planned_event()
    before = _by_name(event)
    path = tmp_path / "event.json"
    call_command("event_archive", "export", event.slug, str(path))
    Event.objects.filter(pk=event.pk).delete()  # the schedule goes with it
    call_command("event_archive", "import", str(path))
    imported = Event.objects.get(slug=event.slug)
    assert _by_name(imported) == before
    assert EventSchedule.objects.get(event=imported).repeat_meetings == stored.repeat_meetings
