"""Build the pure standings input from the database in a fixed handful of queries.

Counted results: each table's confirmed submission; with the event's ``count_provisional``
also a table's latest ``submitted`` one when nothing is confirmed there (marked
provisional). Rulings apply: an engine override replaces the placements, a game loss puts
the player last at that table, penalty points become a negative adjustment, a
disqualification drops the player after that round. Variant interpretations are recorded
only. Byes come from ``RoundBye``; drops from registrations marked dropped (after the last
round they were seated in).

Release policy ``on_close`` (console configuration): only tables and byes of closed rounds
count (rulings at other rounds' tables wait too), so every stored snapshot may be shown
publicly as it stands (the rule itself lives in ``selectors.public``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Max

from engines.core.ranking import competition_ranks
from tournaments.events.models import Registration, Round, RoundBye, Seat
from tournaments.results.models import ResultSubmission, Ruling
from tournaments.results.selectors import event_result_settings
from tournaments.standings.compute import without_cycle_collection
from tournaments.standings.types import (
    DEFAULT_PLACEMENT_POINTS,
    DEFAULT_PRECEDENCE,
    Adjustment,
    Bye,
    Drop,
    ResultColumns,
    StandingsConfig,
    StandingsInput,
)


@dataclass(frozen=True)
class EventStandingsInput:
    data: StandingsInput
    result_ids: tuple[int, ...]
    ruling_ids: tuple[int, ...]
    after_round: int


def _fraction(value) -> Fraction:
    return Fraction(str(value))


@dataclass(frozen=True)
class CountedResult:
    id: int
    table_id: int
    status: str
    game: str
    table_number: int
    round_number: int
    lines: list  # [[rank, total], ...] per seat


def counted_submissions(
    event_id: int, rounds: tuple[str, ...] | None = None
) -> list[CountedResult]:
    """Per table: the confirmed submission, else (provisional events) the latest submitted.
    ``rounds``: only tables of rounds in these states (None: every round).

    Plain tuples, not model instances: at 4,000 tables this is most of the read time."""
    provisional = event_result_settings(event_id).count_provisional
    statuses = ["confirmed", "submitted"] if provisional else ["confirmed"]
    counted = ResultSubmission.objects.filter(table__round__event_id=event_id, status__in=statuses)
    if rounds is not None:
        counted = counted.filter(table__round__status__in=rounds)
    rows = (
        counted
        .order_by("table_id", "-version")
        .values_list("id", "table_id", "status", "engine_key", "table__number",
                     "table__round__number", "lines")
    )  # fmt: skip
    chosen: dict[int, CountedResult] = {}
    for row in rows:
        result = CountedResult(*row)
        best = chosen.get(result.table_id)
        if best is None or (result.status == "confirmed" and best.status != "confirmed"):
            chosen[result.table_id] = result
    # Rows written around save() (bulk_create, raw updates) may lack ``lines``: read those
    # outcomes in one more query rather than silently leaving the tables out.
    missing = [r.id for r in chosen.values() if not r.lines]
    if missing:
        outcomes = dict(
            ResultSubmission.objects.filter(pk__in=missing).values_list("id", "outcome")
        )
        for table_id, r in list(chosen.items()):
            if not r.lines:
                lines = ResultSubmission.lines_of(outcomes.get(r.id))
                chosen[table_id] = dataclasses.replace(r, lines=lines)
    return list(chosen.values())


def _other_statuses(statuses: tuple[str, ...]) -> list[str]:
    return [s for s in Round.Status.values if s not in statuses]


def standings_input(event_id: int) -> EventStandingsInput:
    """The event's standings input in a fixed handful of queries (see the module)."""
    with without_cycle_collection():  # 100,000 seats of tuples, no cycles among them
        return _standings_input(event_id)


