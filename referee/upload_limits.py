"""Form posts and uploads are refused by their declared size before anything parses them.

Django limits the form fields of a body (``DATA_UPLOAD_MAX_MEMORY_SIZE``) but not the files
in a multipart body: a 50 MB file posted to the login form was parsed (and spooled to disk)
before the form answered, and a 50 MB CSV was read whole. This middleware runs before
anything reads the body (the CSRF check reads the form) and answers 413, in the page's
language, when a form post (urlencoded or multipart) declares a ``Content-Length`` above
the limit of its path: ``UPLOAD_LIMITS`` for the pages that take a file, ``FORM_MAX_BYTES``
for every other form. JSON and other bodies have their own limits
(``referee/middleware.py``). A body without ``Content-Length`` is read as empty by Django.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


@lru_cache(maxsize=4)
def _limits(table: tuple[tuple[str, int], ...]) -> tuple[tuple[re.Pattern, int], ...]:
    return tuple((re.compile(pattern), limit) for pattern, limit in table)


def limit_for(path: str) -> int:
    for pattern, limit in _limits(tuple(settings.UPLOAD_LIMITS)):
        if pattern.match(path):
            return limit
    return settings.FORM_MAX_BYTES


def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return _("%(n)s MB") % {"n": round(limit / (1024 * 1024), 1)}
    return _("%(n)s KB") % {"n": limit // 1024}


def too_large(request, limit: int) -> HttpResponse:
    message = _(
        "The request is too large: at most %(size)s can be sent here. Nothing was saved."
    ) % {"size": _size(limit)}
    if request.path_info.startswith("/api/"):
        return JsonResponse({"detail": message, "code": "too_large"}, status=413)
    context = {"title": _("Too large"), "message": message}
    return render(request, "referee/lockout.html", context, status=413)


class UploadLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in ("POST", "PUT", "PATCH") and request.content_type.startswith(
            FORM_TYPES
        ):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            limit = limit_for(request.path_info)
            if length > limit:
                return too_large(request, limit)
        return self.get_response(request)
