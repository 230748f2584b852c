"""Move records of a Field of Reeds log, discriminated on ``"type"``.

Seats are 1-based (seat 1 = the first player named in the document). Chance is data:
``deal`` records the packets dealt. Printed facts the edition lacks travel in the log:
card facts (on ``deal.facts``, on each played card, or in a ``reveal`` record where the
card is first seen), each entered space's colour, cost
and resource icon, the costs of the spaces next to where a piece stops (for M15), and the
distance left at level scoring.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engines.core.parsing import Model
from engines.field_of_reeds.sheet import ColourCounts

Colour = Literal["red", "blue", "yellow"]
Icon = Literal["red", "blue", "yellow", "black"]
Value = Annotated[int, Field(ge=0)] | Literal["X", "X-1", "X+1"]


class CardFacts(Model):
    """A god card as printed (6-0): attribute, cost, exclusion icon, effects, level icon."""

    attribute: list[Icon] = Field(min_length=1)  # several icons: the player picks one (M12)
    value: Value
    cost_shabti: int = Field(0, ge=0)
    cost_points: int = Field(0, ge=0)
    djed_before: int = Field(0, ge=0)
    djed_after: int = Field(0, ge=0)
    gain_shabti: int = Field(0, ge=0)
    gain_points: int = Field(0, ge=0)
    exclusion: bool = False
    level: Literal[1, 2, 3] | None = None  # addition-timing icon
    special: str | None = None  # another effect from the special card list (G3): not checked


class PlayedCard(Model):
    id: str
    printed: CardFacts | None = None
    choose: Icon | None = None  # attribute taken from a multi-icon or black card (G9, G10)


class Step(Model):
    """A space entered (or, in ``stop_neighbours``, a space next to the final one).

    ``space`` is the board's id; ``start`` and ``watcher`` name the level's special spaces.
    """

    space: str
    colour: Icon | None = None
    cost: list[Icon] | None = None
    resource: Literal["none", "shabti", "djed"] | None = None
    black_with: list[Colour] | None = None  # which attributes paid the black icons


class Deal(Model):
    type: Literal["deal"]
    packets: list[list[str]]
    excluded: list[str] | None = None  # cards removed with the exclusion icon (F6 (2))
    facts: dict[str, CardFacts] = Field(default_factory=dict)


class Reorder(Model):
    type: Literal["reorder"]
    seat: int = Field(ge=1)
    order: list[str]


class Pick(Model):
    type: Literal["pick"]
    seat: int = Field(ge=1)
    card: str


class UdjatTake(Model):
    type: Literal["udjat_take"]
    seat: int = Field(ge=1)
    discard: list[str]


class UdjatUse(Model):
    type: Literal["udjat_use"]
    seat: int = Field(ge=1)
    gain: Literal["red", "blue", "yellow", "shabti"]


class Play(Model):
    type: Literal["play"]
    seat: int = Field(ge=1)
    cards: list[PlayedCard] = Field(default_factory=list)
    go_back_to: Step | None = None  # where an X+1 card's "go back 1 space" put the piece (G3)
    path: list[Step] = Field(default_factory=list)
    stop_neighbours: list[Step] | None = None
    reuse_from: Colour | None = (
        None  # sheet area a Djed is taken from when the supply is empty (Q11)
    )


class Pass(Model):
    type: Literal["pass"]
    seat: int = Field(ge=1)
    discard: list[str] = Field(default_factory=list)  # hand-limit discards (M11)
    djed_resource: bool = False  # place a Djed on the Djed resource space (M18)


class Reveal(Model):
    """A card's printed facts, recorded where the table first sees them (when it is played,
    or shown) rather than with the deal: chance entered as it is revealed. Any phase; it
    changes nothing but what is known of the card.

    With ``slot``: which card an unknown slot dealt after a reshuffle is (F6); the card
    must be one of the reshuffled pile's not named yet. ``printed`` may then be left out
    when the card's facts are already known (it was played before the reshuffle)."""

    type: Literal["reveal"]
    card: str
    slot: str | None = None
    printed: CardFacts | None = None


class ScoreLevel(Model):
    type: Literal["score_level"]
    distance: list[int | None] | None = None  # per seat, shortest spaces still needed (S5)
    black_to: list[ColourCounts | None] | None = None  # per seat, the judge-recorded choice (S3)


Move = Annotated[
    Deal | Reorder | Pick | UdjatTake | UdjatUse | Play | Pass | ScoreLevel | Reveal,
    Field(discriminator="type"),
]
MOVE_ADAPTER: TypeAdapter[Move] = TypeAdapter(Move)
