"""How many pages chosen by a parameter one client may have rendered in the request.

Every value of ``after``, ``club`` and ``step`` names something the event has
(``pagekeys.validate``), but together they are still many pages (clubs × rounds ×
languages, every step of every log), each a render of up to ~0.3 s at a 2,000-player
event, and a search (``?q=``) is rendered for every asker. Pages already rendered are
served from the cache and cost nothing here; a render in the request of such a page counts
against its client's budget of ``PUBLIC_VARIANT_RENDERS_PER_MINUTE`` (default 30) per
minute, and beyond it the client gets 429 with ``Retry-After`` until the minute is over.
The plain pages (no parameter) are not counted: they are few per event and prerendered.

The client is ``REMOTE_ADDR``: behind a proxy the deployment must make that the client's
address (issue 26: the proxy's trusted client address), or every reader shares one budget.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

WINDOW = 60  # seconds


def _limit() -> int:
    return int(getattr(settings, "PUBLIC_VARIANT_RENDERS_PER_MINUTE", 30))


def allow(request: HttpRequest) -> bool:
    """Count one render for the request's client; False once over the budget. A cache
    outage allows (the render is what a client asked for; the budget is a bound, not a
    gate every read depends on)."""
    return within_budget(request, "renders", _limit(), WINDOW)


def within_budget(request: HttpRequest, what: str, limit: int, window: int) -> bool:
    """Count one ``what`` for the request's client in the current ``window`` seconds;
    False once past ``limit`` (the public sign-up's flood limit counts the same way)."""
    slot = int(time.time() // window)
    key = f"pub:{what}:{request.META.get('REMOTE_ADDR', '')}:{slot}"
    try:
        cache.add(key, 0, window * 2)
        count = cache.incr(key)
    except Exception as error:  # noqa: BLE001 - any backend failure: allow, and say so
        logger.warning("%s budget not counted (%r)", what, error)
        return True
    return count <= limit


def refused(request: HttpRequest) -> HttpResponse:
    retry = WINDOW - int(time.time()) % WINDOW
    text = _("Too many different pages asked for at once. Please try again in a minute.")
    response = HttpResponse(text, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(retry)
    response["Cache-Control"] = "no-store"
    return response
