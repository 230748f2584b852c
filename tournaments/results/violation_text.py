"""What a judge reads for each problem the engine found, in the page's language.

The engines localize their own rule violations (``message`` / ``message_ja``); a shape
error from the sheet model (``malformed.*``) carries pydantic's English text with a JSON
path, which no judge should read. Those get a short sentence of ours instead; the field
they concern is named by where the page shows them (beside the field), not in the text.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

_BOUND = re.compile(r"(less|greater) than( or equal to)? (-?\d+(?:\.\d+)?)")


def _shape_text(code: str, detail: str) -> str:
    kind = code.removeprefix("malformed.")
    bound = _BOUND.search(detail or "")
    if kind == "missing":
        return _("Required.")
    if kind in ("less_than_equal", "less_than") and bound:
        limit = bound.group(3) if kind == "less_than_equal" else str(int(bound.group(3)) - 1)
        return _("At most %(n)s.") % {"n": limit}
    if kind in ("greater_than_equal", "greater_than") and bound:
        limit = bound.group(3) if kind == "greater_than_equal" else str(int(bound.group(3)) + 1)
        return _("At least %(n)s.") % {"n": limit}
    if kind in ("int_parsing", "int_type", "int_from_float", "float_parsing"):
        return _("Enter a whole number.")
    if kind in ("bool_type", "bool_parsing"):
        return _("Tick the box or leave it empty.")
    if kind in ("literal_error", "enum"):
        return _("Choose one of the listed values.")
    if kind in ("too_short", "too_long"):
        return _("This list has the wrong number of entries.")
    if kind == "string_pattern_mismatch":
        return _("Use lower-case letters only (for example: white).")
    if kind == "extra_forbidden":
        return _("This event's game does not have this field.")
    return _("This value cannot be read.")


def _service_text(code: str, params: dict[str, Any]) -> str | None:
    """Problems the result service itself reports (no engine catalogue has them)."""
    if code == "result.log_incomplete":
        return _("The log ends after %(moves)s moves, before the game is over.") % {
            "moves": params.get("moves", "?")
        }
    if code == "result.engine_failed":
        return _("The rules engine failed on this entry; it is kept as a draft.")
    if code == "result.unknown_game":
        return _("This game has no rules engine.")
    return None


def violation_text(violation: dict[str, Any], lang: str) -> str:
    code = violation.get("code") or ""
    with translation.override(lang):
        service = _service_text(code, violation.get("params") or {})
        if service is not None:
            return service
        if code.startswith("malformed.") and code not in ("malformed.game",):
            params = violation.get("params") or {}
            return _shape_text(code, str(params.get("detail", "")))
        if lang == "ja":
            return violation.get("message_ja") or violation.get("message") or ""
        return violation.get("message") or ""


def localized(violations: list[dict[str, Any]] | None, lang: str) -> list[dict[str, Any]]:
    """The violations with ``text`` in ``lang`` added (the stored ones are untouched)."""
    return [{**v, "text": violation_text(v, lang)} for v in violations or []]


# Refusals of the result service (English for the API) as the pages say them.
_REFUSALS = [
    (re.compile(r"is at version \d+, this entry was made"), "conflict"),
    (re.compile(r"is not the latest entry"), "conflict"),
    (re.compile(r"already has a confirmed result"), "confirmed"),
    (re.compile(r"correction needs a reason"), "correction_reason"),
    (re.compile(r"correction has errors"), "correction_invalid"),
    (re.compile(r"say what is wrong"), "dispute_reason"),
    (re.compile(r"^version \d+ is \w+"), "not_open"),
    (re.compile(r"confirms only for themselves"), "own_only"),
    (re.compile(r"not seated at this table"), "not_seated"),
    (re.compile(r"own device"), "own_device"),
    (re.compile(r"may not|not your table|only a head judge"), "forbidden"),
]


def refusal_text(message: str) -> str:
    """A refusal's English message from the service, said in the active language."""
    texts = {
        "conflict": _(
            "Someone saved a newer version of this table. Reload to see it; your entry "
            "was not overwritten."
        ),
        "confirmed": _("This table already has a confirmed result; a head judge corrects it."),
        "correction_reason": _("Give a reason for the correction."),
        "correction_invalid": _(
            "The correction has errors and was not saved; the table is unchanged."
        ),
        "dispute_reason": _("Say what is wrong (a reason is required)."),
        "not_open": _("This result can no longer be confirmed or disputed."),
        "own_only": _("A player confirms only for themselves."),
        "not_seated": _("That player is not seated at this table."),
        "own_device": _(
            "This event confirms on each player's own device: the player confirms with "
            "their private link."
        ),
        "forbidden": _("You may not do this here."),
    }
    for pattern, key in _REFUSALS:
        if pattern.search(message or ""):
            return str(texts[key])
    return str(_("The request was refused."))
