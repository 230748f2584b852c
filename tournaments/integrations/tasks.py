"""Webhook deliveries: one POST per delivery, retried with back-off until it lands.

Signed like Stripe's and GitHub's: ``X-Referee-Signature: t=<unix time>,v1=<hex>`` where
``v1 = HMAC-SHA256(secret, "<t>.<body>")``. A receiver recomputes it and refuses a stale
``t`` (replay). Safe to run twice: a delivered delivery is not sent again.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import urllib.error
import urllib.request

from celery import shared_task
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from tournaments.integrations.models import WebhookDelivery

MAX_ATTEMPTS = 8
TIMEOUT_SECONDS = 5


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def backoff_seconds(attempt: int) -> int:
    """2, 4, 8 … seconds, at most 10 minutes."""
    return min(2**attempt, 600)


def _post(delivery: WebhookDelivery) -> tuple[int | None, str]:
    body = json.dumps(
        {"id": delivery.pk, "topic": delivery.topic, "data": delivery.payload},
        cls=DjangoJSONEncoder,
        ensure_ascii=False,
    ).encode()
    request = urllib.request.Request(
        delivery.webhook.url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "referee-webhooks/1",
            "X-Referee-Topic": delivery.topic,
            "X-Referee-Delivery": str(delivery.pk),
            "X-Referee-Signature": signature(delivery.webhook.secret, int(time.time()), body),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:  # noqa: S310
            return response.status, ""
    except urllib.error.HTTPError as error:
        return error.code, f"HTTP {error.code}"
    except (urllib.error.URLError, OSError) as error:
        return None, str(getattr(error, "reason", error))[:300]


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
    last_try = delivery.attempts >= MAX_ATTEMPTS or bool(self.request.is_eager)
    delivery.status = WebhookDelivery.Status.FAILED if last_try else WebhookDelivery.Status.PENDING
    delivery.save()
    if not last_try:
        raise self.retry(countdown=backoff_seconds(delivery.attempts))
    return delivery.status
