"""Immutable game state. Maps are plain dicts that are copied, never mutated, on change.

Pieces belong to a *colour* (an index into ``players``): in a competitive game colour i is
seat i; in a mission (VC) every seat shares colour 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engines.core.engine import GameContext
from engines.core.types import Unchecked, fill
from engines.terra_pyramides.board import Board
from engines.terra_pyramides.moves import Tile

Square = tuple[int, int]
T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for our frozen dataclasses, without re-running __init__.

    The states have no __post_init__ or validation, so copying the instance dict is
    equivalent and several times faster (replays fold hundreds of states).
    """
    fields = obj.__dict__.copy()
    fields.update(changes)
    new = _new(obj.__class__)
    _set(new, "__dict__", fields)
    return new


_new = object.__new__
_set = object.__setattr__


def clone(obj: T) -> T:
    """A fresh copy of a frozen state object, for the caller to fill before anyone sees it.

    ``new = clone(state); new.__dict__.update(...)`` is ``evolve`` without the keyword
    dict: the rules build one copy per move and set its fields in place (the copy is not
    shared until it is returned, so the states stay immutable for everyone else).
    """
    new = _new(obj.__class__)
    _set(new, "__dict__", obj.__dict__.copy())
    return new


@dataclass(frozen=True)
class Site:
    """A building site carrying a foundation tile (level 0) or a pyramid (levels 1-5)."""

    value: int  # the foundation's printed value (G7, recorded)
    level: int = 0
    colour: str | None = None
    owner: int | None = None  # colour whose workers stand here
    workers: int = 0
    placed_turn: int = -1
    builder: int | None = None  # colour that built the pyramid (mission 3 keeps no worker)
    surrounded: bool = False


@dataclass(frozen=True)
class PlayerState:
    stock: int  # workers in the personal supply (手元)
    reserve: int  # unused pieces of the colour (A8 "new_piece")
    coins: int = 0
    blocks: Mapping[str, int] = field(default_factory=dict)
    horus: int = 0  # Ver2+ score marker on the Horus track (= eyes gained, A13)
    symbols: int = 0  # coin symbols reached or passed by the marker
    grave_goods: int = 0
    oasis: int = 0
    boat: int = 0
    boat_arrival: int = 0  # 1 = first boat to arrive on its space; 0 = never moved
    palms: int | None = 0  # palms reached; None = unknown (no map, not recorded)
    cards: tuple[str, ...] = ()
    tops_used: int = 0
    claimed: frozenset[Square] = frozenset()  # A17 "ever_claimed"

    @property
    def block_count(self) -> int:
        return sum(self.blocks.values())


@dataclass(frozen=True)
class TerraState:
    ctx: GameContext[Any]
    board: Board | None
    phase: str = "setup"  # setup, place, line, move, act, refilled, over
    seat: int = 0
    turn: int = 0  # turns begun so far (0-based index of the current turn)
    turns_taken: tuple[int, ...] = ()
    hands: tuple[int | None, ...] = ()  # stack the hand tile came from; None = no hand
    stacks: tuple[int, ...] = ()
    removed: int = 0  # tiles removed unseen (E2)
    tiles: Mapping[Square, Tile] = field(default_factory=dict)
    sites: Mapping[Square, Site] = field(default_factory=dict)
    kinds: Mapping[Square, str] = field(default_factory=dict)  # learnt from records
    players: tuple[PlayerState, ...] = ()
    pending: tuple[Square, ...] = ()  # workers placed on line tiles, still to move
    placed: Square | None = None
    new_foundation: Square | None = None
    arrived: frozenset[Square] = frozenset()  # sites reached by this turn's workers
    first_target: Square | None = None
    # VH11 with a board map: occupied sites this turn's tile closed; each needs its record.
    due: tuple[Square, ...] = ()
    foundations_left: int = 22  # C7
    horus_obs: Mapping[int, int] = field(default_factory=dict)  # track space -> symbols
    palm_obs: Mapping[int, int] = field(default_factory=dict)  # Nile space -> palms
    arrivals: Mapping[int, int] = field(default_factory=dict)  # Nile space -> boats arrived
    display: tuple[str, ...] = ()  # strategy cards beside the board
    open_stacks: tuple[int, ...] = ()
    unchecked: tuple[Unchecked, ...] = ()
    noted: frozenset[str] = frozenset()  # the items of ``unchecked``, for a cheap lookup
    tracks: Mapping[str, Any] = field(default_factory=dict)  # edition track data, read once
    step: int = 0  # moves applied, to name where an unchecked item arose

    def colour(self, seat: int | None = None) -> int:
        if self.ctx.options.mission is not None:
            return 0
        return self.seat if seat is None else seat

    @property
    def me(self) -> PlayerState:
        return self.players[self.colour()]

    def with_player(self, colour: int, **changes: Any) -> TerraState:
        players = list(self.players)
        player = players[colour] = clone(players[colour])
        player.__dict__.update(changes)
        new = clone(self)
        new.__dict__["players"] = tuple(players)
        return new

    def with_site(self, sq: Square, site: Site | None) -> TerraState:
        sites = dict(self.sites)
        if site is None:
            sites.pop(sq, None)
        else:
            sites[sq] = site
        return evolve(self, sites=sites)

    def note(
        self, code: str, rule: str | None, item: str, reason: str, **params: Any
    ) -> TerraState:
        """Add an unchecked item once (the first occurrence names the move index); item and
        reason are English templates with ``params``, Japanese by ``code`` (UNCHECKED_JA)."""
        text = fill(item, params)
        if text in self.noted:
            return self
        found = Unchecked(text, fill(reason, params), rule, None, self.step, code, params)
        return evolve(self, unchecked=(*self.unchecked, found), noted=self.noted | {text})
