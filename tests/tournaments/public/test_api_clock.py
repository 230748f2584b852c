"""The round clock in the public read API: deadline, seconds left, pause, extensions and a
table's extra time, shown like the pages show it, without the ticking breaking 304s."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

pytestmark = pytest.mark.django_db

API = "/api/events/public-open/"
T0 = dt.datetime(2026, 11, 27, 11, 0, tzinfo=dt.UTC)


def at(moment):
    """Answer (and write) as if it were ``moment``."""
    return mock.patch("django.utils.timezone.now", return_value=moment)


def get(client, path: str, **headers):
    return client.get(path, headers=headers)


@pytest.fixture
def running(world, django_capture_on_commit_callbacks):
    """Round 2 (published) with a 50-minute clock started at T0, 5 minutes added to the
    round and 3 more to table 2."""
    from tournaments.seating.clock import clock_extend, clock_start, clock_table_extra

    with at(T0), django_capture_on_commit_callbacks(execute=True):
        clock_start(round_id=world.round2.pk, minutes=50)
        clock_extend(round_id=world.round2.pk, minutes=5)
        clock_table_extra(round_id=world.round2.pk, table_number=2, minutes=3)
    return world


def test_a_round_in_play_carries_its_deadline_and_each_tables_extra_time(client, running):
    with at(T0 + dt.timedelta(minutes=10)):
        body = get(client, API + "rounds/2/seating/").json()
    clock = body["clock"]
    assert clock["state"] == "running" and clock["paused"] is False
    assert parse_datetime(clock["deadline"]) == T0 + dt.timedelta(minutes=55)
    assert clock["remaining_seconds"] == 45 * 60
    assert parse_datetime(clock["as_of"]) == T0 + dt.timedelta(minutes=10)
    assert (clock["duration_seconds"], clock["extended_seconds"]) == (50 * 60, 5 * 60)
    tables = {t["number"]: t["clock"] for t in body["tables"]}
    assert tables[1]["extra_seconds"] == 0 and tables[1]["deadline"] == clock["deadline"]
    assert tables[2]["extra_seconds"] == 180
    assert parse_datetime(tables[2]["deadline"]) == T0 + dt.timedelta(minutes=58)
    assert tables[2]["remaining_seconds"] == 48 * 60
    # The event's round list shows the same clock; the closed round has none.
    with at(T0 + dt.timedelta(minutes=10)):
        rounds = {r["number"]: r["clock"] for r in get(client, API).json()["rounds"]}
    assert rounds[1] is None and rounds[2] == clock


def test_the_ticking_keeps_the_etag_and_a_clock_write_moves_it(
    client, running, django_capture_on_commit_callbacks
):
    from tournaments.seating.clock import clock_pause

    url = API + "rounds/2/seating/"
    with at(T0 + dt.timedelta(minutes=10)):
        first = get(client, url)
    etag = first["ETag"]
    with at(T0 + dt.timedelta(minutes=20)):
        later = get(client, url)
        again = get(client, url, **{"If-None-Match": etag})
    # Ten minutes on: fewer seconds left, the same deadline, the same ETag, so a 304.
    assert later["ETag"] == etag and again.status_code == 304
    assert later.json()["clock"]["remaining_seconds"] == 35 * 60
    assert later.json()["clock"]["deadline"] == first.json()["clock"]["deadline"]
    with at(T0 + dt.timedelta(minutes=20)), django_capture_on_commit_callbacks(execute=True):
        clock_pause(round_id=running.round2.pk)
    with at(T0 + dt.timedelta(minutes=30)):
        paused = get(client, url, **{"If-None-Match": etag})
    assert paused.status_code == 200 and paused["ETag"] != etag
    clock = paused.json()["clock"]
    assert clock["state"] == "paused" and clock["paused"] is True and clock["deadline"] is None
    assert clock["remaining_seconds"] == 35 * 60  # frozen while paused
    table2 = next(t for t in paused.json()["tables"] if t["number"] == 2)
    assert table2["clock"]["remaining_seconds"] == 38 * 60


def test_time_up_and_a_closed_round_as_the_pages_show_them(client, running):
    from tournaments.events.models import Round

    with at(T0 + dt.timedelta(minutes=56)):
        body = get(client, API + "rounds/2/seating/").json()
    assert body["clock"]["state"] == "time_up" and body["clock"]["remaining_seconds"] == 0
    table2 = next(t for t in body["tables"] if t["number"] == 2)
    assert table2["clock"]["state"] == "running" and table2["clock"]["remaining_seconds"] == 120
    Round.objects.filter(pk=running.round2.pk).update(
        status=Round.Status.CLOSED, closed_at=timezone.now()
    )
    closed = get(client, API + "rounds/2/seating/").json()
    assert closed["clock"] is None and all(t["clock"] is None for t in closed["tables"])


def test_a_round_without_a_started_clock_has_none(client, world):
    body = get(client, API + "rounds/2/seating/").json()
    assert body["clock"] is None and all(t["clock"] is None for t in body["tables"])
    assert timezone.now()  # the patch is gone
