"""Webhook tools an organizer needs (issue 30): a test message, sending a failed delivery
again, a new signing secret — through the API and on the console page, against a real
receiver."""

from __future__ import annotations

import pytest

from tests.tournaments.integrations.test_webhooks import Receiver, verify
from tests.tournaments.integrations.test_webhooks_api import owned  # noqa: F401 - a fixture
from tournaments.integrations.models import Webhook, WebhookDelivery
from tournaments.integrations.services import token_create, webhook_create
from tournaments.results.models import ActionLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def flaky():
    """A receiver whose first answer is a 500."""
    server = Receiver(failures=1)
    yield server
    server.close()


def test_ping_redeliver_and_a_new_secret_through_the_api(
    owned,  # noqa: F811
    flaky,
    django_capture_on_commit_callbacks,
):
    _owner, event, _b, api = owned
    base = f"/api/events/{event.slug}/webhooks/"
    created = api.post(base, {"url": flaky.url, "topics": ["event.finished"], "active": False},
                       format="json").json()  # fmt: skip
    hook_url = f"{base}{created['id']}/"

    # A ping goes out even while the hook is disabled; the receiver answers 500 first.
    with django_capture_on_commit_callbacks(execute=True):
        pinged = api.post(f"{hook_url}ping/")
    assert pinged.status_code == 202 and pinged.json()["topic"] == "ping"
    delivery = WebhookDelivery.objects.get(pk=pinged.json()["id"])
    assert (delivery.status, delivery.last_status_code) == ("failed", 500)
    first = verify(created["secret"], flaky.wait(1)[0])
    assert first == {"id": delivery.pk, "topic": "ping",
                     "data": {"event": event.slug, "webhook": created["id"]}}  # fmt: skip

    # A new secret; the failed ping sent again is the same message, signed with it.
    rotated = api.post(f"{hook_url}secret/")
    assert rotated.status_code == 200 and rotated.json()["secret"] != created["secret"]
    assert Webhook.objects.get(pk=created["id"]).secret == rotated.json()["secret"]
    with django_capture_on_commit_callbacks(execute=True):
        again = api.post(f"{hook_url}deliveries/{delivery.pk}/redeliver/")
    assert again.status_code == 202
    second = flaky.wait(2)[1]
    assert verify(rotated.json()["secret"], second) == first
    with pytest.raises(AssertionError):
        verify(created["secret"], second)  # the old secret verifies nothing more
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 2)

    # Only a failed delivery is sent again.
    refused = api.post(f"{hook_url}deliveries/{delivery.pk}/redeliver/")
    assert refused.status_code == 409 and refused.json()["field"] == "delivery"
    actions = set(ActionLog.objects.filter(event=event).values_list("action", flat=True))
    assert {"api:webhook_ping", "api:webhook_rotate_secret", "api:webhook_redeliver"} <= actions
    assert not ActionLog.objects.filter(data__icontains=rotated.json()["secret"]).exists()


def test_the_tools_refuse_read_only_and_other_events_tokens(owned):  # noqa: F811
    owner, event, event_b, _api = owned
    from tests.tournaments.integrations.test_api_tokens import bearer

    hook = webhook_create(event=event, url="https://example.org/x", topics=["event.finished"])
    delivery = WebhookDelivery.objects.create(webhook=hook, topic="event.finished",
                                              status="failed")  # fmt: skip
    _t, reader = token_create(user=owner, name="reader", event=event, can_write=False)
    _t, other = token_create(user=owner, name="b only", event=event_b, can_write=True)
    base = f"/api/events/{event.slug}/webhooks/{hook.pk}/"
    for key in (reader, other):
        for path in ("ping/", "secret/", f"deliveries/{delivery.pk}/redeliver/"):
            assert bearer(key).post(base + path).status_code == 403, path
    _t, all_mine = token_create(user=owner, name="all", event=None, can_write=True)
    elsewhere = f"/api/events/{event_b.slug}/webhooks/{hook.pk}/"
    assert bearer(all_mine).post(elsewhere + "ping/").status_code == 404
    assert WebhookDelivery.objects.count() == 1
    assert Webhook.objects.get(pk=hook.pk).secret == hook.secret


def test_the_console_page_pings_redelivers_and_rotates_in_japanese(
    client, event, flaky, django_capture_on_commit_callbacks
):
    from django.contrib.auth import get_user_model

    from tournaments.events.models import EventRole

    user = get_user_model().objects.create_user("mina", password="pw")
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    url = f"/ja/console/{event.slug}/api-access/"
    hook = webhook_create(event=event, url=flaky.url, topics=["event.finished"])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "webhook-ping", "webhook": hook.pk})
    html = client.get(url).content.decode()
    assert "テストメッセージを送りました" in html and "テストメッセージ</td>" in html
    assert "再送する" in html  # the failed ping (500) can be sent again
    delivery = WebhookDelivery.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "delivery-redeliver", "delivery": delivery.pk})
    delivery.refresh_from_db()
    assert delivery.status == "delivered" and len(flaky.received) == 2
    client.post(url, {"action": "webhook-secret", "webhook": hook.pk})
    assert Webhook.objects.get(pk=hook.pk).secret != hook.secret
    page = client.post(url, {"action": "delivery-redeliver", "delivery": delivery.pk},
                       follow=True)  # fmt: skip
    assert "再送できるのは送信に失敗したものだけです" in page.content.decode()
