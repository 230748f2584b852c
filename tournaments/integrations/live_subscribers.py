"""What the live stream (``live.py``) says, and when: each update follows one announcement
of a service (``events.domain``), delivered after its commit.

* ``round.published`` / ``round.closed``: ``RoundStatusChanged``;
* ``table.state`` (staff): every ``ResultChanged`` (submitted, confirmed, disputed, …);
* ``table.released`` (everyone): a table's confirmed result became public — at once under
  the ``immediate`` release policy; under ``on_close`` for every confirmed table of the
  round when it closes (the same rule as the webhooks' ``results.released``);
* ``standings.updated``: ``StandingsUpdated``; ``clock.changed``: ``ClockChanged``;
* ``event.finished``: ``EventStatusChanged`` to finished;
* ``announcement``: ``AnnouncementChanged`` (the text the café's screen shows);
* ``judge.call`` (staff): ``JudgeCallChanged`` (a call opened, acknowledged, resolved).

An update names what changed and where to read it (the public API); it carries no score.
"""

from __future__ import annotations

from tournaments.events.domain import (
    AnnouncementChanged,
    ClockChanged,
    EventStatusChanged,
    JudgeCallChanged,
    ResultChanged,
    RoundStatusChanged,
    StandingsUpdated,
    subscribe,
)
from tournaments.events.models import Event, Round, Table
from tournaments.events.release import release_policy, results_released
from tournaments.integrations.live import publish
from tournaments.integrations.subscribers import newly_confirmed
from tournaments.results.models import ResultSubmission


def on_round_status_changed(event: RoundStatusChanged) -> None:
    base = {"round": event.number}
    if event.after == Round.Status.PUBLISHED:
        publish(event.event_id, "round.published", base)
    elif event.after == Round.Status.CLOSED:
        publish(event.event_id, "round.closed", base)
        if release_policy(event.event_id) == "on_close":
            tables = ResultSubmission.objects.filter(
                table__round_id=event.round_id, status=ResultSubmission.Status.CONFIRMED
            ).values_list("table__number", flat=True)
            for number in sorted(tables):
                publish(event.event_id, "table.released", {**base, "table": number})


def on_result_changed(event: ResultChanged) -> None:
    where = {"round": event.round_number, "table": event.table_number}
    publish(
        event.event_id,
        "table.state",
        {**where, "action": event.action, "before": event.before.status,
         "after": event.after.status},
    )  # fmt: skip
    if not newly_confirmed(event):
        return
    status = Round.objects.filter(pk=event.round_id).values_list("status", flat=True).first()
    if status is not None and results_released(status, release_policy(event.event_id)):
        publish(event.event_id, "table.released", where)


def on_standings_updated(event: StandingsUpdated) -> None:
    publish(
        event.event_id,
        "standings.updated",
        {"version": event.version, "after_round": event.after_round},
    )


def on_clock_changed(event: ClockChanged) -> None:
    publish(event.event_id, "clock.changed", {"round": event.number, "action": event.action})


def on_event_status_changed(event: EventStatusChanged) -> None:
    if event.after == Event.Status.FINISHED and event.before != Event.Status.FINISHED:
        publish(event.event_id, "event.finished", {})


def on_announcement_changed(event: AnnouncementChanged) -> None:
    publish(event.event_id, "announcement", {"text": event.text})


def on_judge_call_changed(event: JudgeCallChanged) -> None:
    """Staff only: who called stays off the public stream."""
    table = (
        Table.objects.filter(pk=event.table_id).values_list("round__number", "number").first()
        if event.table_id
        else None
    )
    publish(
        event.event_id,
        "judge.call",
        {"report": event.report_id, "state": event.state,
         "round": table[0] if table else None, "table": table[1] if table else None},
    )  # fmt: skip


def connect() -> None:
    subscribe(JudgeCallChanged, on_judge_call_changed)
    subscribe(AnnouncementChanged, on_announcement_changed)
    subscribe(RoundStatusChanged, on_round_status_changed)
    subscribe(ResultChanged, on_result_changed)
    subscribe(StandingsUpdated, on_standings_updated)
    subscribe(ClockChanged, on_clock_changed)
    subscribe(EventStatusChanged, on_event_status_changed)
