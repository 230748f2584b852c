"""Login lockout policy (django-axes) and the page it answers with.

Who is locked: the address that failed, never the account. Five failures for one username
from one client address (``referee/client_ip.py``: the real client behind the trusted
proxies) lock that username *at that address* (``AXES_LOCKOUT_PARAMETERS``); the same
username from any other address still logs in, so an attacker elsewhere cannot lock the
real user out. A cafe's judges share one Wi-Fi address, so one mistyping judge must not
lock the others: the address as a whole is locked only after ``LOGIN_ADDRESS_FAILURE_LIMIT``
failures across all usernames (``LoginLockHandler``), which slows down an attacker who
tries many usernames without touching an address that has not failed.

``lockout_response`` (``AXES_LOCKOUT_CALLABLE``): HTTP 429 and a short page in the
request's language (LocaleMiddleware has run: the login pages are under /ja/ or /en/).
"""

from __future__ import annotations

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def cooloff_minutes() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


class LoginLockHandler(AxesDatabaseHandler):
    """axes' database handler, plus a lock on an address that failed too often overall."""

    def is_locked(self, request, credentials=None) -> bool:
        if super().is_locked(request, credentials):
            return True
        address = getattr(request, "axes_ip_address", None)
        limit = int(settings.LOGIN_ADDRESS_FAILURE_LIMIT)
        if address and address_failures(address, request) >= limit:
            # axes flags a lock for its answer only when its own count reaches the limit
            # (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT); this one is flagged here.
            request.axes_locked_out = True
            return True
        return False


def address_failures(address: str, request=None) -> int:
    """Failed logins from ``address`` for any username within the cool-off period."""
    since = (
        get_cool_off_threshold(request)
        if getattr(request, "axes_attempt_time", None)
        else timezone.now() - settings.AXES_COOLOFF_TIME
    )
    attempts = AccessAttempt.objects.filter(ip_address=address, attempt_time__gte=since)
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


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
