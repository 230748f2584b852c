"""The console page where an organizer gives tools access: API tokens and webhooks."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.console.views.events import may_create_events
from tournaments.events.models import Event
from tournaments.integrations import services, webhook_address
from tournaments.integrations.models import (
    PING_TOPIC,
    TOPICS,
    ApiToken,
    Webhook,
    WebhookDelivery,
)
from tournaments.integrations.tasks import REDIRECT_NOT_FOLLOWED, TIMEOUT_SECONDS

# Lazy: the labels are read in each request's language, not the one active at import.
TOPIC_LABELS = {
    "round.published": gettext_lazy("a round is published"),
    "results.released": gettext_lazy("results are released"),
    "standings.updated": gettext_lazy("the standings change"),
    "event.finished": gettext_lazy("the event is finished"),
    PING_TOPIC: gettext_lazy("a test message"),
}

# A failed delivery's network error (``last_error``) is the operating system's or the TLS
# library's English ("[Errno 111] Connection refused"); the delivery log says in the
# page's language what went wrong, matched on those messages' fixed wording. The raw text
# stays in the webhooks API's ``last_error``. The delivery's own refusals first (their
# wording says "refused"), then a timeout: a TLS handshake that timed out names _ssl.c.
DELIVERY_FAILURES = (
    (
        (webhook_address.NOT_PUBLIC,),
        gettext_lazy("the address is not a public internet address (not sent)"),
    ),
    (
        (webhook_address.UNPARSEABLE,),
        gettext_lazy("the address is not a valid http:// or https:// address (not sent)"),
    ),
    (
        (REDIRECT_NOT_FOLLOWED,),
        gettext_lazy("the receiver answered with a redirect, which is not followed"),
    ),
    (("timed out", "timeout"), gettext_lazy("no answer within %(seconds)s seconds")),
    (("refused",), gettext_lazy("the connection was refused")),
    (
        (
            "name or service not known",
            "name resolution",
            "nodename nor servname",
            "no address associated",
            webhook_address.NOT_FOUND,
        ),
        gettext_lazy("the address's host name was not found"),
    ),  # fmt: skip
    (("certificate", "ssl"), gettext_lazy("the secure connection (certificate) failed")),
    (("reset", "broken pipe"), gettext_lazy("the receiver closed the connection")),
    (("unreachable",), gettext_lazy("the network could not reach the address")),
)


def delivery_failure(error: str) -> str:
    """What a delivery's network error means, in the active language ("" for none)."""
    if not error:
        return ""
    lowered = error.lower()
    for markers, text in DELIVERY_FAILURES:
        if any(marker in lowered for marker in markers):
            return str(text) % {"seconds": TIMEOUT_SECONDS}
    return _("the address could not be reached")


def _organized_event(request, slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not services.organizes(request.user, event):
        raise PermissionDenied(_("You do not organize this event."))
    return event


def _errors(error: ValidationError) -> str:
    return " ".join(m for messages_ in error.message_dict.values() for m in messages_)


TOKEN_ACTIONS = ("token-create", "token-revoke")


def _token_action(request, action: str, event: Event | None) -> str | None:
    """Make or revoke one of the user's tokens; the new key (shown once) or None.
    ``event`` None: the page offers tokens for all of the user's events only."""
    if action == "token-create":
        scope_all = event is None or request.POST.get("scope") == "all"
        _token, key = services.token_create(
            user=request.user,
            name=request.POST.get("name", ""),
            event=None if scope_all else event,
            can_write=request.POST.get("access") == "write",
        )
        return key
    services.token_revoke(token_id=int(request.POST.get("token", 0)), user=request.user)
    messages.success(request, _("The token was revoked."))
    return None


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request):
    """Tokens for all of the organizer's events, for a tool set up before any event exists
    (a bot that creates the events itself)."""
    if not may_create_events(request.user):
        raise PermissionDenied(_("Only organizers make API tokens."))
    new_key = None
    if request.method == "POST":
        try:
            if request.POST.get("action") in TOKEN_ACTIONS:
                new_key = _token_action(request, request.POST["action"], None)
        except ValidationError as error:
            messages.error(request, _errors(error))
        except ValueError:
            messages.error(request, _("That request was not understood."))
        if new_key is None:
            return redirect("integrations:tokens")
    return render(
        request,
        "integrations/tokens.html",
        {
            "new_key": new_key,  # shown once, on this response only
            "tokens": ApiToken.objects.filter(user=request.user, event__isnull=True),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def access(request, slug: str):
    event = _organized_event(request, slug)
    new_key = None
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action in TOKEN_ACTIONS:
                new_key = _token_action(request, action, event)
            elif action == "webhook-create":
                services.webhook_create(
                    event=event,
                    url=request.POST.get("url", "").strip(),
                    topics=request.POST.getlist("topics"),
                )
                messages.success(request, _("The webhook was added."))
            elif action == "webhook-ping":
                services.webhook_ping(webhook_id=int(request.POST.get("webhook", 0)), event=event)
                messages.success(request, _("A test message was sent: see the deliveries."))
            elif action == "webhook-secret":
                services.webhook_rotate_secret(
                    webhook_id=int(request.POST.get("webhook", 0)), event=event
                )
                messages.success(
                    request,
                    _("The webhook has a new signing secret: update your receiver now."),
                )
            elif action == "delivery-redeliver":
                services.webhook_redeliver(
                    delivery_id=int(request.POST.get("delivery", 0)), event=event
                )
                messages.success(request, _("The delivery is being sent again."))
            elif action == "webhook-delete":
                services.webhook_delete(webhook_id=int(request.POST.get("webhook", 0)), event=event)
                messages.success(request, _("The webhook was removed."))
        except ValidationError as error:
            messages.error(request, _errors(error))
        except (ValueError, Webhook.DoesNotExist, WebhookDelivery.DoesNotExist):
            messages.error(request, _("That request was not understood."))
        if new_key is None:
            return redirect("integrations:access", slug=slug)
    # The topics by their labels: the keys (round.published) are the API's words.
    webhooks = list(Webhook.objects.filter(event=event))
    for hook in webhooks:
        hook.topic_labels = _(", ").join(str(TOPIC_LABELS.get(t, t)) for t in hook.topics)
    deliveries = list(
        WebhookDelivery.objects.filter(webhook__event=event).select_related("webhook")[:50]
    )
    for delivery in deliveries:
        delivery.topic_label = TOPIC_LABELS.get(delivery.topic, delivery.topic)
        # A receiver's status code says what went wrong itself; a redirect also says that
        # it was not followed.
        answered = delivery.last_status_code and delivery.last_error != REDIRECT_NOT_FOLLOWED
        delivery.failure = "" if answered else delivery_failure(delivery.last_error)
    tokens = ApiToken.objects.filter(user=request.user).filter(
        event__isnull=True
    ) | ApiToken.objects.filter(user=request.user, event=event)
    return render(
        request,
        "integrations/access.html",
        {
            "event": event,
            "new_key": new_key,  # shown once, on this response only
            "tokens": tokens.order_by("-created"),
            "webhooks": webhooks,
            "deliveries": deliveries,
            "topics": [(t, TOPIC_LABELS[t]) for t in TOPICS],
        },
    )
