"""How many tables of which size, and who sits out (byes).

Policy (documented in docs/seating-and-standings.md):

* ``sizes`` is the event's preference order, e.g. ``(4, 3)`` or ``(4, 3, 2)``. Among
  the exact partitions of the players, the one using the fewest tables of the least
  preferred size is chosen, then the fewest of the next least preferred, and so on:
  10 players with ``(4, 3, 2)`` give 4+3+3, not 4+4+2.
* Only when no exact partition exists are byes given, as few as possible. An organizer
  who prefers byes to 3-player tables lists ``(4,)`` only.
* Byes go to eligible players (not ``bye_exempt``) with the fewest byes so far — so no
  second bye before every eligible player has had one — then to the lowest-ranked, then
  by the seeded random draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from tournaments.seating.optimiser.types import SeatingError, SeatingPlayer


def validate_sizes(sizes: Sequence[int]) -> tuple[int, ...]:
    sizes = tuple(sizes)
    if not sizes:
        raise SeatingError("no table size allowed")
    if len(set(sizes)) != len(sizes):
        raise SeatingError(f"table sizes repeat: {sizes}")
    for size in sizes:
        if not isinstance(size, int) or size < 2:
            raise SeatingError(f"a table seats at least 2 players, got {size!r}")
    return sizes


def table_sizes(players: int, sizes: Sequence[int]) -> tuple[int, ...] | None:
    """The table sizes for exactly ``players`` players, most preferred first, or None."""
    sizes = validate_sizes(sizes)
    if players < 0:
        return None
    counts = _fewest_worst(players, sizes[::-1])
    if counts is None:
        return None
    by_size = dict(zip(sizes[::-1], counts, strict=True))
    return tuple(size for size in sizes for _ in range(by_size[size]))


@lru_cache(maxsize=4096)
def _fewest_worst(players: int, worst_first: tuple[int, ...]) -> tuple[int, ...] | None:
    """Counts per size (worst first) minimising the worst size's count, recursively."""
    if players == 0:
        return (0,) * len(worst_first)
    if len(worst_first) == 1:
        size = worst_first[0]
        return (players // size,) if players % size == 0 else None
    size, rest = worst_first[0], worst_first[1:]
    for count in range(players // size + 1):
        tail = _fewest_worst(players - count * size, rest)
        if tail is not None:
            return (count, *tail)
    return None


def bye_count(players: int, sizes: Sequence[int]) -> int:
    """The fewest byes that leave a seatable field; SeatingError if none does."""
    for byes in range(players):
        if table_sizes(players - byes, sizes):
            return byes
    raise SeatingError(
        f"{players} player(s) cannot fill a single table of an allowed size {tuple(sizes)}"
    )


def choose_byes(
    players: Sequence[SeatingPlayer], count: int, rng: random.Random
) -> tuple[SeatingPlayer, ...]:
    """The ``count`` players who sit out, by the policy in the module docstring."""
    if count == 0:
        return ()
    eligible = [p for p in players if not p.bye_exempt]
    if len(eligible) < count:
        raise SeatingError(
            f"{count} bye(s) needed but only {len(eligible)} player(s) may receive one"
        )
    draw = {p.id: rng.random() for p in eligible}
    eligible.sort(key=lambda p: (p.byes, -p.rank, draw[p.id]))
    return tuple(eligible[:count])
