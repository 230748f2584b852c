"""Entering lost printed values re-scores a confirmed table in a real Celery worker: the
``results.rescore`` task is sent once the edition change commits (events/outbox.py), runs
in the worker on PostgreSQL, and sending it again changes nothing more.

Skipped only when DATABASE_URL/REDIS_URL are unset; fails when they are set but unreachable.
"""

from __future__ import annotations

import re

import pytest
from django.db import transaction

from tests.tournaments.results.helpers import as_user, make_event, make_table, user
from tests.tournaments.results.test_rescore import SHEET
from tournaments.console.services.edition_data import edition_fill
from tournaments.events.access import Actor
from tournaments.results.models import ActionLog, ResultSubmission
from tournaments.results.services import results as svc
from tournaments.results.tasks import results_rescore_task
from tournaments.standings.models import StandingsSnapshot

pytestmark = [pytest.mark.realstack, pytest.mark.django_db(transaction=True)]

RANK_POINTS = {
    **{f"rank_points.area.{i}": v for i, v in enumerate((5, 3, 1))},
    **{f"rank_points.miss.{i}": v for i, v in enumerate((4, 2, 1))},
}


TASK = re.compile(r"Task ([\w.]+)\[([0-9a-f-]+)\] (received|succeeded|raised|failed)")
LATER = {"tournaments.public_flip_fallback"}  # sent with an eta a minute ahead


def _settled(log: str) -> bool:
    """Every task the worker received has ended (the ratings run the confirmation asked
    for, with its coalescing countdown, too): the database can then be flushed."""
    received, ended = set(), set()
    for name, task_id, what in TASK.findall(log):
        if name not in LATER:
            (received if what == "received" else ended).add(task_id)
    return received <= ended


def _ranks(event) -> list[int]:
    snapshot = StandingsSnapshot.objects.filter(event=event).order_by("-version").first()
    return sorted(row["rank"] for row in snapshot.rows) if snapshot else []


def _complete(pk: int):
    sub = ResultSubmission.objects.get(pk=pk)
    players = (sub.outcome or {}).get("players") or []
    return sub if players and all(p["complete"] for p in players) else None


def test_the_worker_rescores_after_the_edition_change_commits(real_celery_worker):
    event = make_event("nile_murals")
    table = make_table(event, players=2)
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=SHEET
    ).submission
    svc.result_confirm(submission_id=sub.pk, actor=as_user(user("head", event, "head_judge")))

    with transaction.atomic():
        edition_fill(event, "nile_murals", RANK_POINTS, "organizer: printed sheet")
        assert _complete(sub.pk) is None  # nothing before the commit

    done = real_celery_worker.wait_for(lambda: _complete(sub.pk))
    assert done.status == "confirmed" and done.lines == [[1, 13], [2, 11]]
    real_celery_worker.wait_for(
        lambda: (
            "Task results.rescore[" in real_celery_worker.log()
            and "succeeded" in real_celery_worker.log()
        )
    )
    logged = ActionLog.objects.filter(submission_id=sub.pk, action="result.rescored")
    assert logged.count() == 1
    # The standings recompute the re-score asked for ranks the table 1st and 2nd.
    real_celery_worker.wait_for(lambda: _ranks(event) == [1, 2] or None)

    # Sent again (as the outbox may): the worker runs it and nothing more is written.
    again = results_rescore_task.apply_async((event.pk, "nile_murals"))
    line = real_celery_worker.wait_for(
        lambda: next(
            (
                row
                for row in real_celery_worker.log().splitlines()
                if f"results.rescore[{again.id}] succeeded" in row
            ),
            None,
        )
    )
    assert line.endswith("{'rescored': [], 'refused': []}")
    assert logged.count() == 1
    real_celery_worker.wait_for(lambda: _settled(real_celery_worker.log()) or None)
