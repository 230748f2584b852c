"""Schedules decided in advance: planned or uploaded, stored with their repeat count, and
rounds seated from them."""

from __future__ import annotations

import itertools

import pytest
from django.utils import timezone, translation

from tests.tournaments.factories import EventFactory, RegistrationFactory, RoundFactory
from tournaments.events.models import Registration, Round, Seat
from tournaments.results.models import ActionLog
from tournaments.seating.models import EventSchedule, RoundSeatingRecord
from tournaments.seating.schedules import (
    ScheduleError,
    schedule_plan,
    schedule_upload,
)
from tournaments.seating.services import SeatingServiceError, round_publish, round_seat

pytestmark = pytest.mark.django_db


def _event(players: int, sizes=(4,)):
    event = EventFactory(table_sizes=list(sizes))
    return event, [RegistrationFactory(event=event) for _ in range(players)]


def _tables(rnd) -> list[list[int]]:
    out: dict[int, list[int]] = {}
    for number, rid in (
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "position")
        .values_list("table__number", "registration_id")
    ):
        out.setdefault(number, []).append(rid)
    return list(out.values())


def test_planned_16_players_5_rounds_meet_at_most_once_and_rounds_are_seated_from_it():
    event, regs = _event(16)
    stored = schedule_plan(event_id=event.pk, rounds=5)
    assert (stored.repeat_meetings, stored.lower_bound) == (0, 0)
    assert stored.method.startswith("construction:")
    assert [r["number"] for r in stored.rounds] == [1, 2, 3, 4, 5]
    assert ActionLog.objects.filter(event=event, action="schedule_planned").exists()
    met = set()
    for number in range(1, 6):
        rnd = RoundFactory(event=event, number=number)
        record = round_seat(round_id=rnd.pk)  # the event's schedule is the default
        assert record.mode == "schedule"
        assert record.breakdown["schedule"]["repeat_meetings"] == 0
        tables = _tables(rnd)
        assert tables == stored.rounds[number - 1]["tables"]
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                assert pair not in met
                met.add(pair)
        round_publish(round_id=rnd.pk)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED, closed_at=timezone.now())
    assert len(met) == 16 * 15 // 2


def test_a_plan_after_published_rounds_starts_after_them_and_counts_their_meetings():
    event, regs = _event(8)
    rnd = RoundFactory(event=event, number=1)
    round_seat(round_id=rnd.pk, mode="random")
    round_publish(round_id=rnd.pk)
    stored = schedule_plan(event_id=event.pk, rounds=2)
    assert [r["number"] for r in stored.rounds] == [2, 3]
    # 8 players in fours over 3 rounds: 9 meetings each among 7 partners.
    assert stored.lower_bound == 8 and stored.repeat_meetings >= 8


def test_seating_from_the_schedule_refuses_a_changed_field_naming_the_players():
    event, regs = _event(16)
    schedule_plan(event_id=event.pk, rounds=2)
    regs[3].status = Registration.Status.REGISTERED
    regs[3].save()
    rnd = RoundFactory(event=event, number=1)
    with pytest.raises(SeatingServiceError, match=regs[3].player.display_name):
        round_seat(round_id=rnd.pk)
    assert not Seat.objects.filter(round=rnd).exists()
    # The organizer can still seat the round another way.
    assert round_seat(round_id=rnd.pk, mode="random").mode == "random"


def _csv(rows) -> str:
    return "round,table,players\n" + "\n".join(",".join(map(str, r)) for r in rows) + "\n"


def test_upload_by_registration_number_and_name_shows_repeats_and_bound():
    event, regs = _event(8)
    a = [r.pk for r in regs]
    name = regs[0].player.display_name
    text = _csv(
        [
            (1, 1, name, a[1], a[2], a[3]),
            (1, 2, a[4], a[5], a[6], a[7]),
            (2, 1, a[0], a[1], a[4], a[5]),
            (2, 2, a[2], a[3], a[6], a[7]),
        ]
    )
    stored = schedule_upload(event_id=event.pk, text=text)
    assert stored.method == "fixed" and stored.source == text
    # 0-1, 2-3, 4-5, 6-7 meet twice; 6 meetings each fit in 7 partners: bound 0.
    assert (stored.repeat_meetings, stored.lower_bound) == (4, 0)
    assert stored.rounds[0]["tables"][0] == a[:4]
    rnd = RoundFactory(event=event, number=1)
    record = round_seat(round_id=rnd.pk)
    assert record.mode == "schedule" and _tables(rnd) == [a[:4], a[4:]]


def test_one_player_per_row_adds_up_to_tables():
    event, regs = _event(4)
    rows = [(1, 1, r.pk) for r in regs]
    stored = schedule_upload(event_id=event.pk, text=_csv(rows))
    assert stored.rounds == [{"number": 1, "tables": [[r.pk for r in regs]], "byes": []}]


def test_upload_errors_name_row_and_field_in_the_page_language_and_store_nothing():
    event, regs = _event(8)
    a = [r.pk for r in regs]
    text = _csv(
        [
            (1, 1, a[0], a[1], a[2], a[3]),
            ("x", 2, a[4], a[5], a[6], a[7]),
            (2, 1, a[0], a[0], a[2], "Nobody"),
            (2, 2, a[4], a[5], a[6], a[7], a[1]),
        ]
    )
    with translation.override("en"), pytest.raises(ScheduleError) as english:
        schedule_upload(event_id=event.pk, text=text)
    problems = english.value.problems
    assert "Row 3, round: “x” is not a number from 1 up" in problems
    assert any(
        p.startswith(f"Row 4, player: “{a[0]}” is already seated in round 2") for p in problems
    )
    assert "Row 4, player: no player named “Nobody” in this event" in problems
    assert any(p.startswith("Row 5, table: round 2 table 2 has 5 players") for p in problems)
    with translation.override("ja"), pytest.raises(ScheduleError) as japanese:
        schedule_upload(event_id=event.pk, text=text)
    assert japanese.value.problems[0].startswith("3行目")
    assert "「ラウンド」" in japanese.value.problems[0]
    assert not EventSchedule.objects.filter(event=event).exists()


def test_upload_refuses_published_rounds_and_dropped_players():
    event, regs = _event(8)
    rnd = RoundFactory(event=event, number=1)
    round_seat(round_id=rnd.pk, mode="random")
    round_publish(round_id=rnd.pk)
    regs[7].status = Registration.Status.DROPPED
    regs[7].save()
    a = [r.pk for r in regs]
    text = _csv([(1, 1, *a[:4]), (2, 1, *a[4:8])])
    with translation.override("en"), pytest.raises(ScheduleError) as error:
        schedule_upload(event_id=event.pk, text=text)
    assert any("Row 2, round: round 1 is already published" in p for p in error.value.problems)
    assert any(p.startswith("Row 3, player:") and "dropped" in p for p in error.value.problems)


def test_round_record_breakdown_keeps_the_schedule_counts():
    event, regs = _event(16)
    schedule_plan(event_id=event.pk, rounds=3)
    rnd = RoundFactory(event=event, number=1)
    round_seat(round_id=rnd.pk)
    record = RoundSeatingRecord.objects.get(round=rnd)
    assert record.breakdown["total"]["repeats"] == 0
    assert record.breakdown["schedule"]["lower_bound"] == 0
