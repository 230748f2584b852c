"""The three kinds of failure an engine can report.

Two are about the judge's input and carry violations a page can show beside the field or
move they concern; the third is our own bug and must never be shown as the judge's fault.
Input errors subclass ``ValueError`` from day one (python-chess had to retrofit this).
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.core.types import Violation


class EngineError(ValueError):
    """Base of the input errors: the document, not the program, is wrong."""

    exit_code = 2

    def __init__(self, violations: Iterable[Violation]):
        self.violations: tuple[Violation, ...] = tuple(violations)
        super().__init__("; ".join(v.text for v in self.violations) or self.__class__.__name__)


class MalformedInput(EngineError):
    """Wrong shape: unknown move type, missing field, wrong type. Violations name a JSON path."""

    exit_code = 2


class SetupError(MalformedInput):
    """Options, player count or edition that no game can start from."""


class IllegalMove(EngineError):
    """Well-formed but against a rule. Violations name the move index and the rule."""

    exit_code = 1


class EngineBug(Exception):
    """A program error inside an engine. Deliberately not a ValueError."""
