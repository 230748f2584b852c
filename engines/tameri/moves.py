"""Move records, one pydantic model per type, discriminated on ``"type"``.

Seats are 1-based (seat 1 is the start player, as in the envelope). Chance and printed facts
are moves too: the judge records the cards dealt or revealed (with whatever printed facts
are known), the spheres that fell on each ramp, the building cards revealed, and the
effects applied from card and space texts the rulebook text lost (G2-G7).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engines.core.parsing import Model
from engines.tameri.sheet import ResourceCounts

Seat = Annotated[int, Field(ge=1, le=4)]
Resource = Literal["barley", "papyrus", "flax", "fruit"]
Action = Literal[
    "farmer", "merchant", "architect", "priest", "harvest", "sphinx", "decorator", "offering"
]
FieldId = Literal[
    "barley_1", "barley_2", "papyrus_1", "papyrus_2", "flax_1", "flax_2", "fruit_1", "fruit_2"
]
Temple = Literal["amun", "ra", "ptah"]
Colour = Literal["sun", "water"]
Sphere = Literal["sun", "water", "silt"]
Ramp = Annotated[int, Field(ge=1, le=4)]
# Where a worker placed by M8-M11 comes from (M7): the supply beside the board, or a worker
# already on the board (a farmer on the named field, the merchant, the architect).
WorkerSource = Literal[
    "supply",
    "merchant",
    "architect",
    "barley_1",
    "barley_2",
    "papyrus_1",
    "papyrus_2",
    "flax_1",
    "flax_2",
    "fruit_1",
    "fruit_2",
]


class CardFacts(Model):
    """Printed facts of an action card (H1, G6); null = not recorded."""

    number: Annotated[int, Field(ge=1)]
    left: list[str] | None = None
    right: list[str] | None = None
    top: list[Action] | None = None  # a temple card's two-action half has 2
    bottom: list[Action] | None = None
    weather: list[Literal["sun", "water", "sun_or_water", "silt"]] | None = Field(
        default=None, max_length=2
    )
    resources: ResourceCounts | None = None  # printed at the bottom (the Nile bonus)


class BuildingFacts(Model):
    """Printed facts of a building card (G2); null = not recorded."""

    id: str = Field(min_length=1)
    cost: ResourceCounts | None = None  # the specific resources printed top left
    cost_any: Annotated[int, Field(ge=0)] | None = None  # "1 resource of any type" slots
    symbol: str | None = None  # top right, one of 7 (S8)
    immediate: bool | None = None  # has an immediate effect (applied on purchase)


class Setup(Model):
    type: Literal["setup"]
    # G9: the two fields beside each ramp (ramp 1-4); the river area under a ramp borders both.
    ramps: list[Annotated[list[FieldId], Field(min_length=2, max_length=2)]] = Field(
        min_length=4, max_length=4
    )
    buildings: list[BuildingFacts] = Field(min_length=5, max_length=5)  # U6, bottom first
    start_glyphs: list[str | None] | None = None  # G10, per seat
    end_glyphs: list[str | None] | None = None  # G10 / H8, per seat
    temple_lengths: dict[Temple, Annotated[int, Field(ge=4)]] | None = None  # G3


class DraftDeal(Model):
    type: Literal["draft_deal"]
    hands: list[Annotated[list[CardFacts], Field(min_length=5, max_length=5)]]


class CardFactsShown(Model):
    """Printed facts of dealt cards, recorded where the table first sees them (a played
    card turned up, a card shown) rather than with the deal: chance entered as it is
    revealed. Any phase after the deal; it changes nothing but what is known of the cards."""

    type: Literal["card_facts"]
    cards: list[CardFacts] = Field(min_length=1)


class DraftPick(Model):
    type: Literal["draft_pick"]
    seat: Seat
    card: Annotated[int, Field(ge=1)]


class FirstFarmer(Model):
    type: Literal["first_farmer"]
    seat: Seat
    field: FieldId
    space: Annotated[int, Field(ge=1, le=4)]


class NileReveal(Model):
    type: Literal["nile_reveal"]
    cards: list[CardFacts]
    deck_empty: bool = False  # G13: the season deck ran out, fewer cards were revealed


class Weather(Model):
    """W1-W6: the tile, and what fell on each ramp (landing order); the engine resolves W4-W6.

    Spheres can stay hidden inside the Great Pyramid (W6 note, EX2a): ``hidden`` lists the
    spheres taken from the supply this phase that did not come out; ``from_pyramid`` lists
    the spheres among ``drops`` that had stayed inside since an earlier phase (not taken
    from the supply now)."""

    type: Literal["weather"]
    tile: str | None = None
    drops: list[list[Sphere]] = Field(min_length=4, max_length=4)
    hidden: list[Sphere] = Field(default_factory=list)
    from_pyramid: list[Sphere] = Field(default_factory=list)


class PlayCard(Model):
    type: Literal["play_card"]
    seat: Seat
    card: Annotated[int, Field(ge=1)]


class Reveal(Model):
    type: Literal["reveal"]
    seat: Seat
    face_down: bool = False


class CardWeather(Model):
    """M5: use one weather effect printed on the played card (turn step 1)."""

    type: Literal["card_weather"]
    seat: Seat
    effect: Annotated[int, Field(ge=1, le=2)]
    ramp: Ramp | None = None
    colour: Colour | None = None  # for "sun_or_water"
    released: list[Sphere] = Field(default_factory=list)  # A2: fell out of the pyramid


class ExtraWeather(Model):
    """M6a remove (1 deben), M6b buy silt (2 deben), M6c place silt from the board (free)."""

    type: Literal["extra_weather"]
    seat: Seat
    kind: Literal["remove", "buy_silt", "place_silt"]
    ramp: Ramp | None = None  # the ramp (remove) or the river area under it (silt)
    colour: Colour | None = None
    to_board: bool = False  # buy_silt onto the player board
    released: list[Sphere] = Field(default_factory=list)  # remove: fell out of the pyramid (A2)


class Relocation(Model):
    field: FieldId  # where the farmer stands
    to: FieldId
    space: Annotated[int, Field(ge=1, le=4)]


class Farmer(Model):
    type: Literal["farmer"]
    seat: Seat
    source: WorkerSource = "supply"
    field: FieldId
    space: Annotated[int, Field(ge=1, le=4)]
    relocate: list[Relocation] = Field(default_factory=list)


class OtherGain(Model):
    seat: Seat
    resource: Resource


class Merchant(Model):
    type: Literal["merchant"]
    seat: Seat
    space: Annotated[int, Field(ge=1)]  # market space between two stalls (layout: G9)
    source: WorkerSource = "supply"  # only when the player has no merchant yet
    mode: Literal["trade", "collect"]
    pay: Resource | None = None  # trade I
    stalls: list[Resource] | None = Field(default=None, min_length=2, max_length=2)  # trade II
    others: list[OtherGain] = Field(default_factory=list)  # trade III / collect II


class Substitution(Model):
    """M17: a building's permanent effect changed what was paid (once per turn, L14):
    ``paid`` (1 pictured resource, or any 2) was given instead of 1 ``instead_of``."""

    building: str
    instead_of: Resource
    paid: ResourceCounts


class Buy(Model):
    position: Annotated[int, Field(ge=1, le=5)]  # 1 = bottom
    pay: ResourceCounts
    new_card: BuildingFacts | None = None  # revealed into the top space (null: deck empty)
    substitution: Substitution | None = None  # ``pay`` is then what the card asks for


class Architect(Model):
    type: Literal["architect"]
    seat: Seat
    source: WorkerSource = "supply"
    buy: Buy | None = None


class Priest(Model):
    type: Literal["priest"]
    seat: Seat
    temple: Temple
    pay: list[Resource] = Field(min_length=1, max_length=4)  # one per step, all different
    source: WorkerSource = "supply"  # only for a new priest
    substitution: Substitution | None = None  # a step paid through a building (M17)


class Harvest(Model):
    type: Literal["harvest"]
    seat: Seat
    fields: list[FieldId] = Field(default_factory=list)


class Sphinx(Model):
    type: Literal["sphinx"]
    seat: Seat
    space: Annotated[int, Field(ge=1, le=10)] | None = None
    substitution: Substitution | None = None  # the fruit paid through a building (M17)


class Decorator(Model):
    type: Literal["decorator"]
    seat: Seat
    space: Annotated[int, Field(ge=1, le=10)]


class Offering(Model):
    type: Literal["offering"]
    seat: Seat
    resources: ResourceCounts
    substitution: str | None = None  # building id whose permanent effect allows it (M17)


class GlyphCompletion(Model):
    """H7: a building's permanent effect; pay 1 resource to perform both actions."""

    type: Literal["glyph_completion"]
    seat: Seat
    building: str
    pay: Resource


