"""Concurrent writes on PostgreSQL: real transactions in threads, each on its own
connection. The table-row lock serializes them; the constraints are the backstop."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from tests.tournaments.results.helpers import (
    as_user,
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    user,
)
from tournaments.events.access import Actor
from tournaments.results.models import Confirmation, ResultSubmission
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (set DATABASE_URL)")


def race(*calls):
    """Run the calls at the same moment; return (results, errors) in call order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)
    errors: list = [None] * len(calls)

    def run(i, fn):
        try:
            barrier.wait(timeout=10)
            results[i] = fn()
        except Exception as error:  # noqa: BLE001 - reported to the test
            errors[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results, errors


def test_players_confirming_at_once_give_exactly_one_confirmed_result():
    table = make_table(make_event("imhotep"), players=4)
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload={**imhotep_sheet(), "players": [{"track": 5 + i, "sled": 1} for i in range(4)]},
    ).submission  # fmt: skip
    assert sub.status == "submitted", sub.violations
    judge = Actor(judge_table_id=table.pk)
    calls = [
        (lambda rid=rid: svc.result_confirm(submission_id=sub.pk, actor=judge, registration_id=rid))
        for rid in seat_registrations(table)
    ]
    _, errors = race(*calls)
    assert errors == [None] * 4
    assert Confirmation.objects.filter(submission=sub).count() == 4
    assert ResultSubmission.objects.filter(table=table, status="confirmed").count() == 1
    sub.refresh_from_db()
    assert sub.status == "confirmed"


def test_two_head_judges_correcting_at_once_one_wins_the_other_gets_a_conflict():
    event = make_event("imhotep", policy="none")
    table = make_table(event)
    svc.result_submit(table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
                      payload=imhotep_sheet())  # fmt: skip
    heads = [as_user(user(f"head{i}", event, "head_judge")) for i in range(2)]
    calls = [
        (lambda h=h, t=t: svc.result_correct(
            table_id=table.pk, actor=h, kind="sheet", payload=imhotep_sheet(tracks=(t, 18, 25)),
            base_version=1, reason="re-count",
        ))
        for h, t in zip(heads, (30, 31), strict=True)
    ]  # fmt: skip
    results, errors = race(*calls)
    assert sorted(type(e).__name__ for e in errors if e) == ["VersionConflict"]
    assert sum(r is not None for r in results) == 1
    assert ResultSubmission.objects.filter(table=table, status="confirmed").count() == 1
    assert ResultSubmission.objects.filter(table=table).count() == 2


def test_the_same_retry_arriving_twice_at_once_is_stored_once():
    table = make_table(make_event("imhotep"))
    judge = Actor(judge_table_id=table.pk)
    call = lambda: svc.result_submit(  # noqa: E731
        table_id=table.pk, actor=judge, kind="sheet", payload=imhotep_sheet(),
        idempotency_key="wifi-retry",
    )  # fmt: skip
    results, errors = race(call, call)
    assert errors == [None, None]
    assert sorted(r.created for r in results) == [False, True]
    assert results[0].submission.pk == results[1].submission.pk
    assert ResultSubmission.objects.filter(table=table).count() == 1
