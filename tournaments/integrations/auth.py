"""API token authentication for DRF, with the token's scope enforced before any view runs.

``Authorization: Bearer <token>``. The request then acts as the token's user (the
organizer who made it), limited by the token: a read-only token may only GET, and a
token for one event may touch nothing of another (the event is worked out from the URL:
its slug, or the table, result or registration it names).
"""

from __future__ import annotations

import hashlib

from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.throttling import SimpleRateThrottle

from tournaments.events.models import Event, Registration, Table
from tournaments.integrations.models import ApiToken
from tournaments.results.models import ResultSubmission

KEYWORD = b"bearer"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def event_id_of(kwargs: dict) -> int | None:
    """The event a URL names, or None when it names none (or something unknown: the view
    answers 404 for that itself)."""
    if "slug" in kwargs:
        return Event.objects.filter(slug=kwargs["slug"]).values_list("pk", flat=True).first()
    lookups = (
        ("table_id", Table.objects, "round__event_id"),
        ("submission_id", ResultSubmission.objects, "table__round__event_id"),
        ("registration_id", Registration.objects, "event_id"),
    )
    for name, objects, path in lookups:
        if name in kwargs:
            return objects.filter(pk=kwargs[name]).values_list(path, flat=True).first()
    return None


class ApiTokenAuthentication(BaseAuthentication):
    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != KEYWORD:
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Send the header as: Bearer <token>."))
        token = (
            ApiToken.objects.select_related("user")
            .filter(key_hash=key_hash(parts[1].decode(errors="replace")), revoked_at=None)
            .first()
        )
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("Unknown or revoked API token."))
        self.check_scope(request, token)
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
        return token.user, token

    def check_scope(self, request, token: ApiToken) -> None:
        context = getattr(request, "parser_context", None) or {}
        if request.method in SAFE_METHODS and getattr(context.get("view"), "public_read", False):
            # A public read (tournaments/public/api.py): anyone may make it without a
            # token, so none needs a scope; the token was still checked (a bad one is 401)
            # and its reads count against its rate limit.
            return
        if request.method not in SAFE_METHODS and not token.can_write:
            raise exceptions.PermissionDenied(_("This API token may only read."))
        kwargs = (getattr(request, "parser_context", None) or {}).get("kwargs") or {}
        if token.event_id is not None:
            event_id = event_id_of(kwargs)
            if event_id is not None and event_id != token.event_id:
                raise exceptions.PermissionDenied(_("This API token is for another event."))
            if event_id is None and request.method not in SAFE_METHODS and not kwargs:
                # Writes that name no event (creating an event, importing an archive) need
                # a token for all of the organizer's events.
                raise exceptions.PermissionDenied(_("This API token is for one event only."))

    def authenticate_header(self, request) -> str:
        return 'Bearer realm="api"'


class ApiTokenRateThrottle(SimpleRateThrottle):
    """Requests per token (``DEFAULT_THROTTLE_RATES["api_token"]``); other callers pass."""

    scope = "api_token"

    def get_cache_key(self, request, view):
        if not isinstance(request.auth, ApiToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """Documents the token in the OpenAPI schema (drf-spectacular finds it by subclassing)."""

    target_class = "tournaments.integrations.auth.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix="Bearer"
        )
