"""The round clock: start, pause, resume, extend, extra time for one table, time up logged
once per deadline, and the clock shown on the board, public seating and judge pages."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.utils import timezone

from tests.tournaments.factories import EventFactory, RegistrationFactory, RoundFactory
from tournaments.events.clock import PAUSED, RUNNING, TIME_UP, clock_view, format_seconds
from tournaments.events.models import EventConfig, Round, RoundClock
from tournaments.results.models import ActionLog
from tournaments.seating.clock import (
    clock_extend,
    clock_note_time_up,
    clock_pause,
    clock_resume,
    clock_start,
    clock_table_extra,
)
from tournaments.seating.services import SeatingServiceError, round_publish, round_seat

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 11, 25, 19, 0, tzinfo=dt.UTC)


def _at(moment):
    """Run a service as if it were ``moment``."""
    return mock.patch("tournaments.seating.clock.timezone.now", return_value=moment)


def _published_round(players=8, status="published"):
    event = EventFactory(table_sizes=[4])
    for _ in range(players):
        RegistrationFactory(event=event)
    rnd = RoundFactory(event=event)
    round_seat(round_id=rnd.pk)
    if status == "published":
        round_publish(round_id=rnd.pk)
    rnd.refresh_from_db()
    return rnd


def _actions(rnd) -> list[str]:
    return list(
        ActionLog.objects.filter(event=rnd.event, action__startswith="clock_").values_list(
            "action", flat=True
        )
    )


def test_start_uses_the_events_minutes_per_round_and_runs_from_a_stored_deadline():
    rnd = _published_round()
    EventConfig.objects.update_or_create(event=rnd.event, defaults={"data": {"round_minutes": 50}})
    with _at(T0):
        clock = clock_start(round_id=rnd.pk)
    assert clock.deadline == T0 + dt.timedelta(minutes=50) and clock.paused_remaining is None
    view = clock_view(RoundClock.objects.get(round=rnd), now=T0 + dt.timedelta(minutes=20))
    assert view.state == RUNNING and view.remaining == 30 * 60 and view.display == "30:00"
    assert view.deadline_ms == int((T0 + dt.timedelta(minutes=50)).timestamp() * 1000)
    with pytest.raises(SeatingServiceError):
        clock_start(round_id=rnd.pk)  # once; then pause, resume or extend
    assert _actions(rnd) == ["clock_started"]


def test_a_draft_round_has_no_clock_and_minutes_are_checked():
    draft = _published_round(status="draft")
    with pytest.raises(SeatingServiceError):
        clock_start(round_id=draft.pk, minutes=30)
    rnd = _published_round()
    for bad in (0, -5, "abc", 100_000):
        with pytest.raises(SeatingServiceError):
            clock_start(round_id=rnd.pk, minutes=bad)
    assert not RoundClock.objects.filter(round=rnd).exists()


def test_pause_keeps_the_time_left_and_resume_counts_on_from_it():
    rnd = _published_round()
    with _at(T0):
        clock_start(round_id=rnd.pk, minutes=60)
    with _at(T0 + dt.timedelta(minutes=10)):
        clock = clock_pause(round_id=rnd.pk)
    assert clock.deadline is None and clock.paused_remaining == 50 * 60
    # an hour later, still paused: nothing ran off
    later = clock_view(RoundClock.objects.get(round=rnd), now=T0 + dt.timedelta(hours=2))
    assert later.state == PAUSED and later.remaining == 50 * 60 and later.deadline is None
    with pytest.raises(SeatingServiceError):
        clock_pause(round_id=rnd.pk)
    resume_at = T0 + dt.timedelta(minutes=30)
    with _at(resume_at):
        clock = clock_resume(round_id=rnd.pk)
    assert clock.deadline == resume_at + dt.timedelta(minutes=50)
    assert clock.paused_remaining is None
    assert _actions(rnd) == ["clock_started", "clock_paused", "clock_resumed"]


def test_extend_adds_to_a_running_or_a_paused_clock():
    rnd = _published_round()
    with _at(T0):
        clock_start(round_id=rnd.pk, minutes=60)
        clock = clock_extend(round_id=rnd.pk, minutes=5)
    assert clock.deadline == T0 + dt.timedelta(minutes=65)
    with _at(T0 + dt.timedelta(minutes=15)):
        clock_pause(round_id=rnd.pk)
        clock = clock_extend(round_id=rnd.pk, minutes=10)
    assert clock.paused_remaining == 60 * 60
    assert clock.extensions == [300, 600]
    assert clock_view(clock).extended == 900
    with pytest.raises(SeatingServiceError):
        clock_extend(round_id=rnd.pk, minutes=0)


def test_extra_time_for_one_table_moves_only_that_tables_deadline():
    rnd = _published_round(players=12)
    with _at(T0):
        clock_start(round_id=rnd.pk, minutes=60)
        clock_table_extra(round_id=rnd.pk, table_number=2, minutes=5)
        clock = clock_table_extra(round_id=rnd.pk, table_number=2, minutes=3)  # adds up
    assert clock.table_extra == {"2": 480}
    now = T0 + dt.timedelta(minutes=62)
    assert clock_view(clock, 1, now).state == TIME_UP
    table2 = clock_view(clock, 2, now)
    assert table2.state == RUNNING and table2.remaining == 6 * 60 and table2.extra_minutes == 8
    assert clock_view(clock, None, now).state == TIME_UP  # the round's own time
    with pytest.raises(SeatingServiceError):
        clock_table_extra(round_id=rnd.pk, table_number=9, minutes=5)
    entry = ActionLog.objects.filter(action="clock_table_extra").last()
    assert entry.table.number == 2 and entry.data["seconds"] == 180


def test_time_up_is_logged_once_per_deadline_and_per_table_with_extra_time():
    rnd = _published_round(players=12)
    with _at(T0):
        clock_start(round_id=rnd.pk, minutes=30)
        clock_table_extra(round_id=rnd.pk, table_number=3, minutes=10)
    assert clock_note_time_up(round_id=rnd.pk, now=T0 + dt.timedelta(minutes=29)) == []
    after = T0 + dt.timedelta(minutes=31)
    assert clock_note_time_up(round_id=rnd.pk, now=after) == ["round"]
    assert clock_note_time_up(round_id=rnd.pk, now=after) == []  # twice: nothing more
    entry = ActionLog.objects.get(action="clock_time_up", table__isnull=True)
    assert entry.data == {"round": 1, "tables_with_extra_time": [3]}
    assert clock_note_time_up(round_id=rnd.pk, now=T0 + dt.timedelta(minutes=41)) == ["table 3"]
    assert ActionLog.objects.get(action="clock_time_up", table__isnull=False).table.number == 3
    # an extension after the end gives a new deadline, whose end is logged again
    with _at(T0 + dt.timedelta(minutes=42)):
        clock_extend(round_id=rnd.pk, minutes=5)
    late = T0 + dt.timedelta(minutes=36)
    assert clock_note_time_up(round_id=rnd.pk, now=late) == ["round"]
    assert ActionLog.objects.filter(action="clock_time_up").count() == 3


def test_the_time_up_task_is_safe_to_run_early_and_twice():
    from tournaments.seating.tasks import round_clock_check_task

    rnd = _published_round()
    clock_start(round_id=rnd.pk, minutes=30)
    assert round_clock_check_task(rnd.pk) == []  # early: nothing
    RoundClock.objects.filter(round=rnd).update(deadline=timezone.now() - dt.timedelta(seconds=1))
    assert round_clock_check_task(rnd.pk) == ["round"]
    assert round_clock_check_task(rnd.pk) == []


def test_a_restart_keeps_the_clock_it_is_only_rows():
    rnd = _published_round()
    with _at(T0):
        clock_start(round_id=rnd.pk, minutes=45)
    fresh = RoundClock.objects.get(round_id=rnd.pk)  # as a new process would read it
    assert clock_view(fresh, now=T0 + dt.timedelta(minutes=44, seconds=30)).remaining == 30


def test_format_seconds():
    assert [format_seconds(s) for s in (0, 59, 61, 3600, 3725, -4)] == [
        "0:00", "0:59", "1:01", "1:00:00", "1:02:05", "0:00",
    ]  # fmt: skip


def test_console_controls_and_the_clock_on_the_board_public_seating_and_judge_pages(client):
    from tests.tournaments.console.helpers import organizer
    from tournaments.events.models import EventRole

    rnd = _published_round(players=12)
    user = organizer()
    EventRole.objects.create(user=user, event=rnd.event, role="organizer")
    client.force_login(user)
    base = f"/en/console/{rnd.event.slug}/rounds/1"
    board = client.get(f"{base}/board/").content.decode()
    assert 'id="clock-start"' in board
    response = client.post(
        f"{base}/do/", {"action": "clock_start", "minutes": "40", "next": "board"}
    )
    assert response.status_code == 302 and response["Location"].endswith("/board/")
    board = client.get(f"{base}/board/").content.decode()
    assert 'id="clock-pause"' in board and "data-clock-deadline=" in board and "40:00" in board
    client.post(f"{base}/do/", {"action": "clock_table_extra", "table": "2", "minutes": "5"})
    board = client.get(f"{base}/board/").content.decode()
    assert "Time left at table 2" in board and "(includes 5 min extra time for this table)" in board
    response = client.post(
        f"{base}/do/", {"action": "clock_extend", "minutes": "lots"}, follow=True
    )
    assert response.status_code == 200
    assert "Extension: a whole number of minutes" in response.content.decode()

    seating = client.get(f"/en/events/{rnd.event.slug}/rounds/1/seating/").content.decode()
    assert "Time left" in seating and 'data-clock-deadline="1' in seating
    ja = client.get(f"/ja/events/{rnd.event.slug}/rounds/1/seating/").content.decode()
    assert "残り時間" in ja

    client.post(f"{base}/do/", {"action": "clock_pause"})
    table = rnd.tables.get(number=2)
    judge = client.get(f"/en/judge/{table.judge_token}/").content.decode()
    assert 'id="judge-clock"' in judge and "(paused)" in judge
    state = client.get(f"/en/judge/{table.judge_token}/state").json()
    assert state["clock"]["state"] == "paused" and state["clock"]["remaining"] > 44 * 60


def test_board_marks_a_table_late_when_its_time_is_up():
    from tournaments.console.selectors.pages import round_board

    rnd = _published_round(players=8)
    clock_start(round_id=rnd.pk, minutes=30)
    clock_table_extra(round_id=rnd.pk, table_number=2, minutes=10)
    RoundClock.objects.filter(round=rnd).update(deadline=timezone.now() - dt.timedelta(minutes=1))
    late = {b.table.number: b.late for b in round_board(Round.objects.get(pk=rnd.pk))}
    assert late == {1: True, 2: False}
