"""What a person's name (and its reading and club) may be made of.

A name is shown beside other text on every public page (standings, seating, results).
Control characters and bidirectional formatting characters (right-to-left overrides,
embeddings, isolates, marks) would reorder the text around the name, and a name made only
of invisible characters (zero-width spaces, joiners, word joiners) shows as nothing: both
are refused wherever a name is entered, and so is a reading made only of them (the lists
sort by it, and a sign-up's duplicate check keys by it). Joiners inside a visible name
stay allowed (they build emoji and some scripts' letters). Templates still isolate names
with ``<bdi>``, for names stored before this check.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Unicode's bidirectional formatting characters (UAX #9): LRE RLE PDF LRO RLO, LRI RLI FSI
# PDI, and the marks LRM RLM ALM.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)


def _invisible(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) in ("Cf", "Mn", "Me", "Zs")


def text_problem(value: str) -> str | None:
    """Why ``value`` may not be part of a name (any of its fields), or None."""
    for char in value:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Cn", "Zl", "Zp") or char in BIDI_CONTROLS:
            return _(
                "It contains an invisible control character (U+%(code)04X), which would "
                "change how the text around it is shown."
            ) % {"code": ord(char)}
    return None


def _shows_nothing(value: str) -> bool:
    return bool(value) and all(_invisible(c) for c in value)


def name_problem(value: str) -> str | None:
    """Why ``value`` may not be a person's name, or None. Blank is left to the caller."""
    problem = text_problem(value)
    if problem is None and _shows_nothing(value):
        return _("The name has no visible character.")
    return problem


def reading_problem(value: str) -> str | None:
    """Why ``value`` may not be the reading of a name, or None. Blank is left to the caller
    (a reading is optional, except on the sign-up page)."""
    problem = text_problem(value)
    if problem is None and _shows_nothing(value):
        return _("The reading has no visible character.")
    return problem


def validate_name(value: str) -> None:
    problem = name_problem(value)
    if problem:
        raise ValidationError(problem, code="invisible_name")


def validate_reading(value: str) -> None:
    problem = reading_problem(value)
    if problem:
        raise ValidationError(problem, code="invisible_reading")


def validate_text(value: str) -> None:
    problem = text_problem(value)
    if problem:
        raise ValidationError(problem, code="control_character")
