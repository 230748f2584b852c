"""Move records: one pydantic model per move type, discriminated on ``"type"``.

The judge logs the game as the table plays it. Chance is data: each starting card
(``deal``), each card taken from the deck, and each ankh or bonus draw names its card.
A turn is a run of ``place`` records, then ``stop`` (unless it ended by itself: the 10th
card, a miss, or no card left to take), then the bonus ``draw`` records. The acting player
is always the one whose turn it is; ``player`` (a name from the envelope) is optional and,
when given, is checked. Printed facts the rulebook lost may ride on a ``place``:
``ankh`` (the card shows the ankh mark) and ``area`` (this card completed an area printed
I, II or III; ``"none"``: it completed none).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import ConfigDict, Field, TypeAdapter

from engines.core.parsing import Model


class Record(Model):
    """A log record, parsed strictly: ``true`` or ``"12"`` is a wrong entry, not a card."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


CardNumber = Annotated[int, Field(ge=0, le=99)]
AreaFact = Literal["none", "I", "II", "III"]
AREA_FACT_VALUE = {"none": 0, "I": 1, "II": 2, "III": 3}


class Deal(Record):
    """SU6: the next player in seat order takes this starting card from the deck."""

    type: Literal["deal"] = "deal"
    card: CardNumber
    player: str | None = None


class Place(Record):
    """M1: take ``card`` from ``source`` and put it on its square (or miss, M5)."""

    type: Literal["place"] = "place"
    source: Literal["deck", "hand", "discard"]
    card: CardNumber
    player: str | None = None
    ankh: bool | None = None  # recorded printed fact (G4)
    area: AreaFact | None = None  # recorded printed fact (G3)
    miss: bool | None = None  # what the judge saw; checked against M2/M5


class Stop(Record):
    """M8: the player ends the turn after a placement."""

    type: Literal["stop"] = "stop"
    player: str | None = None


class Draw(Record):
    """M7/M10: an ankh or Combo-Bonus draw into the hand, from the deck or the discard."""

    type: Literal["draw"] = "draw"
    source: Literal["deck", "discard"]
    card: CardNumber
    player: str | None = None


Move = Annotated[Union[Deal, Place, Stop, Draw], Field(discriminator="type")]  # noqa: UP007
MOVE_ADAPTER: TypeAdapter[Move] = TypeAdapter(Move)
