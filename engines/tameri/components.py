"""Names of the game's pieces and the printed numbers the rulebook text states outright.

Everything here is quoted from the seed (rules/tameri.md ids in comments). Printed data the
text lost (card lists, temple tracks, board layout) lives in edition data or in the log.
"""

from __future__ import annotations

# S6 evaluates the Pharaoh majorities in this order; the engine uses it everywhere.
RESOURCES: tuple[str, ...] = ("barley", "papyrus", "flax", "fruit")
ACTIONS: tuple[str, ...] = (
    "farmer",
    "merchant",
    "architect",
    "priest",
    "harvest",
    "sphinx",
    "decorator",
    "offering",
)
WORKER_ACTIONS = frozenset({"farmer", "merchant", "architect", "priest"})  # M7
TEMPLES: tuple[str, ...] = ("amun", "ra", "ptah")  # F9.1 deal order: left, centre, right
# C1: 8 fields, 2 per resource. The north/south naming of the text is not tied to ids (G9).
FIELDS: tuple[str, ...] = tuple(f"{r}_{i}" for r in RESOURCES for i in (1, 2))
RAMPS = 4  # C2 (Inferred): 4 ramps, each between 2 fields, one river area under each
RIVER_CAPACITY = 4  # G9 (Inferred): the yield table ends at 4 silt
SPHINX_SPACES = 10  # C7
BUILDING_ROW = 5  # U6
ARCHITECT_TRACK = 5  # M10 (Inferred): aligned with the 5 building positions
SEASONS = 3
ROUNDS_PER_SEASON = 4
MAX_PRIEST_STEPS = 4  # M11.3
WAREHOUSE_CAP = 4  # L1: each resource, deben and silt at the end of the own turn
START_RESOURCES = 2  # U9: 2 of each resource type
START_DEBEN = 1  # U9
START_WORKERS = 4  # U9: beside the board
LOCKED_WORKERS = 4  # U9: on the locked-worker spaces
SPHINXES = 3  # C13
DRAFT_HAND = 5  # F2.1
# H1/C8-C10: every card shows a unique number. The rulebook's action cards (decks A-D)
# carry at most two digits in every example (2 ... 89) and its temple cards (deck E) are
# numbered 2xx (202, 207). Read as 1-99 and 201-299, as decks A-D count from 1; a number
# outside both cannot be a card of the game.
ACTION_CARD_NUMBERS = range(1, 100)
TEMPLE_CARD_NUMBERS = range(201, 300)
SET_POINTS: tuple[int, ...] = (0, 1, 2, 4, 7, 11, 15, 20)  # S8, by set size 0..7
GLYPH_TYPES = 4  # H1
# C3: the weather spheres, in the order of the state's supply and pyramid counts.
SPHERES: tuple[str, ...] = ("sun", "water", "silt")
# U3: 2 sun spheres on each ramp and 2 silt spheres in the river space below it; no water.
SETUP_SPHERES: tuple[int, int, int] = (2 * RAMPS, 0, 2 * RAMPS)
FACE_DOWN = "*"  # H5: a face-down card shows all 4 glyphs on its right side

# M12 yield by the silt in the adjacent river area: 0 -> 0, 1-2 -> 1, 3 -> 2, 4 -> 3.
YIELD_BY_SILT: tuple[int, ...] = (0, 1, 1, 2, 3)


def silt_yield(silt: int) -> int:
    """M12 yield table; a river never holds more than RIVER_CAPACITY silt."""
    return YIELD_BY_SILT[max(0, min(silt, RIVER_CAPACITY))]


def field_type(field: str) -> str:
    return field.rsplit("_", 1)[0]


def productive(field_kind: str, colour: str | None, count: int) -> bool:
    """M12 productivity table for a ramp holding ``count`` spheres of one ``colour`` (W8).

    Barley: 0-2 of any colour. Flax: 0-1 of any colour. Fruit: 0, or 1-3 sun.
    Papyrus: 0, or 1-3 water. No spheres on the ramp: always productive.
    """
    if count == 0:
        return True
    if field_kind == "barley":
        return count <= 2
    if field_kind == "flax":
        return count <= 1
    if field_kind == "fruit":
        return colour == "sun" and count <= 3
    if field_kind == "papyrus":
        return colour == "water" and count <= 3
    raise ValueError(f"unknown field type {field_kind!r}")