class SphereRemoval(Model):
    ramp: Ramp
    colour: Colour
    released: list[Sphere] = Field(default_factory=list)  # fell out of the pyramid (A2)


class TempleAdvance(Model):
    temple: Temple
    steps: Annotated[int, Field(ge=1, le=4)]
    source: WorkerSource = "supply"  # M7: a new priest's worker (pool, or moved from a place)


class Gains(Model):
    """What an immediate effect gave (FX1-FX10), as the judge read it from the component."""

    resources: ResourceCounts = Field(default_factory=ResourceCounts)
    deben: Annotated[int, Field(ge=0)] = 0
    silt: Annotated[int, Field(ge=0)] = 0
    vp: Annotated[int, Field(ge=0)] = 0
    priest_cards: Annotated[int, Field(ge=0)] = 0
    temple_cards: list[CardFacts] = Field(default_factory=list)
    unlock: bool = False  # FX9: the reward is recorded in the same gains
    remove_spheres: list[SphereRemoval] = Field(default_factory=list)
    temple_advance: TempleAdvance | None = None
    extra_action: Action | None = None


class Effect(Model):
    """An immediate effect applied (§4.1). ``source`` says which pending effect it resolves."""

    type: Literal["effect"]
    seat: Seat
    source: Literal["temple", "sphinx", "building", "priest_card"]
    ref: str | None = None  # e.g. "ptah:3", "1B", "G3", a priest card id
    gains: Gains = Field(default_factory=Gains)


