"""Request-level guards that views can rely on.

``RequestLimitsMiddleware``: a request body that is JSON (or looks like it: the judge
page's endpoints parse whatever is posted) is refused with a JSON 4xx before any view
reads it when it is larger than ``JSON_MAX_BYTES`` (413) or nested deeper than
``JSON_MAX_DEPTH`` (400). Form posts and uploads are left to Django's own limits
(``DATA_UPLOAD_MAX_MEMORY_SIZE``).

``ApiLanguageMiddleware``: the API (``/api/``) answers in the language ``Accept-Language``
asks for, and in English when it asks for none (a bot sends no such header; the pages'
default, Japanese, is for people). The language cookie the pages set is not consulted.

``UnstorableInputMiddleware``: a NUL character or a lone surrogate in a query parameter, a
form field or a JSON string (``referee/unstorable.py``) is refused with a 400 naming the
field before any view sees it: JSON for the API and JSON bodies, a page otherwise.

``PrivateNoStoreMiddleware``: pages reached through a private token (a player's page, a
judge's table) and every console page (an organizer's or judge's view of an event, its
exports and archives) are answered with ``Cache-Control: no-store``, so no shared or
browser cache keeps a copy; ``no_store`` does the same for a single view.
"""

from __future__ import annotations

import re
from functools import wraps

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext
from django.utils.translation.trans_real import parse_accept_lang_header

from referee import jsonparse, unstorable

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


API_PREFIX = "/api/"
API_DEFAULT_LANGUAGE = "en"


def accepted_language(header: str) -> str | None:
    """The first of ``settings.LANGUAGES`` that ``Accept-Language`` accepts, or None."""
    for code, _quality in parse_accept_lang_header(header or ""):
        if code == "*":
            return None
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return None


class ApiLanguageMiddleware:
    """After ``LocaleMiddleware``: for the API, ``Accept-Language`` or English."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path_info.startswith(API_PREFIX):
            return self.get_response(request)
        language = (
            accepted_language(request.headers.get("Accept-Language", "")) or API_DEFAULT_LANGUAGE
        )
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", language)
        return response


class UnstorableInputMiddleware:
    """After ``RequestLimitsMiddleware`` (a body is read only once it is within limits)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        field = unstorable.find_in_form(request.GET)
        is_form = request.content_type.startswith(FORM_TYPES)
        if field is None and request.method in BODY_METHODS:
            if is_form:
                field = unstorable.find_in_form(request.POST)
            else:
                field = unstorable.find_in_json(request.body)
        if field is None:
            return self.get_response(request)
        refusal = unstorable.UnstorableText(field)
        if request.path_info.startswith(API_PREFIX) or not is_form and request.body:
            return JsonResponse(refusal.body(), status=400)
        context = {"title": gettext("This input cannot be used"), "message": str(refusal)}
        return render(request, "referee/input_refused.html", context, status=400)


# Private pages, by path under the language prefix: /<lang>/p/<token>/... (player),
# /<lang>/judge/... (a judge's table by token, or the logged-in judge's tables) and
# /<lang>/console/... (the console and organizer tools: exports, archives, slips).
PRIVATE_PATHS = re.compile(r"^/[a-z]{2}/(?:p|judge|console)/")


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
