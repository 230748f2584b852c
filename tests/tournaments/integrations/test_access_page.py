"""The console page where an organizer makes API tokens and webhooks (in Japanese)."""

from __future__ import annotations

import re

import pytest
from django.utils.html import escape

from tournaments.events.models import EventRole
from tournaments.integrations.models import ApiToken, Webhook
from tournaments.integrations.tasks import TIMEOUT_SECONDS

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
    assert "http:// または https://" in response.content.decode()  # the form again, in Japanese
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


# Network errors as urllib reports them (str(error.reason)), taken from real failed
# requests: a closed port, a name that does not resolve, a TLS handshake that timed out.
NETWORK_ERRORS = [
    ("[Errno 111] Connection refused", "接続を拒否されました", "the connection was refused"),
    (
        "[Errno -2] Name or service not known",
        "ホスト名が見つかりませんでした",
        "the address's host name was not found",
    ),
    # The delivery's own refusals (tournaments/integrations/webhook_address.py, tasks.py).
    ("address refused: not a public internet address",
     "公開アドレスではありません", "not a public internet address"),
    ("address refused: not a plain http(s) url",
     "有効な http:// または https:// のアドレスではありません",
     "not a valid http:// or https:// address"),
    ("redirect not followed", "リダイレクト", "answered with a redirect"),
    ("host name not found", "ホスト名が見つかりませんでした",
     "the address's host name was not found"),
    ("_ssl.c:989: The handshake operation timed out",
     f"{TIMEOUT_SECONDS}秒以内に応答がありませんでした",
     f"no answer within {TIMEOUT_SECONDS} seconds"),
]  # fmt: skip


@pytest.mark.parametrize(("error", "ja_text", "en_text"), NETWORK_ERRORS)
def test_a_failed_delivery_says_what_went_wrong_in_the_pages_language(
    organizer_client, event, error, ja_text, en_text
):
    """The delivery log names a network failure in the page's words, never the operating
    system's English message."""
    from tournaments.integrations.models import WebhookDelivery

    hook = Webhook.objects.create(
        event=event, url="https://example.org/h", topics=["event.finished"]
    )
    WebhookDelivery.objects.create(
        webhook=hook, topic="event.finished", status="failed", attempts=1, last_error=error
    )
    pages = {
        language: organizer_client.get(
            f"/{language}/console/{event.slug}/api-access/"
        ).content.decode()
        for language in ("ja", "en")
    }
    deliveries = {
        language: re.search(r'<table class="grid" id="deliveries">.*?</table>', html, re.S).group(0)
        for language, html in pages.items()
    }
    assert ja_text in deliveries["ja"] and escape(en_text) in deliveries["en"]
    assert error not in deliveries["ja"] and error not in deliveries["en"]


def test_the_signature_formulas_placeholders_are_in_the_pages_language(organizer_client, event):
    """The header's syntax is literal; its placeholders (time, secret, body) are words the
    reader must understand, marked as <var> and translated."""
    ja = organizer_client.get(f"/ja/console/{event.slug}/api-access/").content.decode()
    formula = re.search(r"<code>X-Referee-Signature: .*?</code>", ja).group(0)
    assert re.findall(r"<var>([^<]+)</var>", formula) == ["時刻", "秘密鍵", "時刻", "本文"]
