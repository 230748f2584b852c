"""The organizer's short screen for the printed values a rulebook lost (issue 16).

The full edition table (``edition_data``, /console/tools/<event>/editions/<game>/) lists
every printed value as a dotted path and takes JSON. Most organizers need only a few
numbers from the printed sheet or board: the ones a game's score depends on and the
rulebook text lost. Each game's engine names them with what each means
(``engines/<game>/lost_values.py``, read through ``engine.lost_values``); the screen
lists those still unknown in the bundled edition (never a printed one) and stores what the
organizer enters through ``edition_data.edition_fill``, so the engine's checks apply
(``setup.edition_printed``: a printed value cannot be changed). Storing them has the
results already scored with the value unknown scored again (``results.services.rescore``,
sent on commit by ``edition_data.edition_store``).

Tameri has no entry: its "n + ?" results come from values a judge leaves blank on the
sheet (building and priest card points, written per player), not from the edition.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

import engines
from tournaments.console.services import edition_data
from tournaments.events.models import Event


@dataclass(frozen=True)
class LostValue:
    """One printed number the rulebook lost, in words (from the engine's
    ``lost_values``: ``engines/<game>/lost_values.py``)."""

    path: str  # the edition's dotted path
    label: tuple[str, str]  # (English, Japanese)
    meaning: tuple[str, str]
    rule: str  # the rules reference (rules/<game>.md) that prints it
    minimum: int | None = None
    maximum: int | None = None

    @staticmethod
    def _in_page_language(english: str, japanese: str) -> str:
        # Chosen when shown, not when read: the page's language decides.
        return japanese if (get_language() or "ja")[:2] == "ja" else english

    @property
    def label_text(self) -> str:
        return self._in_page_language(*self.label)

    @property
    def meaning_text(self) -> str:
        return self._in_page_language(*self.meaning)


@functools.lru_cache(maxsize=16)  # keyed by game: a handful of keys
def game_lost_values(game: str) -> tuple[LostValue, ...]:
    """The printed values ``game``'s rulebook lost, as its engine words them; () for a
    game whose rulebook lost none (or a key no engine is registered under)."""
    try:
        engine = engines.get_engine(game)
    except LookupError:
        return ()
    return tuple(LostValue(**entry) for entry in engine.lost_values)


def has_lost_values(game: str) -> bool:
    """Whether ``game`` has a short screen (its rulebook lost values its scores need)."""
    return bool(game_lost_values(game))


def lost_rows(event: Event, game: str) -> list[dict[str, Any]]:
    """The values of ``game`` the rulebook lost, each with its meaning and what the event
    supplied (None: still unknown). Values the bundled edition knows are never listed."""
    leaves = {
        leaf.path: leaf
        for leaf in edition_data.edition_leaves(game, edition_data.supplied_spec(event, game))
    }
    rows = []
    for lost in game_lost_values(game):
        leaf = leaves.get(lost.path)
        if leaf is None or leaf.known:
            continue  # printed in the rulebook (or not part of this edition): not asked
        rows.append(
            {
                "value": lost,
                "field": "value:" + lost.path,
                "id": "lost-" + lost.path.replace(".", "-"),
                "supplied": leaf.supplied,
                "source": leaf.source if leaf.filled else "",
            }
        )
    return rows


def games_with_lost_values(event: Event) -> list[str]:
    return [game for game in edition_data.event_game_keys(event) if has_lost_values(game)]


def missing_count(event: Event, game: str) -> int:
    return sum(row["supplied"] is None for row in lost_rows(event, game))


class LostValueErrors(ValueError):
    """Entries refused before anything is stored: ``fields`` by form field name,
    ``problems`` for the whole form (the engine's refusals)."""

    def __init__(self, fields: dict[str, str], problems: list[str] | None = None):
        super().__init__("; ".join([*fields.values(), *(problems or [])]))
        self.fields = fields
        self.problems = problems or []


def _parse(lost: LostValue, raw: str) -> tuple[int | None, str | None]:
    text = raw.strip().replace("−", "-")
    try:
        number = int(text)
    except ValueError:
        return None, _("Enter a whole number, as printed.")
    if lost.minimum is not None and number < lost.minimum:
        return None, _("At least %(n)d.") % {"n": lost.minimum}
    if lost.maximum is not None and number > lost.maximum:
        return None, _("At most %(n)d.") % {"n": lost.maximum}
    return number, None


def lost_values_save(event: Event, game: str, post: Mapping[str, str], source: str) -> list[str]:
    """Store the entered values (blank: left unknown); returns the paths stored.

    Refused whole (``LostValueErrors``) when an entry is not a number in range, names a
    value the rulebook prints, or the engine refuses the resulting edition."""
    rows = {row["field"]: row["value"] for row in lost_rows(event, game)}
    printed = {
        "value:" + leaf.path: leaf for leaf in edition_data.edition_leaves(game) if leaf.known
    }
    values: dict[str, int] = {}
    errors: dict[str, str] = {}
    for name, raw in post.items():
        if not name.startswith("value:"):
            continue
        if name in printed:
            errors[name] = _(
                "The rulebook prints this value (%(value)s); only values it lost can be "
                "entered here."
            ) % {"value": printed[name].bundled}
            continue
        lost = rows.get(name)
        if lost is None:
            errors[name] = _("This screen does not enter that value.")
            continue
        if not raw.strip():
            continue
        number, error = _parse(lost, raw)
        if error:
            errors[name] = error
        else:
            values[lost.path] = number  # type: ignore[assignment]
    if errors:
        raise LostValueErrors(errors)
    if not values:
        raise LostValueErrors({}, [_("Nothing entered.")])
    try:
        edition_data.edition_fill(event, game, values, source)
    except edition_data.EditionDataError as err:
        raise LostValueErrors({}, err.problems) from err
    return sorted(values)