def _standings_input(event_id: int) -> EventStandingsInput:
    from tournaments.events.release import counted_round_statuses, release_policy

    rounds = counted_round_statuses(release_policy(event_id))
    # Plain tuples throughout: at 100,000 seats every object per seat costs (issue 19).
    registrations = list(
        Registration.objects.filter(event_id=event_id)
        .entered()  # a sign-up without a place is in no standings
        .values_list("id", "status", "player__reading", "player__display_name")
    )
    seats: dict[int, list[int]] = {}
    last_seated: dict[int, int] = {}  # registration -> the last round it was seated in
    for table_id, registration_id, number in (
        Seat.objects.filter(round__event_id=event_id)
        .order_by("table_id", "position")
        .values_list("table_id", "registration_id", "round__number")
    ):
        at = seats.get(table_id)
        if at is None:
            seats[table_id] = [registration_id]
        else:
            at.append(registration_id)
        if last_seated.get(registration_id, 0) < number:
            last_seated[registration_id] = number
    rulings = Ruling.objects.filter(event_id=event_id, revoked_at__isnull=True).order_by("id")
    if rounds is not None:  # a ruling at a table of an unreleased round waits for its round
        rulings = rulings.exclude(
            table__isnull=False, table__round__status__in=_other_statuses(rounds)
        )
    rulings = list(rulings)
    byes = RoundBye.objects.filter(round__event_id=event_id).select_related("round")
    if rounds is not None:
        byes = byes.filter(round__status__in=rounds)
    byes = list(byes)
    submissions = counted_submissions(event_id, rounds)

    overrides: dict[int, list[int]] = {}
    game_losses: dict[int, set[int]] = {}
    adjustments: list[Adjustment] = []
    dq_after: dict[int, int | None] = {}
    round_of_table = {s.table_id: s.round_number for s in submissions}
    for ruling in rulings:
        if ruling.kind == Ruling.Kind.ENGINE_OVERRIDE and ruling.table_id:
            overrides[ruling.table_id] = list(ruling.data.get("placements", []))
        elif ruling.kind == Ruling.Kind.GAME_LOSS and ruling.table_id:
            game_losses.setdefault(ruling.table_id, set()).add(ruling.registration_id)
        elif ruling.kind == Ruling.Kind.PENALTY_POINTS:
            adjustments.append(
                Adjustment(
                    ruling.registration_id,
                    -_fraction(ruling.points),
                    round_of_table.get(ruling.table_id),
                    ruling.reason,
                )
            )
        elif ruling.kind == Ruling.Kind.DISQUALIFICATION:
            dq_after[ruling.registration_id] = round_of_table.get(ruling.table_id)

    columns = _result_columns(submissions, seats, overrides, game_losses)
    after_round = max([*columns.rounds, *(b.round.number for b in byes)], default=0)
    last_bye: dict[int, int] = {}
    for b in byes:
        last_bye[b.registration_id] = max(last_bye.get(b.registration_id, 0), b.round.number)
    drops = [
        Drop(rid, max(last_seated.get(rid, 0), last_bye.get(rid, 0)))
        for rid, status, *_ in registrations
        if status == Registration.Status.DROPPED
    ]
    dropped = {d.registration for d in drops}
    drops += [
        Drop(rid, after if after is not None else after_round)
        for rid, after in dq_after.items()
        if rid not in dropped
    ]
    data = StandingsInput(
        players=tuple(
            rid
            for rid, status, *_ in registrations
            if status != Registration.Status.REGISTERED or rid in last_seated
        ),
        columns=columns,
        byes=tuple(
            Bye(
                b.round.number, b.registration_id, None if b.points is None else _fraction(b.points)
            )
            for b in byes
        ),
        drops=tuple(drops),
        adjustments=tuple(adjustments),
        # Shared ranks are listed as people look names up: reading (kana), then name.
        names={rid: f"{reading or name}\t{name}" for rid, _, reading, name in registrations},
    )
    return EventStandingsInput(
        data=data,
        result_ids=tuple(sorted(s.id for s in submissions)),
        ruling_ids=tuple(r.pk for r in rulings),
        after_round=after_round,
    )


def _result_columns(submissions, seats, overrides, game_losses) -> ResultColumns:
    """The counted tables in column shape (seat order), rulings applied."""
    rounds, numbers, games, provisional, starts = [], [], [], [], [0]
    registrations, placements, scores = [], [], []
    for sub in submissions:
        seated = seats.get(sub.table_id, [])
        lines = sub.lines
        if len(lines) != len(seated) or not seated:
            continue  # the seating changed after entry; the head judge must re-enter
        ranks = overrides.get(sub.table_id) or [line[0] for line in lines]
        losers = game_losses.get(sub.table_id)
        if losers:
            worst = len(seated) + 1
            keys = [
                (-worst if rid in losers else -p,) for rid, p in zip(seated, ranks, strict=True)
            ]
            ranks = competition_ranks(keys)
        rounds.append(sub.round_number)
        numbers.append(sub.table_number)
        games.append(sub.game)
        provisional.append(sub.status != "confirmed")
        registrations += seated
        placements += ranks
        scores += [line[1] for line in lines]
        starts.append(len(registrations))
    return ResultColumns(
        rounds, numbers, games, provisional, starts, registrations, placements, scores
    )


