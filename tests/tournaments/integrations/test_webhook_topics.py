"""Which webhook topic each announced change tells (``integrations/subscribers.py``):
through the services, from a round's publication to the event's end, under both release
policies. The deliveries are stored rows; their sending is not what is tested here."""

from __future__ import annotations

from unittest import mock

import pytest

from tests.tournaments.factories import RoundFactory
from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table
from tournaments.events.access import Actor
from tournaments.events.models import EventConfig
from tournaments.integrations.models import TOPICS, WebhookDelivery
from tournaments.integrations.services import webhook_create
from tournaments.results.services.results import result_submit
from tournaments.seating.services import round_close, round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def told(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    with mock.patch("tournaments.integrations.tasks.webhook_deliver_task.apply_async"):
        yield lambda: [(d.topic, d.payload) for d in WebhookDelivery.objects.order_by("pk")]


def _event(policy: str):
    event = make_event("imhotep", policy="none")  # a submission counts at once
    EventConfig.objects.update_or_create(event=event, defaults={"data": {"release_policy": policy}})
    webhook_create(event=event, url="http://127.0.0.1:9/hook", topics=list(TOPICS))
    rnd = RoundFactory(event=event, number=1)
    return event, rnd, make_table(event, round_=rnd)


def _submit(table):
    result_submit(
        table_id=table.pk,
        actor=Actor(judge_table_id=table.pk),
        kind="sheet",
        payload=imhotep_sheet(),
    )


def test_immediate_release_tells_each_topic_once(told, django_capture_on_commit_callbacks):
    from tournaments.console.services.finals import event_finish

    event, rnd, table = _event("immediate")
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=rnd.pk)
    assert [t for t, _ in told()] == ["round.published"]
    with django_capture_on_commit_callbacks(execute=True):
        _submit(table)
    topics = [t for t, _ in told()]
    assert topics[1:] == ["results.released", "standings.updated"]
    assert told()[1][1]["tables"] == [table.number]
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round_id=rnd.pk)  # released already: not told again
    assert "results.released" not in [t for t, _ in told()[3:]]
    with django_capture_on_commit_callbacks(execute=True):
        event_finish(event_id=event.pk)
    assert [t for t, _ in told()][-1] == "event.finished"
    assert [t for t, _ in told()].count("event.finished") == 1


def test_on_close_release_tells_the_results_when_the_round_closes(
    told, django_capture_on_commit_callbacks
):
    event, rnd, table = _event("on_close")
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=rnd.pk)
        _submit(table)
    assert "results.released" not in [t for t, _ in told()]
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round_id=rnd.pk)
    released = [p for t, p in told() if t == "results.released"]
    assert released == [{"event": event.slug, "round": 1, "tables": [table.number]}]
