"""What happened in the domain, announced once by the service that did it, after commit.

A service that changes the domain (publishes a round, confirms a table's result, writes a
standings snapshot, ...) calls ``announce(SomethingHappened(...))`` once, inside its
transaction; the announcement is delivered when that transaction commits (never, if it
rolls back) to every subscriber of its type. The apps above subscribe in their
``AppConfig.ready`` (``public``: page versions; ``integrations``: webhooks; ``ratings``:
league runs; ``standings``: recomputes). The bus lives here, in the lowest app, so that a
sender never imports a subscriber and arrows between apps keep running one way.

Each announcement carries what the subscribers need to decide without reading the rows
again: ``before`` and ``after`` of the state that changed. Model signals are not used to
decide what happened; they only keep caches that follow rows (``public.signals``).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DomainEvent:
    event_id: int  # the tournament (Event) the change belongs to


@dataclass(frozen=True)
class RoundStatusChanged(DomainEvent):
    """A round was published (draft → published) or closed (published → closed)."""

    round_id: int
    number: int
    before: str
    after: str


@dataclass(frozen=True)
class RoundSeated(DomainEvent):
    """A round's tables or seats were written: the optimiser's seating of a draft, or a
    hand change (swap, move, table re-seat) of a draft or published round."""

    round_id: int
    number: int
    round_status: str  # the public sees nothing of a draft round


@dataclass(frozen=True)
class ClockChanged(DomainEvent):
    """A round's clock was started, paused, resumed or extended (for every table or one);
    ``before``/``after``: the last table's deadline (None while paused or not started)."""

    round_id: int
    number: int
    action: str
    before: dt.datetime | None
    after: dt.datetime | None


@dataclass(frozen=True)
class TableResult:
    """What describes a table's result: its status and the version that counts."""

    status: str  # Table.Status
    confirmed_id: int | None  # the confirmed ResultSubmission, if any


@dataclass(frozen=True)
class ResultChanged(DomainEvent):
    """A table's results changed: a version submitted, saved as a draft, corrected,
    confirmed, disputed, discarded, ruled on, or scored again under new edition data."""

    round_id: int
    round_number: int
    table_id: int
    table_number: int
    action: str  # one of the ResultChanged.* actions below
    before: TableResult
    after: TableResult
    ruling_kind: str = ""  # for a ruling: Ruling.Kind

    SAVED = "saved"  # submit, draft, correction
    CONFIRMED = "confirmed"  # a confirmation (that may or may not confirm the result)
    DISPUTED = "disputed"
    DISCARDED = "discarded"
    RULED = "ruled"
    RESCORED = "rescored"  # same version, new outcome (edition data entered)
    REFUSED = "refused"  # same version, the engine now refuses it (outcome kept)


@dataclass(frozen=True)
class StandingsUpdated(DomainEvent):
    """A new standings snapshot was written (only when the standings changed)."""

    snapshot_id: int
    version: int
    after_round: int
    previous_id: int | None  # the snapshot before it, if any


@dataclass(frozen=True)
class EventStatusChanged(DomainEvent):
    before: str
    after: str


@dataclass(frozen=True)
class RegistrationChanged(DomainEvent):
    """A player registered (before ""), checked in, was dropped or set back, was removed
    (after ""), or had their name, reading or club corrected (before == after); a sign-up
    was approved, put on the waiting list or cancelled (``promoted``: who moved up)."""

    registration_id: int
    before: str
    after: str
    # Registrations this change moved up from the waiting list (a cancel freed a place).
    promoted: tuple[int, ...] = ()


@dataclass(frozen=True)
class RatingsChanged(DomainEvent):
    """A league ratings run moved the ratings of these players (registration ids)."""

    registrations: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True)
class JudgeCallChanged(DomainEvent):
    """A player called a judge ("open"), a judge said they are coming ("acknowledged") or
    the call was resolved ("resolved"); ``table_id`` None when the player is not seated."""

    report_id: int
    table_id: int | None
    state: str


@dataclass(frozen=True)
class JudgeTablesChanged(DomainEvent):
    """An event judge's tables of one round changed (the organizer gave them, or the
    judge took one by opening its table card link); ``before``/``after``: table ids."""

    user_id: int
    round_id: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    # True when the judge took the table by opening its card ("any table I scan"); the
    # results app logs those (the console logs the organizer's own change itself).
    scanned: bool = False


@dataclass(frozen=True)
class AnnouncementChanged(DomainEvent):
    """The organizer changed the announcement on the café's screen ("" when cleared)."""

    text: str


Subscriber = Callable[[DomainEvent], None]
_subscribers: dict[type[DomainEvent], list[Subscriber]] = {}


def subscribe(kind: type[DomainEvent], subscriber: Subscriber) -> None:
    """Call ``subscriber(event)`` after the commit of every announced ``kind``; subscribing
    the same function twice (``ready`` may run again in tests) keeps one."""
    found = _subscribers.setdefault(kind, [])
    if subscriber not in found:
        found.append(subscriber)


def unsubscribe(kind: type[DomainEvent], subscriber: Subscriber) -> None:
    found = _subscribers.get(kind, [])
    if subscriber in found:
        found.remove(subscriber)


def subscribers(kind: type[DomainEvent]) -> list[Subscriber]:
    return list(_subscribers.get(kind, ()))


def announce(event: DomainEvent) -> None:
    """Deliver ``event`` to its subscribers once the current transaction commits."""
    transaction.on_commit(lambda: deliver(event))


def deliver(event: DomainEvent) -> None:
    """Each subscriber in turn; one that fails is logged and the others still run (the
    change is committed already: a subscriber's outage must not turn it into an error)."""
    for subscriber in subscribers(type(event)):
        try:
            subscriber(event)
        except Exception:  # noqa: BLE001
            logger.exception("%s failed on %r", getattr(subscriber, "__qualname__", "?"), event)