class TakeNile(Model):
    """M18 then M19: take a card from the Nile; the warehouse check ends the turn."""

    type: Literal["take_nile"]
    seat: Seat
    card: Annotated[int, Field(ge=1)]


class SeasonEnd(Model):
    """F9 facts the text cannot compute: building points (G2), final glyphs when unknown."""

    type: Literal["season_end"]
    building_points: list[Annotated[int, Field(ge=0)] | None]
    final_glyph: list[bool | None] | None = None
    new_building: BuildingFacts | None = None  # F9.6b, seasons 1 and 2


class GameEnd(Model):
    type: Literal["game_end"]
    priest_card_points: list[Annotated[int, Field(ge=0)] | None]


Move = Annotated[
    Setup
    | DraftDeal
    | DraftPick
    | FirstFarmer
    | NileReveal
    | Weather
    | PlayCard
    | Reveal
    | CardWeather
    | ExtraWeather
    | Farmer
    | Merchant
    | Architect
    | Priest
    | Harvest
    | Sphinx
    | Decorator
    | Offering
    | GlyphCompletion
    | Effect
    | TakeNile
    | SeasonEnd
    | GameEnd
    | CardFactsShown,
    Field(discriminator="type"),
]
MOVE_ADAPTER: TypeAdapter[Move] = TypeAdapter(Move)
