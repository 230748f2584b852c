"""The demo command enters results through the services: round 1 confirmed everywhere,
round 2 with its last table waiting for confirmation (its judge page printed)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.events.models import Table
from tournaments.results.models import ResultSubmission
from tournaments.standings.models import StandingsSnapshot

pytestmark = pytest.mark.django_db


def _statuses(number: int) -> list[str]:
    return list(
        ResultSubmission.objects.filter(table__round__number=number)
        .order_by("table__number")
        .values_list("status", flat=True)
    )


def test_demo_has_confirmed_results_and_one_table_waiting(django_capture_on_commit_callbacks):
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", stdout=out)
    assert _statuses(1) == ["confirmed"] * 5
    assert _statuses(2) == ["confirmed"] * 4 + ["submitted"]
    waiting = Table.objects.get(submissions__status="submitted")
    assert waiting.round.number == 2
    assert f"/ja/judge/{waiting.judge_token}/" in out.getvalue()
    snapshot = StandingsSnapshot.objects.latest()
    assert snapshot.after_round == 2 and len(snapshot.result_ids) == 9
    confirmed = ResultSubmission.objects.filter(status="confirmed", table__round__number=1)
    assert all(s.confirmations.count() == s.table.seats.count() for s in confirmed)

    call_command("demo", stdout=StringIO())  # idempotent: nothing entered twice
    assert ResultSubmission.objects.count() == 10


def test_demo_table_one_is_a_move_log_the_public_replay_viewer_can_step_through(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", stdout=StringIO())
    log = ResultSubmission.objects.get(table__round__number=1, kind="log")
    assert log.status == "confirmed"
    assert log.outcome["players"] and all(p["complete"] for p in log.outcome["players"])
    slug = log.table.round.event.slug
    table = log.table.number
    page = client.get(f"/en/events/{slug}/rounds/1/tables/{table}/?step=3")
    assert page.status_code == 200
    assert "step=4" in page.content.decode()  # the viewer links to the next step


def test_demo_runs_while_another_thread_runs_an_eager_task(django_capture_on_commit_callbacks):
    """The demo while Celery's process-wide "joining would block" flag is on (another
    thread is running an eager task: ``Task.apply`` sets it; the first-evening browser
    test met it through its live server's thread): the demo's in-process standings run
    must not stop at ``result.get()``'s guard against waiting on a subtask."""
    from celery import _state

    before = _state.task_join_will_block()
    _state._set_task_join_will_block(True)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            call_command("demo", stdout=StringIO())
    finally:
        _state._set_task_join_will_block(before)
    assert StandingsSnapshot.objects.filter(after_round=2).exists()
