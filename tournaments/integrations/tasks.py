"""Webhook deliveries: one POST per delivery, retried with back-off until it lands.

Signed like Stripe's and GitHub's: ``X-Referee-Signature: t=<unix time>,v1=<hex>`` where
``v1 = HMAC-SHA256(secret, "<t>.<body>")``. A receiver recomputes it and refuses a stale
``t`` (replay). Safe to run twice: a delivered delivery is not sent again.

Each attempt resolves the host once, checks that address (``webhook_address``) and
connects to it, with the URL's host name in the ``Host`` header and for TLS (SNI and the
certificate check). No redirect is followed: a 3xx is a failed delivery, and nothing a
redirect points at is fetched. A URL that can never be delivered (unparseable, not a
public address) fails at once instead of being retried.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import socket
import ssl
import time

from celery import shared_task
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from tournaments.integrations import webhook_address
from tournaments.integrations.models import WebhookDelivery

MAX_ATTEMPTS = 8
TIMEOUT_SECONDS = 5


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def backoff_seconds(attempt: int) -> int:
    """2, 4, 8 … seconds, at most 10 minutes."""
    return min(2**attempt, 600)


REDIRECT_NOT_FOLLOWED = "redirect not followed"
# Refusals that the next attempt would meet again: the delivery fails without retries.
FINAL_REFUSALS = (webhook_address.UNPARSEABLE, webhook_address.NOT_PUBLIC)


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """An HTTP connection to one checked address, whatever the host name resolves to now."""

    def __init__(self, host: str, port: int, address: str, **kwargs) -> None:
        super().__init__(host, port, **kwargs)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: str, **kwargs) -> None:
        super().__init__(host, port, context=ssl.create_default_context(), **kwargs)
        self._address = address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        # The certificate is checked against the URL's host name, sent as SNI.
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def _body(delivery: WebhookDelivery) -> bytes:
    return json.dumps(
        {"id": delivery.pk, "topic": delivery.topic, "data": delivery.payload},
        cls=DjangoJSONEncoder,
        ensure_ascii=False,
    ).encode()


def _post(delivery: WebhookDelivery) -> tuple[int | None, str]:
    """One attempt: the receiver's status code (None when none came) and what went wrong."""
    try:
        target, address = webhook_address.check(delivery.webhook.url)
    except webhook_address.AddressRefused as refused:
        return None, refused.reason
    body = _body(delivery)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "referee-webhooks/1",
        "X-Referee-Topic": delivery.topic,
        "X-Referee-Delivery": str(delivery.pk),
        "X-Referee-Signature": signature(delivery.webhook.secret, int(time.time()), body),
    }
    connection_class = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
    connection = connection_class(target.host, target.port, address, timeout=TIMEOUT_SECONDS)
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        status = connection.getresponse().status
    except (OSError, http.client.HTTPException) as error:
        return None, str(getattr(error, "reason", None) or error)[:300]
    finally:
        connection.close()
    if 300 <= status < 400:
        return status, REDIRECT_NOT_FOLLOWED
    return status, "" if 200 <= status < 300 else f"HTTP {status}"


@shared_task(name="integrations.webhook_deliver", bind=True, max_retries=MAX_ATTEMPTS - 1)
def webhook_deliver_task(self, delivery_id: int) -> str | None:
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status == WebhookDelivery.Status.DELIVERED:
        return None
    code, error = _post(delivery)
    delivery.attempts += 1
    delivery.last_status_code = code
    delivery.last_error = error
    if code is not None and 200 <= code < 300:
        delivery.status = WebhookDelivery.Status.DELIVERED
        delivery.delivered_at = timezone.now()
        delivery.save()
        return delivery.status
    # In-process (no broker: the embedded default) a retry would block the request that
    # caused it: one attempt there, the delivery log shows it failed.
    last_try = (
        delivery.attempts >= MAX_ATTEMPTS or bool(self.request.is_eager) or error in FINAL_REFUSALS
    )
    delivery.status = WebhookDelivery.Status.FAILED if last_try else WebhookDelivery.Status.PENDING
    delivery.save()
    if not last_try:
        raise self.retry(countdown=backoff_seconds(delivery.attempts))
    return delivery.status
