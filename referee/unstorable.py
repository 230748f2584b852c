"""Text no field can keep: a NUL character (PostgreSQL refuses ``\\x00`` in any text
value, so a query with one raises and the request answered 500) and a lone UTF-16
surrogate (``"\\ud800"`` in JSON parses to a ``str`` that no encoder can write, so saving
or rendering it fails). A client that sends either is refused with a 4xx naming the field.

- ``find(value)``: the path (``players[1].name``) of the first string, key or value, in a
  parsed document that holds one, or None.
- ``find_in_json(raw)``: the same for a JSON text; it parses only when an escape that could
  hide one is present (a raw NUL or surrogate byte is not valid JSON text anyway).
- ``find_in_form(querydict)``: the name of the first query or form field that holds one.
- ``UnstorableText``: the refusal, a ``ValueError`` with the field and a message in the
  active language.

``referee.middleware.UnstorableInputMiddleware`` applies these to every request's query
string, form fields and JSON body; ``referee.jsonparse.loads`` to every JSON document a
view or upload parses, and the players' CSV import to every cell.
"""

from __future__ import annotations

import json
import re

from django.utils.translation import gettext, gettext_noop

# ``\u0000`` or a surrogate escape, preceded by an even number of backslashes (an odd
# number means the backslash itself is escaped and the rest is plain text).
_SUSPECT_ESCAPE = re.compile(rb"(?<!\\)(?:\\\\)*\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def bad(text: str) -> bool:
    return _UNSTORABLE.search(text) is not None


def shown(name: str) -> str:
    """A field name fit to print: the unstorable characters spelled as escapes."""
    return _UNSTORABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", name)


def find(value, path: str = "") -> str | None:
    if isinstance(value, str):
        return path if bad(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if isinstance(key, str) and bad(key):
                return shown(where)
            found = find(item, where)
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found = find(item, f"{path}[{index}]")
            if found is not None:
                return found
    return None


def find_in_json(raw: bytes) -> str | None:
    """The path of an unstorable string in the JSON text ``raw``; None when there is none
    or when ``raw`` is not JSON at all (the parser refuses that on its own)."""
    if not _SUSPECT_ESCAPE.search(raw):
        return None
    try:
        return find(json.loads(raw))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


def find_in_form(data) -> str | None:
    """The name of the first field of a ``QueryDict`` whose name or a value is unstorable."""
    for name, values in data.lists():
        if bad(name) or any(isinstance(v, str) and bad(v) for v in values):
            return shown(name)
    return None


class UnstorableText(ValueError):
    code = "unstorable"

    def __init__(self, field: str) -> None:
        self.field = field
        super().__init__(message(field))

    def body(self) -> dict:
        text = str(self)
        return {"code": self.code, "message": text, "detail": text, "field": self.field}


MESSAGE = gettext_noop(
    "The field “%(field)s” contains a character that cannot be used "
    "(a NUL character or half of a surrogate pair)."
)


def message(field: str) -> str:
    return gettext(MESSAGE) % {"field": field}
