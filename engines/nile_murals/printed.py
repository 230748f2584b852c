"""The edition's printed data, turned into fast look-ups once per game, and its checks.

Unknown values stay unknown (``None``): callers decide what can still be checked and list
the rest as unchecked. Nothing here fills a gap with a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from engines.core.editions import Edition, load_bundled
from engines.core.errors import SetupError
from engines.core.types import Violation

TRACKS = ("combo", "area", "miss")


def bit(card: int) -> int:
    return 1 << card


@dataclass(frozen=True)
class ComboCell:
    points: int | None
    cards: int | None  # None: the printed count is unknown (G1)
    min_cards: int  # bounds the rulebook text still gives when ``cards`` is unknown
    max_cards: int


@dataclass(frozen=True)
class Printed:
    ankh_count: int
    ankh_mask: int  # cards the edition names as ankh cards
    ankh_complete: bool  # every ankh card is named, so any other card is not one
    area_count: int
    area_of: tuple[int | None, ...]  # square -> area index, where known
    area_mask: tuple[int | None, ...]  # area index -> its squares, when fully known
    area_value: tuple[int | None, ...]
    square_value: dict[int, int]  # value of the area holding a square, known without the map
    combo: dict[int, ComboCell]
    rank_points: dict[str, tuple[int | None, ...]]

    def most_combo_points(self, cards: int) -> int:
        """The most Combo points turns placing ``cards`` cards in all can give (L11): the
        best split into turns of 1-10 cards, each worth its chart points (an unknown cell
        counts as the text's highest, +5)."""
        return _most_combo_points(self.chart_points, cards)

    @cached_property
    def chart_points(self) -> tuple[int, ...]:
        """Combo points for 1-10 cards (an unknown cell: the text's highest, +5)."""
        return tuple(
            MOST_CHART_POINTS if c.points is None else c.points for c in self.combo.values()
        )

    @cached_property
    def area_sum_bounds(self) -> tuple[int, int]:
        """Least and most the area values can add up to (L11): an unknown value lies
        between I and III. Worked out once per edition, not per sheet."""
        low = sum(v if v is not None else 1 for v in self.area_value)
        high = sum(v if v is not None else 3 for v in self.area_value)
        return low, high

    @property
    def area_total(self) -> int | None:
        """Sum of all area values (L11), when every value is known."""
        if any(v is None for v in self.area_value):
            return None
        return sum(v for v in self.area_value if v is not None)


MOST_CHART_POINTS = 5  # S1: the chart's points run +1 to +5


@lru_cache(maxsize=64)
def _most_combo_points(points: tuple[int, ...], cards: int) -> int:
    best = [0] * (cards + 1)
    for c in range(1, cards + 1):
        best[c] = max(best[c - k] + points[k - 1] for k in range(1, min(10, c) + 1))
    return best[cards]


def _as_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


_MEMO: dict[tuple[str, int], tuple[Any, Any]] = {}


def _memo_by_values(kind: str, edition: Edition, build: Any) -> Any:
    """``build(edition)``, remembered per ``edition.values`` object: every replay resolves a
    new Edition, but a bundled edition's values dict is shared and read-only (core
    editions.py), so the look-ups are built once instead of once per replay. The entry
    keeps its values object alive, so an id is never reused for another one."""
    key = (kind, id(edition.values))
    entry = _MEMO.get(key)
    if entry is None or entry[0] is not edition.values:
        if len(_MEMO) > 256:
            _MEMO.clear()
        entry = _MEMO[key] = (edition.values, build(edition))
    return entry[1]


def load_printed(edition: Edition) -> Printed:
    """Look-ups from an edition already accepted by ``edition_problems`` (built once per
    edition values object; ``Printed`` and its tables are read-only)."""
    return _memo_by_values("printed", edition, _build_printed)  # type: ignore[no-any-return]


def _build_printed(edition: Edition) -> Printed:
    ankh_count = edition.get("ankh_count", 13)
    named = set(edition.get("ankh_cards_known", []) or [])
    named |= {c for c in edition.get("ankh_cards", []) or [] if _as_int(c) is not None}
    ankh_mask = 0
    for card in named:
        ankh_mask |= bit(card)
    area_count = edition.get("area_count", 12)
    areas = edition.get("areas") or []
    area_of: list[int | None] = [None] * 100
    area_mask: list[int | None] = [None] * area_count
    area_value: list[int | None] = [None] * area_count
    for index, area in enumerate(areas[:area_count]):
        area_value[index] = _as_int(area.get("value"))
        squares = area.get("squares")
        if squares is not None:
            mask = 0
            for square in squares:
                mask |= bit(square)
                area_of[square] = index
            area_mask[index] = mask
    square_value = {
        int(square): value for square, value in (edition.get("area_value_of_square") or {}).items()
    }
    for square, value in square_value.items():
        index = area_of[square]
        if index is not None and area_value[index] is None:
            area_value[index] = value
    low, high = edition.get("bonus_card_range", [1, 4])
    combo = {}
    for k in range(1, 11):
        cell = edition.get(f"combo_bonus.{k}", {}) or {}
        cards = _as_int(cell.get("cards"))
        icon = cell.get("card_icon")
        combo[k] = ComboCell(
            points=_as_int(cell.get("points")),
            cards=cards,
            min_cards=cards if cards is not None else (low if icon is True else 0),
            max_cards=cards if cards is not None else (0 if icon is False else high),
        )
    ranks = {
        track: tuple(_as_int(p) for p in (edition.get(f"rank_points.{track}") or [None] * 3))
        for track in TRACKS
    }
    return Printed(
        ankh_count=ankh_count,
        ankh_mask=ankh_mask,
        ankh_complete=len(named) == ankh_count,
        area_count=area_count,
        area_of=tuple(area_of),
        area_mask=tuple(area_mask),
        area_value=tuple(area_value),
        square_value=square_value,
        combo=combo,
        rank_points=ranks,
    )


def _problem(message: str, path: str, **params: Any) -> Violation:
    return Violation("setup.edition", None, message, params, path=f"$.edition.values.{path}")


def _is_card(value: Any) -> bool:
    return _as_int(value) is not None and 0 <= value <= 99


def edition_problems(edition: Edition) -> list[Violation]:
    """Shape and consistency of an edition's values (a supplied edition may be wrong);
    checked once per edition values object, a fresh list each call."""
    return list(_memo_by_values("problems", edition, _edition_problems))


def _printed_by_rulebook() -> dict[str, Any]:
    """The bundled default edition holds exactly what the rulebook prints (its sources say
    where): every non-null value there is a printed fact no edition may change."""
    try:
        return dict(load_bundled("nile_murals", "default").values)
    except SetupError:  # pragma: no cover - the file ships with the engine
        return {}


# A list of cards the rulebook names, to which an edition may add (the rest are lost).
_OPEN_LISTS = ("ankh_cards_known",)


def _changed_printed_values(fixed: Any, got: Any, path: str, out: list[Violation]) -> None:
    if fixed is None:
        return  # lost with the figures: the edition may supply it
    if isinstance(fixed, dict):
        if not isinstance(got, dict):
            out.append(_printed_problem(path, fixed, got))
            return
        for key, value in fixed.items():
            _changed_printed_values(value, got.get(key), f"{path}.{key}" if path else key, out)
    elif isinstance(fixed, list):
        if path in _OPEN_LISTS:
            if not isinstance(got, list) or not set(fixed) <= set(got):
                out.append(_printed_problem(path, fixed, got))
        elif not isinstance(got, list) or len(got) < len(fixed):
            out.append(_printed_problem(path, fixed, got))
        else:
            for index, value in enumerate(fixed):
                _changed_printed_values(value, got[index], f"{path}.{index}", out)
    elif got != fixed or type(got) is not type(fixed):
        out.append(_printed_problem(path, fixed, got))


# The rule that prints each value (rules reference ids).
_PRINTED_RULE = {
    "rank_points": "S5",
    "combo_bonus": "S1",
    "bonus_card_range": "S1",
    "area_count": "C8",
    "area_value_of_square": "M6",
}


def _printed_problem(path: str, fixed: Any, got: Any) -> Violation:
    return Violation(
        "setup.edition_printed",
        f"nile_murals:{_PRINTED_RULE.get(path.split('.')[0], 'C5')}",
        "{key} is printed in the rulebook as {printed}; an edition may fill in only the "
        "values the rulebook lost, not change printed ones (got {got})",
        {"key": path, "printed": fixed, "got": got},
        path=f"$.edition.values.{path}",
    )


def _edition_problems(edition: Edition) -> tuple[Violation, ...]:
    out: list[Violation] = []
    _changed_printed_values(_printed_by_rulebook(), dict(edition.values), "", out)
    ankh_count = edition.get("ankh_count", 13)
    known = edition.get("ankh_cards_known", []) or []
    full = edition.get("ankh_cards")
    if full is not None:
        cards = [c for c in full if c is not None] if isinstance(full, list) else None
        if cards is None or len(full) > ankh_count:
            out.append(_problem("ankh_cards lists at most {n} cards", "ankh_cards", n=ankh_count))
        elif not all(_is_card(c) for c in cards) or len(set(cards)) != len(cards):
            out.append(_problem("ankh_cards must be distinct numbers 0-99", "ankh_cards"))
        elif len(cards) == ankh_count and not set(known) <= set(cards):
            out.append(
                _problem(
                    "ankh_cards must include {known} (named in the rulebook)",
                    "ankh_cards",
                    known=", ".join(str(c) for c in known),
                )
            )
        elif len(set(cards) | set(known)) > ankh_count:
            out.append(_problem("more than {n} ankh cards", "ankh_cards", n=ankh_count))
    out.extend(_area_problems(edition))
    low_high = edition.get("bonus_card_range", [1, 4])
    for k in range(1, 11):
        cell = edition.get(f"combo_bonus.{k}")
        if not isinstance(cell, dict):
            out.append(_problem("combo_bonus needs {k} cards", f"combo_bonus.{k}", k=k))
            continue
        points, cards = cell.get("points"), cell.get("cards")
        if points is not None and (_as_int(points) is None or not 0 <= points <= 5):
            out.append(_problem("combo points are 0 to 5", f"combo_bonus.{k}.points"))
        if cards is not None and (_as_int(cards) is None or not 0 <= cards <= low_high[1]):
            out.append(_problem("bonus cards are 0 to 4", f"combo_bonus.{k}.cards"))
    for track in TRACKS:
        points = edition.get(f"rank_points.{track}")
        if points is not None and (
            not isinstance(points, list)
            or len(points) != 3
            or not all(p is None or _as_int(p) is not None for p in points)
        ):
            out.append(_problem("rank points are [1st, 2nd, 3rd]", f"rank_points.{track}"))
    return tuple(out)


def _area_problems(edition: Edition) -> list[Violation]:
    out: list[Violation] = []
    count = edition.get("area_count", 12)
    areas = edition.get("areas")
    if areas is None:
        return out
    if not isinstance(areas, list) or len(areas) != count:
        return [_problem("areas lists all {n} areas (null fields where unknown)", "areas", n=count)]
    seen: dict[int, int] = {}
    complete = True
    for index, area in enumerate(areas):
        if not isinstance(area, dict):
            out.append(_problem("each area is an object", f"areas.{index}"))
            continue
        value = area.get("value")
        if value is not None and value not in (1, 2, 3):
            out.append(_problem("an area is worth I, II or III", f"areas.{index}.value"))
        squares = area.get("squares")
        if squares is None:
            complete = False
            squares = []
        members = list(squares)
        if not all(_is_card(s) for s in members):
            out.append(_problem("squares are numbers 0-99", f"areas.{index}.squares"))
            continue
        for square in set(members):
            if seen.setdefault(square, index) != index:
                out.append(
                    _problem("square {square} is in two areas", f"areas.{index}", square=square)
                )
        for square, known in (edition.get("area_value_of_square") or {}).items():
            if int(square) in members and value not in (None, known):
                out.append(
                    _problem(
                        "the area of square {square} is worth {known} (rulebook)",
                        f"areas.{index}.value",
                        square=square,
                        known=known,
                    )
                )
    if complete and not out and len(seen) != 100:
        out.append(_problem("the areas must cover all 100 squares", "areas"))
    return out
