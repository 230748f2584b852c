"""JSON from clients, with limits: nesting depth and size are checked before parsing.

``json.loads('[' * 100_000 + ']' * 100_000)`` raises ``RecursionError``, and a document a
few hundred levels deep parses but overflows the stack later (schema validation walks it
recursively): the results, confirm and judge-entry endpoints answered 500. Legitimate
documents are at most 7 levels deep (the largest example move logs, ~40 KB), so 32 levels
and 512 KiB leave ample room.

- ``loads(data)``: for form and JSON views, the console's JSON fields and uploads
  included; raises ``JSONInputError`` (a ``ValueError`` carrying a 4xx status and a
  message in the request's language), a string holding a NUL character or a lone
  surrogate included (code ``unstorable``, ``params["field"]`` its path).
- ``LimitedJSONParser``: DRF's default parser (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``).
- ``referee.middleware.RequestLimitsMiddleware`` applies the same check to every JSON-like
  request body before any view reads it.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

from django.conf import settings
from django.utils.translation import gettext, gettext_noop
from rest_framework import exceptions, parsers

from referee import unstorable

MAX_DEPTH = 32
MAX_BYTES = 512 * 1024

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string, escapes included
_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}.__getitem__

# Rendered in the request's language when the error is raised (gettext, not gettext_lazy:
# LocaleMiddleware has activated the language by then, in views and in the middleware).
MESSAGES = {
    "too_deep": gettext_noop("The JSON is nested more than %(limit)d levels deep."),
    "too_large": gettext_noop("The request body is larger than %(limit)d KB."),
    "malformed": gettext_noop("The body is not valid JSON."),
    "not_json": gettext_noop("Send the body as JSON (Content-Type: application/json)."),
    "unstorable": unstorable.MESSAGE,
}


def max_depth() -> int:
    return getattr(settings, "JSON_MAX_DEPTH", MAX_DEPTH)


def max_bytes() -> int:
    return getattr(settings, "JSON_MAX_BYTES", MAX_BYTES)


def message(code: str, **params) -> str:
    return gettext(MESSAGES[code]) % params


class JSONInputError(ValueError):
    """A client's JSON refused before (or while) parsing it; ``status`` is 400 or 413."""

    def __init__(self, code: str, status: int, **params) -> None:
        self.code, self.status, self.params = code, status, params
        super().__init__(message(code, **params))

    def body(self) -> dict:
        text = str(self)
        body = {"code": self.code, "message": text, "detail": text, "violations": []}
        if "field" in self.params:
            body["field"] = self.params["field"]
        return body


def nesting_exceeds(data: bytes, limit: int) -> bool:
    """Whether ``data`` (JSON text) opens more than ``limit`` arrays/objects at once,
    without parsing it. Every step runs in C (translate, accumulate, any): a 40 KB move
    log costs well under a millisecond, and a hostile body stops at the first level too
    many."""
    if data.count(b"[") + data.count(b"{") <= limit:
        return False  # cannot nest deeper than it has brackets

    def deeper(text: bytes) -> bool:
        depths = accumulate(map(_STEP, text.translate(None, _NOT_BRACKETS)))
        return any(map(limit.__lt__, depths))

    # Brackets inside strings only ever add depth: if the raw count stays within the
    # limit, so does the document; otherwise count again with the strings blanked out.
    return deeper(data) and deeper(_STRING.sub(b'""', data))


def check(data: bytes, limit_bytes: int | None = None) -> None:
    """Raise ``JSONInputError`` when ``data`` is too large (over ``limit_bytes``, by default
    ``max_bytes()``) or too deeply nested."""
    limit_bytes = limit_bytes or max_bytes()
    if len(data) > limit_bytes:
        raise JSONInputError("too_large", 413, limit=limit_bytes // 1024)
    if nesting_exceeds(data, max_depth()):
        raise JSONInputError("too_deep", 400, limit=max_depth())


def loads(data: bytes | str, limit_bytes: int | None = None):
    """``json.loads`` with the limits; every refusal is a ``JSONInputError``.
    ``limit_bytes`` replaces the size limit for documents that are larger by nature (an
    event archive); the depth limit stays."""
    raw = data.encode() if isinstance(data, str) else data
    check(raw, limit_bytes)
    try:
        document = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        raise JSONInputError("malformed", 400) from error
    field = unstorable.find(document)
    if field is not None:
        raise JSONInputError("unstorable", 400, field=field)
    return document


class PayloadTooLarge(exceptions.APIException):
    status_code = 413
    default_code = "too_large"


class LimitedJSONParser(parsers.JSONParser):
    """DRF's JSON parser, reading at most ``max_bytes()`` and refusing deep nesting."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = max_bytes()
        data = stream.read(limit + 1) if stream is not None else b""
        try:
            check(data)
        except JSONInputError as error:
            if error.status == 413:
                raise PayloadTooLarge(str(error)) from error
            raise exceptions.ParseError(str(error)) from error
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        try:
            return json.loads(
                data.decode(encoding), parse_constant=None if not self.strict else _no_constants
            )
        except (ValueError, RecursionError) as error:
            raise exceptions.ParseError(message("malformed")) from error


def _no_constants(name: str):
    raise ValueError(f"{name} is not valid JSON")
