"""What the engine could not check, said in the page's language.

An outcome's ``unchecked`` entries (a printed value the rulebook lost, a chance fact the
log does not record) carry the engine's English ``item`` and ``reason`` and, like
violations, a ``code`` and ``params``. They are stored with their Japanese beside them
(``item_ja`` / ``reason_ja``, as a violation keeps ``message_ja``), so a stored result reads
the same tomorrow whatever the catalogue says then. An entry stored before that has no
Japanese: one with a code is said by the engine now, one without keeps its English.
"""

from __future__ import annotations

from typing import Any

import engines
from engines.core.types import Outcome, Unchecked


def unchecked_json(engine, entry: Unchecked) -> dict[str, Any]:
    out = entry.to_dict()
    out["item_ja"], out["reason_ja"] = engine.localize_unchecked(entry, "ja")
    return out


def outcome_json(engine, outcome: Outcome) -> dict[str, Any]:
    """The outcome as stored: its unchecked entries with their Japanese."""
    out = outcome.to_dict()
    out["unchecked"] = [unchecked_json(engine, u) for u in outcome.unchecked]
    return out


def _said_now(game: str | None, entry: dict[str, Any]) -> tuple[str, str] | None:
    """Japanese for an entry stored with a code but without its Japanese."""
    try:
        engine = engines.get_engine(game or "")
    except LookupError:
        return None
    params = entry.get("params")
    rebuilt = Unchecked(
        str(entry.get("item") or ""),
        str(entry.get("reason") or ""),
        entry.get("rule"),
        code=entry["code"],
        params=params if isinstance(params, dict) else {},
    )
    return engine.localize_unchecked(rebuilt, "ja")


def unchecked_text(entry: dict[str, Any], lang: str, game: str | None = None) -> tuple[str, str]:
    """One stored entry's item and reason in ``lang`` ("ja" or "en")."""
    item, reason = str(entry.get("item") or ""), str(entry.get("reason") or "")
    if not lang.startswith("ja"):
        return item, reason
    if entry.get("item_ja") and entry.get("reason_ja"):
        return str(entry["item_ja"]), str(entry["reason_ja"])
    if entry.get("code"):
        said = _said_now(game, entry)
        if said is not None:
            return said
    return item, reason


def with_unchecked_text(outcome: dict[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """A copy of the outcome whose unchecked entries carry their text in ``lang``."""
    if outcome is None:
        return None
    return {**outcome, "unchecked": localized_unchecked(outcome, lang)}


def localized_unchecked(outcome: dict[str, Any] | None, lang: str) -> list[dict[str, Any]]:
    """The outcome's unchecked entries with ``item_text`` and ``reason_text`` in ``lang``
    added, and ``rule_id`` as the rulebook prints it (``S5``, without the engine's game
    key); the stored ones are untouched."""
    outcome = outcome or {}
    game = outcome.get("game")
    out = []
    for entry in outcome.get("unchecked") or []:
        item, reason = unchecked_text(entry, lang, game)
        rule_id = str(entry.get("rule") or "").rpartition(":")[2]
        out.append({**entry, "item_text": item, "reason_text": reason, "rule_id": rule_id})
    return out
