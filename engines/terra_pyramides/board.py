"""Board geometry: square kinds from an edition map, lines, rays and stair directions.

The printed board is not in the rulebook (G1/G3): an organizer supplies it once per board
side as edition data (``boards.standard`` / ``boards.nile``). Without a map the engine
learns square kinds from the judge's records; the same predicates serve both paths.
``SYNTHETIC_PLAYOUT_BOARD`` is a made-up lattice used ONLY to generate consistent random
playouts when no map is known; it is never used to judge a log.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

Square = tuple[int, int]

STAIR_STEPS: dict[str, Square] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
AXIS_STEPS: dict[str, Square] = {
    "horizontal": (0, 1),
    "vertical": (1, 0),
    "diagonal": (1, 1),
    "anti_diagonal": (1, -1),
}
EIGHT_STEPS: tuple[Square, ...] = tuple(
    (dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)
)
# Kinds a square can be known as. "tile" and "site" come from the state; the rest from a
# map or the judge's records. "empty" = an ordinary square with no tile.
CROSSABLE = frozenset({"tile", "oasis", "nile"})  # M6.3 (oasis: A24; Nile: VN11)


def step(square: Square, delta: Square, n: int = 1) -> Square:
    return (square[0] + delta[0] * n, square[1] + delta[1] * n)


def direction_between(a: Square, b: Square) -> tuple[Square, int] | None:
    """Unit step and distance from a to b along one of the 8 directions, else None."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    # Branches instead of max/abs/floor division on tuples: called for every placed tile
    # and worker move (same results).
    if dr == 0:
        if dc == 0:
            return None
        return ((0, 1), dc) if dc > 0 else ((0, -1), -dc)
    n = dr if dr > 0 else -dr
    if dc == 0:
        return ((1 if dr > 0 else -1, 0), n)
    if n != (dc if dc > 0 else -dc):
        return None
    return ((1 if dr > 0 else -1, 1 if dc > 0 else -1), n)


def between(a: Square, b: Square) -> list[Square]:
    found = direction_between(a, b)
    if found is None:
        return []
    delta, n = found
    return [step(a, delta, i) for i in range(1, n)]


@dataclass(frozen=True)
class Board:
    """One board side: size and the special squares. Everything else is an ordinary square."""

    rows: int
    cols: int
    kinds: Mapping[Square, str] = field(default_factory=dict)  # site/oasis/nile/start
    symbols: Mapping[Square, str] = field(default_factory=dict)  # VS sphinx/scarab
    name: str = "map"
    # VN7: building sites next to the Nile (each takes a foundation at Ver3 setup).
    nile_sites: frozenset[Square] = frozenset()

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.rows and 0 <= sq[1] < self.cols

    def kind(self, sq: Square) -> str:
        """site, oasis, nile, start, plain or off."""
        if not self.on_board(sq):
            return "off"
        return self.kinds.get(sq, "plain")

    def squares(self) -> Iterator[Square]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)


def board_from_edition(data: Mapping[str, Any] | None, name: str) -> Board | None:
    """The map for one side, or None while the organizer has not supplied it."""
    if (
        not data
        or data.get("rows") is None
        or data.get("cols") is None
        or data.get("sites") is None
    ):
        return None
    kinds: dict[Square, str] = {}
    for key, kind in (
        ("start_squares", "start"),
        ("oases", "oasis"),
        ("nile_squares", "nile"),
        ("sites", "site"),
    ):
        for sq in data.get(key) or ():
            kinds[(int(sq[0]), int(sq[1]))] = kind
    symbols: dict[Square, str] = {}
    for key in ("sphinx", "scarab"):
        for sq in data.get(key) or ():
            symbols[(int(sq[0]), int(sq[1]))] = key
    listed = data.get("nile_sites")
    if listed is not None:
        nile_sites = frozenset((int(sq[0]), int(sq[1])) for sq in listed)
    else:
        nile_sites = nile_neighbours(kinds)
    return Board(int(data["rows"]), int(data["cols"]), kinds, symbols, name, nile_sites)


def nile_neighbours(kinds: Mapping[Square, str]) -> frozenset[Square]:
    """VN7 "sites next to a Nile square": orthogonal neighbours (engine reading: the Nile
    squares' printed stairs face their site as a stair tile's do, M1.3). A map may list
    ``nile_sites`` itself instead."""
    return frozenset(
        site
        for site, kind in kinds.items()
        if kind == "site" and any(kinds.get(step(site, d)) == "nile" for d in STAIR_STEPS.values())
    )


def _synthetic(nile: bool) -> Board:
    # Sites on the lattice (r + 2c) % 5 == 0: every row, column and diagonal meets a site
    # at least every 5 squares, so no line holds more than 4 squares (as M3.4 says of the
    # real board). Three oases; on the Ver3 side the bottom row is the Nile. Made up for
    # playouts; not the printed board.
    rows = cols = 10
    kinds: dict[Square, str] = {}
    for r in range(rows):
        for c in range(cols):
            if (r + 2 * c) % 5 == 0:
                kinds[(r, c)] = "site"
            elif nile and r == rows - 1:
                kinds[(r, c)] = "nile"
    for sq in ((0, 2), (7, 1), (2, 7)):
        kinds[sq] = "oasis"
    for sq in ((4, 4), (5, 4), (3, 5), (6, 6)):
        kinds[sq] = "start"
    return Board(rows, cols, kinds, {}, "synthetic-playout" + ("-nile" if nile else ""))


SYNTHETIC_PLAYOUT_BOARD = _synthetic(nile=False)
SYNTHETIC_PLAYOUT_BOARD_NILE = _synthetic(nile=True)
