"""Celery for "nothing lost": late acks, a bounded visibility timeout, a beat schedule,
and sending a task never fails the request that sent it (issue 21)."""

from __future__ import annotations

import json
import time

import kombu.exceptions
import pytest
from celery import Celery

from referee.celery import app
from referee.celery_tasks import ResilientTask, send_failures

DEAD_BROKER = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def test_tasks_are_acknowledged_late_and_requeued_when_their_worker_dies():
    assert app.conf.task_acks_late is True
    assert app.conf.task_reject_on_worker_lost is True
    assert app.conf.worker_prefetch_multiplier == 1
    assert app.conf.task_ignore_result is True


def test_workers_use_the_consumer_that_survives_a_broker_restart():
    from celery.utils.imports import symbol_by_name

    from referee.celery_worker import Consumer

    assert symbol_by_name(app.conf.worker_consumer) is Consumer


def test_visibility_timeout_outlasts_every_countdown_and_the_time_limit():
    from tournaments.public.signals import FLIP_FALLBACK_SECONDS

    timeout = app.conf.broker_transport_options["visibility_timeout"]
    assert FLIP_FALLBACK_SECONDS + app.conf.task_time_limit < timeout <= 15 * 60


def test_every_project_task_uses_the_resilient_base():
    app.loader.import_default_modules()
    project = [t for t in app.tasks.values() if t.__module__.startswith("tournaments.")]
    assert len(project) >= 7 and all(isinstance(t, ResilientTask) for t in project)


def test_beat_schedules_the_standings_reconciliation():
    entry = app.conf.beat_schedule["standings-reconcile"]
    assert entry["task"] == "standings.reconcile"
    assert 0 < entry["schedule"] <= 300
    assert entry["options"]["expires"] <= entry["schedule"]  # no pile-up after an outage


def _dead_broker_app() -> Celery:
    from django.conf import settings

    dead = Celery("dead-broker", broker=DEAD_BROKER, task_cls=ResilientTask)
    dead.conf.broker_transport_options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    dead.conf.task_publish_retry_policy = settings.CELERY_TASK_PUBLISH_RETRY_POLICY
    dead.conf.broker_connection_timeout = settings.CELERY_BROKER_CONNECTION_TIMEOUT
    dead.conf.task_ignore_result = True
    return dead


def test_sending_to_an_unreachable_broker_returns_none_quickly_and_is_counted():
    dead = _dead_broker_app()

    @dead.task(name="probe.unsent")
    def unsent():  # pragma: no cover - never runs
        return 1

    before = send_failures.count
    started = time.monotonic()
    assert unsent.delay() is None
    assert unsent.apply_async(countdown=5) is None
    assert time.monotonic() - started < 5  # bounded retries, no hanging request
    assert send_failures.count == before + 2
    assert send_failures.last_task == "probe.unsent"


def test_a_programming_error_in_a_send_still_raises():
    dead = _dead_broker_app()

    @dead.task(name="probe.bad")
    def bad(x):  # pragma: no cover - never runs
        return x

    with pytest.raises(kombu.exceptions.EncodeError):
        bad.apply_async((object(),), serializer="json")


@pytest.mark.django_db(transaction=True)
def test_a_judges_result_is_saved_and_answered_when_the_broker_is_down(client, settings):
    """The on-commit task sends fail (nothing listens); the judge still gets 201 JSON."""
    from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table
    from tournaments.results.models import ResultSubmission

    before = send_failures.count
    table = make_table(make_event("imhotep", policy="none"), players=3)  # counts at once
    pool = app.amqp.__dict__.pop("_producer_pool", None)
    # The same keys tests/realstack.py sets: a write under the Django setting's own name
    # (CELERY_TASK_ALWAYS_EAGER) would shadow its later writes in this process.
    # The raw setting, not the property: ``app.conf.broker_write_url`` falls back to
    # broker_url, and writing that back would pin every later send to today's broker (a
    # later test that moves broker_url would ping a worker that never hears it).
    previous = (app.conf.get("broker_write_url"), app.conf.task_always_eager, app.pool)
    app.conf.broker_write_url, app.conf.task_always_eager = DEAD_BROKER, False
    assert app.conf.task_always_eager is False
    app._pool = None
    try:
        response = client.post(
            f"/ja/judge/{table.judge_token}/entry",
            json.dumps({"action": "submit", "kind": "sheet", "payload": imhotep_sheet()}),
            content_type="application/json",
        )
    finally:
        app.conf.broker_write_url, app.conf.task_always_eager = previous[0], previous[1]
        app._pool = previous[2]
        app.amqp.__dict__.pop("_producer_pool", None)
        if pool is not None:
            app.amqp._producer_pool = pool
    assert response.status_code == 201, response.content[:500]
    assert ResultSubmission.objects.filter(table=table).count() == 1
    assert send_failures.count > before  # the standings recompute could not be sent
