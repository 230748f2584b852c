"""Webhooks through the API: registered, changed, disabled, deleted and their delivery log
read with a read-write token for the event; the console's checks; every other token
refused; a hook made through the API gets a signed delivery on a real HTTP server."""

from __future__ import annotations

import pytest

from tests.tournaments.integrations.test_api_tokens import bearer, organizer
from tests.tournaments.integrations.test_webhooks import Receiver, verify
from tournaments.events.models import EventRole
from tournaments.integrations.models import Webhook, WebhookDelivery
from tournaments.integrations.services import token_create, webhook_create
from tournaments.results.models import ActionLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def owned(published_round):
    """Two events organized by one person; a read-write token for the first."""
    from tests.tournaments.factories import EventFactory

    owner = organizer("mona")
    event_a, event_b = published_round.event, EventFactory()
    for event in (event_a, event_b):
        EventRole.objects.create(user=owner, event=event, role="organizer")
    _token, key = token_create(user=owner, name="discord bot", event=event_a, can_write=True)
    return owner, event_a, event_b, bearer(key)


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.close()


def test_register_change_disable_read_the_log_and_delete(owned, receiver):
    _owner, event, _b, api = owned
    base = f"/api/events/{event.slug}/webhooks/"
    created = api.post(base, {"url": receiver.url, "topics": ["round.published"]}, format="json")
    assert created.status_code == 201, created.content
    hook = Webhook.objects.get(event=event)
    assert created.json()["secret"] == hook.secret and created.json()["active"] is True
    # The secret is shown once: never in a list or a read.
    listed = api.get(base)
    assert [h["id"] for h in listed.json()] == [hook.pk]
    assert hook.secret not in listed.content.decode()
    assert hook.secret not in api.get(f"{base}{hook.pk}/").content.decode()

    changed = api.patch(f"{base}{hook.pk}/", {"topics": ["round.published", "event.finished"],
                        "url": receiver.url + "/v2"}, format="json")  # fmt: skip
    assert changed.status_code == 200, changed.content
    hook.refresh_from_db()
    assert hook.topics == ["round.published", "event.finished"] and hook.url.endswith("/v2")
    disabled = api.patch(f"{base}{hook.pk}/", {"active": False}, format="json")
    assert disabled.json()["active"] is False
    hook.refresh_from_db()
    assert hook.active is False

    WebhookDelivery.objects.create(webhook=hook, topic="round.published", status="failed",
                                   attempts=8, last_status_code=500)  # fmt: skip
    log = api.get(f"{base}{hook.pk}/deliveries/").json()
    assert log["count"] == 1 and log["results"][0]["last_status_code"] == 500

    assert api.delete(f"{base}{hook.pk}/").status_code == 204
    assert not Webhook.objects.filter(pk=hook.pk).exists()
    actions = ActionLog.objects.filter(event=event, action__startswith="api:webhook")
    assert list(actions.order_by("pk").values_list("action", flat=True)) == [
        "api:webhook_create", "api:webhook_update", "api:webhook_update", "api:webhook_delete"
    ]  # fmt: skip
    assert set(actions.values_list("actor", flat=True)) == {"api-token:discord bot (user:mona)"}
    assert hook.secret not in str(list(actions.values_list("data", flat=True)))


def test_the_consoles_checks_name_the_field(owned, settings):
    _owner, event, _b, api = owned
    base = f"/api/events/{event.slug}/webhooks/"
    bad_topic = api.post(base, {"url": "https://example.org/x", "topics": ["round.deleted"]},
                         format="json")  # fmt: skip
    assert bad_topic.status_code == 400 and bad_topic.json()["field"] == "topics"
    assert "round.published" in bad_topic.json()["message"]
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    for url in ("http://127.0.0.1:9/x", "http://192.168.1.20/hook", "ftp://example.org/x"):
        refused = api.post(base, {"url": url, "topics": ["event.finished"]}, format="json")
        assert refused.status_code == 400 and refused.json()["field"] == "url", url
    assert not Webhook.objects.exists()
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    hook = webhook_create(event=event, url="http://127.0.0.1:9/x", topics=["event.finished"])
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    moved = api.patch(f"{base}{hook.pk}/", {"url": "http://10.0.0.8/x"}, format="json")
    assert moved.status_code == 400 and moved.json()["field"] == "url"
    hook.refresh_from_db()
    assert hook.url == "http://127.0.0.1:9/x"


