"""The outbox and the standings reconciler (``standings.reconcile``), on eager Celery.

The realstack versions (a stopped broker, a worker killed mid-recompute) are in
``test_realstack_faults.py``.
"""

from __future__ import annotations

import pytest
from kombu.exceptions import OperationalError
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.results.helpers import (
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    user,
)
from tournaments.events import outbox
from tournaments.events.access import Actor
from tournaments.events.models import OutboxTask
from tournaments.results.services import results as svc
from tournaments.standings import tasks
from tournaments.standings.models import StandingsCheck, StandingsSnapshot
from tournaments.standings.services import (
    standings_recompute,
    standings_reconcile,
    standings_stale_event_ids,
)

pytestmark = pytest.mark.django_db


def broker_down(monkeypatch, task):
    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6390. Connection refused.")

    monkeypatch.setattr(task, "apply_async", refuse)
    # As with a real broker (eager runs let the task's own errors through unchanged).
    monkeypatch.setitem(task.app.conf, "task_always_eager", False)


def confirmed_result(event, table):
    judge = Actor(judge_table_id=table.pk)
    sub = svc.result_submit(
        table_id=table.pk, actor=judge, kind="sheet", payload=imhotep_sheet()
    ).submission
    for rid in seat_registrations(table):
        svc.result_confirm(submission_id=sub.pk, actor=judge, registration_id=rid)
    return sub


def test_a_refused_send_becomes_one_outbox_row(monkeypatch):
    broker_down(monkeypatch, tasks.standings_recompute_task)
    assert outbox.send(tasks.standings_recompute_task, (7,), countdown=0.5) is False
    assert outbox.send(tasks.standings_recompute_task, (7,), countdown=0.5) is False
    (row,) = OutboxTask.objects.all()
    assert (row.task, row.args, row.options) == ("tournaments.standings_recompute", [7], {})
    assert "Connection refused" in row.last_error


def test_drain_keeps_rows_while_the_broker_is_down_and_sends_them_after(monkeypatch):
    broker_down(monkeypatch, tasks.standings_recompute_task)
    outbox.send(tasks.standings_recompute_task, (7,))
    assert outbox.outbox_drain() == 0
    assert OutboxTask.objects.get().attempts == 1
    monkeypatch.undo()
    sent = []
    monkeypatch.setattr(
        tasks.standings_recompute_task, "apply_async", lambda args, **kw: sent.append(args)
    )
    assert outbox.outbox_drain() == 1
    assert sent == [(7,)] and not OutboxTask.objects.exists()


def test_confirming_while_the_broker_is_down_succeeds_and_the_reconciler_catches_up(
    monkeypatch, django_capture_on_commit_callbacks
):
    event = make_event("imhotep")
    table = make_table(event)
    judge = user("judge", event, "table_judge", table=table)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=judge).key}")
    broker_down(monkeypatch, tasks.standings_recompute_task)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/api/tables/{table.pk}/results/",
            {"kind": "sheet", "payload": imhotep_sheet()},
            format="json",
        )
    assert response.status_code == 201
    sub_id = response.json()["id"]
    for rid in seat_registrations(table):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                f"/api/results/{sub_id}/confirm/", {"registration_id": rid}, format="json"
            )
        assert response.status_code == 200, response.content
    assert response.json()["status"] == "confirmed"
    assert OutboxTask.objects.filter(task="tournaments.standings_recompute").count() == 1
    assert not StandingsSnapshot.objects.filter(event=event).exists()

    monkeypatch.undo()  # the broker is back; no other write happens
    result = standings_reconcile()
    assert result["recomputed"] == [event.pk]
    assert not OutboxTask.objects.exists()
    snapshot = StandingsSnapshot.objects.filter(event=event).latest()
    assert snapshot.result_ids == [sub_id]


def test_a_lost_recompute_is_found_stale_and_recomputed(monkeypatch):
    event = make_event("imhotep")
    table = make_table(event)
    monkeypatch.setattr(tasks.standings_recompute_task, "apply_async", lambda *a, **k: None)
    sub = confirmed_result(event, table)  # its recompute task is lost
    assert not StandingsSnapshot.objects.filter(event=event).exists()
    assert standings_stale_event_ids() == [event.pk]

    assert standings_reconcile()["recomputed"] == [event.pk]
    assert StandingsSnapshot.objects.get(event=event).result_ids == [sub.pk]
    assert standings_stale_event_ids() == []  # nothing changed since: nothing to do
    assert standings_reconcile()["recomputed"] == []


def test_a_change_after_the_last_recompute_makes_the_event_stale_again(monkeypatch):
    event = make_event("imhotep")
    table = make_table(event)
    sub = confirmed_result(event, table)
    standings_recompute(event_id=event.pk)  # what the on-commit task does
    assert StandingsCheck.objects.filter(event=event).exists()
    assert standings_stale_event_ids() == []
    monkeypatch.setattr(tasks.standings_recompute_task, "apply_async", lambda *a, **k: None)
    player = Actor(registration=table.seats.first().registration)
    svc.result_dispute(submission_id=sub.pk, actor=player, reason="wrong burial count")
    assert standings_stale_event_ids() == [event.pk]
    standings_reconcile()
    assert StandingsSnapshot.objects.filter(event=event).latest().result_ids == []


def test_a_recompute_that_died_leaves_the_event_stale():
    """The check is written in the recompute's transaction: a killed run records nothing."""
    event = make_event("imhotep")
    table = make_table(event)
    confirmed_result(event, table)
    standings_recompute(event_id=event.pk)
    StandingsCheck.objects.filter(event=event).delete()
    StandingsSnapshot.objects.filter(event=event).delete()  # as if the run never finished
    assert standings_stale_event_ids() == [event.pk]
    standings_recompute(event_id=event.pk)
    assert standings_stale_event_ids() == []


def test_events_nobody_played_in_get_no_standings():
    event = make_event("imhotep")
    make_table(event)
    assert standings_stale_event_ids() == []
    standings_reconcile()
    assert not StandingsSnapshot.objects.filter(event=event).exists()


def test_the_reconcile_task_is_registered_under_the_beat_name():
    from referee.celery import app

    assert "standings.reconcile" in app.tasks
    assert app.tasks["standings.reconcile"].delay().get() == {"outbox_sent": 0, "recomputed": []}
