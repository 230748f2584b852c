"""A league's season leaderboard — pure functions, no database.

Players are matched across events the way ratings match them: by ``Player`` (a
registration's player), so the same person in two events of the league is one row.

The rules (``LeagueSeason.Rule``):

* ``best_n``: the sum of the player's N best event results, a result being their
  tournament points in that event's public standings. A player with fewer than N events
  counts the ones they have (the row says how many counted).
* ``placement_points``: the sum over every event of the points the café's table gives
  for the player's placement there (ties share a placement, so tied players get the same
  points); a placement beyond the table scores no points — the café's rule, not an
  unknown.
* ``rating``: the player's league rating (OpenSkill ordinal).

An unknown is never 0 and never decides a rank: an event result the standings do not
give (no placement, no points) is left out of the sum and shown as unknown; a player with
no known value at all is listed after the ranked players, without a rank. Equal values
share a rank (1, 1, 3), and the rows say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

BEST_N, PLACEMENT_POINTS, RATING = "best_n", "placement_points", "rating"
Number = int | Fraction | float


@dataclass(frozen=True)
class SeasonRule:
    kind: str
    best_n: int | None = None
    points: tuple[int, ...] = ()


@dataclass(frozen=True)
class EventResult:
    """One player's result in one event of the league (None: the standings do not say)."""

    event_id: int
    placement: int | None
    tournament_points: Number | None


@dataclass(frozen=True)
class SeasonRow:
    player_id: int
    rank: int | None  # None: nothing known decides this player's place
    value: Number | None
    tied: bool  # shares its rank with another row
    events: int  # events of the league the player is listed in
    counted: tuple[int, ...]  # the event ids the value counts


def placement_points(placement: int | None, table: tuple[int, ...]) -> int | None:
    """Points for a placement under the café's table (None: the placement is unknown)."""
    if placement is None:
        return None
    return table[placement - 1] if 1 <= placement <= len(table) else 0


def event_points(rule: SeasonRule, result: EventResult) -> Number | None:
    """What one event gives a player under ``rule`` (None: unknown; the rating rule
    scores events with nothing)."""
    if rule.kind == PLACEMENT_POINTS:
        return placement_points(result.placement, rule.points)
    if rule.kind == BEST_N:
        return result.tournament_points
    return None


def _value(rule: SeasonRule, results: list[EventResult], rating: float | None):
    if rule.kind == RATING:
        return rating, ()
    known = [(event_points(rule, r), r.event_id) for r in results]
    known = [(points, event_id) for points, event_id in known if points is not None]
    if not known:
        return None, ()
    if rule.kind == BEST_N:
        # Highest first; equal results by event id, so which one counts is stable.
        known.sort(key=lambda pair: (-pair[0], pair[1]))
        known = known[: rule.best_n]
    return sum(points for points, _ in known), tuple(sorted(event_id for _, event_id in known))


def season_table(
    rule: SeasonRule,
    results: dict[int, list[EventResult]],
    ratings: dict[int, float] | None = None,
    listing: dict[int, object] | None = None,
) -> list[SeasonRow]:
    """Every player with a result in the league (or a rating, for the rating rule), best
    first. ``listing``: the order of rows sharing a rank and of the unranked (a name's
    sort key per player id; player id without it)."""
    if rule.kind == BEST_N and not (rule.best_n and rule.best_n >= 1):
        raise ValueError("best_n needs N >= 1")
    ratings = ratings or {}
    listing = listing or {}
    players = set(results) | (set(ratings) if rule.kind == RATING else set())
    valued = []
    for pid in players:
        value, counted = _value(rule, results.get(pid, []), ratings.get(pid))
        events = len(results.get(pid, []))
        valued.append((pid, value, counted, events))

    def order(item):
        return (listing.get(item[0], ""), item[0])

    ranked = sorted((v for v in valued if v[1] is not None), key=lambda v: (-v[1], order(v)))
    unranked = sorted((v for v in valued if v[1] is None), key=order)
    rows: list[SeasonRow] = []
    counts: dict[Number, int] = {}
    for _pid, value, _c, _e in ranked:
        counts[value] = counts.get(value, 0) + 1
    rank, previous = 0, object()
    for position, (pid, value, counted, events) in enumerate(ranked, start=1):
        if value != previous:
            rank, previous = position, value
        rows.append(SeasonRow(pid, rank, value, counts[value] > 1, events, counted))
    rows += [SeasonRow(pid, None, None, False, events, ()) for pid, _v, _c, events in unranked]
    return rows
