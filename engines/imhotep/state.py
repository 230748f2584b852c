"""Immutable Imhotep state, and the mutable working copy ``next_state`` edits then freezes.

Stones are identified by their owner's seat (0-based, seat 0 = start player of round 1).
Sites keep their stones in placement order, which fixes every position (P2-P5).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from engines.core.engine import GameContext
from engines.core.types import Unchecked


class Ship(NamedTuple):
    """One ship of the round. A NamedTuple: immutable and cheap to rebuild on every load."""

    capacity: int
    min_load: int | None  # None: neither edition nor judge gave the printed value (G1)
    cargo: tuple[int | None, ...]  # owner seat per space, bow first
    site: str | None = None  # where it docked; None while unsailed

    @property
    def load(self) -> int:
        return self.capacity - self.cargo.count(None)


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision (or a recorded draw) the game waits for before anything else happens."""

    kind: str  # "take" (P1/V1), "pyramid" (V2), "temple" (V3), "draw" (K1)
    seat: int
    column: int = -1  # Temple-B column for "temple"


@dataclass(frozen=True)
class State:
    ctx: GameContext
    phase: str  # "ships", "reveal", "turn", "decide", "over"
    round: int
    start_seat: int
    actor: int
    ships: tuple[Ship, ...]
    market: tuple[str, ...]  # face-up cards on the Market board
    pair: tuple[str, ...]  # the face-down pair (V1) until taken
    reveals_left: int
    deck: tuple[int, ...]  # count per card kind (components.CARDS order)
    discard: tuple[int, ...]
    quarry: tuple[int, ...]  # per seat
    sled: tuple[int, ...]
    score: tuple[int, ...]  # the score track
    hands: tuple[tuple[int, ...], ...]  # per seat, count per card kind
    pyramid: tuple[int, ...]  # side A: owners in fill order, overflow after the 14th
    pyramids_b: tuple[tuple[int, ...], ...]  # side B: three pyramids, owners in fill order
    pyramid_overflow: tuple[int, ...]  # side B overflow owners
    temple: tuple[int, ...]
    burial: tuple[int, ...]
    obelisk: tuple[int, ...]  # per seat: side A stack height, side B waiting stones
    obelisks_b: tuple[tuple[int, int | None], ...]  # side B: (owner, track value) in order
    unloading: tuple[int, ...]  # owners still on the ship being unloaded, next first
    unload_site: str | None
    pending: tuple[Pending, ...]  # a stack: the last one is resolved first
    after: str  # "", "turn_end" or "round_end": what follows once nothing is pending
    last_sailer: int
    facts: tuple[tuple[str, int], ...]  # printed values the judge recorded
    unknown_track: tuple[bool, ...]  # per seat: some score-track points are unknown
    unchecked: tuple[Unchecked, ...]
    rounds_seen: tuple[tuple[int, ...], ...] = ()  # each round card's capacities, sorted (L15)

    @property
    def n(self) -> int:
        return len(self.ctx.players)

    def side(self, site: str) -> str:
        return getattr(self.ctx.options.sides, site)

    def current_seat(self) -> int | None:
        if self.phase == "turn":
            return self.actor
        if self.phase == "decide":
            return self.pending[-1].seat
        return None

    def printed(self, key: str) -> Any:
        """A printed value: the edition's, else the judge's recorded fact, else None."""
        value = self.ctx.edition.get(key)
        if value is None:
            for k, v in self.facts:
                if k == key:
                    return v
        return value


_NAMES = tuple(f.name for f in fields(State))
_NESTED = {"hands", "pyramids_b"}
_LISTS = {
    "market",
    "pair",
    "deck",
    "discard",
    "quarry",
    "sled",
    "score",
    "pyramid",
    "pyramid_overflow",
    "temple",
    "burial",
    "obelisk",
    "obelisks_b",
    "unloading",
    "pending",
    "unknown_track",
    "unchecked",
    "ships",
    "facts",
} | _NESTED
_PLAIN = tuple(name for name in _NAMES if name not in _LISTS)
_plain_values = operator.attrgetter(*_PLAIN)


class _ListCopy:
    """A tuple field of the State, copied to a list the first time it is read.

    A non-data descriptor: the copy goes into the instance dict, which then shadows the
    descriptor, so later reads and assignments are plain attribute accesses.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.nested = name in _NESTED

    def __get__(self, work, owner=None):
        if work is None:
            return self
        value = getattr(work._state, self.name)
        value = [list(row) for row in value] if self.nested else list(value)
        vars(work)[self.name] = value
        return value


class Work:
    """A mutable copy of a State: rules edit it in place, then ``freeze`` it.

    Replay speed matters (a full game is ~150 records), so fields are copied lazily: a
    tuple field becomes a list the first time it is read, and ``freeze`` turns back only
    what was touched. Plain fields are copied up front (one dict update).
    """

    def __init__(self, state: State) -> None:
        self._state = state
        vars(self).update(zip(_PLAIN, _plain_values(state), strict=True))

    @property
    def n(self) -> int:
        return len(self.ctx.players)

    def side(self, site: str) -> str:
        return getattr(self.ctx.options.sides, site)

    printed = State.printed

    def peek(self, name: str):
        """A list field's current value without making it mutable (read-only use)."""
        mine = vars(self)
        return mine[name] if name in mine else getattr(self._state, name)

    def freeze(self) -> State:
        fresh = object.__new__(State)
        values = dict(vars(self._state))
        for name, value in vars(self).items():
            if name in _NESTED:
                values[name] = tuple(tuple(row) for row in value)
            elif name in _LISTS:
                values[name] = tuple(value)
            elif name != "_state":
                values[name] = value
        vars(fresh).update(values)
        return fresh


for _name in _LISTS:
    setattr(Work, _name, _ListCopy(_name))
