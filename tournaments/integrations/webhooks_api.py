"""Webhooks through the API: what the console page *API and webhooks* does, for a tool
holding a read-write token for the event (or the organizer's session).

Reads need a read-write token too: a webhook's address is often a credential itself (a
chat service's incoming-webhook URL carries its key), and the delivery log shows it. The
signing secret is in the answer to the creation only, never again. The checks are the
console's (``services.webhook_create``/``webhook_update``: public addresses only unless
``WEBHOOK_ALLOW_PRIVATE_ADDRESSES``, known topics).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response

from tournaments.events.models import Event
from tournaments.integrations import services
from tournaments.integrations.api import OrganizerApi, refusal
from tournaments.integrations.models import TOPICS, ApiToken, Webhook, WebhookDelivery

REFUSAL = {
    "type": "object",
    "properties": {
        "code": {"type": "string"},
        "message": {"type": "string"},
        "field": {"type": "string"},
        "errors": {"type": "object"},
        "detail": {"type": "string"},
    },
}
HOOK = {
    "id": 4,
    "url": "https://bot.cairo-cafe.example/referee",
    "topics": ["round.published", "results.released"],
    "active": True,
    "created": "2026-11-27T18:02:11+09:00",
}
SECRET = "q3Vn0yJ8m2kX7c1ZpR4tB6wH9sL5dA0fE2gU8iO3"
DELIVERY = {
    "id": 57,
    "topic": "round.published",
    "status": "delivered",
    "attempts": 2,
    "last_status_code": 204,
    "last_error": "",
    "created": "2026-11-27T19:05:01+09:00",
    "delivered_at": "2026-11-27T19:05:04+09:00",
    "payload": {
        "event": "cairo-cafe-open",
        "round": 1,
        "seating": "/api/events/cairo-cafe-open/rounds/1/seating/",
    },
}


def answer(name: str, value, code: int) -> OpenApiExample:
    return OpenApiExample(name, value=value, response_only=True, status_codes=[str(code)])


PRIVATE_REFUSED = answer(
    "Address refused",
    {
        "code": "invalid",
        "message": "Webhooks may only call public internet addresses.",
        "field": "url",
        "errors": {"url": ["Webhooks may only call public internet addresses."]},
    },
    400,
)
READ_ONLY_REFUSED = answer(
    "Read-only token", {"detail": "Webhooks need a read-write API token."}, 403
)


class WebhookIn(serializers.Serializer):
    url = serializers.CharField(max_length=500, help_text="http:// or https://, public")
    # Checked by the service, as on the console page (one message naming every topic).
    topics = serializers.ListField(
        child=serializers.CharField(max_length=40),
        min_length=1,
        max_length=10,
        help_text="one or more of: " + ", ".join(TOPICS),
    )
    active = serializers.BooleanField(
        required=False, help_text="false: registered but not told (disabled)"
    )


class WebhookOut(serializers.ModelSerializer):
    class Meta:
        model = Webhook
        fields = ["id", "url", "topics", "active", "created"]


class WebhookCreatedOut(WebhookOut):
    secret = serializers.CharField(help_text="signs every delivery; shown this once")

    class Meta(WebhookOut.Meta):
        fields = [*WebhookOut.Meta.fields, "secret"]


class DeliveryOut(serializers.ModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = ["id", "topic", "status", "attempts", "last_status_code", "last_error",
                  "created", "delivered_at", "payload"]  # fmt: skip


class DeliveryPageOut(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = DeliveryOut(many=True)


class DeliveryPagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 200


class WebhookApiBase(OrganizerApi):
    def organized_event(self, slug: str) -> Event:
        if isinstance(self.request.auth, ApiToken) and not self.request.auth.can_write:
            self.permission_denied(self.request, message=_("Webhooks need a read-write API token."))
        return super().organized_event(slug)

    def hook(self, slug: str, webhook_id: int) -> tuple[Event, Webhook]:
        event = self.organized_event(slug)
        return event, get_object_or_404(Webhook, pk=webhook_id, event=event)

    def refused(self, error: ValidationError) -> Response:
        errors = error.message_dict
        field = next(iter(errors))
        return refusal("invalid", " ".join(errors[field]), field=field, errors=errors)


class WebhookListApi(WebhookApiBase):
    """The event's webhooks (GET) or a new one (POST; its signing secret is in this answer
    only)."""

    @extend_schema(
        responses={200: WebhookOut(many=True), 403: REFUSAL},
        examples=[answer("Webhooks", HOOK, 200), READ_ONLY_REFUSED],
        operation_id="webhooks_list",
    )
    def get(self, request, slug: str):
        hooks = Webhook.objects.filter(event=self.organized_event(slug)).order_by("created")
        return Response(WebhookOut(hooks, many=True).data)

    @extend_schema(
        request=WebhookIn,
        responses={201: WebhookCreatedOut, 400: REFUSAL, 403: REFUSAL},
        examples=[
            OpenApiExample(
                "A bot that posts pairings and results",
                value={"url": HOOK["url"], "topics": HOOK["topics"]},
                request_only=True,
            ),
            answer("Registered", {**HOOK, "secret": SECRET}, 201),
            PRIVATE_REFUSED,
            READ_ONLY_REFUSED,
        ],
        operation_id="webhook_create",
    )
    def post(self, request, slug: str):
        event = self.organized_event(slug)
        data = WebhookIn(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        try:
            hook = services.webhook_create(event=event, url=d["url"].strip(), topics=d["topics"])
            if d.get("active") is False:
                hook = services.webhook_update(webhook_id=hook.pk, event=event, active=False)
        except ValidationError as error:
            return self.refused(error)
        body = {**WebhookOut(hook).data, "secret": hook.secret}
        response = Response(body, status=status.HTTP_201_CREATED)
        return self.logged(event, "webhook_create", response, **_logged(hook))


def _logged(hook: Webhook) -> dict:
    """What the action log keeps of a webhook: never its secret nor its full address (a
    chat service's webhook URL carries its key), only the host."""
    return {"webhook": hook.pk, "host": urlsplit(hook.url).hostname, "topics": hook.topics,
            "active": hook.active}  # fmt: skip


class WebhookDetailApi(WebhookApiBase):
    """One webhook: read, change (address, topics, ``active``: false disables it), delete."""

    @extend_schema(responses={200: WebhookOut, 403: REFUSAL}, operation_id="webhook_detail")
    def get(self, request, slug: str, webhook_id: int):
        _event, hook = self.hook(slug, webhook_id)
        return Response(WebhookOut(hook).data)

    @extend_schema(
        request=WebhookIn(partial=True),
        responses={200: WebhookOut, 400: REFUSAL, 403: REFUSAL},
        examples=[
            OpenApiExample("Disable", value={"active": False}, request_only=True),
            OpenApiExample(
                "Standings too", value={"topics": [*HOOK["topics"], "standings.updated"]},
                request_only=True,
            ),
            answer("Disabled", {**HOOK, "active": False}, 200),
            PRIVATE_REFUSED,
        ],
        operation_id="webhook_update",
    )  # fmt: skip
    def patch(self, request, slug: str, webhook_id: int):
        event, hook = self.hook(slug, webhook_id)
        data = WebhookIn(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        try:
            hook = services.webhook_update(
                webhook_id=hook.pk,
                event=event,
                url=d["url"].strip() if "url" in d else None,
                topics=d.get("topics"),
                active=d.get("active"),
            )
        except ValidationError as error:
            return self.refused(error)
        response = Response(WebhookOut(hook).data)
        return self.logged(event, "webhook_update", response, **_logged(hook))

    @extend_schema(responses={204: None, 403: REFUSAL}, operation_id="webhook_delete")
    def delete(self, request, slug: str, webhook_id: int):
        event, hook = self.hook(slug, webhook_id)
        logged = _logged(hook)
        services.webhook_delete(webhook_id=hook.pk, event=event)
        response = Response(status=status.HTTP_204_NO_CONTENT)
        return self.logged(event, "webhook_delete", response, **logged)


class WebhookDeliveriesApi(WebhookApiBase):
    """A webhook's delivery log, newest first: each message's status, attempts and the
    receiver's last answer."""

    @extend_schema(
        responses={200: DeliveryPageOut, 403: REFUSAL},
        examples=[
            answer(
                "Delivered on the second attempt",
                {"count": 1, "next": None, "previous": None, "results": [DELIVERY]},
                200,
            )
        ],
        operation_id="webhook_deliveries",
    )
    def get(self, request, slug: str, webhook_id: int):
        _event, hook = self.hook(slug, webhook_id)
        paginator = DeliveryPagination()
        page = paginator.paginate_queryset(hook.deliveries.order_by("-created", "-id"), request)
        return Response(
            {
                "count": paginator.count,
                "next": paginator.get_next_link(),
                "previous": paginator.get_previous_link(),
                "results": DeliveryOut(page, many=True).data,
            }
        )


class WebhookPingApi(WebhookApiBase):
    """Send a test message (topic ``ping``) now, to check the address and the signature
    check; it is in the delivery log like any other. Disabled webhooks may be pinged."""

    @extend_schema(
        request=None,
        responses={202: DeliveryOut, 403: REFUSAL, 404: REFUSAL},
        examples=[answer("Queued", {**DELIVERY, "topic": "ping", "status": "pending",
                                    "attempts": 0, "last_status_code": None,
                                    "delivered_at": None,
                                    "payload": {"event": "cairo-cafe-open", "webhook": 4}},
                         202)],
        operation_id="webhook_ping",
    )  # fmt: skip
    def post(self, request, slug: str, webhook_id: int):
        event, hook = self.hook(slug, webhook_id)
        delivery = services.webhook_ping(webhook_id=hook.pk, event=event)
        response = Response(DeliveryOut(delivery).data, status=status.HTTP_202_ACCEPTED)
        return self.logged(event, "webhook_ping", response, **_logged(hook))


class WebhookRedeliverApi(WebhookApiBase):
    """Send a failed delivery again (the same message and id, signed anew); 409 for one
    that is pending or delivered."""

    @extend_schema(
        request=None,
        responses={202: DeliveryOut, 403: REFUSAL, 404: REFUSAL, 409: REFUSAL},
        examples=[
            answer("Queued again", {**DELIVERY, "status": "pending", "delivered_at": None,
                                    "last_status_code": 503, "last_error": "HTTP 503"}, 202),
            answer("Not failed", {"code": "not_failed", "field": "delivery",
                                  "message": "Only a failed delivery can be sent again."}, 409),
        ],
        operation_id="webhook_redeliver",
    )  # fmt: skip
    def post(self, request, slug: str, webhook_id: int, delivery_id: int):
        event, hook = self.hook(slug, webhook_id)
        get_object_or_404(WebhookDelivery, pk=delivery_id, webhook=hook)
        try:
            delivery = services.webhook_redeliver(delivery_id=delivery_id, event=event)
        except ValidationError as error:
            message = " ".join(error.message_dict["delivery"])
            return refusal("not_failed", message, http=409, field="delivery")
        response = Response(DeliveryOut(delivery).data, status=status.HTTP_202_ACCEPTED)
        return self.logged(
            event, "webhook_redeliver", response, delivery=delivery.pk, **_logged(hook)
        )


class SecretOut(serializers.Serializer):
    secret = serializers.CharField(help_text="signs every delivery from now on; shown this once")


class WebhookSecretApi(WebhookApiBase):
    """A new signing secret for the webhook (shown in this answer only); messages sent from
    now on, retries included, are signed with it."""

    @extend_schema(
        request=None,
        responses={200: SecretOut, 403: REFUSAL, 404: REFUSAL},
        examples=[answer("New secret", {"secret": SECRET}, 200)],
        operation_id="webhook_rotate_secret",
    )
    def post(self, request, slug: str, webhook_id: int):
        event, hook = self.hook(slug, webhook_id)
        hook = services.webhook_rotate_secret(webhook_id=hook.pk, event=event)
        response = Response({"secret": hook.secret})
        return self.logged(event, "webhook_rotate_secret", response, **_logged(hook))
