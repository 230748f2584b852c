"""API tokens and webhooks: how a café's website, bots and scoreboards reach an event.

A token's secret is shown once and stored only as its SHA-256 (a token is 256 random
bits, so a fast hash is enough; nothing to salt against). A webhook's secret signs every
delivery (HMAC-SHA256 over the timestamp and the body).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.events.models import Event

TOPICS = ("round.published", "results.released", "standings.updated", "event.finished")
PING_TOPIC = "ping"  # a test message an organizer sends on demand; no hook subscribes to it


def new_webhook_secret() -> str:
    return secrets.token_urlsafe(32)


class ApiToken(models.Model):
    """A named key an organizer gives one tool: one event or all of theirs, read or write."""

    name = models.CharField(_("name"), max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="api_tokens"
    )  # None: every event the user organizes
    can_write = models.BooleanField(_("may change data"), default=False)
    key_prefix = models.CharField(max_length=12)  # shown in lists, to tell tokens apart
    key_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="api_token_name_not_blank"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.key_prefix}…)"

    @property
    def actor_label(self) -> str:
        """How the action log names a write made with this token."""
        return f"api-token:{self.name} (user:{self.user.get_username()})"[:120]


class Webhook(models.Model):
    """A URL that is told when something happens in one event."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(_("URL"), max_length=500)
    topics = models.JSONField(_("topics"), default=list)
    secret = models.CharField(max_length=64, default=new_webhook_secret, editable=False)
    active = models.BooleanField(default=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "created"]
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")

    def __str__(self) -> str:
        return f"{self.event}: {self.url}"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    DELIVERED = "delivered", _("Delivered")
    FAILED = "failed", _("Failed")


class WebhookDelivery(models.Model):
    """One message to one webhook, with every attempt's outcome (the delivery log)."""

    Status = DeliveryStatus

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    topic = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=DeliveryStatus.values), name="webhook_delivery_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.topic} → {self.webhook.url}: {self.status}"
