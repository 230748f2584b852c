"""Typed constructors for the append-only audit log (Saleor's order events style).

Services call these, never signals, so each entry records what the service decided.
"""

from __future__ import annotations

from tournaments.events.access import Actor
from tournaments.results.models import ActionLog, ResultSubmission, Ruling


def _entry(actor: Actor, action: str, event_id: int, **kw) -> ActionLog:
    return ActionLog.objects.create(
        event_id=event_id,
        action=action,
        actor_user_id=actor.user_id,
        actor=actor.label,
        remote_addr=actor.remote_addr,
        **kw,
    )


def _for_submission(actor: Actor, action: str, submission: ResultSubmission, **data) -> ActionLog:
    return _entry(
        actor,
        action,
        submission.table.round.event_id,
        table_id=submission.table_id,
        submission=submission,
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
    return _entry(
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
    return _entry(
        Actor(name="system:standings"),
        "standings.snapshot",
        event_id,
        data={"version": version, "results": results},
    )


def judge_call_answered(actor: Actor, report, step: str) -> ActionLog:
    """A judge acknowledged (``step`` "acknowledged") or resolved a player's call."""
    return _entry(
        actor,
        f"call.{step}",
        report.registration.event_id,
        table_id=report.table_id,
        data={"report": report.pk, "registration": report.registration_id},
    )
