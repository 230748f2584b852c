"""/metrics: only a scraper with the token reads it; it has each view's request latencies,
the Celery queues, failed tasks, the outbox, stale standings and pages due a render."""

from __future__ import annotations

import pytest
from celery.signals import task_failure
from django.test import override_settings
from prometheus_client.parser import text_string_to_metric_families

pytestmark = pytest.mark.django_db

TOKEN = "scrape-me-" + "x" * 20


def scrape(client) -> dict[str, list]:
    answer = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 200 and answer["Cache-Control"] == "no-store"
    return {
        family.name: family.samples
        for family in text_string_to_metric_families(answer.content.decode())
    }


def value(samples, **labels) -> float:
    return next(s.value for s in samples if all(s.labels.get(k) == v for k, v in labels.items()))


def test_metrics_are_off_without_a_token_and_refused_to_anyone_else(client):
    assert client.get("/metrics").status_code == 404
    with override_settings(METRICS_TOKEN=TOKEN):
        assert client.get("/metrics").status_code == 401
        wrong = client.get("/metrics", headers={"Authorization": "Bearer guess"})
        assert wrong.status_code == 401 and b"referee_" not in wrong.content


@override_settings(METRICS_TOKEN=TOKEN)
def test_a_scrape_has_view_latencies_and_what_waits(client, event):
    from tournaments.events.models import OutboxTask

    client.get("/healthz")
    OutboxTask.objects.create(task="standings.recompute", args=[event.pk], dedup_key="k" * 64)
    task_failure.send(sender=type("Task", (), {"name": "standings.recompute"})())
    metrics = scrape(client)
    latency = metrics["django_http_requests_latency_seconds_by_view_method"]
    assert value(latency, view="healthz", method="GET") >= 0
    assert value(metrics["referee_outbox_tasks"]) == 1
    assert value(metrics["referee_celery_task_failures"], task="standings.recompute") >= 1
    assert {s.labels["queue"] for s in metrics["referee_celery_queue_depth"]} == {
        "celery",
        "pages",
    }
    for name in (
        "referee_standings_stale_events",
        "referee_standings_stale_oldest_age_seconds",
        "referee_public_pages_due",
        "referee_outbox_oldest_age_seconds",
    ):
        assert name in metrics, name


@override_settings(METRICS_TOKEN=TOKEN)
def test_standings_that_miss_a_confirmed_result_are_counted_with_their_age(client):
    from tests.tournaments.results.helpers import as_user, imhotep_sheet, make_event, make_table
    from tests.tournaments.results.helpers import user as make_user
    from tournaments.results.services import results as svc

    assert value(scrape(client)["referee_standings_stale_events"]) == 0
    event = make_event()
    table = make_table(event)
    organizer = as_user(make_user("org", event, "organizer"))
    sub = svc.result_submit(
        table_id=table.pk, actor=organizer, kind="sheet", payload=imhotep_sheet(), base_version=0
    ).submission
    svc.result_confirm(submission_id=sub.pk, actor=organizer)  # no recompute ran (no commit)
    metrics = scrape(client)
    assert value(metrics["referee_standings_stale_events"]) == 1
    assert value(metrics["referee_standings_stale_oldest_age_seconds"]) >= 0
