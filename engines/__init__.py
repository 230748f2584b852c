"""Rules engines for the five games: pure Python, no Django import anywhere below here.

Public surface: ``get_engine(key)`` and ``available_engines()``. See README.md.
"""

from engines.core.errors import EngineBug, EngineError, IllegalMove, MalformedInput, SetupError
from engines.core.types import Outcome, Report, Violation
from engines.registry import REGISTRY, DuplicateEngineKey, UnknownEngine


def get_engine(key: str):
    """The engine registered under ``key``; UnknownEngine (a LookupError) otherwise."""
    return REGISTRY.get(key)


def available_engines() -> tuple[str, ...]:
    return REGISTRY.keys()


__all__ = [
    "DuplicateEngineKey",
    "EngineBug",
    "EngineError",
    "IllegalMove",
    "MalformedInput",
    "Outcome",
    "Report",
    "SetupError",
    "UnknownEngine",
    "Violation",
    "available_engines",
    "get_engine",
]
