"""The one writer of the append-only audit log (Saleor's order events style).

Every ``ActionLog`` row is created here: ``record`` for an action named by its caller
(seating, schedules, the console, the API), and typed constructors for the result flow.
Services call these, never signals, so each entry records what the service decided.
``tests/test_one_writer.py`` checks no other module creates rows.
"""

from __future__ import annotations

from tournaments.events.access import Actor
from tournaments.results.models import ActionLog, ResultSubmission, Ruling

ACTION_LENGTH = ActionLog._meta.get_field("action").max_length
ACTOR_LENGTH = ActionLog._meta.get_field("actor").max_length


def record(
    actor: Actor,
    action: str,
    event_id: int,
    *,
    table_id: int | None = None,
    submission_id: int | None = None,
    data: dict | None = None,
) -> ActionLog:
    """Append one entry: who (``actor``), what (``action``, ``data``), where (event, table)."""
    return ActionLog.objects.create(
        event_id=event_id,
        table_id=table_id,
        submission_id=submission_id,
        action=action[:ACTION_LENGTH],
        actor_user_id=actor.user_id,
        actor=actor.label[:ACTOR_LENGTH],
        remote_addr=actor.remote_addr,
        data=data if data is not None else {},
    )


def _for_submission(actor: Actor, action: str, submission: ResultSubmission, **data) -> ActionLog:
    return record(
        actor,
        action,
        submission.table.round.event_id,
        table_id=submission.table_id,
        submission_id=submission.pk,
        data={"version": submission.version, "status": submission.status, **data},
    )


def result_saved(actor: Actor, submission: ResultSubmission) -> ActionLog:
    action = "result.draft_saved" if submission.status == "draft" else "result.submitted"
    return _for_submission(
        actor, action, submission, violations=len(submission.violations), kind=submission.kind
    )


def result_confirmed_by(actor: Actor, submission: ResultSubmission, role: str, **data) -> ActionLog:
    return _for_submission(actor, "result.confirmation", submission, role=role, **data)


def result_status_changed(
    actor: Actor, submission: ResultSubmission, old: str, reason: str = ""
) -> ActionLog:
    return _for_submission(actor, "result.status", submission, old=old, reason=reason)


def result_rescored(actor: Actor, submission: ResultSubmission, reason: str, **data) -> ActionLog:
    """The engine scored an unchanged entry again with the event's new edition data."""
    return _for_submission(actor, "result.rescored", submission, reason=reason, **data)


def ruling_made(actor: Actor, ruling: Ruling) -> ActionLog:
    return record(
        actor,
        "ruling.made",
        ruling.event_id,
        table_id=ruling.table_id,
        submission_id=ruling.submission_id,
        data={
            "ruling": ruling.pk,
            "kind": ruling.kind,
            "reason": ruling.reason,
            "points": str(ruling.points) if ruling.points is not None else None,
            "registration": ruling.registration_id,
            "data": ruling.data,
        },
    )


def standings_snapshot_written(event_id: int, version: int, results: int) -> ActionLog:
    return record(
        Actor(name="system:standings"),
        "standings.snapshot",
        event_id,
        data={"version": version, "results": results},
    )


def judge_call_answered(actor: Actor, report, step: str) -> ActionLog:
    """A judge acknowledged (``step`` "acknowledged") or resolved a player's call."""
    return record(
        actor,
        f"call.{step}",
        report.registration.event_id,
        table_id=report.table_id,
        data={"report": report.pk, "registration": report.registration_id},
    )


def judge_table_taken(judge, event_id: int, round_number: int, tables: list) -> ActionLog:
    """An event judge in "any table I scan" mode took ``tables`` (of round ``round_number``)
    by opening a table card's link; the line sits on the table (the console's table page
    shows it) when one table was taken, as a scan takes one."""
    return record(
        Actor(user=judge),
        "judge_table_taken",
        event_id,
        table_id=tables[0].pk if len(tables) == 1 else None,
        data={
            "judge": judge.get_username(),
            "round": round_number,
            "tables": [t.number for t in tables],
            "how": "scanned",
        },
    )
