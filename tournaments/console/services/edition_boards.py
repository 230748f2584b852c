"""The grid editor's side of edition data: a Terra Pyramides board map as square kinds.

The engine reads a board side (``boards.standard`` / ``boards.nile``) as ``rows``,
``cols`` and lists of ``[row, col]`` squares per kind (``sites``, ``oases``,
``start_squares``, ``nile_squares``) and per symbol (``sphinx``, ``scarab``); see
``engines.terra_pyramides.board.board_from_edition``. The editor shows one cell per
square; this module converts between that grid and the edition values and stores the
result through ``edition_data`` (so the same validation and null rules apply).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournaments.console.services import edition_data
from tournaments.events.models import Event

GAME = "terra_pyramides"
SIDES = ("standard", "nile")
KIND_KEYS = {"site": "sites", "oasis": "oases", "start": "start_squares", "nile": "nile_squares"}
SYMBOL_KEYS = ("sphinx", "scarab")
MAX_SIZE = 20


def kinds_for(side: str) -> tuple[str, ...]:
    """Square kinds a side can hold (only the Nile side has river squares)."""
    return ("site", "oasis", "start", "nile") if side == "nile" else ("site", "oasis", "start")


def current_board(event: Event, side: str) -> dict[str, Any]:
    """The side as the engine will read it (bundled values overlaid by supplied ones)."""
    from engines.core.editions import resolve_edition

    spec = edition_data.supplied_spec(event, GAME)
    edition = resolve_edition(GAME, spec, "default")
    return dict(edition.values.get("boards", {}).get(side) or {})


def grid_of(board: Mapping[str, Any], rows: int, cols: int) -> list[list[dict[str, str]]]:
    """rows x cols cells, each {"kind": ..., "symbol": ...} ("" for none)."""
    cells = [[{"kind": "", "symbol": ""} for _ in range(cols)] for _ in range(rows)]
    for kind, key in KIND_KEYS.items():
        for r, c in board.get(key) or ():
            if 0 <= r < rows and 0 <= c < cols:
                cells[r][c]["kind"] = kind
    for symbol in SYMBOL_KEYS:
        for r, c in board.get(symbol) or ():
            if 0 <= r < rows and 0 <= c < cols:
                cells[r][c]["symbol"] = symbol
    return cells


def board_values(side: str, rows: int, cols: int, cells: Mapping[tuple[int, int], tuple[str, str]]):
    """Edition values for one side from the grid: {(r, c): (kind, symbol)}."""
    if side not in SIDES:
        raise edition_data.EditionDataError([f"unknown board side {side!r}"])
    if not (1 <= rows <= MAX_SIZE and 1 <= cols <= MAX_SIZE):
        raise edition_data.EditionDataError([f"rows and cols must be 1..{MAX_SIZE}"])
    allowed = kinds_for(side)
    out: dict[str, Any] = {"rows": rows, "cols": cols}
    for key in KIND_KEYS.values():
        out[key] = []
    for symbol in SYMBOL_KEYS:
        out[symbol] = []
    for (r, c), (kind, symbol) in sorted(cells.items()):
        if not (0 <= r < rows and 0 <= c < cols):
            continue
        if kind:
            if kind not in allowed:
                raise edition_data.EditionDataError(
                    [f"{r},{c}: {kind!r} is not a square kind here"]
                )
            out[KIND_KEYS[kind]].append([r, c])
        if symbol:
            if symbol not in SYMBOL_KEYS:
                raise edition_data.EditionDataError([f"{r},{c}: unknown symbol {symbol!r}"])
            out[symbol].append([r, c])
    if side != "nile":
        del out["nile_squares"]
    return out


def board_store(event: Event, side: str, values: Mapping[str, Any], source: str) -> dict:
    """Store the side's map through the generic edition fill (validated by the engine).

    Only leaves the bundled edition leaves unknown are written; the bundled map is all
    null today, so every key of the side is filled."""
    fields = {f"boards.{side}.{key}": value for key, value in values.items()}
    return edition_data.edition_fill(event, GAME, fields, source)


# Nile Murals: the sheet's 12 areas -------------------------------------------------------
# Square number = 10 * row + column (rules C7); each area is {"value": 1-3, "squares": [...]}
# with null where unknown (rules G3: the map is not in the rulebook text).

NILE = "nile_murals"


def nile_area_count(event: Event) -> int:
    from engines.core.editions import resolve_edition

    edition = resolve_edition(NILE, edition_data.supplied_spec(event, NILE), "default")
    return int(edition.get("area_count", 12))


def nile_current_areas(event: Event) -> tuple[dict[int, int], dict[int, int | None]]:
    """(area index of each square, value of each area) as the engine would read them."""
    from engines.core.editions import resolve_edition

    edition = resolve_edition(NILE, edition_data.supplied_spec(event, NILE), "default")
    area_of: dict[int, int] = {}
    values: dict[int, int | None] = {}
    for index, area in enumerate(edition.get("areas") or []):
        if not isinstance(area, Mapping):
            continue
        values[index] = area.get("value")
        for square in area.get("squares") or []:
            area_of[int(square)] = index
    return area_of, values


def nile_areas_values(
    count: int, area_of_square: Mapping[int, int], values: Mapping[int, int | None]
) -> list[dict[str, Any]]:
    """The ``areas`` list: an area with no square marked keeps ``squares`` unknown."""
    squares: dict[int, list[int]] = {i: [] for i in range(count)}
    for square, index in sorted(area_of_square.items()):
        if not 0 <= square <= 99:
            raise edition_data.EditionDataError([f"square {square} is not on the sheet"])
        if not 0 <= index < count:
            raise edition_data.EditionDataError([f"square {square}: no area {index + 1}"])
        squares[index].append(square)
    return [{"value": values.get(i), "squares": squares[i] or None} for i in range(count)]


def nile_areas_store(event: Event, areas: list[dict[str, Any]], source: str) -> dict:
    return edition_data.edition_fill(event, NILE, {"areas": areas}, source)
