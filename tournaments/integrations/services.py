"""Writes: API tokens (made, revoked) and webhooks (registered, removed, told, pinged,
redelivered, given a new secret)."""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.events import outbox
from tournaments.events.models import Event, EventRole
from tournaments.integrations import webhook_address
from tournaments.integrations.auth import key_hash
from tournaments.integrations.models import (
    PING_TOPIC,
    TOPICS,
    ApiToken,
    Webhook,
    WebhookDelivery,
    new_webhook_secret,
)

KEY_PREFIX = "rfr_"


def organizes(user, event: Event) -> bool:
    return (
        bool(getattr(user, "is_superuser", False))
        or EventRole.objects.filter(user=user, event=event, role=EventRole.Kind.ORGANIZER).exists()
    )


@transaction.atomic
def token_create(*, user, name: str, event: Event | None, can_write: bool) -> tuple[ApiToken, str]:
    """A new token and its key. The key is returned once and never stored."""
    if event is not None and not organizes(user, event):
        raise ValidationError({"event": _("You do not organize this event.")})
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(
        name=name.strip(),
        user=user,
        event=event,
        can_write=can_write,
        key_prefix=key[: len(KEY_PREFIX) + 4],
        key_hash=key_hash(key),
    )
    token.full_clean()
    token.save()
    return token, key


def token_revoke(*, token_id: int, user) -> None:
    ApiToken.objects.filter(pk=token_id, user=user, revoked_at=None).update(
        revoked_at=timezone.now()
    )


def check_webhook_url(url: str) -> None:
    """The address policy of ``webhook_address``, as a refusal naming the field."""
    try:
        webhook_address.check(url)
    except webhook_address.AddressRefused as refused:
        message = {
            webhook_address.UNPARSEABLE: _(
                "Give a full http:// or https:// address, without a user name or password."
            ),
            webhook_address.NOT_FOUND: _("The address's host name was not found."),
        }.get(refused.reason, _("Webhooks may only call public internet addresses."))
        raise ValidationError({"url": message}) from None


def check_webhook_topics(topics: list[str]) -> list[str]:
    """The topics without repeats, or a refusal naming the known ones."""
    if not topics or any(t not in TOPICS for t in topics):
        raise ValidationError({"topics": _("Choose one or more of: %s") % ", ".join(TOPICS)})
    return list(dict.fromkeys(topics))


@transaction.atomic
def webhook_create(*, event: Event, url: str, topics: list[str]) -> Webhook:
    topics = check_webhook_topics(topics)
    check_webhook_url(url)
    hook = Webhook(event=event, url=url, topics=topics)
    hook.full_clean()
    hook.save()
    return hook


@transaction.atomic
def webhook_update(
    *,
    webhook_id: int,
    event: Event,
    url: str | None = None,
    topics: list[str] | None = None,
    active: bool | None = None,
) -> Webhook:
    """Change a webhook's address, topics or whether it is told (``active``), with the
    checks of ``webhook_create``; its signing secret stays. None: leave as it is."""
    hook = Webhook.objects.select_for_update().get(pk=webhook_id, event=event)
    if topics is not None:
        hook.topics = check_webhook_topics(topics)
    if url is not None:
        check_webhook_url(url)
        hook.url = url
    if active is not None:
        hook.active = active
    hook.full_clean()
    hook.save()
    return hook


def webhook_delete(*, webhook_id: int, event: Event) -> None:
    Webhook.objects.filter(pk=webhook_id, event=event).delete()


def webhooks_notify(*, event_id: int, topic: str, payload: dict) -> list[int]:
    """Queue one delivery per active webhook of the event that wants ``topic``; the task
    is enqueued on commit, so a rolled-back change tells nobody."""
    ids = []
    for hook in Webhook.objects.filter(event_id=event_id, active=True):
        if topic in hook.topics:
            delivery = WebhookDelivery.objects.create(webhook=hook, topic=topic, payload=payload)
            ids.append(delivery.pk)
    for delivery_id in ids:
        _send(delivery_id)
    return ids


def _send(delivery_id: int) -> None:
    from tournaments.integrations.tasks import webhook_deliver_task

    outbox.send_on_commit(webhook_deliver_task, (delivery_id,))


@transaction.atomic
def webhook_ping(*, webhook_id: int, event: Event) -> WebhookDelivery:
    """A test message (topic ``ping``) to the webhook, active or not, through the same
    delivery as any other: signed, logged, with the same address checks."""
    hook = Webhook.objects.get(pk=webhook_id, event=event)
    delivery = WebhookDelivery.objects.create(
        webhook=hook, topic=PING_TOPIC, payload={"event": event.slug, "webhook": hook.pk}
    )
    _send(delivery.pk)
    return delivery


@transaction.atomic
def webhook_redeliver(*, delivery_id: int, event: Event) -> WebhookDelivery:
    """Send a failed delivery again: the same message (same id, so a receiver can tell a
    repeat), signed anew; its attempts keep counting. Only a failed one: a pending
    delivery is still being tried, a delivered one arrived."""
    delivery = WebhookDelivery.objects.select_for_update().get(pk=delivery_id, webhook__event=event)
    if delivery.status != WebhookDelivery.Status.FAILED:
        raise ValidationError({"delivery": _("Only a failed delivery can be sent again.")})
    delivery.status = WebhookDelivery.Status.PENDING
    delivery.save(update_fields=["status"])
    _send(delivery.pk)
    return delivery


@transaction.atomic
def webhook_rotate_secret(*, webhook_id: int, event: Event) -> Webhook:
    """A new signing secret; every message sent from now on (retries included) is signed
    with it, the old one verifies nothing more."""
    hook = Webhook.objects.select_for_update().get(pk=webhook_id, event=event)
    hook.secret = new_webhook_secret()
    hook.save(update_fields=["secret"])
    return hook
