"""The penalty model: pair costs, table costs and the best seat order at a table.

Costs are compared lexicographically, tier by tier (see
:class:`~tournaments.seating.optimiser.types.PenaltyWeights`):

1. ``repeats`` - earlier meetings of pairs at a table (``k**2``);
2. ``small`` - earlier small tables of the players put at a small table, beyond the
   fewest any seated player has had (so nobody sits at a small table again while a
   player who never did could take the place);
3. ``spread`` - the squared point differences inside a table (standings mode only), so
   score groups are kept together before any softer wish;
4. ``soft`` - seat balance and same-club pairs, weighted.

Everything works on player *indices* (positions in the model's player list) so the
search loops stay cheap.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from tournaments.seating.optimiser.types import PenaltyWeights, SeatingPlayer, TableCost

# Above this size the seat order is chosen greedily instead of by trying every order.
EXHAUSTIVE_SEAT_ORDER_MAX = 6
_PERMS: dict[int, list[tuple[int, ...]]] = {}


class CostModel:
    """Precomputed per-player data and the cost functions over it."""

    def __init__(
        self,
        players: Sequence[SeatingPlayer],
        weights: PenaltyWeights,
        *,
        use_spread: bool,
        largest_table: int,
    ) -> None:
        self.players = tuple(players)
        self.weights = weights
        self.index = {p.id: i for i, p in enumerate(self.players)}
        if len(self.index) != len(self.players):
            raise ValueError("player ids must be unique")
        self.met: list[dict[int, int]] = []
        for p in self.players:
            self.met.append(
                {self.index[o]: k for o, k in p.met.items() if o in self.index and k > 0}
            )
        self.points = [float(p.points) for p in self.players]
        self.club = [p.club for p in self.players]
        self.seat_counts = [tuple(p.seat_counts) for p in self.players]
        # Earlier small tables beyond the fewest any seated player has had: zero for
        # everyone who could still take a small-table place first.
        fewest = min((p.small_tables for p in self.players), default=0)
        self.small = [p.small_tables - fewest for p in self.players]
        self.spread_weight = weights.spread if use_spread else 0.0
        self.largest_table = largest_table
        self._seat_memo: dict[tuple, int] = {}
        width = max([largest_table, *(len(c) for c in self.seat_counts)])
        self._seat_rows = [c + (0,) * (width - len(c)) for c in self.seat_counts]

    # -- pair and player terms used by the search (cheap, no breakdown) ----------------

    def pair(self, i: int, j: int) -> tuple[int, float, float]:
        """(repeats, spread, same-club cost) of seating i and j together."""
        k = self.met[i].get(j, 0)
        spread = 0.0
        if self.spread_weight:
            d = self.points[i] - self.points[j]
            spread = self.spread_weight * d * d
        if self.club[i] is not None and self.club[i] == self.club[j]:
            return k * k, spread, self.weights.club
        return k * k, spread, 0.0

    def small_cost(self, i: int, size: int) -> float:
        if size < self.largest_table:
            return self.weights.small_table * self.small[i]
        return 0.0

    def grouping_cost(self, table: Sequence[int]) -> tuple[int, float, float, float]:
        """(repeats, small, spread, club) of a grouping, seat order aside."""
        repeats, small, spread, club = 0, 0.0, 0.0, 0.0
        size = len(table)
        for a, i in enumerate(table):
            small += self.small_cost(i, size)
            for j in table[a + 1 :]:
                r, sp, c = self.pair(i, j)
                repeats += r
                spread += sp
                club += c
        return repeats, small, spread, club

    # -- seat order ---------------------------------------------------------------------

    def seat_cost(self, i: int, seat: int) -> int:
        counts = self.seat_counts[i]
        return counts[seat] if seat < len(counts) else 0

    def best_seat_cost(self, table: Sequence[int]) -> float:
        """The weighted seat cost of the best seat order (what seat_order will reach)."""
        if not self.weights.seat:
            return 0.0
        size = len(table)
        if size > EXHAUSTIVE_SEAT_ORDER_MAX:
            return 0.0
        perms = _PERMS.get(size)
        if perms is None:
            perms = _PERMS[size] = list(itertools.permutations(range(size)))
        rows = [self._seat_rows[i][:size] for i in table]
        # Fast path: the sum of each player's lowest count is a lower bound, reached when
        # every player gets one of their own least-used seats. Try that greedily; if it
        # fails, fall back to trying every order.
        taken, floor = set(), 0
        for row in rows:
            low = min(row)
            floor += low
            free = next((s for s in range(size) if row[s] == low and s not in taken), None)
            if free is None:
                break
            taken.add(free)
        else:
            return self.weights.seat * floor
        key = tuple(sorted(rows))  # the optimum ignores who is who
        best = self._seat_memo.get(key)
        if best is None:
            best = min(sum(rows[a][s] for a, s in enumerate(perm)) for perm in perms)
            self._seat_memo[key] = best
        return self.weights.seat * best

    def seat_order(self, table: Sequence[int], rng: random.Random) -> tuple[int, ...]:
        """The order minimising the players' earlier counts at their seats.

        The table is shuffled first so that equally good orders (every order in round
        1) are drawn at random rather than favouring the list order.
        """
        members = list(table)
        rng.shuffle(members)
        if len(members) <= EXHAUSTIVE_SEAT_ORDER_MAX:
            best, best_cost = tuple(members), None
            for order in itertools.permutations(members):
                cost = sum(self.seat_cost(i, s) for s, i in enumerate(order))
                if best_cost is None or cost < best_cost:
                    best, best_cost = order, cost
            return best
        order: list[int] = []
        for seat in range(len(members)):
            pick = min(
                (i for i in members if i not in order), key=lambda i: self.seat_cost(i, seat)
            )
            order.append(pick)
        return tuple(order)

    # -- full breakdown for the output ----------------------------------------------------

    def breakdown(self, order: Sequence[int]) -> TableCost:
        w = self.weights
        repeats, spread, club, small, seat = 0, 0.0, 0.0, 0.0, 0.0
        pairs = []
        for a, i in enumerate(order):
            small += self.small_cost(i, len(order))
            seat += w.seat * self.seat_cost(i, a)
            for j in order[a + 1 :]:
                k = self.met[i].get(j, 0)
                if k:
                    repeats += k * k
                    pairs.append((self.players[i].id, self.players[j].id, k))
                if self.spread_weight:
                    d = self.points[i] - self.points[j]
                    spread += self.spread_weight * d * d
                if self.club[i] is not None and self.club[i] == self.club[j]:
                    club += w.club
        return TableCost(repeats, spread, seat, club, small, tuple(pairs))
