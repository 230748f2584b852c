"""Core value types shared by every engine: violations, outcomes, reports.

Everything here is a frozen dataclass with a ``to_dict`` that produces the JSON the CLI
prints and the Django side stores, so one structure travels from engine to page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engines.core.localize import JaFormatter

FrozenT = TypeVar("FrozenT")
_new_object = object.__new__
_set_attribute = object.__setattr__


def frozen_instance(cls: type[FrozenT], /, **fields: Any) -> FrozenT:
    """An instance of the frozen dataclass ``cls`` with ``fields`` - every field, by name,
    none left to its default: equal to ``cls(**fields)``, built without the generated
    ``__init__``'s one ``object.__setattr__`` call per field (about half the cost of a
    7-field result; a score sheet builds one per seat). Only for hot paths; the keyword
    call dict becomes the instance's ``__dict__``, so it must name every field."""
    instance = _new_object(cls)
    _set_attribute(instance, "__dict__", fields)
    return instance


@dataclass(frozen=True)
class Violation:
    """One broken rule or malformed field.

    ``message`` is an English template formatted with ``params``; pages translate by
    ``code`` with the engine's Japanese catalogue and the same params.
    """

    code: str
    rule: str | None
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    index: int | None = None
    path: str | None = None

    @property
    def text(self) -> str:
        params = self.params
        for value in params.values():
            if isinstance(value, Mapping):  # counts read "1 barley, 2 papyrus", not a dict
                params = {
                    k: _counts_en(v) if isinstance(v, Mapping) else v for k, v in params.items()
                }
                break
        try:
            return self.message.format(**params)
        except (KeyError, IndexError, ValueError):
            return self.message

    def at(self, *, index: int | None = None, path: str | None = None) -> Violation:
        """The same violation located at a move index or JSON path."""
        return Violation(
            self.code,
            self.rule,
            self.message,
            self.params,
            self.index if index is None else index,
            self.path if path is None else path,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "rule": self.rule, "message": self.text}
        if self.params:
            out["params"] = dict(self.params)
        if self.index is not None:
            out["index"] = self.index
        if self.path is not None:
            out["path"] = self.path
        return out


_COUNTING = JaFormatter()  # str.format, and {n+1} counts from 1 (engines count from 0)


def fill(template: str, params: Mapping[str, Any]) -> str:
    """An English template filled with ``params``; ``{n+1}`` counts a 0-based ``n`` from 1.
    Plain ``str.format`` where the template counts nothing (the common, fast case)."""
    if "+1}" in template:
        return _COUNTING.format(template, **params)
    return template.format(**params)


def _counts_en(counts: Mapping[str, Any]) -> str:
    return ", ".join(f"{n} {key}" for key, n in counts.items()) or "nothing"


@dataclass(frozen=True)
class Category:
    """A scoring category, declared once per engine in score-sheet order."""

    key: str
    en: str
    ja: str
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "en": self.en, "ja": self.ja, "rule": self.rule}


@dataclass(frozen=True)
class Tiebreak:
    """One link of the game's own tiebreak chain (after total points)."""

    key: str
    en: str
    ja: str
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "en": self.en, "ja": self.ja, "rule": self.rule}


@dataclass(frozen=True)
class Unchecked:
    """Something the engine could not verify or compute, and why. Never a guess."""

    item: str
    reason: str
    rule: str | None = None
    path: str | None = None
    index: int | None = None
    # As a violation's code and params: the engine's ``UNCHECKED_JA[code]`` holds the item
    # and reason in Japanese with the same params (``GameEngine.localize_unchecked``).
    code: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        code: str,
        rule: str | None,
        item: str,
        reason: str,
        *,
        path: str | None = None,
        index: int | None = None,
        **params: Any,
    ) -> Unchecked:
        """One built from English templates (``str.format`` with ``params``; ``{n+1}``
        counts a 0-based position from 1), as violations are, so a page can show it in
        Japanese by ``code``."""
        return cls(fill(item, params), fill(reason, params), rule, path, index, code, params)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"item": self.item, "reason": self.reason, "rule": self.rule}
        if self.code is not None:
            out["code"] = self.code
        if self.params:
            out["params"] = dict(self.params)
        if self.path is not None:
            out["path"] = self.path
        if self.index is not None:
            out["index"] = self.index
        return out


@dataclass(frozen=True)
class PlayerResult:
    """One player's line of an outcome. ``breakdown`` follows the engine's category order.

    A category whose points could not be computed is ``None`` in the breakdown and named in
    the outcome's ``unchecked``; ``total`` then sums what is known and ``complete`` is False.
    """

    seat: int  # 1-based; seat 1 is the start player
    name: str
    total: int
    breakdown: tuple[tuple[str, int | None], ...]
    rank: int
    tiebreak: tuple[int | float | None, ...] = ()
    complete: bool = True

    def points(self, category: str) -> int | None:
        return dict(self.breakdown)[category]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "total": self.total,
            "breakdown": dict(self.breakdown),
            "rank": self.rank,
            "tiebreak": list(self.tiebreak),
            "complete": self.complete,
        }


@dataclass(frozen=True)
class Outcome:
    game: str
    engine_version: str
    categories: tuple[Category, ...]
    tiebreaks: tuple[Tiebreak, ...]
    players: tuple[PlayerResult, ...]
    unchecked: tuple[Unchecked, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.unchecked

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "engine_version": self.engine_version,
            "categories": [c.to_dict() for c in self.categories],
            "tiebreaks": [t.to_dict() for t in self.tiebreaks],
            "players": [p.to_dict() for p in self.players],
            "unchecked": [u.to_dict() for u in self.unchecked],
            "options": dict(self.options),
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Report:
    """The result of replaying a move log: a fold that stops at the first illegal move."""

    game: str
    engine_version: str
    moves_applied: int
    violations: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    final_state: Any
    game_over: bool
    outcome: Outcome | None
    unchecked: tuple[Unchecked, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.violations

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "engine_version": self.engine_version,
            "ok": self.ok,
            "moves_applied": self.moves_applied,
            "game_over": self.game_over,
            "violations": [v.to_dict() for v in self.violations],
            "warnings": [w.to_dict() for w in self.warnings],
            "unchecked": [u.to_dict() for u in self.unchecked],
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
