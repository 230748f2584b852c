"""A game's options as the organizer's controls, in words.

Built from the engine's options model (which options there are, nested groups, the values
each takes) and the game's words (``engines/<key>/option_words.py``: each preset's name,
each option's label and each value's name, in English and Japanese). The event form draws
one choice per option from ``option_controls``; never JSON, never an option's key.

A control is a dict: ``path`` (the option's keys, e.g. ``("sides", "market")``; a fixed
list's item adds its index: ``("board_sides", 0)``), ``label``, ``choices`` (value, words)
and ``many`` (the option is a list of chosen values, e.g. seats).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel

from engines.core.move_forms import CORE, say

_UNIONS = (typing.Union, types.UnionType)


def _literal_values(annotation: Any) -> list[Any] | None:
    """The values a ``Literal`` (or an optional one, None last) allows; None for other types."""
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return list(typing.get_args(annotation))
    if origin in _UNIONS:
        values: list[Any] = []
        for arg in typing.get_args(annotation):
            if arg is type(None):
                continue
            inner = _literal_values(arg)
            if inner is None:
                return None
            values += inner
        return values + [None] if type(None) in typing.get_args(annotation) else values
    return None


def _leaves(model: type[BaseModel], prefix: tuple = ()) -> list[tuple[tuple, Any]]:
    """Each option's path and type, in the model's order (nested groups in place)."""
    found: list[tuple[tuple, Any]] = []
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            found += _leaves(annotation, (*prefix, name))
            continue
        args = typing.get_args(annotation)
        if typing.get_origin(annotation) is tuple and args and Ellipsis not in args:
            found += [((*prefix, name, i), arg) for i, arg in enumerate(args)]
            continue
        found.append(((*prefix, name), annotation))
    return found


def dotted(path: tuple) -> str:
    return ".".join(str(key) for key in path)


def option_controls(words: Any, options_model: type[BaseModel], lang: str) -> list[dict]:
    """Every option of ``options_model`` as a control in ``lang``. An option the words do
    not name raises KeyError (tests/engines/test_option_words.py finds it first)."""
    named: Mapping[str, Any] = getattr(words, "OPTIONS", {}) if words is not None else {}
    controls = []
    for path, annotation in _leaves(options_model):
        label, value_words = named[dotted(path)]
        many = typing.get_origin(annotation) is list
        if annotation is bool:
            value_words = value_words or {True: CORE["yes"], False: CORE["no"]}
            values = [True, False]
        else:
            values = _literal_values(annotation)
            if values is None:  # an int or a list: the words name the values offered
                values = list(value_words)
        controls.append(
            {
                "path": path,
                "label": say(label, lang),
                "choices": [(value, say(value_words[value], lang)) for value in values],
                "many": many,
            }
        )
    return controls


def rule_set_names(words: Any, presets: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """Each preset (the first is the game's default) and its name in ``lang``."""
    named = getattr(words, "RULE_SETS", {}) if words is not None else {}
    return [(name, say(named[name], lang)) for name in presets]
