"""Names and fixed facts of the physical game that the rulebook itself states.

Printed values the rulebook does not state (pyramid points, minimum loads, red-card
targets, B-side tables) live in ``editions/default.json`` with their sources instead.
"""

from __future__ import annotations

from typing import Literal

SITES = ("market", "pyramid", "temple", "burial", "obelisk")
MONUMENTS = ("pyramid", "temple", "burial", "obelisk")  # V6: the Market is no monument
Site = Literal["market", "pyramid", "temple", "burial", "obelisk"]
Monument = Literal["pyramid", "temple", "burial", "obelisk"]

# Market cards (C7, src §9), in a fixed order: the index is used for deck/hand counts.
RED = ("entrance", "sarcophagus", "paved_path")
GREEN = ("pyramid_decoration", "temple_decoration", "burial_decoration", "obelisk_decoration")
PURPLE = ("statue",)
BLUE = ("lever", "hammer", "sail", "chisel")
CARDS = RED + GREEN + PURPLE + BLUE
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
CardName = Literal[
    "entrance",
    "sarcophagus",
    "paved_path",
    "pyramid_decoration",
    "temple_decoration",
    "burial_decoration",
    "obelisk_decoration",
    "statue",
    "lever",
    "hammer",
    "sail",
    "chisel",
]
HeldCard = Literal[  # red cards are resolved at once and never held (K2)
    "pyramid_decoration",
    "temple_decoration",
    "burial_decoration",
    "obelisk_decoration",
    "statue",
    "lever",
    "hammer",
    "sail",
    "chisel",
]
GREEN_SITE = {
    "pyramid_decoration": "pyramid",
    "temple_decoration": "temple",
    "burial_decoration": "burial",
    "obelisk_decoration": "obelisk",
}

STONES_PER_COLOUR = 30  # C1
STARTING_STONES = (2, 3, 4, 5)  # U12, by seat clockwise from the start player
ROUNDS = 6  # F1
SHIPS_PER_ROUND = 4  # F2
SLED_CAPACITY = 5  # L1
QUARRY_MAX = 3  # M1
PYRAMID_A_SPACES = 14  # P2, L10
PYRAMID_B_PYRAMIDS = 3  # V2
PYRAMID_B_SPACES = 5  # V2
BURIAL_ROWS = 3  # P4, G9
OBELISK_B_STONES = 3  # V5
WRATH_PENALTY = 5  # V6


def temple_width(n_players: int) -> int:
    """L9: five columns, four with two players."""
    return 4 if n_players == 2 else 5


def triangle_with_tail(n: int) -> int:
    """1, 3, 6, 10, 15, then +2 per further item (S4 burial areas, K4 statue table)."""
    if n <= 0:
        return 0
    if n <= 5:
        return n * (n + 1) // 2
    return 15 + 2 * (n - 5)


def statues_text_reading(n: int) -> int:
    """K4 prose (G11): 1, 3, 6, 10, then +2 per card from the 5th on."""
    if n <= 4:
        return triangle_with_tail(n)
    return 10 + 2 * (n - 4)
