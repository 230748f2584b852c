"""Reads for the organizer console: the check-in desk, the round board, exports."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.events.clock import TIME_UP, ClockView, clock_view
from tournaments.events.kana import name_matches, sort_key
from tournaments.events.models import Event, Registration, Round, RoundClock, Table
from tournaments.events.selectors.event_config import event_config
from tournaments.events.selectors.signups import waiting_list
from tournaments.results.models import Confirmation, ConfirmationPolicy, ResultSubmission
from tournaments.results.selectors import event_result_settings, judge_calls_signature
from tournaments.standings.models import StandingsSnapshot

# Board states (issue 11): not started / draft / submitted / confirmed / disputed.
STATES = ("not_started", "draft", "submitted", "confirmed", "disputed")
STATE_LABELS = {
    "not_started": _("not started"),
    "draft": _("draft"),
    "submitted": _("submitted"),
    "confirmed": _("confirmed"),
    "disputed": _("disputed"),
}


def registrations(event: Event, query: str = "", status: str = "") -> list[Registration]:
    """Registrations matching a name or reading (kana or romaji, as on the public seating
    search), ordered by reading; the waiting list in the order it moves up."""
    if status == Registration.Status.WAITLISTED:
        rows = list(waiting_list(event).select_related("player"))
    else:
        rows = Registration.objects.filter(event=event).select_related("player")
        # Without a status asked for: the players in the event (a sign-up awaiting
        # approval, waiting or cancelled is listed only when asked for by its status).
        rows = rows.filter(status=status) if status else rows.entered()
        # Gojūon order whatever the script: the database sorts every katakana reading
        # after every hiragana one (サイトウ after わたなべ).
        rows = sorted(rows, key=lambda r: sort_key(r.player.display_name, r.player.reading))
    query = (query or "").strip()
    if not query:
        return rows
    return [r for r in rows if name_matches(query, r.player.display_name, r.player.reading)]


@dataclass(frozen=True)
class BoardTable:
    table: Table
    state: str
    players: list[str]
    late: bool
    latest_version: int | None
    clock: ClockView | None = None  # the table's own time when it has extra time
    # A submitted result: the players who have not confirmed it yet (players policy), or
    # None when the event's policy asks a judge instead (then ``awaiting_judge``).
    unconfirmed: list[str] | None = None
    unconfirmed_registrations: list[int] | None = None  # the same players' registrations
    awaiting_judge: bool = False
    # Its result reads "n + ?": a printed value or a sheet value is not known.
    incomplete: bool = False

    @property
    def label(self) -> str:
        return str(STATE_LABELS[self.state])

    @property
    def confirmed_count(self) -> int | None:
        return None if self.unconfirmed is None else len(self.players) - len(self.unconfirmed)


def _state(table: Table, latest: ResultSubmission | None) -> str:
    if table.status in ("confirmed", "disputed", "submitted"):
        return table.status
    if latest is not None and latest.status == ResultSubmission.Status.DRAFT:
        return "draft"
    return "not_started"


def round_board(rnd: Round) -> list[BoardTable]:
    """Every table of the round with its state; late = not confirmed when the round's
    clock (with the table's extra time) has run out, or, without a clock, after the
    event's expected round length (``round_minutes`` in the configuration, default 90)."""
    minutes = int(event_config(rnd.event).get("round_minutes") or 90)
    deadline = (rnd.published_at or timezone.now()) + dt.timedelta(minutes=minutes)
    overdue = rnd.status == Round.Status.PUBLISHED and timezone.now() > deadline
    clock = RoundClock.objects.filter(round=rnd).first()
    now = timezone.now()
    latest: dict[int, ResultSubmission] = {}
    for sub in (
        ResultSubmission.objects.filter(table__round=rnd)
        .exclude(status=ResultSubmission.Status.DISCARDED)
        .order_by("table_id", "version")
    ):
        latest[sub.table_id] = sub
    out = []
    policy = event_result_settings(rnd.event_id).confirmation_policy
    confirmed_by: dict[int, set[int]] = {}
    for sub_id, registration_id in Confirmation.objects.filter(
        submission__in=[s.pk for s in latest.values() if s.status == "submitted"],
        registration__isnull=False,
    ).values_list("submission_id", "registration_id"):
        confirmed_by.setdefault(sub_id, set()).add(registration_id)
    for table in rnd.tables.order_by("number").prefetch_related("seats__registration__player"):
        sub = latest.get(table.pk)
        state = _state(table, sub)
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        names = [s.registration.player.display_name for s in seats]
        table_clock = None
        late = overdue
        if clock is not None and rnd.status == Round.Status.PUBLISHED:
            view = clock_view(clock, table.number, now)
            late = view.state == TIME_UP
            table_clock = view if view.extra else None
        unconfirmed, waiting, awaiting_judge = None, None, False
        if state == "submitted" and sub is not None and sub.status == "submitted":
            if policy == ConfirmationPolicy.PLAYERS:
                done = confirmed_by.get(sub.pk, set())
                waiting = [s for s in seats if s.registration_id not in done]
                unconfirmed = [s.registration.player.display_name for s in waiting]
            else:
                awaiting_judge = True
        out.append(
            BoardTable(
                table,
                state,
                names,
                late and state != "confirmed",
                sub and sub.version,
                clock=table_clock,
                unconfirmed=unconfirmed,
                unconfirmed_registrations=(
                    None if waiting is None else [s.registration_id for s in waiting]
                ),
                awaiting_judge=awaiting_judge,
                incomplete=sub is not None
                and any(
                    p.get("complete") is False for p in (sub.outcome or {}).get("players") or []
                ),
            )
        )
    return out


def round_clock(rnd: Round) -> ClockView | None:
    """The round's clock as the board and the round page show it (None: not in play)."""
    if rnd.status != Round.Status.PUBLISHED:
        return None
    return clock_view(RoundClock.objects.filter(round=rnd).first())


def _clock_key(view: ClockView | None) -> list:
    if view is None:
        return []
    return [view.state, view.deadline_ms, view.remaining if view.state == "paused" else None]


def board_signature(
    rnd: Round,
    board: list[BoardTable],
    clock: ClockView | None = None,
    calls: list | None = None,
) -> str:
    """A digest of everything the board shows (the round's state and clock, each table's
    players, state, lateness, extra time, result version and who has not confirmed, the
    open judge calls): the live board's ETag. The running countdown itself is the page's
    script, so it is keyed by its deadline."""
    content = [rnd.status, _clock_key(clock), judge_calls_signature(calls or [])] + [
        [
            b.table.number,
            b.players,
            b.state,
            b.late,
            b.latest_version,
            _clock_key(b.clock),
            b.unconfirmed,
        ]
        for b in board
    ]
    return hashlib.sha256(json.dumps(content, ensure_ascii=False).encode()).hexdigest()[:32]


@dataclass(frozen=True)
class SeatChoice:
    registration: int
    label: str  # name (reading) — where they sit now
    seated: bool


def seating_choices(rnd: Round, names: dict[int, Registration]) -> list[SeatChoice]:
    """Every active player of the round for the swap/move selects, by reading: the seated
    with their table and seat, then the byes and the checked-in players not seated."""
    where = {
        rid: (table, position)
        for rid, table, position in rnd.seats.values_list(
            "registration_id", "table__number", "position"
        )
    }
    byes = set(rnd.byes.values_list("registration_id", flat=True))
    out = []
    for r in sorted(
        names.values(), key=lambda r: sort_key(r.player.display_name, r.player.reading)
    ):
        name = r.player.display_name + (f" ({r.player.reading})" if r.player.reading else "")
        if r.pk in where:
            table, position = where[r.pk]
            label = _("%(name)s — table %(table)d, seat %(seat)d") % {
                "name": name,
                "table": table,
                "seat": position,
            }
        elif r.pk in byes:
            label = _("%(name)s — bye") % {"name": name}
        elif r.status == Registration.Status.CHECKED_IN:
            label = _("%(name)s — not seated") % {"name": name}
        else:
            continue
        out.append(SeatChoice(r.pk, str(label), r.pk in where))
    return out


def latest_snapshot(event: Event) -> StandingsSnapshot | None:
    return StandingsSnapshot.objects.filter(event=event).order_by("-version").first()


def standings_rows(event: Event) -> list[dict]:
    """The latest snapshot's rows with names (for the console and the exports)."""
    snapshot = latest_snapshot(event)
    if snapshot is None:
        return []
    names = {
        r.pk: (r.player.display_name, r.player.reading, r.player.club, r.status)
        for r in Registration.objects.filter(event=event).select_related("player")
    }
    rows = []
    for row in snapshot.rows:
        name, reading, club, status = names.get(row["registration"], ("?", "", "", ""))
        rows.append(
            {
                **row,
                "name": name,
                "reading": reading,
                "club": club,
                "dropped": status == Registration.Status.DROPPED,
            }
        )
    return rows


def results_rows(event: Event) -> list[dict]:
    """One line per seat of every table with a confirmed result, in round/table order."""
    confirmed = (
        ResultSubmission.objects.filter(table__round__event=event, status="confirmed")
        .select_related("table__round")
        .order_by("table__round__number", "table__number")
    )
    seats: dict[int, list[Registration]] = {}
    for table_id, name, rid in (
        Table.objects.filter(round__event=event)
        .order_by("seats__position")
        .values_list("pk", "seats__registration__player__display_name", "seats__registration")
    ):
        if rid is not None:
            seats.setdefault(table_id, []).append((rid, name))
    out = []
    for sub in confirmed:
        players = (sub.outcome or {}).get("players", [])
        for position, ((rid, name), result) in enumerate(
            zip(seats.get(sub.table_id, []), players, strict=False), start=1
        ):
            out.append(
                {
                    "round": sub.table.round.number,
                    "table": sub.table.number,
                    "game": sub.engine_key,
                    "seat": position,
                    "registration": rid,
                    "name": name,
                    "rank": result.get("rank"),
                    "total": result.get("total"),
                    "version": sub.version,
                }
            )
    return out
