"""The round clock's writes: start, pause, resume, extend the round, extra time for one
table, and the "time is up" entries of the action log.

Every write is one transaction under a row lock on the round, is action-logged, and
announces one ``ClockChanged`` (the public pages render their countdown from the stored
deadline). The end of time
is logged by a task queued for each deadline (``round_clock_check_task``) and, because an
embedded set-up runs tasks at once rather than at their time, also by the console board
whenever it is looked at after a deadline (``clock_note_time_up`` logs each deadline once).
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.events import outbox
from tournaments.events.access import Actor
from tournaments.events.clock import clock_view, latest_deadline
from tournaments.events.domain import ClockChanged, announce
from tournaments.events.models import Round, RoundClock
from tournaments.events.selectors.event_config import event_config
from tournaments.seating.services import SYSTEM, SeatingServiceError, _log

MAX_MINUTES = 24 * 60
DEFAULT_ROUND_MINUTES = 90


def _minutes(value, what: str) -> int:
    try:
        minutes = int(value)
    except (TypeError, ValueError):
        raise SeatingServiceError(
            _("%(what)s: a whole number of minutes") % {"what": what}
        ) from None
    if not 1 <= minutes <= MAX_MINUTES:
        raise SeatingServiceError(
            _("%(what)s: between 1 and %(max)d minutes") % {"what": what, "max": MAX_MINUTES}
        )
    return minutes


def _published_round(round_id: int) -> Round:
    rnd = Round.objects.select_for_update().select_related("event").get(pk=round_id)
    if rnd.status != Round.Status.PUBLISHED:
        raise SeatingServiceError(
            _("Round %(n)d is not in play: the clock runs only while a round is published.")
            % {"n": rnd.number}
        )
    return rnd


def _clock(rnd: Round) -> RoundClock:
    clock = RoundClock.objects.select_for_update().filter(round=rnd).first()
    if clock is None:
        raise SeatingServiceError(_("The clock has not been started."))
    return clock


def _after_write(rnd: Round, clock: RoundClock, action: str, before: dt.datetime | None) -> None:
    announce(
        ClockChanged(
            event_id=rnd.event_id,
            round_id=rnd.pk,
            number=rnd.number,
            action=action,
            before=before,
            after=latest_deadline(clock),
        )
    )
    _schedule_checks(clock)


def _schedule_checks(clock: RoundClock) -> None:
    """A time-up check at the round's deadline and at each table's extra deadline."""
    if clock.deadline is None:
        return
    from tournaments.seating.tasks import round_clock_check_task

    moments = {clock.deadline, latest_deadline(clock)}
    moments |= {clock.deadline + dt.timedelta(seconds=int(s)) for s in clock.table_extra.values()}
    round_id = clock.round_id
    for eta in sorted(m for m in moments if m is not None):
        outbox.send_on_commit(round_clock_check_task, (round_id,), eta=eta)


@transaction.atomic
def clock_start(*, round_id: int, minutes: int | None = None, actor: Actor = SYSTEM) -> RoundClock:
    """Start the round's clock: ``minutes`` or the event's minutes per round."""
    rnd = _published_round(round_id)
    if RoundClock.objects.filter(round=rnd).exists():
        raise SeatingServiceError(_("The clock is already started: pause, resume or extend it."))
    if minutes is None:
        minutes = event_config(rnd.event).get("round_minutes") or DEFAULT_ROUND_MINUTES
    minutes = _minutes(minutes, _("Round length"))
    now = timezone.now()
    clock = RoundClock.objects.create(
        round=rnd,
        duration_seconds=minutes * 60,
        started_at=now,
        deadline=now + dt.timedelta(minutes=minutes),
    )
    _log(actor, rnd, "clock_started", round=rnd.number, minutes=minutes)
    _after_write(rnd, clock, "started", before=None)
    return clock


@transaction.atomic
def clock_pause(*, round_id: int, actor: Actor = SYSTEM) -> RoundClock:
    rnd = _published_round(round_id)
    clock = _clock(rnd)
    before = latest_deadline(clock)
    if clock.deadline is None:
        raise SeatingServiceError(_("The clock is already paused."))
    remaining = clock_view(clock).remaining or 0
    clock.deadline, clock.paused_remaining = None, remaining
    clock.save()
    _log(actor, rnd, "clock_paused", round=rnd.number, remaining=remaining)
    _after_write(rnd, clock, "paused", before)
    return clock


@transaction.atomic
def clock_resume(*, round_id: int, actor: Actor = SYSTEM) -> RoundClock:
    rnd = _published_round(round_id)
    clock = _clock(rnd)
    before = latest_deadline(clock)
    if clock.deadline is not None:
        raise SeatingServiceError(_("The clock is running."))
    remaining = int(clock.paused_remaining or 0)
    clock.deadline = timezone.now() + dt.timedelta(seconds=remaining)
    clock.paused_remaining = None
    clock.save()
    _log(actor, rnd, "clock_resumed", round=rnd.number, remaining=remaining)
    _after_write(rnd, clock, "resumed", before)
    return clock


@transaction.atomic
def clock_extend(*, round_id: int, minutes: int, actor: Actor = SYSTEM) -> RoundClock:
    """More time for every table (running or paused)."""
    rnd = _published_round(round_id)
    clock = _clock(rnd)
    before = latest_deadline(clock)
    seconds = _minutes(minutes, _("Extension")) * 60
    if clock.deadline is not None:
        clock.deadline += dt.timedelta(seconds=seconds)
    else:
        clock.paused_remaining = int(clock.paused_remaining or 0) + seconds
    clock.extensions = [*clock.extensions, seconds]
    clock.save()
    _log(actor, rnd, "clock_extended", round=rnd.number, seconds=seconds)
    _after_write(rnd, clock, "extended", before)
    return clock


@transaction.atomic
def clock_table_extra(
    *, round_id: int, table_number: int, minutes: int, actor: Actor = SYSTEM
) -> RoundClock:
    """Extra time for one table (a late start, a long ruling), added to what it had."""
    rnd = _published_round(round_id)
    clock = _clock(rnd)
    before = latest_deadline(clock)
    table = rnd.tables.filter(number=table_number).first()
    if table is None:
        raise SeatingServiceError(
            _("Round %(n)d has no table %(t)s.") % {"n": rnd.number, "t": table_number}
        )
    seconds = _minutes(minutes, _("Extra time")) * 60
    key = str(table_number)
    clock.table_extra = {**clock.table_extra, key: int(clock.table_extra.get(key, 0)) + seconds}
    clock.save()
    _log(actor, rnd, "clock_table_extra", table=table, round=rnd.number, seconds=seconds)
    _after_write(rnd, clock, "table_extra", before)
    return clock


@transaction.atomic
def clock_note_time_up(*, round_id: int, now: dt.datetime | None = None) -> list[str]:
    """Log "time is up" for the round and for each table with extra time whose deadline
    has passed, once per deadline. Returns what was logged (``round``, ``table 3``)."""
    now = now or timezone.now()
    # the board calls this on every poll: look before taking the row lock
    seen = RoundClock.objects.filter(round_id=round_id).first()
    if seen is None or seen.deadline is None or seen.deadline > now:
        return []
    clock = RoundClock.objects.select_for_update().filter(round_id=round_id).first()
    if clock is None or clock.deadline is None:
        return []
    rnd = Round.objects.select_related("event").get(pk=round_id)
    if rnd.status != Round.Status.PUBLISHED:
        return []
    logged = dict(clock.time_up_logged or {})
    tables_logged = dict(logged.get("tables") or {})
    noted: list[str] = []
    if clock.deadline <= now and logged.get("round") != clock.deadline.isoformat():
        logged["round"] = clock.deadline.isoformat()
        extra = sorted(int(n) for n, s in clock.table_extra.items() if int(s) > 0)
        _log(SYSTEM, rnd, "clock_time_up", round=rnd.number, tables_with_extra_time=extra)
        noted.append("round")
    by_number = {t.number: t for t in rnd.tables.all()}
    for key, seconds in sorted(clock.table_extra.items(), key=lambda kv: int(kv[0])):
        deadline = clock.deadline + dt.timedelta(seconds=int(seconds))
        if int(seconds) <= 0 or deadline > now or tables_logged.get(key) == deadline.isoformat():
            continue
        tables_logged[key] = deadline.isoformat()
        _log(SYSTEM, rnd, "clock_time_up", table=by_number.get(int(key)), round=rnd.number)
        noted.append(f"table {key}")
    if noted:
        logged["tables"] = tables_logged
        clock.time_up_logged = logged
        clock.save(update_fields=["time_up_logged", "updated"])
    return noted
