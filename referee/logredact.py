"""No private or judge token in any log line.

A player's private page (``/<lang>/p/<token>/``), a table's judge page
(``/<lang>/judge/<token>/...``) and a player's judge-side page
(``/<lang>/judge/player/<token>/``) carry their secret in the path. Django's request
logger writes the path of every 4xx ("Not Found: /ja/judge/<token>/entry"), an access log
writes every path and referrer, an exception's text may quote one. ``redact`` replaces the
token segment with ``[token]`` wherever such a path appears in a text.

``RedactTokens`` is a logging filter on the project's handlers (``LOGGING``): it redacts
the formatted message, any exception or stack text and every string field a caller added
(``extra=``, which the JSON format writes out) before a handler writes the record.
``JsonFormatter`` (``LOG_FORMAT=json``) also redacts the line it writes: it serializes
objects a record carries, such as Django's ``request`` on every 4xx/5xx record, whose text
(``<WSGIRequest: GET '/ja/judge/<token>/'>``) no filter sees as a string.
``GunicornLogger`` (``logger_class`` in gunicorn.conf.py) redacts every field of
gunicorn's access log (request line, path, query, referrer, headers).
"""

from __future__ import annotations

import logging
import re

from gunicorn.glogging import Logger as _GunicornLogger
from pythonjsonlogger.json import JsonFormatter as _JsonFormatter

# What every LogRecord has; anything else on a record came from ``extra=``.
_RECORD_FIELDS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {
    "message",
    "asctime",
}

# The language prefix is optional: /p/<token>/ is redirected to /ja/p/<token>/ and the
# access log sees both. /judge/tables/<id>/ is a logged-in judge's page, no secret.
# A token is URL-safe base64, never a backslash: stopping there keeps a JSON line's
# escapes (\" \n) whole when JsonFormatter redacts the line.
TOKEN_PATH = re.compile(
    r"(?P<prefix>(?:/[a-z]{2}(?:-[a-z0-9]+)?)?/(?:p|judge/player|judge)/)"
    r"(?!tables/|player/)(?P<token>[^/?#\s\"'<>\\]+)"
)
REDACTED = "[token]"


def redact(text: str) -> str:
    return TOKEN_PATH.sub(lambda m: m.group("prefix") + REDACTED, text)


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: leave it to the handler's own error path
            return True
        record.msg, record.args = redact(message), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        # Formatters that format exc_info themselves (the JSON one does) would write the
        # unredacted traceback: they all fall back to the redacted exc_text.
        record.exc_info = None
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        for name, value in vars(record).items():
            if name not in _RECORD_FIELDS and isinstance(value, str):
                setattr(record, name, redact(value))
        return True


class JsonFormatter(_JsonFormatter):
    def format(self, record: logging.LogRecord) -> str:
        # The token pattern stops at a quote or a space, so a JSON line stays valid.
        return redact(super().format(record))


class GunicornLogger(_GunicornLogger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {k: redact(v) if isinstance(v, str) else v for k, v in atoms.items()}
