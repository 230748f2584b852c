"""Reading a round's clock (``RoundClock``): what is left, for the round or one table.

Pure given the row and ``now``; every page (public seating, a player's page, the judge
page, the console board) renders the same ``ClockView`` and a small script counts down
from its deadline. The writes (start, pause, extend, extra time for one table) are in
``tournaments.seating.clock``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils import timezone

NOT_STARTED, RUNNING, PAUSED, TIME_UP = "not_started", "running", "paused", "time_up"


@dataclass(frozen=True)
class ClockView:
    state: str  # not_started | running | paused | time_up
    remaining: int | None  # whole seconds left (never below 0); None before the start
    deadline: dt.datetime | None  # while running (with the table's extra time)
    extra: int = 0  # the table's extra seconds, included in remaining/deadline
    extended: int = 0  # seconds added to the whole round

    @property
    def deadline_ms(self) -> int | None:
        """The deadline for the countdown script (milliseconds since the epoch)."""
        return int(self.deadline.timestamp() * 1000) if self.deadline else None

    @property
    def extra_minutes(self) -> int:
        return self.extra // 60

    @property
    def display(self) -> str:
        """m:ss (h:mm:ss from an hour) as of the render; the script takes over from it."""
        return format_seconds(self.remaining or 0)


def format_seconds(seconds: int) -> str:
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def table_extra_seconds(clock, table_number: int | None) -> int:
    if clock is None or table_number is None:
        return 0
    return int((clock.table_extra or {}).get(str(table_number), 0))


def clock_view(clock, table_number: int | None = None, now: dt.datetime | None = None) -> ClockView:
    """The clock as one table sees it (``table_number`` None: the round's own time)."""
    if clock is None:
        return ClockView(NOT_STARTED, None, None)
    now = now or timezone.now()
    extra = table_extra_seconds(clock, table_number)
    extended = sum(int(s) for s in clock.extensions or [])
    if clock.deadline is None:
        remaining = max(0, int(clock.paused_remaining or 0) + extra)
        return ClockView(PAUSED, remaining, None, extra, extended)
    deadline = clock.deadline + dt.timedelta(seconds=extra)
    remaining = max(0, int((deadline - now).total_seconds() + 0.999))
    return ClockView(RUNNING if remaining else TIME_UP, remaining, deadline, extra, extended)


def latest_deadline(clock) -> dt.datetime | None:
    """When the last table's time is up (the round's deadline plus the largest extra)."""
    if clock is None or clock.deadline is None:
        return None
    most = max((int(s) for s in (clock.table_extra or {}).values()), default=0)
    return clock.deadline + dt.timedelta(seconds=max(0, most))
