"""Planned schedules: seat every round of an event in advance with the fewest repeats.

The grouping of all rounds is searched together (the social-golfer problem):

* start round by round with a greedy fill that avoids pairs already placed together;
* then tabu search (after Dotú & Van Hentenryck, "Scheduling social golfers locally",
  CPAIOR 2005): each step looks at players in a repeated pair, tries swapping each with
  every player of another table in the same round, and takes the best swap that is not
  tabu (a player may not return to the table it just left for a few steps, unless that
  yields a new best); after ``patience`` steps without a new best, a few random swaps
  perturb the schedule.

The objective is the sum over pairs of ``m * (m - 1) / 2`` for ``m`` meetings
(earlier meetings from ``SeatingPlayer.met`` included), which is zero exactly when no
pair meets twice. Seat order is then chosen round by round for seat balance, and every
round is reported with the same cost breakdown as a single seated round. Clubs and
small-table rotation are reported but not optimised here.

Memory and time grow with players² (a meeting matrix): meant for leagues and small
fields, not for 1,000-player opens (seat those round by round in standings mode).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence

from tournaments.seating.optimiser.cost import CostModel
from tournaments.seating.optimiser.designs import Design, known_design, repeat_lower_bound
from tournaments.seating.optimiser.partition import bye_count, choose_byes, table_sizes
from tournaments.seating.optimiser.search import _IndexedSet
from tournaments.seating.optimiser.types import (
    PenaltyWeights,
    RoundSeating,
    Schedule,
    SearchStats,
    SeatedTable,
    SeatingError,
    SeatingPlayer,
    TableCost,
)


def plan_groups(
    n: int,
    rounds: Sequence[Sequence[int]],
    sizes: Sequence[int],
    rng: random.Random,
    *,
    base: dict[tuple[int, int], int] | None = None,
    max_iterations: int,
    deadline: float,
    patience: int = 300,
    sample: int = 16,
    tenure: tuple[int, int] = (3, 8),
) -> tuple[list[list[list[int]]], int, int, str]:
    """Group the players of each round (``rounds[r]`` = indices playing in round r).

    Returns (groups per round, objective, iterations, stopped_by).
    """
    meet = [[0] * n for _ in range(n)]
    for (i, j), k in (base or {}).items():
        meet[i][j] = meet[j][i] = k
    groups: list[list[list[int]]] = []
    for playing in rounds:
        order = list(playing)
        rng.shuffle(order)
        round_groups = []
        for size in sizes:
            table = [order.pop(0)]
            while len(table) < size:
                pos = min(range(len(order)), key=lambda k: sum(meet[order[k]][x] for x in table))
                table.append(order.pop(pos))
            for a, i in enumerate(table):
                for j in table[a + 1 :]:
                    meet[i][j] += 1
                    meet[j][i] += 1
            round_groups.append(table)
        groups.append(round_groups)
    where = [{p: g for g, table in enumerate(rg) for p in table} for rg in groups]
    bad = _IndexedSet()
    objective = 0
    for i in range(n):
        for j in range(i + 1, n):
            m = meet[i][j]
            objective += m * (m - 1) // 2
            if m >= 2:
                bad.add(i * n + j)
    best_obj, best_groups = objective, [[list(t) for t in rg] for rg in groups]
    tabu: dict[tuple[int, int, int], int] = {}
    stale, iterations, stopped_by = 0, 0, "iterations"
    n_rounds = len(groups)

    def bump(i: int, j: int, step: int) -> int:
        m = meet[i][j]
        meet[i][j] = meet[j][i] = m + step
        code = i * n + j if i < j else j * n + i
        if m + step >= 2:
            bad.add(code)
        else:
            bad.discard(code)
        return m if step > 0 else -(m - 1)

    if all(len(rg) < 2 for rg in groups):
        max_iterations = 0  # one table per round: nothing to swap
        stopped_by = "optimal"  # the only grouping there is
    while iterations < max_iterations:
        if not len(bad):
            stopped_by = "optimal"
            break
        iterations += 1
        if iterations % 64 == 0 and time.monotonic() > deadline:
            stopped_by = "time"
            break
        candidates = set()
        for _ in range(sample):
            code = bad.items[rng.randrange(len(bad))]
            i, j = divmod(code, n)
            together = [r for r in range(n_rounds) if where[r].get(i, -1) == where[r].get(j, -2)]
            r = rng.choice(together)
            candidates.add((r, i if rng.random() < 0.5 else j))
        best_d, moves = None, []
        for r, p in sorted(candidates):
            g = where[r][p]
            gp = groups[r][g]
            for h, gq in enumerate(groups[r]):
                if h == g:
                    continue
                for q in gq:
                    d = 0
                    for x in gp:
                        if x != p:
                            d += meet[q][x] - (meet[p][x] - 1)
                    for y in gq:
                        if y != q:
                            d += meet[p][y] - (meet[q][y] - 1)
                    is_tabu = (
                        tabu.get((r, p, h), 0) > iterations or tabu.get((r, q, g), 0) > iterations
                    )
                    if is_tabu and objective + d >= best_obj:
                        continue
                    if best_d is None or d < best_d:
                        best_d, moves = d, [(r, p, q, g, h)]
                    elif d == best_d:
                        moves.append((r, p, q, g, h))
        if moves:
            r, p, q, g, h = rng.choice(moves)
            objective += _swap(groups[r], where[r], p, q, g, h, bump)
            hold = rng.randint(*tenure)
            tabu[(r, p, g)] = iterations + hold
            tabu[(r, q, h)] = iterations + hold
        if objective < best_obj:
            best_obj, best_groups = objective, [[list(t) for t in rg] for rg in groups]
            stale = 0
        else:
            stale += 1
        if stale > patience:
            stale = 0
            for _ in range(rng.randint(1, 3)):
                r = rng.randrange(n_rounds)
                if len(groups[r]) < 2:
                    continue
                g, h = rng.sample(range(len(groups[r])), 2)
                p, q = rng.choice(groups[r][g]), rng.choice(groups[r][h])
                objective += _swap(groups[r], where[r], p, q, g, h, bump)
    return best_groups, best_obj, iterations, stopped_by


def _swap(round_groups, where, p, q, g, h, bump) -> int:
    """Swap p (table g) and q (table h), keeping the meeting matrix; returns the change."""
    d = 0
    for x in round_groups[g]:
        if x != p:
            d += bump(p, x, -1) + bump(q, x, +1)
    for y in round_groups[h]:
        if y != q:
            d += bump(q, y, -1) + bump(p, y, +1)
    round_groups[g][round_groups[g].index(p)] = q
    round_groups[h][round_groups[h].index(q)] = p
    where[p], where[q] = h, g
    return d


def schedule_design(
    players: Sequence[SeatingPlayer], rounds: int, sizes: Sequence[int]
) -> Design | None:
    """The known design :func:`plan_schedule` uses for this field, or None (then it
    searches, which takes seconds for a larger field): only when every round seats
    everyone at tables of one size and no two of the players met before."""
    players = list(players)
    n_byes = bye_count(len(players), sizes)
    ids = {p.id for p in players}
    met_before = any(k > 0 and o in ids for p in players for o, k in p.met.items())
    if n_byes or met_before:
        return None
    round_sizes = table_sizes(len(players), sizes)
    if len(set(round_sizes)) != 1:
        return None
    return known_design(len(players), round_sizes[0], rounds)


def plan_schedule(
    players: Sequence[SeatingPlayer],
    rounds: int,
    sizes: Sequence[int],
    *,
    weights: PenaltyWeights | None = None,
    seed: int = 0,
    max_iterations: int = 20_000,
    time_budget: float = 600.0,
    allow_byes: bool = True,
) -> Schedule:
    """Seat ``rounds`` rounds of ``players`` in advance, minimising repeat meetings.

    When every round seats everyone at tables of one size, nobody met before and a
    design is known (:func:`tournaments.seating.optimiser.designs.known_design`: affine planes,
    e.g. 16 x 5 in fours; 28 x 9 and 32 x 10 in fours), the schedule is that design, repeat-free
    by construction (``method`` names it). Otherwise the tabu search below runs (it
    stops at about 25 repeat meetings for 28 x 9 after 20,000 steps). The result carries
    ``lower_bound``, the fewest repeats possible for these table sizes. The step budget
    (``max_iterations``) decides, so a seed always gives the same schedule;
    ``time_budget`` only guards against a runaway (28 x 9 without its design took about
    10 s for 20,000 steps). Run it from a Celery task for large fields.
    """
    weights = weights or PenaltyWeights()
    if rounds < 1:
        raise SeatingError("a schedule needs at least one round")
    players = list(players)
    if len({p.id for p in players}) != len(players):
        raise SeatingError("player ids must be unique")
    n_byes = bye_count(len(players), sizes)
    if n_byes and not allow_byes:
        raise SeatingError(f"{len(players)} players do not fill tables of sizes {tuple(sizes)}")
    round_sizes = table_sizes(len(players) - n_byes, sizes)
    rng = random.Random(seed)
    index = {p.id: i for i, p in enumerate(players)}
    byes_so_far = {p.id: p.byes for p in players}
    playing_per_round, byes_per_round = [], []
    for _ in range(rounds):
        current = [dataclasses.replace(p, byes=byes_so_far[p.id]) for p in players]
        out = {p.id for p in choose_byes(current, n_byes, rng)}
        for pid in out:
            byes_so_far[pid] += 1
        byes_per_round.append(tuple(p.id for p in players if p.id in out))
        playing_per_round.append([index[p.id] for p in players if p.id not in out])
    base = {}
    for p in players:
        for o, k in p.met.items():
            if o in index and k > 0:
                base[tuple(sorted((index[p.id], index[o])))] = k
    design = schedule_design(players, rounds, sizes)
    if design is not None:
        # A known repeat-free design: the seed only decides who takes which place in it.
        place = list(range(len(players)))
        rng.shuffle(place)
        groups = [[[place[x] for x in table] for table in rnd] for rnd in design.rounds]
        iterations, stopped_by, method = 0, "optimal", f"construction: {design.name}"
    else:
        groups, _, iterations, stopped_by = plan_groups(
            len(players),
            playing_per_round,
            round_sizes,
            rng,
            base=base,
            max_iterations=max_iterations,
            deadline=time.monotonic() + time_budget,
        )
        method = "search"
    seated = _seat_rounds(players, groups, byes_per_round, weights, rng, seed, iterations)
    meetings: dict[tuple[int, int], int] = dict(base)
    for rg in groups:
        for table in rg:
            for a, i in enumerate(table):
                for j in table[a + 1 :]:
                    key = (min(i, j), max(i, j))
                    meetings[key] = meetings.get(key, 0) + 1
    repeat_meetings = sum(m - 1 for m in meetings.values() if m > 1)
    bound = repeat_lower_bound(len(players), [round_sizes] * rounds, base)
    if repeat_meetings == bound and stopped_by != "time":
        stopped_by = "optimal"  # nothing better exists
    stats = SearchStats(iterations, 0, stopped_by)
    return Schedule(
        tuple(seated),
        repeat_meetings,
        max(meetings.values(), default=0),
        stats,
        lower_bound=bound,
        method=method,
    )


def _seat_rounds(players, groups, byes_per_round, weights, rng, seed, iterations):
    """Seat order and cost breakdown round by round, carrying the history forward."""
    history = {p.id: p for p in players}
    largest = max(len(t) for t in groups[0]) if groups and groups[0] else 0
    out = []
    for rg, byes in zip(groups, byes_per_round, strict=True):
        current = [history[p.id] for p in players]
        model = CostModel(current, weights, use_spread=False, largest_table=largest)
        tables, total = [], TableCost()
        for number, table in enumerate(rg, start=1):
            order = model.seat_order(table, rng)
            cost = model.breakdown(order)
            total += cost
            tables.append(SeatedTable(number, tuple(current[i].id for i in order), cost))
        stats = SearchStats(iterations, 0, "optimal" if total.repeats == 0 else "iterations")
        out.append(RoundSeating("planned", seed, tuple(tables), byes, weights, total, stats))
        history = {p.id: p for p in record_round(current, tables, byes)}
    return out


def record_round(
    players: Sequence[SeatingPlayer],
    tables: Sequence[SeatedTable] | Sequence[Sequence],
    byes: Sequence = (),
) -> list[SeatingPlayer]:
    """The players with one more round of history: meetings, seats, small tables, byes.

    ``tables`` are SeatedTable objects or plain sequences of ids in seat order.
    """
    seats = [tuple(t.players) if isinstance(t, SeatedTable) else tuple(t) for t in tables]
    largest = max((len(t) for t in seats), default=0)
    at = {}
    for table in seats:
        for s, pid in enumerate(table):
            at[pid] = (table, s)
    bye_set = set(byes)
    out = []
    for p in players:
        if p.id in at:
            table, s = at[p.id]
            met = dict(p.met)
            for o in table:
                if o != p.id:
                    met[o] = met.get(o, 0) + 1
            counts = list(p.seat_counts) + [0] * max(0, s + 1 - len(p.seat_counts))
            counts[s] += 1
            small = p.small_tables + (1 if len(table) < largest else 0)
            p = dataclasses.replace(p, met=met, seat_counts=tuple(counts), small_tables=small)
        elif p.id in bye_set:
            p = dataclasses.replace(p, byes=p.byes + 1)
        out.append(p)
    return out
