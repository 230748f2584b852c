"""Celery for "nothing lost": late acks, a bounded visibility timeout, a beat schedule,
and sending a task never fails the request that sent it (issue 21): the task base counts a
refused send and raises it, and the outbox (tournaments/events/outbox.py), the one place
that decides, keeps the task for the reconciler."""

from __future__ import annotations

import datetime as dt
import json
import time
from contextlib import contextmanager

import kombu.exceptions
import pytest
from celery import Celery
from django.db import transaction

from referee.celery import app
from referee.celery_tasks import BROKER_ERRORS, CountedSendTask, send_failures

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


def test_every_project_task_uses_the_counting_base():
    app.loader.import_default_modules()
    project = [t for t in app.tasks.values() if t.__module__.startswith("tournaments.")]
    assert len(project) >= 7 and all(isinstance(t, CountedSendTask) for t in project)


def test_beat_schedules_the_standings_reconciliation():
    entry = app.conf.beat_schedule["standings-reconcile"]
    assert entry["task"] == "standings.reconcile"
    assert 0 < entry["schedule"] <= 300
    assert entry["options"]["expires"] <= entry["schedule"]  # no pile-up after an outage


def _dead_broker_app() -> Celery:
    from django.conf import settings

    # Not the current app: shared tasks looked up through celery.current_app (the
    # outbox's drain) would otherwise be sent to this dead broker by later tests.
    dead = Celery("dead-broker", broker=DEAD_BROKER, task_cls=CountedSendTask, set_as_current=False)
    dead.conf.broker_transport_options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    dead.conf.task_publish_retry_policy = settings.CELERY_TASK_PUBLISH_RETRY_POLICY
    dead.conf.broker_connection_timeout = settings.CELERY_BROKER_CONNECTION_TIMEOUT
    dead.conf.task_ignore_result = True
    return dead


def test_sending_to_an_unreachable_broker_fails_quickly_is_counted_and_raises():
    dead = _dead_broker_app()

    @dead.task(name="probe.unsent")
    def unsent():  # pragma: no cover - never runs
        return 1

    before = send_failures.count
    started = time.monotonic()
    with pytest.raises(BROKER_ERRORS):
        unsent.delay()
    with pytest.raises(BROKER_ERRORS):
        unsent.apply_async(countdown=5)
    assert time.monotonic() - started < 5  # bounded retries, no hanging request
    assert send_failures.count == before + 2
    assert send_failures.last_task == "probe.unsent"


@pytest.mark.django_db
def test_the_outbox_keeps_what_the_broker_refused_and_the_failure_is_counted_once():
    from tournaments.events import outbox
    from tournaments.events.models import OutboxTask

    dead = _dead_broker_app()

    @dead.task(name="probe.kept")
    def kept(x):  # pragma: no cover - never runs
        return x

    before = send_failures.count
    eta = dt.datetime(2030, 1, 2, 3, 4, 5, tzinfo=dt.UTC)
    assert outbox.send(kept, (1,), queue="pages", eta=eta) is False
    assert send_failures.count == before + 1  # counted by the task base, kept by the outbox
    row = OutboxTask.objects.get(task="probe.kept")
    assert row.args == [1] and row.options == {"queue": "pages", "eta": eta.isoformat()}


def test_no_send_option_is_passed_between_the_outbox_and_the_task_base():
    """The outbox calls ``apply_async`` with Celery's own options only; a kept eta goes
    back to Celery as a datetime."""
    from tournaments.events import outbox

    seen = []

    class Probe:
        name = "probe.options"

        class app:
            class conf:
                task_always_eager = False

        def apply_async(self, args, kwargs=None, **options):
            seen.append(options)

    eta = dt.datetime(2030, 1, 2, 3, 4, 5, tzinfo=dt.UTC)
    assert outbox.send(Probe(), (1,), queue="celery") is True
    outbox._apply(Probe(), [1], {}, {"eta": eta.isoformat()})  # as a drain sends a row
    assert seen == [{"queue": "celery"}, {"eta": eta}]


def test_a_programming_error_in_a_send_still_raises():
    dead = _dead_broker_app()

    @dead.task(name="probe.bad")
    def bad(x):  # pragma: no cover - never runs
        return x

    with pytest.raises(kombu.exceptions.EncodeError):
        bad.apply_async((object(),), serializer="json")


@contextmanager
def project_broker_dead():
    """The project's app, sending for real to a broker that does not answer."""
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
        yield
    finally:
        app.conf.broker_write_url, app.conf.task_always_eager = previous[0], previous[1]
        app._pool = previous[2]
        app.amqp.__dict__.pop("_producer_pool", None)
        if pool is not None:
            app.amqp._producer_pool = pool


@pytest.mark.django_db(transaction=True)
def test_a_judges_result_is_saved_and_answered_when_the_broker_is_down(client, settings):
    """The on-commit task sends fail (nothing listens); the judge still gets 201 JSON."""
    from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table
    from tournaments.results.models import ResultSubmission

    before = send_failures.count
    table = make_table(make_event("imhotep", policy="none"), players=3)  # counts at once
    with project_broker_dead():
        response = client.post(
            f"/ja/judge/{table.judge_token}/entry",
            json.dumps({"action": "submit", "kind": "sheet", "payload": imhotep_sheet()}),
            content_type="application/json",
        )
    assert response.status_code == 201, response.content[:500]
    assert ResultSubmission.objects.filter(table=table).count() == 1
    assert send_failures.count > before  # the standings recompute could not be sent


@pytest.mark.django_db(transaction=True)
def test_a_clock_start_and_a_webhook_with_the_broker_down_keep_their_tasks():
    """Every post-commit send goes through the outbox: the round clock's time-up check
    (with its deadline) and a webhook delivery wait for the reconciler, not lost."""
    from tests.tournaments.factories import EventFactory, RoundFactory
    from tournaments.events.models import OutboxTask
    from tournaments.integrations.models import Webhook
    from tournaments.integrations.services import webhooks_notify
    from tournaments.seating.clock import clock_start

    rnd = RoundFactory(event=EventFactory(game_key="imhotep"), published=True)
    Webhook.objects.create(
        event=rnd.event, url="https://example.org/hook", topics=["standings.updated"]
    )
    with project_broker_dead():
        clock = clock_start(round_id=rnd.pk, minutes=30)
        with transaction.atomic():
            (delivery,) = webhooks_notify(
                event_id=rnd.event_id, topic="standings.updated", payload={"table": 1}
            )
    check = OutboxTask.objects.get(task="tournaments.round_clock_check")
    assert check.args == [rnd.pk]
    assert dt.datetime.fromisoformat(check.options["eta"]) == clock.deadline
    assert OutboxTask.objects.get(task="integrations.webhook_deliver").args == [delivery]
