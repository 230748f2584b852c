"""One error body for every refusal the API makes, in the request's language.

Every 4xx under ``/api/`` answers ``{"code", "message", "detail", "field"?, "errors"?,
"violations"?}`` (the ``Error`` component of the schema, ``referee.api_schema``):

- ``exception_handler``: DRF's ``EXCEPTION_HANDLER``. DRF answers ``{"detail": …}`` for
  most refusals and ``{field: [messages]}`` for a serializer's; both become the one body
  (a field's refusal names its path, ``players[1].name``, in ``field`` and lists every
  field's messages in ``errors``). DRF's throttle message is built from an English
  sentence that no catalogue can translate (the wait is formatted in before the lookup),
  so it is written here.
- ``not_found``: the project's ``handler404``: an address under ``/api/`` that matches
  no route (a table id that is not a number) answers the same JSON body, other addresses
  Django's page.

The views' own refusals (``refusal()`` in the organizer API, ``error_body()`` in the
results API, ``jsonparse`` and ``unstorable`` in the middleware) have this shape already.
"""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.utils.translation import gettext, ngettext
from django.views import defaults
from rest_framework import exceptions
from rest_framework.views import exception_handler as drf_exception_handler

API_PREFIX = "/api/"


def body(code: str, message: str, **extra) -> dict:
    return {"code": code, "message": message, "detail": message, **extra}


def flatten(errors, path: str = "") -> dict[str, list[str]]:
    """DRF's nested ``{field: [messages]}`` as ``{"players[1].name": [messages]}``."""
    if isinstance(errors, dict):
        out: dict[str, list[str]] = {}
        for key, value in errors.items():
            if isinstance(key, int):  # a list's item, as DRF reports it for ListField
                out.update(flatten(value, f"{path}[{key}]"))
                continue
            name = str(key) if key != "non_field_errors" else ""
            out.update(flatten(value, f"{path}.{name}" if path and name else path or name))
        return out
    if isinstance(errors, list) and errors and all(isinstance(e, str) for e in errors):
        return {path: [str(e) for e in errors]}
    if isinstance(errors, list):
        out = {}
        for index, item in enumerate(errors):
            out.update(flatten(item, f"{path}[{index}]"))
        return out
    return {path: [str(errors)]}


def _throttled(exc: exceptions.Throttled) -> str:
    if exc.wait is None:
        return gettext("Too many requests. Try again later.")
    return ngettext(
        "Too many requests. Try again in %(wait)d second.",
        "Too many requests. Try again in %(wait)d seconds.",
        exc.wait,
    ) % {"wait": exc.wait}


def exception_handler(exc, context):
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and "code" in data and "message" in data:
        return response  # a view's own refusal, already in shape
    if isinstance(exc, Http404):
        # Django's "No Event matches the given query." and the views' reasons are English
        # text no catalogue has: one sentence in the request's language instead.
        response.data = body(
            "not_found", gettext("Nothing of that id or number (or not yet released).")
        )
    elif isinstance(exc, exceptions.ValidationError):
        errors = flatten(data)
        field, messages = next(iter(errors.items()), ("", [gettext("The input was refused.")]))
        message = f"{field}: {messages[0]}" if field else messages[0]
        extra = {"field": field} if field else {}
        response.data = body("invalid", message, errors=errors, **extra)
    elif isinstance(exc, exceptions.Throttled):
        response.data = body("throttled", _throttled(exc), wait=exc.wait)
    else:
        detail = data.get("detail", "") if isinstance(data, dict) else data
        codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
        response.data = body(codes if isinstance(codes, str) else "error", str(detail))
    return response


def not_found(request, exception=None):
    if request.path_info.startswith(API_PREFIX):
        return JsonResponse(body("not_found", gettext("Nothing is at this address.")), status=404)
    return defaults.page_not_found(request, exception)
