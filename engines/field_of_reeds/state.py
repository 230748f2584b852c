"""Immutable game state. Mappings inside are never mutated: rules copy them on change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engines.core.engine import GameContext
from engines.core.types import Unchecked
from engines.field_of_reeds.moves import CardFacts
from engines.field_of_reeds.scoring import _ABSENT, _VALUES, edition_value

Pool = tuple[int, int, int]  # red, blue, yellow attribute value of this action phase


class SpaceInfo(NamedTuple):  # a tuple: built for every step, so it must be cheap
    colour: str | None = None  # red/blue/yellow/black; None unknown
    cost: tuple[str, ...] | None = None  # icons; None unknown
    resource: str | None = None  # none/shabti/djed; None unknown


@dataclass(frozen=True)
class Player:
    hand: tuple[str, ...] = ()
    played: tuple[str, ...] = ()  # played-card area (plays, hand-limit and Udjat discards)
    packet: tuple[str, ...] = ()  # draft cards in front of the player
    picked: bool = False
    reordered: bool = False
    shabti: int | None = 0
    points: int | None = 1
    level_start: int | None = 1  # score when the level began (level scoring starts there)
    level_low: int = 1  # lower bound of that score when it is unknown
    level_play: int | None = 0  # net points from cards this level (S0)
    udjat: int = 0
    space: str = "start"
    supply: int = 12  # own Djeds neither on a board nor on the sheet
    sheet: tuple[int, int, int] = (0, 0, 0)
    reused: tuple[int, int, int] = (0, 0, 0)  # taken back from the sheet this level (Q11)
    reached: bool = False
    djeds_uncertain: bool = False  # a card with unknown facts was played this level
    sheet_guessed_at: int | None = None  # level whose black-Djed pick hung on an unknown (G6)
    breakdown: Mapping[str, int | None] = field(default_factory=dict)
    history: tuple[Mapping[str, Any], ...] = ()  # per scored level, in the score sheet's shape


@dataclass(frozen=True)
class Turn:
    seat: int
    played: bool = False
    pools: frozenset[Pool] | None = frozenset({(0, 0, 0)})  # possible pools; None unknown


@dataclass(frozen=True)
class State:
    ctx: GameContext[Any]
    level: int
    phase: str  # deal | reorder | pick | action | score | over
    start_seat: int
    players: tuple[Player, ...]
    turn: Turn | None = None
    djeds: Mapping[str, tuple[int, str | None]] = field(
        default_factory=dict
    )  # space -> (seat, colour)
    spaces: Mapping[str, SpaceInfo] = field(default_factory=dict)  # facts learned this level
    used_resources: frozenset[str] = frozenset()
    prev_watcher_cost: tuple[str, ...] | None = None
    discard: frozenset[str] = frozenset()
    excluded: frozenset[str] = frozenset()
    limbo: frozenset[str] = frozenset()  # played cards whose exclusion icon nobody recorded
    facts: Mapping[str, CardFacts] = field(default_factory=dict)
    seen: frozenset[str] = frozenset()
    # A deal after a reshuffle (F6) deals cards whose identity nobody saw: unknown slots
    # ("?1", "?2", ...) until a reveal names them. hidden: slot -> index into piles; each
    # pile is (cards of the reshuffled discard pile no reveal has named yet, how many of
    # them are still undealt in the deck).
    hidden: Mapping[str, int] = field(default_factory=dict)
    piles: tuple[tuple[frozenset[str], int], ...] = ()
    slots_dealt: int = 0  # slots dealt so far in the game (the next slot is "?{n+1}")
    dealt_level: int = 0  # the level of the last deal (a later level's deal shuffles, F7)
    udjat_supply: int = 5
    round_reached: bool = False
    unchecked: tuple[Unchecked, ...] = ()
    notes: tuple[str, ...] = ()  # readings the outcome should show (e.g. black-Djed choices)

    @property
    def n(self) -> int:
        return len(self.players)

    def seat_order(self) -> list[int]:
        return [(self.start_seat + i) % self.n for i in range(self.n)]


def evolve(obj, **changes):  # noqa: ANN001, ANN201 - any of the frozen dataclasses above
    """``dataclasses.replace`` without re-running ``__init__`` (the replay's hot path).

    Only for the dataclasses of this module, whose fields have no post-init logic.
    """
    new = object.__new__(type(obj))
    fields = obj.__dict__.copy()
    fields.update(changes)
    _set_attr(new, "__dict__", fields)
    return new


_set_attr = object.__setattr__
_new = object.__new__


def clone(obj):  # noqa: ANN001, ANN201 - any of the frozen dataclasses above
    """A copy of ``obj`` and the copy's field dict, to fill in before the copy is shared.

    ``evolve`` without its keyword-argument call (several times cheaper on the replay's hot
    path): ``new, fields = clone(player); fields["picked"] = True``. Only for the
    dataclasses of this module, and only existing fields may be set.
    """
    new = _new(obj.__class__)
    fields = obj.__dict__.copy()
    _set_attr(new, "__dict__", fields)
    return new, fields


def setting(state: State, key: str, default: Any = None) -> Any:
    """``state.ctx.edition.get(key, default)``, memoised per edition values (never change).

    The memo hit is inlined (this runs a few hundred times per replay); a miss goes
    through ``edition_value``, which fills the memo.
    """
    edition = state.ctx.edition
    entry = _VALUES.get(id(edition.values))
    if entry is not None and entry[0] is edition.values:
        value = entry[1].get(key, _ABSENT)
        if value is not _ABSENT:
            return default if value is None else value
    return edition_value(edition, key, default)
