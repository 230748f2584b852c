"""The records of a judge's Imhotep log, one pydantic model per ``type``.

Indices are 0-based: ``ship`` is the position in the round card record, ``space`` 0 is the
bow, ``pyramid`` 0/1/2 is left/middle/right on Pyramid side B. ``by`` (optional) names the
player who acts; when given it must be the player whose turn or decision it is.
Chance is data: ``round`` (the ships of the revealed round card), ``reveal`` (one market
card turned up), ``draw`` (a card drawn by a B-side bonus) are records like any move.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from engines.core.parsing import Model
from engines.imhotep.components import CardName, Site


class Record(Model):
    """A log record, parsed strictly: ``true`` or ``"2"`` is a wrong entry, not a number."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


ShipIndex = Annotated[int, Field(ge=0, le=3)]
SpaceIndex = Annotated[int, Field(ge=0, le=3)]


class Spot(Record):
    ship: ShipIndex
    space: SpaceIndex


class RoundCard(Record):
    """F2: the ships on the revealed round card (capacities; optional printed minimum loads)."""

    type: Literal["round"]
    ships: list[Annotated[int, Field(ge=1, le=4)]] = Field(min_length=4, max_length=4)
    min_loads: list[Annotated[int, Field(ge=1, le=4)]] | None = Field(
        None, min_length=4, max_length=4
    )


class Reveal(Record):
    """F3: one market card turned up (on Market B the 4th and 5th form the face-down pair)."""

    type: Literal["reveal"]
    card: CardName


class Draw(Record):
    """K1: the top card of the market deck drawn by a Pyramid-B or Temple-B bonus."""

    type: Literal["draw"]
    card: CardName


class Quarry(Record):
    """M1: up to 3 own stones from the quarry to the sled."""

    type: Literal["quarry"]
    # Any count is read: more than 3 is the rule's answer (M1 "at most 3"), not a shape error.
    count: int = Field(ge=0, le=99)
    by: str | None = None


class Load(Record):
    """M2: one stone from the sled onto an empty space of an unsailed ship."""

    type: Literal["load"]
    ship: ShipIndex
    space: SpaceIndex
    by: str | None = None


class Sail(Record):
    """M3: sail an unsailed ship to a site with a free dock."""

    type: Literal["sail"]
    ship: ShipIndex
    site: Site
    by: str | None = None


class PlayLever(Record):
    """M4 + K5.1: sail a ship; ``order`` lists its occupied spaces in the new unloading order."""

    type: Literal["play_lever"]
    ship: ShipIndex
    site: Site
    order: list[SpaceIndex] | None = None
    by: str | None = None


class PlayHammer(Record):
    """M4 + K5.2: quarry up to 3, then load 1 stone."""

    type: Literal["play_hammer"]
    take: int = Field(ge=0, le=3)
    ship: ShipIndex
    space: SpaceIndex
    by: str | None = None


class PlaySail(Record):
    """M4 + K5.3: load 1 stone onto a ship, then sail that ship."""

    type: Literal["play_sail"]
    ship: ShipIndex
    space: SpaceIndex
    site: Site
    by: str | None = None


class PlayChisel(Record):
    """M4 + K5.4: load 2 stones (one ship or two)."""

    type: Literal["play_chisel"]
    loads: list[Spot] = Field(min_length=2, max_length=2)
    by: str | None = None


class Pass(Record):
    """G15: only when no action at all is legal."""

    type: Literal["pass"]
    by: str | None = None


class Take(Record):
    """P1/V1: the owner of an unloaded Market stone takes a card (``pair``: the V1 slot)."""

    type: Literal["take"]
    card: CardName | Literal["pair"]
    keep: CardName | None = None  # with "pair": the card kept; the other is discarded
    by: str | None = None


class PlacePyramid(Record):
    """V2: the stone's owner picks a pyramid. ``points``/``bonus`` record printed facts
    (bonus 0 = none); ``take`` resolves bonus 2, ``load`` bonus 3 (both optional)."""

    type: Literal["place_pyramid"]
    pyramid: int = Field(ge=0, le=2)
    points: int | None = Field(None, ge=0)
    bonus: int | None = Field(None, ge=0, le=3)
    take: int | None = Field(None, ge=0, le=3)
    load: Spot | None = None
    by: str | None = None


class TempleReward(Record):
    """V3: the owner of a visible Temple-B stone takes its column's reward (left to right).
    ``bonus`` records the printed reward (1, 2 or 3); with bonus 1, ``take`` (0-2 stones)
    chooses stones instead of the point."""

    type: Literal["temple_reward"]
    bonus: int | None = Field(None, ge=1, le=3)
    take: int | None = Field(None, ge=0, le=2)
    by: str | None = None


class Printed(Record):
    """A printed value the judge read off the components (G4-G8), e.g. ``obelisk_b.track.3``."""

    type: Literal["printed"]
    key: str = Field(min_length=1, max_length=64)
    value: int = Field(ge=0, le=100)


Move = Annotated[
    RoundCard
    | Reveal
    | Draw
    | Quarry
    | Load
    | Sail
    | PlayLever
    | PlayHammer
    | PlaySail
    | PlayChisel
    | Pass
    | Take
    | PlacePyramid
    | TempleReward
    | Printed,
    Field(discriminator="type"),
]
MOVE_ADAPTER: TypeAdapter[Move] = TypeAdapter(Move)

TURN_MOVES = (Quarry, Load, Sail, PlayLever, PlayHammer, PlaySail, PlayChisel, Pass)
