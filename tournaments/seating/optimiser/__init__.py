"""Seating: who sits at which table, in which seat — pure functions, no Django.

Public entry points (a service builds the inputs from the database and stores the output):

* :func:`seat_round` — one round, ``mode="random"`` or ``mode="standings"``
  (Swiss-like: tables filled down the standings, score spread penalised);
* :func:`plan_schedule` — every round of an event in advance, fewest repeat meetings
  (leagues, events without a standings-based draw);
* :func:`load_fixed_schedule` — an organizer's schedule from CSV or JSON, validated;
* :func:`record_round` — add a seated round to the players' history (meetings, seats,
  small tables, byes), for the next call or for simulations.

The cost model (:class:`PenaltyWeights`): repeat meetings are compared first and can
never be outweighed; spread, seat balance, same club and repeated small tables are
weighted soft terms. Every table in the output carries its :class:`TableCost`.
Table sizes and byes follow :mod:`tournaments.seating.optimiser.partition`. The search is
deterministic for a seed: an iteration budget is the limit, wall-clock time only a
last-resort guard far above any normal run (``SAFETY_SECONDS``; reported in
``stats.stopped_by`` when it fires), so a loaded machine seats exactly as an idle one.
Impossible input raises :class:`SeatingError` before any search.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from fractions import Fraction

from tournaments.seating.optimiser.cost import CostModel
from tournaments.seating.optimiser.fixed import ScheduleFileError, load_fixed_schedule
from tournaments.seating.optimiser.partition import (
    bye_count,
    choose_byes,
    table_sizes,
    validate_sizes,
)
from tournaments.seating.optimiser.schedule import plan_schedule, record_round, schedule_design
from tournaments.seating.optimiser.search import greedy_tables, local_search, polish
from tournaments.seating.optimiser.types import (
    Mode,
    PenaltyWeights,
    PlayerId,
    RoundSeating,
    Schedule,
    SearchStats,
    SeatedTable,
    SeatingError,
    SeatingPlayer,
    TableCost,
)

__all__ = [
    "Mode",
    "PenaltyWeights",
    "PlayerId",
    "RoundSeating",
    "Schedule",
    "ScheduleFileError",
    "SearchStats",
    "SeatedTable",
    "SeatingError",
    "SeatingPlayer",
    "TableCost",
    "bye_count",
    "load_fixed_schedule",
    "plan_schedule",
    "schedule_design",
    "players_with_history",
    "record_round",
    "seat_round",
    "table_sizes",
]

# In standings mode a swap partner is usually sought this many tables up or down.
NEAR_TABLES = 3
# After the search every swap between two tables is tried up to this many tables, else
# swaps between tables at most POLISH_WINDOW apart (in order of strength in standings mode).
POLISH_ALL_TABLES = 60
POLISH_WINDOW = 6
# The wall-clock guard of one seat_round: the step budget ends a 1,000-player round in
# about 2 s on an idle machine, so this fires only for a machine some 50 times slower
# (or a runaway), never because a few other jobs share the cores.
SAFETY_SECONDS = 120.0


def players_with_history(
    players: Sequence[SeatingPlayer],
    past_rounds: Sequence[tuple[Sequence[Sequence[PlayerId]], Sequence[PlayerId]]],
) -> list[SeatingPlayer]:
    """Fill meetings, seat counts, small tables and byes from past rounds.

    ``past_rounds`` holds, per round in order, ``(tables, byes)`` where each table lists
    player ids in seat order (seat 1 first). A selector can pass Round/Table/Seat rows
    straight from the database; players not in ``players`` (dropped) are ignored.
    """
    players = list(players)
    for tables, byes in past_rounds:
        players = record_round(players, tables, byes)
    return players


def strongest_first(tables: list[list[int]], seated: Sequence[SeatingPlayer]) -> list[list[int]]:
    """Standings mode numbers tables after the search, by the strength of their players:
    mean points (highest first), then mean rank (best first); so table 1 is the top
    table whatever the search moved, and a small table sits where its players stand."""

    def strength(k: int) -> tuple:
        members = tables[k]
        points = sum(Fraction(seated[i].points) for i in members) / len(members)
        rank = Fraction(sum(seated[i].rank for i in members), len(members))
        return (-points, rank, k)

    return [tables[k] for k in sorted(range(len(tables)), key=strength)]


def default_iterations(players: int) -> int:
    """The default search budget: enough for 1,000 players well inside 2 s."""
    return 20_000 + 30 * players


def seat_round(
    players: Sequence[SeatingPlayer],
    sizes: Sequence[int],
    *,
    mode: Mode = "standings",
    weights: PenaltyWeights | None = None,
    seed: int = 0,
    max_iterations: int | None = None,
    time_budget: float = SAFETY_SECONDS,
    allow_byes: bool = True,
) -> RoundSeating:
    """Seat one round.

    ``sizes`` is the allowed table sizes in the event's preference order, e.g. ``(4, 3)``.
    In standings mode players are ordered by points (desc), then rank (asc) and the tables
    are numbered by strength after the search (:func:`strongest_first`): table 1 is the
    top table. ``max_iterations`` (default :func:`default_iterations`) bounds the
    search, so the same seed gives the same seating; ``time_budget`` is only the guard
    against a runaway. Raises :class:`SeatingError` for input that cannot be seated.
    """
    weights = weights or PenaltyWeights()
    sizes = validate_sizes(sizes)
    if mode not in ("random", "standings"):
        raise SeatingError(f"unknown seating mode {mode!r}")
    players = list(players)
    if len({p.id for p in players}) != len(players):
        raise SeatingError("player ids must be unique")
    n_byes = bye_count(len(players), sizes)
    if n_byes and not allow_byes:
        raise SeatingError(
            f"{len(players)} players do not fill tables of sizes {sizes} and byes are off"
        )
    rng = random.Random(seed)
    bye_players = choose_byes(players, n_byes, rng)
    out_ids = {p.id for p in bye_players}
    seated = [p for p in players if p.id not in out_ids]
    round_sizes = table_sizes(len(seated), sizes)
    model = CostModel(
        seated, weights, use_spread=(mode == "standings"), largest_table=max(round_sizes)
    )
    draw = [rng.random() for _ in seated]
    if mode == "standings":
        order = sorted(
            range(len(seated)), key=lambda i: (-seated[i].points, seated[i].rank, draw[i])
        )
    else:
        order = sorted(range(len(seated)), key=lambda i: draw[i])
    budget = default_iterations(len(seated)) if max_iterations is None else max_iterations
    start = greedy_tables(model, order, round_sizes)
    deadline = time.monotonic() + time_budget
    search = dict(
        near_tables=NEAR_TABLES if mode == "standings" else None,
        deadline=deadline,
        patience=max(500, 2 * len(seated)),
    )
    tables, iterations, stopped_by, kicks = start, 0, "optimal", 0
    repeat_free = False
    if len(set(round_sizes)) > 1 and weights.small_table and any(model.small):
        # Small tables first: the small-table rule is reached first, repeats removed after.
        # If repeats remain, the repeats-first search goes on from there (giving up as few
        # small-table places as it must), so a repeat is still never traded for them.
        half = {**search, "deadline": min(deadline, time.monotonic() + time_budget / 2)}
        tables, iterations, stopped_by, kicks = local_search(
            model, start, rng, max_iterations=budget // 2, small_first=True, **half
        )
        repeat_free = not sum(model.grouping_cost(t)[0] for t in tables)
    if not repeat_free:
        first = iterations
        tables, iterations, stopped_by, more = local_search(
            model, tables, rng, max_iterations=max(budget - first, 1), **search
        )
        iterations, kicks = iterations + first, kicks + more
    if mode == "standings":
        tables = strongest_first(tables, seated)
    window = None if len(tables) <= POLISH_ALL_TABLES else POLISH_WINDOW
    polish(model, tables, window, max(deadline, time.monotonic() + 1.0))
    if mode == "standings":
        tables = strongest_first(tables, seated)
    seated_tables, total = [], TableCost()
    for number, table in enumerate(tables, start=1):
        order_at_table = model.seat_order(table, rng)
        cost = model.breakdown(order_at_table)
        total += cost
        seated_tables.append(SeatedTable(number, tuple(seated[i].id for i in order_at_table), cost))
    bye_ids = tuple(p.id for p in bye_players)
    stats = SearchStats(iterations, kicks, stopped_by)
    return RoundSeating(mode, seed, tuple(seated_tables), bye_ids, weights, total, stats)
