"""Plain value types for seating: what goes in, what comes out.

Pure Python, no Django import: a selector builds :class:`SeatingPlayer` rows from the
database (or :func:`tournaments.seating.players_with_history` fills the history from past
tables), the optimiser returns a :class:`RoundSeating`, and a service writes it back.

Seat positions are 0-based in code and 1-based on pages: ``players[0]`` of a
:class:`SeatedTable` sits in seat 1, the start player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

PlayerId = int | str
Mode = Literal["random", "standings"]


class SeatingError(ValueError):
    """The input cannot be seated (raised before any search starts)."""


@dataclass(frozen=True)
class SeatingPlayer:
    """A checked-in player as the optimiser sees them.

    ``rank`` is the current standings rank (1 = best, ties allowed) and ``points`` the
    tournament points; both only matter in standings mode and for choosing byes.
    ``met`` maps an opponent id to the number of earlier meetings; ``seat_counts[s]`` is
    how often the player already held seat ``s + 1``; ``small_tables`` counts earlier
    rounds at a table smaller than the round's largest; ``byes`` counts byes received.
    """

    id: PlayerId
    rank: int = 0
    points: Fraction | int | float = 0
    club: str | None = None
    met: Mapping[PlayerId, int] = field(default_factory=dict)
    seat_counts: tuple[int, ...] = ()
    small_tables: int = 0
    byes: int = 0
    bye_exempt: bool = False


@dataclass(frozen=True)
class PenaltyWeights:
    """Weights of the soft penalties (all visible on the seating page).

    A seating's cost is compared tier by tier, ``(repeats, small_table, spread, seat +
    club)``, so no amount of a lower tier can buy a higher one: no softer penalty buys a
    repeat meeting (the failure mode of Cobra #517), and seat balance never outbids
    keeping score groups together. ``repeats`` is the sum over pairs at a table of
    ``k**2`` where ``k`` is the number of earlier meetings of the pair (not weighted).

    Weighted terms, per table (a weight of 0 turns a term off):

    * ``small_table``: weight × earlier small tables of each player seated at a table
      smaller than the round's largest, counted beyond the fewest any seated player has
      had (second tier: nobody gets a second small table while a player who never had
      one could take the place);
    * ``spread``: weight × sum over pairs of the squared difference of tournament
      points (standings mode only; zero in random mode; third tier);
    * ``seat``: weight × sum over players of how often the player already held the
      seat given now (so seat 1, the start player, rotates);
    * ``club``: weight per pair from the same club.
    """

    spread: float = 1.0
    seat: float = 2.0
    club: float = 5.0
    small_table: float = 4.0

    def __post_init__(self) -> None:
        for name in ("spread", "seat", "club", "small_table"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or value < 0 or value != value:
                raise SeatingError(f"penalty weight {name} must be a number >= 0, got {value!r}")

    def to_dict(self) -> dict[str, float | str]:
        return {
            "repeat": "lexicographic (always dominant)",
            "spread": self.spread,
            "seat": self.seat,
            "club": self.club,
            "small_table": self.small_table,
        }


@dataclass(frozen=True)
class TableCost:
    """The cost of one table (or a whole round when summed).

    ``repeats`` is compared first; the weighted soft terms only break ties between
    seatings with equal repeats. ``repeat_pairs`` lists ``(a, b, earlier_meetings)``.
    """

    repeats: int = 0
    spread: float = 0.0
    seat: float = 0.0
    club: float = 0.0
    small_table: float = 0.0
    repeat_pairs: tuple[tuple[PlayerId, PlayerId, int], ...] = ()

    @property
    def soft(self) -> float:
        return self.spread + self.seat + self.club + self.small_table

    @property
    def key(self) -> tuple[int, float, float, float]:
        """The comparison order: repeats, then small-table repeats, then spread, then the
        seat and club terms (lexicographic: no lower tier buys a higher one)."""
        return (
            self.repeats,
            round(self.small_table, 9),
            round(self.spread, 9),
            round(self.seat + self.club, 9),
        )

    def __add__(self, other: TableCost) -> TableCost:
        return TableCost(
            self.repeats + other.repeats,
            self.spread + other.spread,
            self.seat + other.seat,
            self.club + other.club,
            self.small_table + other.small_table,
            self.repeat_pairs + other.repeat_pairs,
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "repeats": self.repeats,
            "repeat_pairs": [list(p) for p in self.repeat_pairs],
            "spread": self.spread,
            "seat": self.seat,
            "club": self.club,
            "small_table": self.small_table,
            "soft": self.soft,
        }


@dataclass(frozen=True)
class SeatedTable:
    """One table: ``players`` in seat order (``players[0]`` = seat 1, start player)."""

    number: int
    players: tuple[PlayerId, ...]
    cost: TableCost = TableCost()

    def to_dict(self) -> dict[str, object]:
        return {"number": self.number, "players": list(self.players), "cost": self.cost.to_dict()}


@dataclass(frozen=True)
class SearchStats:
    """How a search ended: ``optimal`` (nothing left to improve: zero repeats and zero
    soft cost), ``converged`` (zero repeats and no soft improvement for a while),
    ``iterations`` (budget spent; still deterministic), ``time`` (the wall-clock safety
    stop fired, so the result depends on machine speed) or ``fixed`` (loaded, not
    searched). ``restarts`` counts the kicks: restarts from the best grouping found so
    far with a few random swaps."""

    iterations: int
    restarts: int
    stopped_by: Literal["optimal", "converged", "iterations", "time", "fixed"]


@dataclass(frozen=True)
class RoundSeating:
    """The seating of one round with its cost breakdown."""

    mode: str
    seed: int
    tables: tuple[SeatedTable, ...]
    byes: tuple[PlayerId, ...]
    weights: PenaltyWeights
    total: TableCost
    stats: SearchStats

    def to_dict(self) -> dict[str, object]:
        return {
            "mode": self.mode,
            "seed": self.seed,
            "tables": [t.to_dict() for t in self.tables],
            "byes": list(self.byes),
            "weights": self.weights.to_dict(),
            "total": self.total.to_dict(),
            "stats": {
                "iterations": self.stats.iterations,
                "restarts": self.stats.restarts,
                "stopped_by": self.stats.stopped_by,
            },
        }


@dataclass(frozen=True)
class Schedule:
    """Every round of an event seated in advance (planned or loaded from a file).

    ``repeat_meetings`` counts meetings beyond the first of each pair over the whole
    schedule (0 means every pair meets at most once); ``lower_bound`` is the fewest any
    schedule with these table sizes could have (:func:`tournaments.seating.optimiser.designs.
    repeat_lower_bound`; not always reachable), so ``repeat_meetings == lower_bound``
    proves the schedule optimal. ``method`` says how it was made: ``"search"``,
    ``"construction: <design>"`` or ``"fixed"``.
    """

    rounds: tuple[RoundSeating, ...]
    repeat_meetings: int
    max_meetings: int
    stats: SearchStats
    lower_bound: int = 0
    method: str = "search"

    def to_dict(self) -> dict[str, object]:
        return {
            "rounds": [r.to_dict() for r in self.rounds],
            "repeat_meetings": self.repeat_meetings,
            "lower_bound": self.lower_bound,
            "max_meetings": self.max_meetings,
            "method": self.method,
            "stats": {
                "iterations": self.stats.iterations,
                "restarts": self.stats.restarts,
                "stopped_by": self.stats.stopped_by,
            },
        }
