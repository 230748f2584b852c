"""The organizer's short screen for the printed values a rulebook lost (issue 16).

The full edition table (``edition_data``, /console/tools/<event>/editions/<game>/) lists
every printed value as a dotted path and takes JSON. Most organizers need only a few
numbers from the printed sheet or board: the ones a game's score depends on and the
rulebook text lost. ``LOST_VALUES`` names them per game with what each means; the screen
lists those still unknown in the bundled edition (never a printed one) and stores what the
organizer enters through ``edition_data.edition_fill``, so the engine's checks apply
(``setup.edition_printed``: a printed value cannot be changed). Storing them has the
results already scored with the value unknown scored again (``results.services.rescore``,
sent on commit by ``edition_data.edition_store``).

Tameri has no entry: its "n + ?" results come from values a judge leaves blank on the
sheet (building and priest card points, written per player), not from the edition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.console.services import edition_data
from tournaments.events.models import Event


@dataclass(frozen=True)
class LostValue:
    """One printed number the rulebook lost, in words."""

    path: str  # the edition's dotted path
    label: Promise
    meaning: Promise
    rule: str  # the rules reference (rules/<game>.md) that prints it
    minimum: int | None = None
    maximum: int | None = None
    words: tuple[tuple[str, Any], ...] = ()  # filled into label and meaning when shown

    def _fill(self, text: Promise) -> str:
        # Translated when shown, not at import: the page's language decides.
        return (
            str(text) % {key: str(value) for key, value in self.words} if self.words else str(text)
        )

    @property
    def label_text(self) -> str:
        return self._fill(self.label)

    @property
    def meaning_text(self) -> str:
        return self._fill(self.meaning)


def _rank(track: Promise, place: Promise, path: str) -> LostValue:
    return LostValue(
        path,
        gettext_lazy("%(track)s: points for %(place)s place"),
        gettext_lazy(
            "Printed on the score sheet beside the track. Every player of that rank scores it."
        ),
        "S5",
        minimum=0,
        words=(("track", track), ("place", place)),
    )


def _combo_cards(cards: int) -> LostValue:
    return LostValue(
        f"combo_bonus.{cards}.cards",
        gettext_lazy("Combo Bonus for %(n)s cards: cards drawn"),
        gettext_lazy(
            "The card icons printed on the Combo Bonus chart at %(n)s cards placed in one "
            "turn (0 to 4)."
        ),
        "S1",
        minimum=0,
        maximum=4,
        words=(("n", cards),),
    )


_COMBO = gettext_lazy("Combo track")
_AREA = gettext_lazy("Area track")
_MISS = gettext_lazy("Miss track")
_FIRST = gettext_lazy("1st")
_SECOND = gettext_lazy("2nd")
_THIRD = gettext_lazy("3rd")


def _penalty(spaces: int) -> LostValue:
    return LostValue(
        f"penalty_by_distance.{spaces}",
        gettext_lazy("Movement penalty, %(n)s spaces short"),
        gettext_lazy(
            "Points lost at a level's end by a player still %(n)s spaces from the watcher "
            "space (a negative number or 0), as printed in the penalty table."
        ),
        "S5",
        maximum=0,
        words=(("n", spaces),),
    )


LOST_VALUES: dict[str, tuple[LostValue, ...]] = {
    "nile_murals": (
        _rank(_COMBO, _FIRST, "rank_points.combo.0"),
        _rank(_COMBO, _SECOND, "rank_points.combo.1"),
        _rank(_COMBO, _THIRD, "rank_points.combo.2"),
        _rank(_AREA, _FIRST, "rank_points.area.0"),
        _rank(_AREA, _SECOND, "rank_points.area.1"),
        _rank(_AREA, _THIRD, "rank_points.area.2"),
        _rank(_MISS, _FIRST, "rank_points.miss.0"),
        _rank(_MISS, _SECOND, "rank_points.miss.1"),
        _rank(_MISS, _THIRD, "rank_points.miss.2"),
        *(_combo_cards(n) for n in range(1, 11)),
    ),
    "field_of_reeds": (
        LostValue(
            "level2_table.4",
            gettext_lazy("Level 2: points for 4 Djeds of one colour"),
            gettext_lazy(
                "From the level-2 table printed on the player sheet (the text gives 0, 0, "
                "1, 3, ?, 10 for 0 to 5 Djeds)."
            ),
            "S3",
            minimum=0,
        ),
        *(_penalty(n) for n in range(4, 9)),
    ),
}


def lost_rows(event: Event, game: str) -> list[dict[str, Any]]:
    """The values of ``game`` the rulebook lost, each with its meaning and what the event
    supplied (None: still unknown). Values the bundled edition knows are never listed."""
    leaves = {
        leaf.path: leaf
        for leaf in edition_data.edition_leaves(game, edition_data.supplied_spec(event, game))
    }
    rows = []
    for lost in LOST_VALUES.get(game, ()):
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
    return [game for game in edition_data.event_game_keys(event) if game in LOST_VALUES]


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
