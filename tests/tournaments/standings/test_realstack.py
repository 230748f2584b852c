"""A burst of confirmations produces ONE standings recompute in a real Celery worker.

Skipped only when DATABASE_URL/REDIS_URL are unset (see tests/README.md, realstack).
"""

from __future__ import annotations

import re

import pytest

from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table
from tests.tournaments.results.helpers import seat_registrations as regs
from tournaments.events.access import Actor
from tournaments.results.services import results as svc
from tournaments.standings.models import StandingsSnapshot

pytestmark = [pytest.mark.realstack, pytest.mark.django_db(transaction=True)]

RECEIVED = re.compile(r"Task tournaments\.standings_recompute\[[^\]]+\] received")


def four_player_sheet() -> dict:
    return {**imhotep_sheet(), "players": [{"track": 10 + i, "sled": 1} for i in range(4)]}


def test_burst_of_confirmations_coalesces_into_one_recompute(real_celery_worker, settings):
    # A window wide enough that five writes on a loaded CI machine surely fall inside it.
    settings.STANDINGS_COALESCE_SECONDS = 2.0
    event = make_event("imhotep")
    table = make_table(event, players=4)
    judge = Actor(judge_table_id=table.pk)
    before = len(RECEIVED.findall(real_celery_worker.log()))  # the worker is per session

    # Five writes, each its own committed transaction, well inside the countdown.
    sub = svc.result_submit(
        table_id=table.pk, actor=judge, kind="sheet", payload=four_player_sheet()
    ).submission
    for rid in regs(table):
        svc.result_confirm(submission_id=sub.pk, actor=judge, registration_id=rid)
    sub.refresh_from_db()
    assert sub.status == "confirmed"

    snapshot = real_celery_worker.wait_for(
        lambda: StandingsSnapshot.objects.filter(event=event).first()
    )
    # The one recompute ran after the burst, so it already saw the confirmed result.
    assert snapshot.version == 1 and snapshot.result_ids == [sub.pk]
    assert sorted(row["registration"] for row in snapshot.rows) == sorted(regs(table))
    assert not any(row["provisional"] for row in snapshot.rows)
    assert len(RECEIVED.findall(real_celery_worker.log())) == before + 1

    # A later write (after the task cleared the flag) is not swallowed: a second task runs.
    head_count = len(RECEIVED.findall(real_celery_worker.log()))
    player = Actor(registration=table.seats.order_by("position").first().registration)
    svc.result_dispute(submission_id=sub.pk, actor=player, reason="recount the burial chamber")
    newer = real_celery_worker.wait_for(
        lambda: StandingsSnapshot.objects.filter(event=event, version=2).first()
    )
    assert newer.result_ids == []
    assert len(RECEIVED.findall(real_celery_worker.log())) == head_count + 1
