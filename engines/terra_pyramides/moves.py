"""Move records: one pydantic model per move type, discriminated on ``"type"``.

A turn is logged as a short sequence: ``place_tile``, ``choose_line``, one ``move_worker``
or ``return_worker`` per worker placed, optional actions, ``refill``, ``end_turn``. The
judge's recorded facts (tile symbols, stair direction, what each square of the line shows,
foundation values, coin symbols passed, palms reached) ride on the moves they belong to,
so the engine can check every rule that needs no board map. The player is always the one
whose turn it is (``setup`` is move 0; the envelope lists players start player first).
Squares are ``[row, column]``; row grows downward.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engines.core.parsing import Model

Square = tuple[int, int]
Colour = Annotated[str, Field(pattern=r"^[a-z][a-z_]*$", max_length=20)]
Stairs = Literal["up", "down", "left", "right"]
Axis = Literal["horizontal", "vertical", "diagonal", "anti_diagonal"]
Card = Literal["grave_goods", "horus_eyes", "oasis", "nile", "highest_pyramid", "most_pyramids"]
Count = Annotated[int, Field(ge=0, le=20)]


class Tile(Model):
    """The symbols printed on a stair tile (G6: the judge records them when it is placed)."""

    workers: Count = 0
    blocks: tuple[Colour, ...] = ()  # one colour per material symbol
    eyes: Count = 0
    grave_goods: Count = 0  # Ver2 tiles
    coins: Count = 0  # money pictured on Ver2+ tiles (VH11 surround bonus)
    oases: Count = 0  # oasis icons on tiles (only counted under A16 "tile_icons"/"both")


class Gain(Model):
    """What an oasis pictures (Ver3, VN10; G3: recorded by the judge)."""

    coins: Count = 0
    eyes: Count = 0
    grave_goods: Count = 0
    blocks: tuple[Colour, ...] = ()


class StartTile(Model):
    square: Square
    tile: Tile
    stairs: Stairs
    stack: int = Field(ge=0, le=7)


class FoundationFact(Model):
    square: Square
    value: int = Field(ge=1, le=99)  # G7: the printed value, recorded


class Setup(Model):
    type: Literal["setup"] = "setup"
    start_tiles: tuple[StartTile, ...]
    foundations: tuple[FoundationFact, ...]
    hand_stacks: tuple[Annotated[int, Field(ge=0, le=7)], ...]
    open_stacks: tuple[Annotated[int, Field(ge=0, le=7)], ...] = ()  # VO (G17)


class Facing(Model):
    square: Square
    kind: Literal["site", "foundation", "pyramid"]  # "site": a building site without foundation


class PlaceTile(Model):
    type: Literal["place_tile"] = "place_tile"
    square: Square
    tile: Tile
    stairs: Stairs
    facing: Facing
    foundation: FoundationFact | None = None
    square_symbol: Literal["sphinx", "scarab", "none"] | None = None  # VS recorded fact
    ignore_symbol: bool = False  # VS4: pay 1 coin


class LineSquare(Model):
    square: Square
    kind: Literal["tile", "empty", "oasis", "nile"]
    oasis_item: Gain | None = None  # Ver3 oasis squares
    take_white: bool = False  # A14 "player_choice": take a white block on a 1-good-1-block tile


class ChooseLine(Model):
    type: Literal["choose_line"] = "choose_line"
    axis: Axis
    # The squares and what they show: required without a board map; with a map they may be
    # left out (the engine derives the whole run, A3 "whole_run") or given to be checked.
    squares: Annotated[tuple[LineSquare, ...], Field(min_length=1, max_length=12)] | None = None
    coin_symbols: Count | None = None  # Ver2+: coin symbols reached/passed by this advance
    palms_reached: Count | None = None  # Ver3: palms the boat has reached after this line
    # L9/G8: colours of block symbols the supply could not serve ("none available")
    blocks_unavailable: Annotated[tuple[Colour, ...], Field(max_length=20)] = ()


class MoveWorker(Model):
    type: Literal["move_worker"] = "move_worker"
    origin: Square
    target: Square


class ReturnWorker(Model):
    type: Literal["return_worker"] = "return_worker"
    square: Square
    player: int | None = Field(default=None, ge=0, le=3)  # seat, only under A22 "any_time"


class Build(Model):
    type: Literal["build"] = "build"
    square: Square
    colour: Colour | None = None  # required for level 1
    payment: dict[Colour, Annotated[int, Field(ge=1, le=5)]]


class BuyWorker(Model):
    type: Literal["buy_worker"] = "buy_worker"
    target: Square


class BuyBlock(Model):
    type: Literal["buy_block"] = "buy_block"


class Convert(Model):
    type: Literal["convert"] = "convert"
    payment: dict[Colour, Annotated[int, Field(ge=1, le=2)]]


class ReorderStack(Model):
    type: Literal["reorder_stack"] = "reorder_stack"
    stack: int = Field(ge=0, le=7)


class BuyGraveGood(Model):
    type: Literal["buy_grave_good"] = "buy_grave_good"


class MoveBoat(Model):
    type: Literal["move_boat"] = "move_boat"
    palms_reached: Count | None = None


class BuyCard(Model):
    type: Literal["buy_card"] = "buy_card"
    card: Card


class SurroundBonus(Model):
    """VH11/VN9: a site carrying ``owner``'s workers became completely surrounded."""

    type: Literal["surround_bonus"] = "surround_bonus"
    site: Square
    eyes: Count = 0
    coins: Count = 0
    grave_goods: Count = 0
    oases: Count = 0
    nile: Count = 0
    # Ver3 (VN9 with VN10): what each surrounding oasis square pictures, as on a line.
    oasis_items: Annotated[tuple[Gain, ...], Field(max_length=8)] = ()
    coin_symbols: Count | None = None
    palms_reached: Count | None = None


class Refill(Model):
    type: Literal["refill"] = "refill"
    stack: int = Field(ge=0, le=7)
    search: bool = False  # M7.3: pay 1 coin to pick any tile of the stack


class EndTurn(Model):
    type: Literal["end_turn"] = "end_turn"


Move = Annotated[
    Setup
    | PlaceTile
    | ChooseLine
    | MoveWorker
    | ReturnWorker
    | Build
    | BuyWorker
    | BuyBlock
    | Convert
    | ReorderStack
    | BuyGraveGood
    | MoveBoat
    | BuyCard
    | SurroundBonus
    | Refill
    | EndTurn,
    Field(discriminator="type"),
]
MOVE_ADAPTER: TypeAdapter[Move] = TypeAdapter(Move)
MOVES_ADAPTER: TypeAdapter[list[Move]] = TypeAdapter(list[Move])
