"""Judge calls: a player's "report a problem" (a ``ProblemReport``, made by
``judge_call_create``) is answered by a judge of that table or the event's organizers and
head judges: acknowledged ("coming"), then resolved. Both steps are idempotent (a second tap
changes nothing) and audited."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournaments.events.access import Action, Actor, require
from tournaments.events.domain import JudgeCallChanged, announce
from tournaments.events.models import Registration
from tournaments.results.models import ProblemReport
from tournaments.results.selectors import player_current_table
from tournaments.results.services import action_log

MESSAGE_LENGTH = ProblemReport._meta.get_field("message").max_length


class EmptyCall(ValueError):
    """A call needs words: the judge must know what to bring."""


def judge_call_create(*, registration: Registration, message: str) -> ProblemReport:
    """A player's call, tied to the table they sit at in the newest published round (none
    when not seated: then only the organizers and head judges answer it)."""
    message = message.strip()[:MESSAGE_LENGTH]
    if not message:
        raise EmptyCall("message")
    report = ProblemReport.objects.create(
        registration=registration, table=player_current_table(registration), message=message
    )
    _announce(report, "open")
    return report


def _announce(report: ProblemReport, state: str) -> None:
    announce(
        JudgeCallChanged(
            event_id=report.registration.event_id,
            report_id=report.pk,
            table_id=report.table_id,
            state=state,
        )
    )


def _locked(report_id: int) -> ProblemReport:
    return (
        ProblemReport.objects.select_for_update(of=("self",))
        .select_related("registration", "table__round")
        .get(pk=report_id)
    )


def _require(actor: Actor, report: ProblemReport) -> None:
    if report.table is not None:
        require(actor, Action.ANSWER_CALL, table=report.table)
    else:  # not seated: only the event's organizers and head judges
        require(actor, Action.ANSWER_CALL, registration=report.registration)


def _by(actor: Actor) -> dict:
    return {"user": actor.user if actor.user_id is not None else None, "label": actor.label}


@transaction.atomic
def judge_call_acknowledge(*, report_id: int, actor: Actor) -> ProblemReport:
    report = _locked(report_id)
    _require(actor, report)
    if report.acknowledged_at is None and report.resolved_at is None:
        by = _by(actor)
        report.acknowledged_at = timezone.now()
        report.acknowledged_by = by["user"]
        report.acknowledged_by_label = by["label"]
        report.save(update_fields=["acknowledged_at", "acknowledged_by", "acknowledged_by_label"])
        action_log.judge_call_answered(actor, report, "acknowledged")
        _announce(report, "acknowledged")
    return report


@transaction.atomic
def judge_call_resolve(*, report_id: int, actor: Actor) -> ProblemReport:
    report = _locked(report_id)
    _require(actor, report)
    if report.resolved_at is None:
        by = _by(actor)
        now = timezone.now()
        fields = ["resolved_at", "resolved_by", "resolved_by_label"]
        if report.acknowledged_at is None:  # resolved on the spot
            report.acknowledged_at = now
            report.acknowledged_by = by["user"]
            report.acknowledged_by_label = by["label"]
            fields += ["acknowledged_at", "acknowledged_by", "acknowledged_by_label"]
        report.resolved_at = now
        report.resolved_by = by["user"]
        report.resolved_by_label = by["label"]
        report.save(update_fields=fields)
        action_log.judge_call_answered(actor, report, "resolved")
        _announce(report, "resolved")
    return report
