"""The page django-axes answers with once a login is locked out (``AXES_LOCKOUT_CALLABLE``):
HTTP 429 and a short page in the request's language (LocaleMiddleware has run: the login
pages are under /ja/ or /en/)."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def cooloff_minutes() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


def lockout_response(request, original_response=None, credentials=None):
    minutes = cooloff_minutes()
    message = ngettext(
        "Too many failed logins: logging in to this account is locked for %(minutes)d "
        "minute. Please try again later.",
        "Too many failed logins: logging in to this account is locked for %(minutes)d "
        "minutes. Please try again later.",
        minutes,
    ) % {"minutes": minutes}
    context = {"title": _("Login temporarily locked"), "message": message}
    response = render(request, "referee/lockout.html", context, status=429)
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response


def attempted_username(request, credentials) -> str | None:
    """The user name axes records (``AXES_USERNAME_CALLABLE``), cut to the length a user
    name can have: a 100,000-character one overflowed its column and answered 500."""
    name = (credentials or {}).get("username")
    if name is None and request is not None and request.method == "POST":
        name = request.POST.get("username")
    return name[:150] if isinstance(name, str) else name
