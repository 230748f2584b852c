"""Reads for the public pages. Release rules live here and nowhere else:

* only events past draft, only rounds past draft (published or closed);
* a table result only when its submission is confirmed, its round is released, and the
  round is not after the event's standings freeze;
* the event's release policy (console configuration): ``immediate`` releases a confirmed
  result at once; ``on_close`` only once its round is closed (``results_released``);
* standings only from snapshots, never past the freeze, and with ``on_close`` never a
  snapshot counting a round that is not closed (the standings service itself counts only
  closed rounds then, see ``counted_round_statuses``; the check here also hides snapshots
  written before the organizer switched the policy);
* never a private token: pages get plain dataclasses, not model instances with tokens.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Prefetch, Q

from tournaments.events.kana import name_matches, sort_key
from tournaments.events.models import (
    Event,
    Registration,
    Round,
    RoundClock,
    Seat,
    Table,
)
from tournaments.events.release import (
    IMMEDIATE,
    ON_CLOSE,
    RELEASED,
    release_policy,
    results_released,
)
from tournaments.public.models import PublicSettings
from tournaments.results.models import ResultSubmission, Ruling
from tournaments.standings.models import StandingsSnapshot


def game_names(key: str) -> dict[str, str]:
    import engines

    try:
        meta = engines.get_engine(key).meta
    except LookupError:
        return {"en": key, "ja": key}
    return {"en": meta.name_en, "ja": meta.name_ja}


def localized(names: dict[str, str], language: str) -> str:
    return names.get(language) or names.get("en") or ""


def public_events_queryset():
    """Every event the public may see: all but drafts."""
    return Event.objects.exclude(status=Event.Status.DRAFT)


def public_event(slug: str) -> Event | None:
    return public_events_queryset().filter(slug=slug).first()


def public_events() -> list[Event]:
    return list(public_events_queryset().order_by("-starts_on", "name"))


def frozen_after(event: Event) -> int | None:
    return (
        PublicSettings.objects.filter(event=event)
        .values_list("standings_frozen_after_round", flat=True)
        .first()
    )


@dataclass(frozen=True)
class PersonView:
    registration_id: int
    name: str
    reading: str
    club: str
    player_id: int | None = None


@dataclass(frozen=True)
class SeatView:
    position: int
    person: PersonView


@dataclass
class TableView:
    id: int
    number: int
    game_key: str
    status: str
    seats: list[SeatView]
    result_released: bool = False


@dataclass
class RoundView:
    id: int
    number: int
    status: str
    game_key: str
    published_at: object
    tables: list[TableView] = field(default_factory=list)
    results_hidden: bool = False  # after the standings freeze, or on_close and not closed
    is_final: bool = False
    clock: RoundClock | None = None  # read with events.clock.clock_view at render time

    @property
    def confirmed_tables(self) -> int:
        return sum(1 for t in self.tables if t.result_released)


def _person(registration: Registration) -> PersonView:
    player = registration.player
    return PersonView(registration.pk, player.display_name, player.reading, player.club, player.pk)


@dataclass(frozen=True)
class PlayerCounts:
    registered: int
    checked_in: int
    dropped: int


@dataclass
class EventData:
    """Everything public about one event, loaded in a fixed number of queries."""

    event: Event
    rounds: list[RoundView]
    people: dict[int, PersonView]
    results: dict[int, ResultSubmission]  # table id → released confirmed submission
    summary: PlayerCounts
    frozen_after: int | None
    policy: str = IMMEDIATE
    # Dropped players: not in ``people`` (no seat, no page), still marked in standings.
    dropped: dict[int, PersonView] = field(default_factory=dict)
    _histories: dict | None = field(default=None, repr=False)
    _latest: tuple | None = field(default=None, repr=False)
    _final_order: list | None = field(default=None, repr=False)
    _tables_of: dict | None = field(default=None, repr=False)
    _submissions: dict | None = field(default=None, repr=False)
    _counted: tuple | None = field(default=None, repr=False)
    _listed: tuple | None = field(default=None, repr=False)
    _after_rounds: list | None = field(default=None, repr=False)

    def seats_of(self, registration_id: int) -> list[tuple[RoundView, TableView, int, SeatView]]:
        """(round, table, seat index, seat) of every seat the player had, in round order
        (indexed once per EventData: a batch renders hundreds of players' pages from one
        load, and scanning every table for each of them cost milliseconds a page)."""
        if self._tables_of is None:
            index: dict[int, list] = defaultdict(list)
            for rnd in self.rounds:
                for table in rnd.tables:
                    for position, seat in enumerate(table.seats):
                        index[seat.person.registration_id].append((rnd, table, position, seat))
            self._tables_of = index
        return self._tables_of.get(registration_id, [])

    def tables_of(self, registration_id: int) -> list[tuple[int, int]]:
        """(table id, round number) of every table the player sat at."""
        return [(table.id, rnd.number) for rnd, table, _i, _s in self.seats_of(registration_id)]

    def listed_rows(self, snapshot: StandingsSnapshot) -> tuple[list[dict], dict[int, dict]]:
        """The snapshot's rows of players still listed, and those rows by registration
        (built once per snapshot)."""
        if self._listed is None or self._listed[0] != snapshot.pk:
            listed = [row for row in snapshot.rows if row["registration"] in self.people]
            self._listed = (snapshot.pk, listed, {row["registration"]: row for row in listed})
        return self._listed[1], self._listed[2]

    def submissions_at(self, table_id: int) -> list[int]:
        """Ids of every result submitted at the table, whatever its status (read once)."""
        if self._submissions is None:
            tables = [table.id for rnd in self.rounds for table in rnd.tables]
            index: dict[int, list[int]] = defaultdict(list)
            for pk, table in ResultSubmission.objects.filter(table_id__in=tables).values_list(
                "pk", "table_id"
            ):
                index[table].append(pk)
            self._submissions = index
        return self._submissions.get(table_id, [])

    def counted_in(self, snapshot: StandingsSnapshot) -> set[int]:
        """The result ids ``snapshot`` counts, as a set (built once per snapshot)."""
        if self._counted is None or self._counted[0] != snapshot.pk:
            self._counted = (snapshot.pk, set(snapshot.result_ids))
        return self._counted[1]

    @property
    def finished(self) -> bool:
        return self.event.status == Event.Status.FINISHED

    @property
    def latest_snapshot(self) -> StandingsSnapshot | None:
        """The latest standings the public may see (read once per EventData)."""
        if self._latest is None:
            self._latest = (standings_snapshot(self.event, self.frozen_after, policy=self.policy),)
        return self._latest[0]

    @property
    def final_order(self) -> list:
        """A finished event's final order (``seating.finals.Placing``), players who
        dropped out left out; empty before the finish."""
        if self._final_order is None:
            from tournaments.seating.finals import final_order

            order = final_order(self.event) if self.finished else []
            self._final_order = [p for p in order if p.registration in self.people]
        return self._final_order

    @property
    def games(self) -> list[str]:
        keys = [self.event.game_key] if self.event.game_key else []
        for rnd in self.rounds:
            for key in [rnd.game_key, *(t.game_key for t in rnd.tables)]:
                if key and key not in keys:
                    keys.append(key)
        return keys

    @property
    def current_round(self) -> RoundView | None:
        published = [r for r in self.rounds if r.status == Round.Status.PUBLISHED]
        return published[-1] if published else (self.rounds[-1] if self.rounds else None)

    def round(self, number: int) -> RoundView | None:
        return next((r for r in self.rounds if r.number == number), None)

    @property
    def after_rounds(self) -> list[int]:
        """The rounds with public standings after them (read once per EventData)."""
        if self._after_rounds is None:
            self._after_rounds = snapshot_rounds(self.event, self.frozen_after, self.policy)
        return self._after_rounds

    @property
    def clubs(self) -> set[str]:
        """The clubs of the players the standings list (dropped players' too)."""
        people = [*self.people.values(), *self.dropped.values()]
        return {person.club for person in people if person.club}

    @property
    def histories(self) -> dict[int, list[tuple[int, int]]]:
        """Rank after each round per registration (read once per EventData)."""
        if self._histories is None:
            self._histories = rank_history(self.event, self.frozen_after, self.policy)
        return self._histories


def _hidden(rnd: Round, frozen: int | None, policy: str, finished: bool = False) -> bool:
    """The standings freeze (a final played "silent") hides results until the event is
    finished; the release policy always applies."""
    frozen_out = frozen is not None and rnd.number > frozen and not finished
    return frozen_out or not results_released(rnd.status, policy)


def event_data(event: Event) -> EventData:
    frozen = frozen_after(event)
    policy = release_policy(event)
    seats = Seat.objects.select_related("registration__player").order_by("position")
    rounds = list(
        event.rounds.filter(status__in=RELEASED)
        .order_by("number")
        .prefetch_related(
            Prefetch("tables", queryset=Table.objects.order_by("number")),
            Prefetch("tables__seats", queryset=seats),
        )
    )
    finished = event.status == Event.Status.FINISHED
    released_table_ids = [
        t.pk for r in rounds if not _hidden(r, frozen, policy, finished) for t in r.tables.all()
    ]
    clocks = {c.round_id: c for c in RoundClock.objects.filter(round__in=rounds)}
    results = {
        s.table_id: s
        for s in ResultSubmission.objects.filter(
            table_id__in=released_table_ids, status=ResultSubmission.Status.CONFIRMED
        ).only("id", "table_id", "kind", "outcome", "engine_key", "version")
    }
    people, dropped = {}, {}
    for r in event.registrations.entered().select_related("player"):
        (dropped if r.status == Registration.Status.DROPPED else people)[r.pk] = _person(r)
    round_views = []
    for rnd in rounds:
        view = RoundView(
            rnd.pk,
            rnd.number,
            rnd.status,
            rnd.effective_game_key,
            rnd.published_at,
            results_hidden=_hidden(rnd, frozen, policy, finished),
            is_final=rnd.is_final,
            clock=clocks.get(rnd.pk),
        )
        for table in rnd.tables.all():
            table_seats = []
            for seat in table.seats.all():
                person = people.get(seat.registration_id) or _person(seat.registration)
                people.setdefault(person.registration_id, person)
                table_seats.append(SeatView(seat.position, person))
            view.tables.append(
                TableView(
                    table.pk,
                    table.number,
                    table.game_key or view.game_key,
                    table.status,
                    table_seats,
                    result_released=table.pk in results,
                )
            )
        round_views.append(view)
    # Counted here, in the same read: a count kept by a later task would lag the check-in
    # that a client was just answered for (a read reflects every write before it).
    summary = PlayerCounts(
        **Registration.objects.filter(event=event)
        .entered()
        .aggregate(
            registered=Count("id"),
            checked_in=Count("id", filter=Q(status=Registration.Status.CHECKED_IN)),
            dropped=Count("id", filter=Q(status=Registration.Status.DROPPED)),
        )
    )
    return EventData(event, round_views, people, results, summary, frozen, policy, dropped)


def find_seats(rnd: RoundView, query: str) -> list[tuple[TableView, SeatView]]:
    """Seats of ``rnd`` whose player matches ``query`` (name, kana or romaji)."""
    query = (query or "").strip()
    if not query:
        return []
    hits = [
        (table, seat)
        for table in rnd.tables
        for seat in table.seats
        if name_matches(query, seat.person.name, seat.person.reading)
    ]
    return sorted(hits, key=lambda hit: sort_key(hit[1].person.name, hit[1].person.reading))


# --- results ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatResultView:
    position: int
    person: PersonView
    total: int | None
    rank: int | None
    breakdown: list[tuple[dict, int | None]]  # (category dict with en/ja/rule, points)
    tiebreak: list[tuple[dict, object]]
    complete: bool


def seat_results(table: TableView, submission: ResultSubmission) -> list[SeatResultView]:
    outcome = submission.outcome or {}
    categories = outcome.get("categories", [])
    tiebreaks = outcome.get("tiebreaks", [])
    lines = outcome.get("players", [])
    views = []
    for index, seat in enumerate(table.seats):
        line = lines[index] if index < len(lines) else {}
        breakdown = line.get("breakdown", {})
        views.append(
            SeatResultView(
                seat.position,
                seat.person,
                line.get("total"),
                line.get("rank"),
                [(c, breakdown.get(c["key"])) for c in categories],
                list(zip(tiebreaks, line.get("tiebreak", []), strict=False)),
                line.get("complete", True),
            )
        )
    return views


def table_rulings(table_id: int) -> list[Ruling]:
    return list(
        Ruling.objects.filter(table_id=table_id, revoked_at__isnull=True)
        .select_related("registration__player")
        .order_by("created_at")
    )


def player_rounds(data: EventData, registration_id: int) -> list[dict]:
    """One row per released round the player sat in: table, seat, game, score, placement."""
    rows = []
    for rnd, table, index, seat in data.seats_of(registration_id):
        submission = data.results.get(table.id)
        line = {}
        if submission and submission.outcome:
            players = submission.outcome.get("players", [])
            line = players[index] if index < len(players) else {}
        rows.append(
            {
                "round": rnd,
                "table": table,
                "seat": seat.position,
                "game_key": table.game_key,
                "score": line.get("total"),
                "placement": line.get("rank"),
                "released": submission is not None,
            }
        )
    return rows


# --- standings ----------------------------------------------------------------------------


def visible_snapshots(event: Event, frozen: int | None, policy: str | None = None):
    """``policy`` None: read the event's. With ``on_close``, only snapshots after a round
    below the first round that is not closed (every round they count is closed)."""
    snapshots = StandingsSnapshot.objects.filter(event=event)
    if frozen is not None:
        snapshots = snapshots.filter(after_round__lte=frozen)
    if (policy or release_policy(event)) == ON_CLOSE:
        first_open = (
            event.rounds.exclude(status=Round.Status.CLOSED)
            .order_by("number")
            .values_list("number", flat=True)
            .first()
        )
        if first_open is not None:
            snapshots = snapshots.filter(after_round__lt=first_open)
    return snapshots


def standings_snapshot(
    event: Event, frozen: int | None, after_round: int | None = None, policy: str | None = None
) -> StandingsSnapshot | None:
    snapshots = visible_snapshots(event, frozen, policy)
    if after_round is not None:
        snapshots = snapshots.filter(after_round=after_round)
    return snapshots.order_by("-version").first()


def rounds_not_counted(
    data: EventData, snapshot: StandingsSnapshot, registration_id: int
) -> list[int]:
    """Rounds up to ``snapshot.after_round`` in which the player sat at a table whose
    result the snapshot does not count (not yet confirmed): their line in it would read
    as if they had scored nothing there. A snapshot that records no results (written
    by hand, as test worlds do) is taken as it stands."""
    if not snapshot.result_ids:
        return []
    counted = data.counted_in(snapshot)
    return sorted(
        {
            number
            for table_id, number in data.tables_of(registration_id)
            if number <= snapshot.after_round
            and not any(pk in counted for pk in data.submissions_at(table_id))
        }
    )


def snapshot_before_round(
    event: Event, frozen: int | None, number: int, policy: str | None = None
) -> StandingsSnapshot | None:
    """The latest visible standings after a round before round ``number``."""
    return (
        visible_snapshots(event, frozen, policy)
        .filter(after_round__gt=0, after_round__lt=number)
        .order_by("-after_round", "-version")
        .first()
    )


def snapshot_rounds(event: Event, frozen: int | None, policy: str | None = None) -> list[int]:
    rounds = visible_snapshots(event, frozen, policy).values_list("after_round", flat=True)
    return sorted(set(rounds) - {0})


def rank_history(
    event: Event, frozen: int | None, policy: str | None = None
) -> dict[int, list[tuple[int, int]]]:
    """registration id → [(after_round, rank)], from the latest snapshot of each round.

    The rows (2,000 players' JSON each) are read for those snapshots only: a round's
    confirmations write one snapshot each, and decoding them all cost ~3 s at the end of
    a 500-table round."""
    visible = visible_snapshots(event, frozen, policy).filter(after_round__gt=0)
    latest: dict[int, int] = {}  # after_round -> pk of its newest snapshot
    for pk, after_round in visible.order_by("version").values_list("pk", "after_round"):
        latest[after_round] = pk
    rows = dict(StandingsSnapshot.objects.filter(pk__in=latest.values()).values_list("pk", "rows"))
    history: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for after_round in sorted(latest):
        for row in rows[latest[after_round]]:
            history[row["registration"]].append((after_round, row["rank"]))
    return history


def metric_number(value) -> Fraction | int | None:
    """Snapshot metrics: ints stay ints; "n/d" strings are exact fractions."""
    if value is None or isinstance(value, int):
        return value
    if isinstance(value, float):
        return Fraction(value).limit_denominator(1000)
    return Fraction(str(value))
