"""Which public pages an announced change makes stale (``events.domain``), decided here
from what the service said happened, after its commit.

Every change makes the event's pages stale; only some make players' pages stale: a table's
result, confirmation or ruling touches the players seated there; a standings snapshot
touches the players whose rank or points changed since the previous snapshot of the same
round; a check-in touches that player; a rating run the players whose rating moved.
Anything else touches every player. A round's publication does not bump at once: its pages
are rendered at the next version first (``signals.flip_after_commit``). A draft round is
nobody's page: seating it changes nothing public.

A league's public pages (issue 29) show its events' placements and ratings: every bump of
an event here bumps its league's pages too (``signals.bump_after_commit``), so a
confirmation in one of its events makes the league's season leaderboard stale.
"""

from __future__ import annotations

from tournaments.events.domain import (
    ClockChanged,
    RatingsChanged,
    RegistrationChanged,
    ResultChanged,
    RoundSeated,
    RoundStatusChanged,
    StandingsUpdated,
    subscribe,
)
from tournaments.events.models import Registration, Round, Seat, Table
from tournaments.public.signals import (
    EVERYONE,
    bump_after_commit,
    flip_after_commit,
    prerender_after_commit,
)
from tournaments.results.models import ResultSubmission
from tournaments.standings.models import StandingsSnapshot


def on_round_status_changed(event: RoundStatusChanged) -> None:
    if event.before == Round.Status.DRAFT and event.after == Round.Status.PUBLISHED:
        flip_after_commit(event.event_id, event.round_id)
    else:
        bump_after_commit(event.event_id)
        prerender_after_commit(event.event_id, event.round_id)


def on_round_seated(event: RoundSeated) -> None:
    if event.round_status != Round.Status.DRAFT:
        bump_after_commit(event.event_id)


def on_clock_changed(event: ClockChanged) -> None:
    bump_after_commit(event.event_id)  # every page of the round shows its countdown


def on_result_changed(event: ResultChanged) -> None:
    bump_after_commit(event.event_id, table_players(event.table_id))


def on_standings_updated(event: StandingsUpdated) -> None:
    snapshot = StandingsSnapshot.objects.filter(pk=event.snapshot_id).first()
    if snapshot is not None:
        bump_after_commit(event.event_id, snapshot_players(snapshot))


def on_registration_changed(event: RegistrationChanged) -> None:
    placed = (Registration.Status.REGISTERED, Registration.Status.CHECKED_IN)
    if event.promoted or event.before not in placed or event.after not in placed:
        # Who is listed changes ("rank X of Y"): a drop, a new or removed player, a
        # sign-up given a place or cancelled; the waiting players' pages show their place.
        bump_after_commit(event.event_id)
    elif event.before == event.after:
        bump_after_commit(event.event_id)  # a corrected name: every page that shows it
    else:
        bump_after_commit(event.event_id, {event.registration_id})


def on_ratings_changed(event: RatingsChanged) -> None:
    bump_after_commit(event.event_id, set(event.registrations))


def table_players(table_id: int) -> set[int]:
    return set(Seat.objects.filter(table_id=table_id).values_list("registration_id", flat=True))


def snapshot_players(snapshot: StandingsSnapshot) -> set[int] | None:
    """The players whose shown standing (rank, points, dropped) differs from the previous
    snapshot of the same round; everyone for a new round's first snapshot (the rank chart
    gains a point) or when the players listed differ ("rank X of Y")."""
    previous = (
        StandingsSnapshot.objects.filter(event_id=snapshot.event_id, version__lt=snapshot.version)
        .order_by("-version")
        .only("after_round", "rows")
        .first()
    )
    if previous is None or previous.after_round != snapshot.after_round:
        return EVERYONE

    def shown(rows) -> dict:
        return {
            row["registration"]: (
                row.get("rank"),
                (row.get("metrics") or {}).get("tp"),
                bool(row.get("dropped")),
            )
            for row in rows
        }

    before, after = shown(previous.rows), shown(snapshot.rows)
    if before.keys() != after.keys():
        return EVERYONE
    moved = {registration for registration, row in after.items() if before[registration] != row}
    return moved - _waiting_in_round(snapshot)


def _waiting_in_round(snapshot: StandingsSnapshot) -> set[int]:
    """Players of the snapshot's round whose table it does not count yet: their page shows
    an earlier round's standing (``sel.rounds_not_counted``), which this snapshot leaves as
    it was; their own table's result touches them when it comes."""
    if not snapshot.result_ids:
        return set()
    tables = set(
        Table.objects.filter(
            round__event_id=snapshot.event_id, round__number=snapshot.after_round
        ).values_list("pk", flat=True)
    )
    counted_ids = set(snapshot.result_ids)
    counted = {
        table_id
        for pk, table_id in ResultSubmission.objects.filter(table_id__in=tables).values_list(
            "pk", "table_id"
        )
        if pk in counted_ids
    }
    return set(
        Seat.objects.filter(table_id__in=tables - counted).values_list("registration_id", flat=True)
    )


def connect() -> None:
    subscribe(RoundStatusChanged, on_round_status_changed)
    subscribe(RoundSeated, on_round_seated)
    subscribe(ClockChanged, on_clock_changed)
    subscribe(ResultChanged, on_result_changed)
    subscribe(StandingsUpdated, on_standings_updated)
    subscribe(RegistrationChanged, on_registration_changed)
    subscribe(RatingsChanged, on_ratings_changed)
