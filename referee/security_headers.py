"""The security headers of a page, defined once: by the middleware in ``MIDDLEWARE``.

Django's ``SecurityMiddleware`` (HSTS, nosniff, Referrer-Policy, Cross-Origin-Opener-Policy),
``XFrameOptionsMiddleware`` and django-csp's ``CSPMiddleware`` add them to every response
Django answers. The public pages' WSGI fast path (``tournaments/public/wsgi.py``) answers
without entering Django, so it asks this module for the headers those middleware would
add: a blank response is run through their ``process_response`` under the current
settings, once, when the fast path starts. A setting changed for Django therefore changes
the fast path too, and there is no second list to keep in step. ``PRIVATE_PAGE_HEADERS``
are what a private page adds (its view and the fast path both send them).
"""

from __future__ import annotations

import io

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpResponse
from django.utils.module_loading import import_string

# A page reached through a private token (a player's page): no cache keeps it, no Referer
# carries the token to another site, no search engine lists it.
PRIVATE_PAGE_HEADERS = {
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
}
HEADER_MIDDLEWARE = (
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
)


def _request(secure: bool) -> WSGIRequest:
    return WSGIRequest(
        {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": "/",
            "SERVER_NAME": "localhost",
            "SERVER_PORT": "443" if secure else "80",
            "wsgi.url_scheme": "https" if secure else "http",
            "wsgi.input": io.BytesIO(),
        }
    )


def security_headers(*, secure: bool) -> list[tuple[str, str]]:
    """The headers the configured security middleware add to a page answered over HTTPS
    (``secure``; HSTS is sent only then) or plain HTTP, in a stable order."""
    request = _request(secure)
    response = HttpResponse()
    blank = set(response.headers)
    for path in reversed(settings.MIDDLEWARE):  # responses pass the stack bottom up
        if path not in HEADER_MIDDLEWARE:
            continue
        # process_request only redirects or sets up nonces: headers come from the response
        middleware = import_string(path)(lambda _request: HttpResponse())  # never called
        response = middleware.process_response(request, response)
    return sorted((name, value) for name, value in response.items() if name not in blank)


def with_headers(base: list[tuple[str, str]], extra: dict[str, str]) -> list[tuple[str, str]]:
    """``base`` with ``extra`` added, ``extra`` winning where both name a header."""
    return [(n, v) for n, v in base if n not in extra] + list(extra.items())
