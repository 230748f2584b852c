"""Game options: version, variants, missions, and one switch per ambiguity cafés may rule.

Every ambiguity of the reference's §11 that changes a verdict is an option whose default is
the reference's preferred reading; the chosen readings are echoed in the outcome notes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.core.parsing import Model

WORKERS_BY_PLAYERS = {2: 15, 3: 13, 4: 11}  # C14
MISSION_WORKERS = 12  # VC2
STACKS = 8
STACK_SIZE = {1: 5, 2: 7, 3: 8}  # C15-C17
# E2: a stack's remaining tiles leave the game when it has this many left.
REMOVAL_AT = {1: {2: 1, 3: 0, 4: 0}, 2: {2: 3, 3: 2, 4: 2}, 3: {2: 4, 3: 3, 4: 3}}
MISSION_REMOVAL_AT = 1  # VC2, whatever the player count
COIN_CAP = 4  # L1
BLOCK_CAP = 7  # L2
SITE_CAPACITY = 3  # L3 / M6.4
TOPS_PER_PLAYER = 2  # C10 / L8
# M8.6: level n costs n blocks and is worth LEVEL_VALUES[n].
LEVEL_VALUES = {1: 5, 2: 10, 3: 20, 4: 35, 5: 60}
PRICE_WORKER = 3  # M9.2
PRICE_BLOCK = 3  # M9.3
PRICE_REORDER = 1  # M9.1
PRICE_SEARCH = 1  # M7.3
PRICE_GRAVE_GOOD = 1  # VH10
PRICE_BOAT = 2  # VN5
PRICE_IGNORE_SYMBOL = 1  # VS4
CARD_MIN_HORUS = 5  # VN13
CARD_OWNED_POINTS, CARD_OTHER_POINTS = 20, 10  # S12
STRATEGY_CARDS = ("grave_goods", "horus_eyes", "oasis", "nile", "highest_pyramid", "most_pyramids")
MISSION_2_THRESHOLD = 275  # VC4: more than 275


class TerraPyramidesOptions(Model):
    version: Literal[1, 2, 3] = 1
    symbol_variant: bool = False  # VS
    open_stacks: bool = False  # VO
    mission: Literal[1, 2, 3] | None = None  # VC: cooperative/solo, Ver1 rules
    # --- ambiguities (reference §11), default = preferred reading -------------------------
    a1_stair_facing: Literal["along_stair_direction", "adjacent_only"] = "along_stair_direction"
    # A1 sub-question: the faced site is the first building site in the stairs direction
    # (tiles, empty, oasis and Nile squares may lie between). False accepts a farther one.
    a1_faced_site_first: bool = True
    a2_foundation_trigger: Literal["faced_site", "any_adjacent_site"] = "faced_site"
    a3_line_extent: Literal["whole_run", "sub_segment"] = "whole_run"
    a4_first_turn: Literal["each_players_first_turn", "game_first_turn_only"] = (
        "each_players_first_turn"
    )
    a5_conversion: Literal["any_colours", "same_colour"] = "any_colours"
    a6_money_cap_spending: Literal["any_money_use", "blocks_and_workers_only"] = "any_money_use"
    a8_bought_worker: Literal["from_stock", "new_piece"] = "from_stock"
    a9_level1_payment: Literal["chosen_colour_or_white", "any_colour"] = "chosen_colour_or_white"
    a10_pyramid_value: Literal["top_level", "sum_of_levels"] = "top_level"
    a11_foundation_under_pyramid_scores: bool = False
    a12_end_trigger: Literal["last_tile_placed", "stacks_empty"] = "last_tile_placed"
    a14_grave_good_block: Literal["white", "player_choice"] = "white"
    a15_neighbourhood: Literal[8, 4] = 8
    a15_surround_grave_goods_in_v2: bool = False
    a16_oasis_source: Literal["board_squares", "tile_icons", "both"] = "board_squares"
    a16_oasis_item_replaces_coin: bool = False
    a17_sites_count: Literal["occupied_foundations", "ever_claimed"] = "occupied_foundations"
    a18_horus_card_measure: Literal["eyes_gained", "final_track"] = "eyes_gained"
    a19_missing_pyramid: Literal["lower_than_any", "compare_shorter_list"] = "lower_than_any"
    a22_return_workers: Literal["own_turn", "any_time"] = "own_turn"
    a25_own_foundation_destination: bool = True
    # G15: a non-active player who receives surround coins is capped at the end of the
    # current turn ("current_turn") or only at the end of their own next turn.
    g15_surround_cap: Literal["own_next_turn", "current_turn"] = "own_next_turn"
    max_tile_line: int = Field(default=4, ge=1, le=8)  # M3.4 "at most 4 tiles"

    @property
    def is_mission(self) -> bool:
        return self.mission is not None


AMBIGUITY_FIELDS = tuple(
    name for name in TerraPyramidesOptions.model_fields if name[:1] in ("a", "g") and "_" in name
)


def readings(options: TerraPyramidesOptions) -> list[str]:
    """The chosen reading of each ambiguity, for the outcome's notes."""
    return [f"{name}={getattr(options, name)}" for name in AMBIGUITY_FIELDS]


PRESETS = {
    "version_1": {"version": 1},
    "version_2": {"version": 2},
    "version_3": {"version": 3},
    "symbol_variant": {"version": 1, "symbol_variant": True},
    "open_stacks": {"version": 1, "open_stacks": True},
    "mission_1": {"version": 1, "mission": 1},
    "mission_2": {"version": 1, "mission": 2},
    "mission_3": {"version": 1, "mission": 3},
}
