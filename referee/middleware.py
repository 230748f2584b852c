"""Request-level guards that views can rely on.

``RequestLimitsMiddleware``: a request body that is JSON (or looks like it: the judge
page's endpoints parse whatever is posted) is refused with a JSON 4xx before any view
reads it when it is larger than ``JSON_MAX_BYTES`` (413) or nested deeper than
``JSON_MAX_DEPTH`` (400). Form posts and uploads are left to Django's own limits
(``DATA_UPLOAD_MAX_MEMORY_SIZE``).

``PrivateNoStoreMiddleware``: pages reached through a private token (a player's page, a
judge's table) are answered with ``Cache-Control: no-store``, so no shared or browser cache
keeps a copy that carries the token; ``no_store`` does the same for a single view.
"""

from __future__ import annotations

import re
from functools import wraps

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.cache import add_never_cache_headers

from referee import jsonparse

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class RequestLimitsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in BODY_METHODS and not request.content_type.startswith(FORM_TYPES):
            refusal = self._refusal(request)
            if refusal is not None:
                return refusal
        return self.get_response(request)

    def _refusal(self, request):
        limit = jsonparse.max_bytes()
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        try:
            if length > limit:
                raise jsonparse.JSONInputError("too_large", 413, limit=limit // 1024)
            try:
                body = request.body
            except RequestDataTooBig:
                raise jsonparse.JSONInputError("too_large", 413, limit=limit // 1024) from None
            jsonparse.check(body)
        except jsonparse.JSONInputError as error:
            return JsonResponse(error.body(), status=error.status)
        return None


# Private-token pages, by path under the language prefix: /<lang>/p/<token>/... (player)
# and /<lang>/judge/... (a judge's table by token, or the logged-in judge's tables).
PRIVATE_PATHS = re.compile(r"^/[a-z]{2}/(?:p|judge)/")


class PrivateNoStoreMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if PRIVATE_PATHS.match(request.path_info):
            _no_store(response)
        return response


def _no_store(response):
    if "no-store" not in response.get("Cache-Control", ""):  # a view may have said so
        add_never_cache_headers(response)  # no-cache, no-store, must-revalidate, private
    return response


def no_store(view):
    """Decorator: this view's responses carry ``Cache-Control: no-store``."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        return _no_store(view(request, *args, **kwargs))

    return wrapped


class PageNotFoundMiddleware:
    """With DEBUG on (the embedded ``make demo`` that a café runs), Django answers a missing
    page with its technical 404: English, for developers, 980 px wide on a phone. Pages a
    person opens (under /ja/ and /en/) get the site's own 404 in their language instead;
    the API and the rest keep Django's answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            settings.DEBUG
            and response.status_code == 404
            and request.path_info.startswith(("/ja/", "/en/"))
            and TECHNICAL_404 in getattr(response, "content", b"")
        ):
            from django.views.defaults import page_not_found

            return page_not_found(request, Http404())
        return response


# A sentence of Django's technical 404 page (django/views/templates/technical_404.html),
# so a page's own 404 (a private link that is no longer valid) is left as it is.
TECHNICAL_404 = b"because you have <code>DEBUG = True</code>"
