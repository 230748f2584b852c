"""Japanese rendering of violations: templates by code, parameter values in Japanese.

An engine's parameters are its own identifiers (a colour ``"red"``, a card kind
``"sail"``, a move type ``"season_end"``, a list of them, a 0-based ship or square). A
Japanese page must show none of them, so rendering does three things the English
``str.format`` does not:

- a string value found in the engine's ``TERMS_JA`` (``engines/<key>/messages_ja.py``)
  shows its Japanese term; a list shows its items joined by 「、」; ``True``/``False``/``None``
  show はい/いいえ/不明 (never a Python repr);
- a field written ``{ship+1}`` counts from 1, as people do (engines count from 0);
- a field written ``{order:plus1}`` shows a list of 0-based positions counted from 1;
- a field written ``{sq:square}`` shows a ``[row, column]`` square as 「上からr行目・左からc列目」
  (both from 1).

A template that still cannot be filled returns None, and the caller falls back to English
(the message test in tests/engines/test_messages_ja.py makes sure none does).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

_PLUS_ONE = re.compile(r"^(\w+)\+1$")


def ja_value(value: Any, terms: Mapping[str, str], param: str = "") -> Any:
    """A parameter value as a Japanese page shows it (numbers stay numbers for specs).

    A term may be keyed by parameter (``"move:sail"``: the move, not the card) before the
    plain value (``"sail"``).
    """
    kind = type(value)
    if kind is str:
        term = terms.get(f"{param}:{value}") if param else None
        return term if term is not None else terms.get(value, value)
    if kind is bool:
        return "はい" if value else "いいえ"
    if value is None:
        return "不明"
    if kind is list or kind is tuple or kind is set or kind is frozenset:
        items = sorted(value, key=str) if kind in (set, frozenset) else value
        return "、".join(str(ja_value(item, terms, param)) for item in items) or "なし"
    if isinstance(value, Mapping):
        return "、".join(
            f"{ja_value(k, terms, param)}{ja_value(v, terms, param)}" for k, v in value.items()
        )
    return value


class JaFormatter(string.Formatter):
    """``str.format`` with ``{name+1}`` and ``{sq:square}`` (see the module docstring)."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        match = _PLUS_ONE.match(field_name)
        if match is not None:
            value = kwargs[match.group(1)]
            if type(value) is not int:
                raise ValueError(f"{field_name}: not a number")
            return value + 1, field_name
        return super().get_field(field_name, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "square":
            row, column = value
            return f"上から{row + 1}行目・左から{column + 1}列目"
        if format_spec == "plus1":  # 0-based positions, one or a list, counted from 1
            if type(value) in (list, tuple):
                return "、".join(str(item + 1) for item in value)
            return str(value + 1)
        return super().format_field(value, format_spec)


_FORMATTER = JaFormatter()
_RAW_SPECS = ("square", "plus1")  # these format the engine's own value, not its term


_PATH_PART = re.compile(r"\.(\w+)|\[(\d+)\]")


def where_ja(path: str | None, terms: Mapping[str, str]) -> str:
    """A JSON path in words: ``$.moves[3].ship`` -> 「4番目の記録の「船」」 (terms name keys)."""
    if not path or path == "$":
        return "文書"
    words: list[str] = []
    parent = None
    for match in _PATH_PART.finditer(path):
        name, index = match.groups()
        if name is not None:
            term = terms.get(f"field:{name}") or terms.get(name, name)
            words.append(_PLAIN.get(name, f"「{term}」"))
            parent = name
        else:
            n = int(index) + 1
            if parent == "moves":
                words[-1] = f"{n}番目の記録"
            elif parent == "players":
                words[-1] = f"{n}人目のプレイヤー"
            else:
                words.append(f"{n}番目")
            parent = None
    return "の".join(words) or "文書"


_PLAIN = {"moves": "手順記録", "sheet": "得点表", "players": "プレイヤー", "options": "オプション"}


def render_ja(template: str, params: Mapping[str, Any], terms: Mapping[str, str]) -> str | None:
    """The template filled with Japanese values, or None when it cannot be filled."""
    try:
        squares = {name for _, name, spec, _ in _FORMATTER.parse(template) if spec in _RAW_SPECS}
    except ValueError:
        return None
    values = {
        key: value if key in squares else ja_value(value, terms, key)
        for key, value in params.items()
    }
    if "player" not in values and type(params.get("seat")) is int:
        values["player"] = f"{params['seat']}番席のプレイヤー"
    try:
        return _FORMATTER.format(template, **values)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return None
