"""Search for one round's grouping: greedy construction, then swap local search.

1. Greedy: walk the ordered list (standings order, or a seeded shuffle); each table
   starts with the first unseated player and is filled with the cheapest of the next
   ``lookahead`` players (Pantheon's Swiss fill, with our lexicographic cost).
2. Local search: swap two players of different tables when the swap lowers
   ``(repeats, soft)``. Tables holding a repeat meeting are picked first; in standings
   mode the partner table is usually a nearby one, so score groups stay together.
   When stuck, a few random swaps (a "kick") restart the descent from the best grouping
   found so far: until the budget ends while repeats remain, ``SOFT_KICKS`` times once
   the grouping is repeat-free.

The iteration budget is the real limit (same seed → same result); the deadline is only
a safety stop and is reported as ``stopped_by="time"`` when it fires.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from tournaments.seating.optimiser.cost import CostModel

EPS = 1e-9
# Once repeat-free, this many kicks may still look for a lower soft cost before stopping.
SOFT_KICKS = 8


class _IndexedSet:
    """A set of ints with O(1) add, discard and seeded random choice."""

    def __init__(self) -> None:
        self.items: list[int] = []
        self.pos: dict[int, int] = {}

    def add(self, x: int) -> None:
        if x not in self.pos:
            self.pos[x] = len(self.items)
            self.items.append(x)

    def discard(self, x: int) -> None:
        i = self.pos.pop(x, None)
        if i is None:
            return
        last = self.items.pop()
        if i < len(self.items):
            self.items[i] = last
            self.pos[last] = i

    def __len__(self) -> int:
        return len(self.items)


def greedy_tables(
    model: CostModel, order: Sequence[int], sizes: Sequence[int], lookahead: int = 12
) -> list[list[int]]:
    remaining = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            best_pos, best = 0, None
            for pos in range(min(lookahead, len(remaining))):
                cand = remaining[pos]
                r, s = 0, model.small_cost(cand, size)
                for x in table:
                    pr, ps = model.pair(cand, x)
                    r += pr
                    s += ps
                if best is None or (r, s) < best:
                    best_pos, best = pos, (r, s)
                    if r == 0 and s <= EPS:
                        break
            table.append(remaining.pop(best_pos))
        tables.append(table)
    return tables


def local_search(
    model: CostModel,
    tables: list[list[int]],
    rng: random.Random,
    *,
    near_tables: int | None,
    max_iterations: int,
    deadline: float,
    patience: int,
) -> tuple[list[list[int]], int, str, int]:
    """Improve ``tables``; returns (best tables, iterations, stopped_by, kicks).

    ``near_tables``: in standings mode, how far (in table numbers) a swap partner is
    usually looked for; None means anywhere.
    """
    n_tables = len(tables)
    if n_tables < 2:
        return tables, 0, "optimal", 0
    where = {}
    for t, table in enumerate(tables):
        for p in table:
            where[p] = t
    seat = model.best_seat_cost if model.weights.seat else None
    cost = [_table_cost(model, t) for t in tables]
    hot, warm = _IndexedSet(), _IndexedSet()  # tables with repeats / with soft cost
    for t, c in enumerate(cost):
        _mark(hot, warm, t, c)
    total_r = sum(c[0] for c in cost)
    total_s = sum(c[1] for c in cost)
    best_key = (total_r, total_s)
    best_tables = [list(t) for t in tables]
    pair, small = model.pair, model.small_cost

    def contrib(p: int, table: list[int], skip: int, size: int) -> tuple[int, float]:
        r, s = 0, small(p, size)
        for x in table:
            if x != p and x != skip:
                pr, ps = pair(p, x)
                r += pr
                s += ps
        return r, s

    stale = kicks = 0
    iterations = 0
    stopped_by = "iterations"
    while iterations < max_iterations:
        iterations += 1
        if iterations % 256 == 0 and time.monotonic() > deadline:
            stopped_by = "time"
            break
        if len(hot) and rng.random() < 0.9:
            a = hot.items[rng.randrange(len(hot))]
            members = tables[a]
            clashing = [p for p in members if any(q in model.met[p] for q in members)]
            p = rng.choice(clashing) if clashing else rng.choice(members)
        elif len(warm) and rng.random() < 0.7:
            a = warm.items[rng.randrange(len(warm))]
            p = rng.choice(tables[a])
        else:
            a = rng.randrange(n_tables)
            p = rng.choice(tables[a])
        if near_tables is not None and rng.random() < 0.8:
            b = a + rng.choice((-1, 1)) * rng.randint(1, near_tables)
            b = min(max(b, 0), n_tables - 1)
            if b == a:
                b = a + 1 if a + 1 < n_tables else a - 1
        else:
            b = rng.randrange(n_tables - 1)
            if b >= a:
                b += 1
        ta, tb = tables[a], tables[b]
        la, lb = len(ta), len(tb)
        p_old = contrib(p, ta, -1, la)
        best_q, best_d = None, None
        for q in tb:
            q_old = contrib(q, tb, -1, lb)
            p_new = contrib(p, tb, q, lb)
            q_new = contrib(q, ta, p, la)
            d = (
                p_new[0] + q_new[0] - p_old[0] - q_old[0],
                p_new[1] + q_new[1] - p_old[1] - q_old[1],
            )
            if best_d is None or d < best_d:
                best_q, best_d = q, d
        if seat is not None and best_d[0] <= 0:
            # The seat-order term is not pairwise: price it for the chosen swap only.
            new_a = [best_q if x == p else x for x in ta]
            new_b = [p if x == best_q else x for x in tb]
            old_seat = cost[a][2] + cost[b][2]
            best_d = (best_d[0], best_d[1] + seat(new_a) + seat(new_b) - old_seat)
        improving = best_d[0] < 0 or (best_d[0] == 0 and best_d[1] < -EPS)
        sideways = best_d[0] == 0 and abs(best_d[1]) <= EPS and rng.random() < 0.3
        if improving or sideways:
            q = best_q
            ta[ta.index(p)] = q
            tb[tb.index(q)] = p
            where[p], where[q] = b, a
            for t in (a, b):
                cost[t] = _table_cost(model, tables[t])
                _mark(hot, warm, t, cost[t])
            total_r += best_d[0]
            total_s += best_d[1]
        if (total_r, total_s) < (best_key[0], best_key[1] - EPS):
            best_key = (total_r, total_s)
            best_tables = [list(t) for t in tables]
            stale = 0
        else:
            stale += 1
        if best_key[0] == 0 and best_key[1] <= EPS:
            stopped_by = "optimal"
            break
        if stale > patience:
            if best_key[0] == 0 and kicks >= SOFT_KICKS:
                stopped_by = "converged"
                break
            kicks += 1
            _kick(tables, best_tables, where, cost, hot, warm, model, rng)
            total_r = sum(c[0] for c in cost)
            total_s = sum(c[1] for c in cost)
            stale = 0
    return best_tables, iterations, stopped_by, kicks


def _table_cost(model: CostModel, table: list[int]) -> tuple[int, float, float]:
    """(repeats, soft including the best seat order, the seat part alone)."""
    r, s = model.grouping_cost(table)
    seat = model.best_seat_cost(table)
    return r, s + seat, seat


def _mark(hot: _IndexedSet, warm: _IndexedSet, t: int, cost: tuple) -> None:
    (hot.add if cost[0] > 0 else hot.discard)(t)
    (warm.add if cost[1] > EPS else warm.discard)(t)


def _kick(tables, best_tables, where, cost, hot, warm, model, rng) -> None:
    """Restart from the best grouping with a few random swaps of clashing players."""
    for t, table in enumerate(best_tables):
        tables[t][:] = table
        for p in table:
            where[p] = t
    hot_tables = [t for t, table in enumerate(tables) if model.grouping_cost(table)[0] > 0]
    for _ in range(3):
        a = rng.choice(hot_tables) if hot_tables else rng.randrange(len(tables))
        b = rng.randrange(len(tables) - 1)
        if b >= a:
            b += 1
        i, j = rng.randrange(len(tables[a])), rng.randrange(len(tables[b]))
        p, q = tables[a][i], tables[b][j]
        tables[a][i], tables[b][j] = q, p
        where[p], where[q] = b, a
    for t, table in enumerate(tables):
        cost[t] = _table_cost(model, table)
        _mark(hot, warm, t, cost[t])