@pytest.mark.parametrize("label", ["other event", "read only", "another organizer"])
def test_every_webhook_endpoint_refuses_tokens_out_of_scope(owned, label):
    owner, event, event_b, _api = owned
    if label == "other event":
        _t, key = token_create(user=owner, name="b only", event=event_b, can_write=True)
    elif label == "read only":
        _t, key = token_create(user=owner, name="reader", event=event, can_write=False)
    else:
        stranger = organizer("stranger")
        EventRole.objects.create(user=stranger, event=event_b, role="organizer")
        _t, key = token_create(user=stranger, name="theirs", event=None, can_write=True)
    api = bearer(key)
    hook = webhook_create(event=event, url="https://example.org/x", topics=["event.finished"])
    base = f"/api/events/{event.slug}/webhooks/"
    calls = [
        ("get", base, None),
        ("post", base, {"url": "https://example.org/y", "topics": ["event.finished"]}),
        ("get", f"{base}{hook.pk}/", None),
        ("patch", f"{base}{hook.pk}/", {"active": False}),
        ("delete", f"{base}{hook.pk}/", None),
        ("get", f"{base}{hook.pk}/deliveries/", None),
    ]
    for method, path, body in calls:
        response = getattr(api, method)(path, body, format="json")
        assert response.status_code == 403, (label, method, path, response.status_code)
        assert hook.secret not in response.content.decode()
    hook.refresh_from_db()
    assert hook.active and Webhook.objects.filter(event=event).count() == 1
    if label == "read only":  # the refusal says why, in the caller's language
        for language, words in (("en", "read-write API token"), ("ja", "読み書き")):
            answer = api.get(base, headers={"Accept-Language": language})
            assert words in answer.json()["detail"], language


def test_a_hook_is_reached_only_through_its_own_event(owned):
    owner, event, event_b, _api = owned
    _t, key = token_create(user=owner, name="all mine", event=None, can_write=True)
    api = bearer(key)
    hook = webhook_create(event=event, url="https://example.org/x", topics=["event.finished"])
    other = f"/api/events/{event_b.slug}/webhooks/{hook.pk}/"
    assert api.get(other).status_code == 404
    assert api.delete(other).status_code == 404
    assert Webhook.objects.filter(pk=hook.pk).exists()


def test_a_hook_registered_through_the_api_gets_a_signed_delivery(
    owned, receiver, django_capture_on_commit_callbacks
):
    from tests.tournaments.factories import RoundFactory, TableFactory
    from tournaments.seating.services import round_publish

    _owner, event, _b, api = owned
    created = api.post(
        f"/api/events/{event.slug}/webhooks/",
        {"url": receiver.url, "topics": ["round.published"]},
        format="json",
    )
    secret = created.json()["secret"]
    draft = RoundFactory(event=event)
    TableFactory(round=draft)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=draft.pk)
    messages = receiver.wait(1)
    assert len(messages) == 1
    body = verify(secret, messages[0])
    assert body["topic"] == "round.published" and body["data"]["round"] == draft.number
    log = api.get(f"/api/events/{event.slug}/webhooks/{created.json()['id']}/deliveries/")
    delivery = log.json()["results"][0]
    assert (delivery["status"], delivery["attempts"], delivery["last_status_code"]) == (
        "delivered", 1, 204
    )  # fmt: skip

    # Disabled through the API: the next publication tells it nothing.
    api.patch(f"/api/events/{event.slug}/webhooks/{created.json()['id']}/",
              {"active": False}, format="json")  # fmt: skip
    later = RoundFactory(event=event)
    TableFactory(round=later)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=later.pk)
    assert WebhookDelivery.objects.count() == 1 and len(receiver.received) == 1
