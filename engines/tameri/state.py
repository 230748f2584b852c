"""Immutable game state. Tuples inside; ``but(...)`` returns a changed copy."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.core.engine import GameContext
from engines.core.types import Unchecked
from engines.tameri.components import (
    LOCKED_WORKERS,
    RAMPS,
    RESOURCES,
    START_DEBEN,
    START_RESOURCES,
    START_WORKERS,
)

Res = tuple[int, int, int, int]  # in RESOURCES order
NO_RES: Res = (0, 0, 0, 0)
Spheres = tuple[int, int, int]  # in SPHERES order: sun, water, silt
NO_SPHERES: Spheres = (0, 0, 0)
# G11: the box's sphere counts are not printed; None = unknown (the supply is not tracked).
UNKNOWN_SUPPLY: tuple[None, None, None] = (None, None, None)


def res_index(name: str) -> int:
    return RESOURCES.index(name)


def _but(obj: Any, changes: dict[str, Any]) -> Any:
    """``dataclasses.replace`` without re-running ``__init__`` (these classes have no
    ``__post_init__``); a misspelt field name still fails loudly."""
    old = obj.__dict__
    fields = old.copy()
    fields.update(changes)
    if len(fields) != len(old):
        raise TypeError(f"unknown fields {sorted(changes.keys() - old.keys())}")
    new = _new(type(obj))
    _set(new, "__dict__", fields)
    return new


def _but_method(self: Any, **changes: Any) -> Any:
    """The ``but`` method of the state classes: ``_but`` without a second call per copy
    (a replay makes about a thousand copies; see bench/bench_tameri.py)."""
    old = self.__dict__
    fields = old.copy()
    fields.update(changes)
    if len(fields) != len(old):
        raise TypeError(f"unknown fields {sorted(changes.keys() - old.keys())}")
    new = _new(type(self))
    _set(new, "__dict__", fields)
    return new


_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class Player:
    res: Res = (START_RESOURCES,) * 4
    deben: int = START_DEBEN
    silt: int = 0
    screen: Res = NO_RES
    # Points by category as they are scored (S1-S6); game-end categories are computed.
    play: int = 0
    final_glyph: int = 0
    season_buildings: int | None = 0
    pharaoh: int = 0
    hand: tuple[int, ...] = ()
    board: tuple[tuple[int, bool], ...] = ()  # this season's cards: (number, face-down)
    available: int = START_WORKERS
    locked: int = LOCKED_WORKERS
    farmers: tuple[tuple[str, int], ...] = ()  # (field, space)
    merchant: int | None = None  # market space
    architect: int | None = None  # track space, 1 = bottom
    priests: tuple[int | None, int | None, int | None] = (None, None, None)  # by TEMPLES
    sphinxes: tuple[int, ...] = ()
    buildings: tuple[str, ...] = ()
    priest_cards: int = 0
    priest_revealed: int = 0  # M16: priest cards whose immediate effect was applied
    priest_card_points: int | None = None

    but = _but_method  # (self, **changes) -> Player: a changed copy

    def farmer_on(self, field_id: str) -> int | None:
        for f, space in self.farmers:
            if f == field_id:
                return space
        return None


@dataclass(frozen=True)
class Turn:
    """The player whose turn it is (F6) and what they have used so far."""

    seat: int  # 0-based
    card: int
    face_down: bool
    match: bool | None  # H2-H3; None: glyphs not recorded
    step: int = 1  # 1: card weather effects (M5); 2: actions and other effects
    actions: tuple[str, ...] = ()
    bonus: tuple[str, ...] = ()  # actions granted by effects (e.g. a temple space)
    # Once an effect grants an action: the turn's grants (True) and actions (False) in
    # order, so each action can be read as the card's or a granted one (F6 step 2: any
    # order); ``actions`` and ``bonus`` then hold one reading that fits.
    events: tuple[tuple[bool, str], ...] = ()
    weather_used: tuple[int, ...] = ()
    permanents_used: tuple[str, ...] = ()

    but = _but_method  # (self, **changes) -> Turn: a changed copy


@dataclass(frozen=True)
class State:
    ctx: GameContext
    phase: str = "setup"
    season: int = 0
    round: int = 0
    players: tuple[Player, ...] = ()
    cards: Mapping[int, Any] = field(default_factory=dict)  # number -> CardFacts
    buildings: Mapping[str, Any] = field(default_factory=dict)  # id -> BuildingFacts
    ramp_fields: tuple[tuple[str, str], ...] = ()
    start_glyphs: tuple[str | None, ...] = ()
    end_glyphs: tuple[str | None, ...] = ()
    temple_lengths: tuple[int | None, int | None, int | None] = (None, None, None)
    draft_hands: tuple[tuple[int, ...], ...] = ()
    draft_picks: tuple[int | None, ...] = ()  # this pass's pick per seat
    counters: tuple[int, ...] = ()  # turn-counter order (seats, top first)
    ramps: tuple[tuple[str | None, int], ...] = (("sun", 2),) * RAMPS  # U3
    rivers: tuple[int, ...] = (2,) * RAMPS  # U3: 2 silt under each ramp
    nile: tuple[tuple[int, Res | None], ...] = ()  # (card, resources on it or None)
    centre: Res = NO_RES
    # C3/G11: spheres in the general supply by colour, None where the edition gives no total.
    supply: tuple[int | None, int | None, int | None] = UNKNOWN_SUPPLY
    # W6 note / EX2a / A2: spheres dropped into the Great Pyramid that stayed hidden inside.
    pyramid: Spheres = NO_SPHERES
    row: tuple[str | None, ...] = ()  # building row, bottom first
    market_stalls: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    # G9: per market space, its two stalls (ids, resources), when an edition gives the layout
    market_layout: tuple[tuple[tuple[str, str], tuple[str, str]], ...] | None = None
    played: tuple[int | None, ...] = ()  # this round's card per seat
    decided: tuple[bool | None, ...] = ()  # face-down decision per seat
    order: tuple[int, ...] = ()
    turn_index: int = 0
    turn: Turn | None = None
    pending: tuple[tuple[int, str], ...] = ()  # (seat, source) of effects owed
    # M11: actions owed to another seat than the turn player's (a pushed priest's space)
    owed_actions: tuple[tuple[int, str], ...] = ()
    sphinx_spaces: tuple[int, ...] = ()  # occupied avenue spaces
    seen: frozenset[int] = frozenset()  # card numbers in play so far (unique, L19)
    nile_expect: int = 0  # cards the next Nile reveal must hold
    tiles_seen: tuple[str, ...] = ()  # weather tiles revealed this season
    unchecked: tuple[Unchecked, ...] = ()

    but = _but_method  # (self, **changes) -> State: a changed copy

    @property
    def n(self) -> int:
        return len(self.players)

    def with_player(self, seat: int, player: Player) -> State:
        players = list(self.players)
        players[seat] = player
        return _but(self, {"players": tuple(players)})


def initial_state(ctx: GameContext) -> State:
    n = ctx.n_players
    return State(ctx=ctx, players=tuple(Player() for _ in range(n)))