def standings_config_of(config: dict) -> StandingsConfig:
    """The pure standings configuration an event's console settings describe
    (``events.selectors.event_config``); no precedence set means the default one."""
    points = dict(DEFAULT_PLACEMENT_POINTS)
    for size, values in (config.get("placement_points") or {}).items():
        points[int(size)] = tuple(Fraction(str(v)) for v in values)
    return StandingsConfig(
        placement_points=points,
        precedence=tuple(config["precedence"] or DEFAULT_PRECEDENCE),
        bye_points=Fraction(str(config["bye_points"])),
    )


# --- The reconciler's view: has anything the standings read changed? -------------------

SNAPSHOT_ACTION = "standings.snapshot"
RECONCILE_HORIZON_HOURS = 24


def standings_fingerprint(event_id: int) -> str:
    """A digest of everything ``standings_input`` and the standings settings read, in a
    handful of aggregate queries. The action log is append-only and every result, ruling,
    round publication and close writes to it, so its row count and last id change with
    every such write; the direct aggregates cover rows written around the services
    (admin, imports), byes, drops, revoked rulings and the settings."""
    from django.db.models import Count, Q

    from tournaments.events.models import EventConfig
    from tournaments.results.models import ActionLog, EventResultSettings

    log = (
        ActionLog.objects.filter(event_id=event_id)
        .exclude(action=SNAPSHOT_ACTION)
        .aggregate(n=Count("id"), last=Max("id"))
    )
    submissions = sorted(
        ResultSubmission.objects.filter(table__round__event_id=event_id)
        .values_list("status")
        .annotate(n=Count("id"), last=Max("id"))
    )
    rounds = sorted(Round.objects.filter(event_id=event_id).values_list("id", "status"))
    byes = RoundBye.objects.filter(round__event_id=event_id).aggregate(
        n=Count("id"), last=Max("id")
    )
    rulings = Ruling.objects.filter(event_id=event_id).aggregate(
        n=Count("id"), last=Max("id"), revoked=Count("id", filter=Q(revoked_at__isnull=False))
    )
    registrations = sorted(
        Registration.objects.filter(event_id=event_id).values_list("status").annotate(n=Count("id"))
    )
    config = EventConfig.objects.filter(event_id=event_id).values_list("updated", flat=True).first()
    settings_row = (
        EventResultSettings.objects.filter(event_id=event_id)
        .values_list("confirmation_policy", "count_provisional")
        .first()
    )
    content = [log, submissions, rounds, byes, rulings, registrations, config, settings_row]
    return hashlib.sha256(json.dumps(content, default=str).encode()).hexdigest()


def reconcile_candidates() -> list[tuple[int, bool]]:
    """(event id, active) for the events the reconciler looks at: running ones and any with
    activity in the last day. ``active``: something a recompute is asked for exists (a
    result, a ruling, a closed round or a snapshot already)."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.events.models import Event
    from tournaments.results.models import ActionLog
    from tournaments.standings.models import StandingsSnapshot

    horizon = timezone.now() - timedelta(hours=RECONCILE_HORIZON_HOURS)
    ids = set(
        ActionLog.objects.filter(created_at__gte=horizon)
        .exclude(action=SNAPSHOT_ACTION)
        .values_list("event_id", flat=True)
        .distinct()
    )
    ids |= set(Event.objects.filter(status=Event.Status.RUNNING).values_list("id", flat=True))
    ids |= set(Event.objects.filter(updated__gte=horizon).values_list("id", flat=True))
    ids &= set(Event.objects.filter(pk__in=ids).values_list("id", flat=True))  # not deleted
    active = set(
        ResultSubmission.objects.filter(table__round__event_id__in=ids)
        .values_list("table__round__event_id", flat=True)
        .distinct()
    )
    active |= set(Ruling.objects.filter(event_id__in=ids).values_list("event_id", flat=True))
    active |= set(
        Round.objects.filter(event_id__in=ids, status=Round.Status.CLOSED).values_list(
            "event_id", flat=True
        )
    )
    active |= set(
        StandingsSnapshot.objects.filter(event_id__in=ids).values_list("event_id", flat=True)
    )
    return [(event_id, event_id in active) for event_id in sorted(ids)]
