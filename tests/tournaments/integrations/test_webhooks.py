"""Webhooks: signed deliveries to a real HTTP server on 127.0.0.1, retried after a 500."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.exceptions import ValidationError

from tournaments.integrations.models import WebhookDelivery
from tournaments.integrations.services import webhook_create


class Receiver:
    """An HTTP server on a free loopback port that records every POST; the first
    ``failures`` requests are answered 500."""

    def __init__(self, failures: int = 0) -> None:
        self.received: list[dict] = []
        self.failures = failures
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append({"headers": dict(self.headers), "body": body})
                failing = len(receiver.received) <= receiver.failures
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait(self, count: int, timeout: float = 60.0) -> list[dict]:
        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        return self.received


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.close()


def verify(secret: str, message: dict) -> dict:
    """What a receiver does: recompute the signature and refuse a stale timestamp."""
    parts = dict(p.split("=", 1) for p in message["headers"]["X-Referee-Signature"].split(","))
    expected = hmac.new(
        secret.encode(), f"{parts['t']}.".encode() + message["body"], hashlib.sha256
    ).hexdigest()
    assert hmac.compare_digest(expected, parts["v1"])
    assert abs(time.time() - int(parts["t"])) < 300
    return json.loads(message["body"])


@pytest.mark.django_db
def test_a_published_round_is_delivered_signed(
    receiver, published_round, django_capture_on_commit_callbacks
):
    from tests.tournaments.factories import RoundFactory, TableFactory
    from tournaments.seating.services import round_publish

    event = published_round.event
    hook = webhook_create(event=event, url=receiver.url, topics=["round.published"])
    draft = RoundFactory(event=event)
    TableFactory(round=draft)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=draft.pk)
    messages = receiver.wait(1)
    assert len(messages) == 1
    body = verify(hook.secret, messages[0])
    assert body["topic"] == "round.published" and body["data"]["round"] == draft.number
    assert messages[0]["headers"]["X-Referee-Topic"] == "round.published"
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "delivered" and delivery.attempts == 1
    # A tampered body does not verify.
    with pytest.raises(AssertionError):
        verify(hook.secret, {**messages[0], "body": messages[0]["body"] + b" "})


@pytest.mark.django_db
def test_webhook_addresses_and_topics_are_checked(event, settings):
    with pytest.raises(ValidationError) as bad_topic:
        webhook_create(event=event, url="https://example.org/x", topics=["round.deleted"])
    assert "topics" in bad_topic.value.message_dict
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    for url in ("http://127.0.0.1:9/x", "http://10.0.0.8/x", "ftp://example.org/x"):
        with pytest.raises(ValidationError) as bad_url:
            webhook_create(event=event, url=url, topics=["event.finished"])
        assert "url" in bad_url.value.message_dict


@pytest.mark.realstack
@pytest.mark.django_db(transaction=True)
def test_released_results_are_retried_after_a_500_until_delivered(real_celery_worker):
    from tests.tournaments.results.helpers import (
        imhotep_sheet,
        make_event,
        make_table,
        seat_registrations,
    )
    from tournaments.events.access import Actor
    from tournaments.results.services.results import result_submit

    server = Receiver(failures=1)
    try:
        event = make_event("imhotep", policy="none")  # a submission counts at once
        table = make_table(event)
        seat_registrations(table)
        hook = webhook_create(event=event, url=server.url, topics=["results.released"])
        result_submit(
            table_id=table.pk,
            kind="sheet",
            payload=imhotep_sheet(),
            actor=Actor(judge_table_id=table.pk),
        )
        messages = server.wait(2)
        assert len(messages) == 2, real_celery_worker.log()[-2000:]
        first, second = (verify(hook.secret, m) for m in messages)
        assert first == second and second["data"]["tables"] == [table.number]
        delivery = real_celery_worker.wait_for(
            lambda: WebhookDelivery.objects.filter(status="delivered").first()
        )
        assert delivery.attempts == 2 and delivery.last_status_code == 204
    finally:
        server.close()
