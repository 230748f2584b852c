"""Search for one round's grouping: greedy construction, then swap local search.

1. Greedy: walk the ordered list (standings order, or a seeded shuffle); each table
   starts with the first unseated player and is filled with the cheapest of the next
   ``lookahead`` players (Pantheon's Swiss fill, with our lexicographic cost).
2. Local search: swap two players of different tables when the swap lowers the cost
   ``(repeats, small, spread, soft)`` (lexicographic, see seating_cost). Tables holding a
   repeat meeting are picked first, then small tables holding a player who already had
   one (swapped with a player of any full-size table); in standings mode the partner
   table is otherwise usually a nearby one, so score groups stay together.
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
                r, sm, sp, c = 0, model.small_cost(cand, size), 0.0, 0.0
                for x in table:
                    pr, psp, pc = model.pair(cand, x)
                    r += pr
                    sp += psp
                    c += pc
                if best is None or (r, sm, sp, c) < best:
                    best_pos, best = pos, (r, sm, sp, c)
                    if r == 0 and sm + sp + c <= EPS:
                        break
            table.append(remaining.pop(best_pos))
        tables.append(table)
    return tables


def _sign(d: Sequence[float]) -> int:
    """-1 / 0 / 1: is the cost change ``d`` (a tier tuple) an improvement, level, worse."""
    if d[0]:
        return -1 if d[0] < 0 else 1
    for x in d[1:]:
        if x < -EPS:
            return -1
        if x > EPS:
            return 1
    return 0


def local_search(
    model: CostModel,
    tables: list[list[int]],
    rng: random.Random,
    *,
    near_tables: int | None,
    max_iterations: int,
    deadline: float,
    patience: int,
    small_first: bool = False,
) -> tuple[list[list[int]], int, str, int]:
    """Improve ``tables``; returns (best tables, iterations, stopped_by, kicks).

    ``near_tables``: in standings mode, how far (in table numbers) a swap partner is
    usually looked for; None means anywhere. ``small_first`` compares the small-table
    tier before repeats: a single swap rarely moves a fresh player to a small table
    without a repeat on the way, so that search goes there first and then removes the
    repeats it can (the caller keeps it only if it ends repeat-free).
    """
    tier = _small_first if small_first else tuple
    n_tables = len(tables)
    if n_tables < 2:
        return tables, 0, "optimal", 0
    where = {}
    for t, table in enumerate(tables):
        for p in table:
            where[p] = t
    seat = model.best_seat_cost if model.weights.seat else None
    cost = [_table_cost(model, t) for t in tables]
    # Tables with repeats / small tables with a player who already had one / soft cost.
    hot, small_hot, warm = _IndexedSet(), _IndexedSet(), _IndexedSet()
    for t, c in enumerate(cost):
        _mark(hot, small_hot, warm, t, c)
    largest = model.largest_table
    full_tables = [t for t, table in enumerate(tables) if len(table) == largest]
    total = [sum(c[k] for c in cost) for k in range(4)]
    best_key = tuple(total)
    best_tables = [list(t) for t in tables]
    pair, small, small_count = model.pair, model.small_cost, model.small

    def contrib(p: int, table: list[int], skip: int, size: int) -> tuple:
        r, sp, c = 0, 0.0, 0.0
        for x in table:
            if x != p and x != skip:
                pr, psp, pc = pair(p, x)
                r += pr
                sp += psp
                c += pc
        return r, small(p, size), sp, c

    stale = kicks = 0
    iterations = 0
    stopped_by = "iterations"
    while iterations < max_iterations:
        iterations += 1
        if iterations % 256 == 0 and time.monotonic() > deadline:
            stopped_by = "time"
            break
        b = None
        if len(small_hot) and full_tables and small_first and rng.random() < 0.5:
            move = "small"
        elif len(hot) and rng.random() < 0.9:
            move = "repeat"
        elif len(small_hot) and full_tables and rng.random() < 0.8:
            move = "small"
        elif len(warm) and rng.random() < 0.7:
            move = "soft"
        else:
            move = "any"
        if move == "repeat":
            a = hot.items[rng.randrange(len(hot))]
            members = tables[a]
            clashing = [p for p in members if any(q in model.met[p] for q in members)]
            p = rng.choice(clashing) if clashing else rng.choice(members)
        elif move == "small":
            # A player who already had a small table, against anyone at a full table.
            a = small_hot.items[rng.randrange(len(small_hot))]
            p = max(tables[a], key=lambda x: (small_count[x], rng.random()))
            b = full_tables[rng.randrange(len(full_tables))]
        elif move == "soft":
            a = warm.items[rng.randrange(len(warm))]
            p = rng.choice(tables[a])
        else:
            a = rng.randrange(n_tables)
            p = rng.choice(tables[a])
        if b is None or b == a:
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
                p_new[2] + q_new[2] - p_old[2] - q_old[2],
                p_new[3] + q_new[3] - p_old[3] - q_old[3],
            )
            if best_d is None or tier(d) < tier(best_d):
                best_q, best_d = q, d
        if seat is not None and best_d[0] <= 0:
            # The seat-order term is not pairwise: price it for the chosen swap only.
            new_a = [best_q if x == p else x for x in ta]
            new_b = [p if x == best_q else x for x in tb]
            old_seat = cost[a][4] + cost[b][4]
            best_d = (*best_d[:3], best_d[3] + seat(new_a) + seat(new_b) - old_seat)
        sign = _sign(tier(best_d))
        if sign < 0 or (sign == 0 and rng.random() < 0.3):  # improving, or sideways
            q = best_q
            ta[ta.index(p)] = q
            tb[tb.index(q)] = p
            where[p], where[q] = b, a
            for t in (a, b):
                cost[t] = _table_cost(model, tables[t])
                _mark(hot, small_hot, warm, t, cost[t])
            for k in range(4):
                total[k] += best_d[k]
        if _sign(tier([total[k] - best_key[k] for k in range(4)])) < 0:
            best_key = tuple(total)
            best_tables = [list(t) for t in tables]
            stale = 0
        else:
            stale += 1
        if best_key[0] == 0 and all(x <= EPS for x in best_key[1:]):
            stopped_by = "optimal"
            break
        if stale > patience:
            if tier(best_key)[0] <= EPS and kicks >= SOFT_KICKS:
                stopped_by = "converged"
                break
            kicks += 1
            _kick(tables, best_tables, where, cost, (hot, small_hot, warm), model, rng)
            total = [sum(c[k] for c in cost) for k in range(4)]
            stale = 0
    return best_tables, iterations, stopped_by, kicks


def polish(model: CostModel, tables: list[list[int]], window: int | None, deadline: float) -> int:
    """Apply single swaps that lower (repeats, small, spread) until none is left: the
    random search can stop with one untried, and these tiers are promises (no repeat,
    no avoidable second small table, score groups together). Returns the swaps made.

    Every pair of tables is tried, or with ``window`` only tables at most that many
    places apart in the list (standings mode: the list is in order of strength). A pair
    of tables with nothing on these tiers cannot improve and is skipped. Seat and club
    are left to the search (a lower tier never justifies a move here)."""
    pair, small = model.pair, model.small_cost

    def tiers(table: list[int]) -> tuple[int, float, float]:
        r, sm, sp, _ = model.grouping_cost(table)
        return r, sm, sp

    def contrib(p: int, table: list[int], skip: int, size: int) -> tuple[int, float, float]:
        r, sp = 0, 0.0
        for x in table:
            if x != p and x != skip:
                pr, psp, _ = pair(p, x)
                r += pr
                sp += psp
        return r, small(p, size), sp

    n_tables = len(tables)
    cost = [tiers(t) for t in tables]
    made = 0
    for _ in range(50):  # passes; every swap lowers the cost, so this ends
        changed = False
        for a in range(n_tables):
            last = n_tables if window is None else min(n_tables, a + 1 + window)
            for b in range(a + 1, last):
                retry = True
                while retry:
                    retry = False
                    if _sign(cost[a]) == 0 and _sign(cost[b]) == 0:
                        break
                    ta, tb = tables[a], tables[b]
                    la, lb = len(ta), len(tb)
                    for p in ta:
                        p_old = contrib(p, ta, -1, la)
                        for q in tb:
                            q_old = contrib(q, tb, -1, lb)
                            p_new = contrib(p, tb, q, lb)
                            q_new = contrib(q, ta, p, la)
                            d = [p_new[k] + q_new[k] - p_old[k] - q_old[k] for k in range(3)]
                            if _sign(d) < 0:
                                ta[ta.index(p)] = q
                                tb[tb.index(q)] = p
                                cost[a], cost[b] = tiers(ta), tiers(tb)
                                made += 1
                                changed = retry = True
                                break
                        if retry:
                            break
        if not changed or time.monotonic() > deadline:
            break
    return made


def _small_first(d: Sequence) -> tuple:
    return (d[1], d[0], *d[2:])


def _table_cost(model: CostModel, table: list[int]) -> tuple[int, float, float, float, float]:
    """(repeats, small, spread, soft including the best seat order, the seat part alone)."""
    r, small, spread, club = model.grouping_cost(table)
    seat = model.best_seat_cost(table)
    return r, small, spread, club + seat, seat


def _mark(hot: _IndexedSet, small_hot: _IndexedSet, warm: _IndexedSet, t: int, cost) -> None:
    (hot.add if cost[0] > 0 else hot.discard)(t)
    (small_hot.add if cost[1] > EPS else small_hot.discard)(t)
    (warm.add if cost[2] + cost[3] > EPS else warm.discard)(t)


def _kick(tables, best_tables, where, cost, marks, model, rng) -> None:
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
        _mark(*marks, t, cost[t])
