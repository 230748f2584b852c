"""The console page where an organizer makes API tokens and webhooks (in Japanese)."""

from __future__ import annotations

import re

import pytest

from tournaments.events.models import EventRole
from tournaments.integrations.models import ApiToken, Webhook

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer_client(client, event):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("mina", password="pw")
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    return client


def test_a_token_is_shown_once_and_kept_hashed(organizer_client, event):
    url = f"/ja/console/{event.slug}/api-access/"
    page = organizer_client.get(url)
    assert page.status_code == 200 and "API トークン" in page.content.decode()
    made = organizer_client.post(
        url, {"action": "token-create", "name": "店のサイト", "scope": "event", "access": "read"}
    )
    html = made.content.decode()
    key = re.search(r"<code>(rfr_[\w-]+)</code>", html).group(1)
    token = ApiToken.objects.get()
    assert token.event == event and not token.can_write and key not in token.key_hash
    assert key not in organizer_client.get(url).content.decode()  # never shown again
    organizer_client.post(url, {"action": "token-revoke", "token": token.pk})
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_webhook_form_reports_errors_in_japanese(organizer_client, event):
    url = f"/ja/console/{event.slug}/api-access/"
    response = organizer_client.post(
        url,
        {"action": "webhook-create", "url": "notaurl", "topics": ["round.published"]},
        follow=True,
    )
    assert "http:// または https://" in response.content.decode()
    assert not Webhook.objects.exists()


def test_only_the_events_organizers_may_open_it(client, event):
    from django.contrib.auth import get_user_model

    url = f"/ja/console/{event.slug}/api-access/"
    assert client.get(url).status_code == 302  # to the login page
    judge = get_user_model().objects.create_user("judge", password="pw")
    EventRole.objects.create(user=judge, event=event, role="head_judge")
    client.force_login(judge)
    assert client.get(url).status_code == 403


def test_the_topics_are_named_in_each_pages_language(organizer_client, event):
    """The labels are read per request: /en/ after /ja/ in one process is English, and
    the webhook's row and the delivery log name topics by label, not by API key."""
    from tournaments.integrations.models import WebhookDelivery

    hook = Webhook.objects.create(
        event=event, url="https://example.org/h", topics=["event.finished"]
    )
    WebhookDelivery.objects.create(webhook=hook, topic="event.finished")
    ja = organizer_client.get(f"/ja/console/{event.slug}/api-access/").content.decode()
    en = organizer_client.get(f"/en/console/{event.slug}/api-access/").content.decode()
    assert "event.finished<" not in ja and "event.finished<" not in en
    assert "the event is finished" in en and "the event is finished" not in ja
