"""Admin for API tokens (never their keys: only a hash is stored) and webhooks."""

from django.contrib import admin

from tournaments.integrations.models import ApiToken, Webhook, WebhookDelivery


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "key_prefix", "user", "event", "can_write", "revoked_at"]
    readonly_fields = ["key_prefix", "key_hash", "created", "last_used_at"]
    raw_id_fields = ["user", "event"]


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ["event", "url", "active", "created"]
    raw_id_fields = ["event"]


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ["created", "topic", "webhook", "status", "attempts", "last_status_code"]
    list_filter = ["status", "topic"]
    raw_id_fields = ["webhook"]
