"""Plain value types for standings: confirmed results in, ranked rows out.

Pure Python, no Django import. A selector builds a :class:`StandingsInput` from the
confirmed (and, if wanted, provisional) results of an event; :func:`
tournaments.standings.compute_standings` returns :class:`Standings`, which a Celery task
stores as a snapshot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

PlayerId = int | str
Number = Fraction | int

# Default tournament points by placement, per table size: the winner gets 3, the last 0,
# evenly spaced in between, so every table size hands out 1.5 points per player on
# average and a 3-player table is worth the same as a 4-player one.
DEFAULT_PLACEMENT_POINTS: Mapping[int, tuple[Fraction, ...]] = {
    2: (Fraction(3), Fraction(0)),
    3: (Fraction(3), Fraction(3, 2), Fraction(0)),
    4: (Fraction(3), Fraction(2), Fraction(1), Fraction(0)),
    5: (Fraction(3), Fraction(9, 4), Fraction(3, 2), Fraction(3, 4), Fraction(0)),
}

# Every default tiebreak is fair across table sizes (docs/seating-and-standings.md): a
# player's chance of a first place (1/3 at a 3-player table, 1/4 at a 4-player one) or of
# a large score share (1/3 against 1/4 of the table total on average) depends on the
# tables the draw gave them, so ``firsts`` and ``score_share`` are not defaults; the
# opponents' mean TP and the score relative to the table's mean score average out the same
# at every table size.
DEFAULT_PRECEDENCE: tuple[str, ...] = ("tp", "sos", "score_ratio", "h2h")


class StandingsError(ValueError):
    """Inconsistent input or configuration (unknown player, bad placement, bad metric)."""


@dataclass(frozen=True)
class SeatResult:
    """One player's line of a confirmed table result.

    ``placement`` is the engine's rank (1 = best; tied players share a placement).
    ``score`` is the raw game score (None when the sheet has none)."""

    registration: PlayerId
    placement: int
    score: Number | None = None


@dataclass(frozen=True)
class TableResult:
    round: int
    table: int
    game: str
    seats: tuple[SeatResult, ...]
    provisional: bool = False


@dataclass(frozen=True)
class Bye:
    """A round sat out. ``points`` None means the event's ``bye_points``."""

    round: int
    registration: PlayerId
    points: Number | None = None


@dataclass(frozen=True)
class Drop:
    """The player left the event after ``after_round`` (results so far stay)."""

    registration: PlayerId
    after_round: int


@dataclass(frozen=True)
class Adjustment:
    """Organizer bonus (positive) or penalty (negative) tournament points.

    ``round`` None counts in the last round (for progressive score)."""

    registration: PlayerId
    points: Number
    round: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class ResultColumns:
    """Many tables' results in columns, no object per seat (the database selector's shape:
    at 100,000 seats a ``SeatResult`` each is most of the read time).

    Per table ``k``: ``rounds[k]``, ``tables[k]`` (its number), ``games[k]``,
    ``provisional[k]``; its seats are ``starts[k]:starts[k + 1]`` of the seat columns
    ``registrations``, ``placements`` and ``scores`` (seat order). Equivalent to the
    ``TableResult`` list :meth:`table_results` gives."""

    rounds: Sequence[int] = ()
    tables: Sequence[int] = ()
    games: Sequence[str] = ()
    provisional: Sequence[bool] = ()
    starts: Sequence[int] = (0,)
    registrations: Sequence[PlayerId] = ()
    placements: Sequence[int] = ()
    scores: Sequence[Number | None] = ()

    def __len__(self) -> int:
        return len(self.rounds)

    def table_results(self) -> tuple[TableResult, ...]:
        out = []
        for k in range(len(self.rounds)):
            a, b = self.starts[k], self.starts[k + 1]
            seats = tuple(
                SeatResult(r, p, v)
                for r, p, v in zip(
                    self.registrations[a:b], self.placements[a:b], self.scores[a:b], strict=True
                )
            )
            out.append(
                TableResult(
                    self.rounds[k], self.tables[k], self.games[k], seats, self.provisional[k]
                )
            )
        return tuple(out)


@dataclass(frozen=True)
class StandingsInput:
    """The confirmed results of an event: ``results`` (one ``TableResult`` per table)
    and/or ``columns`` (the same in column shape); both count.

    ``names`` (optional) maps a registration to the text a person looks a player up by
    (the reading in kana, then the display name): players sharing a rank are listed by
    it, digits compared as numbers, then by registration (numbers as numbers)."""

    players: tuple[PlayerId, ...]
    results: tuple[TableResult, ...] = ()
    byes: tuple[Bye, ...] = ()
    drops: tuple[Drop, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    names: Mapping[PlayerId, str] = field(default_factory=dict)
    columns: ResultColumns | None = None

    def all_results(self) -> tuple[TableResult, ...]:
        """Every table as a ``TableResult`` (``results`` first, then ``columns``)."""
        return self.results + (self.columns.table_results() if self.columns else ())


@dataclass(frozen=True)
class StandingsConfig:
    """Per-event standings rules (defaults documented in docs/seating-and-standings.md).

    ``precedence``: metric names, in order, that rank players (see
    :data:`tournaments.standings.metrics.METRICS`); ``extra_metrics`` are shown only.
    ``placement_floor`` is the MTG-style floor applied to each opponent's placement
    percentage. ``dropped_last`` ranks dropped players below everyone still playing.
    """

    placement_points: Mapping[int, tuple[Number, ...]] = field(
        default_factory=lambda: dict(DEFAULT_PLACEMENT_POINTS)
    )
    precedence: tuple[str, ...] = DEFAULT_PRECEDENCE
    extra_metrics: tuple[str, ...] = ()
    bye_points: Number = Fraction(3, 2)
    placement_floor: Fraction = Fraction(1, 3)
    dropped_last: bool = False

    def __post_init__(self) -> None:
        for size, points in self.placement_points.items():
            if len(points) != size:
                raise StandingsError(
                    f"placement points for {size}-player tables need {size} values, "
                    f"got {len(points)}"
                )
            if any(points[i] < points[i + 1] for i in range(size - 1)):
                raise StandingsError(f"placement points for size {size} must not increase")
        if not self.precedence:
            raise StandingsError("the precedence list is empty")


@dataclass(frozen=True)
class StandingsRow:
    registration: PlayerId
    rank: int
    metrics: Mapping[str, Fraction | int | None]
    provisional: bool = False
    dropped_after: int | None = None
    previous_rank: int | None = None

    @property
    def movement(self) -> int | None:
        """Places gained since the previous standings (negative = fell)."""
        return None if self.previous_rank is None else self.previous_rank - self.rank

    def to_dict(self) -> dict[str, object]:
        return {
            "registration": self.registration,
            "rank": self.rank,
            "metrics": {k: _json_number(v) for k, v in self.metrics.items()},
            "provisional": self.provisional,
            "dropped_after": self.dropped_after,
            "previous_rank": self.previous_rank,
            "movement": self.movement,
        }


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingsRow, ...]
    precedence: tuple[str, ...]
    extra_metrics: tuple[str, ...]
    last_round: int
    provisional: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "precedence": list(self.precedence),
            "extra_metrics": list(self.extra_metrics),
            "last_round": self.last_round,
            "provisional": self.provisional,
            "rows": [r.to_dict() for r in self.rows],
        }


def _json_number(value: Fraction | int | None) -> object:
    """Integers stay integers; other fractions become "n/d" strings (exact) — pages
    format them; ``float()`` of the string's parts gives a display value."""
    if isinstance(value, Fraction):
        return (
            value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        )
    return value
