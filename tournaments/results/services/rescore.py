"""Re-score an event's results after its edition data changed (issue 16).

A result scored while a printed value was unknown reads "n + ?" (the engine left those
points out and said so). When the organizer enters the value (console: the lost-values
screen or the full edition table, ``console.services.edition_data.edition_store``), the
same entry now scores in full: ``results_rescore(event_id, game)`` asks the engine again
for every submitted, confirmed or disputed result of that game at the event.

What changes and what does not:

* the judge's entry (``payload``), the status, the confirmations and the version number
  stay: players confirmed what was entered at the table, not the engine's arithmetic on a
  printed value nobody knew then, so a confirmed result stays confirmed with the new
  outcome. Only derived data is rewritten: ``outcome`` (totals, categories, ranks,
  complete flags, unchecked), ``lines``, ``violations``, ``edition``, ``engine_version``;
* a result the engine now refuses (a value entered makes the entry impossible) is never
  changed silently: its outcome, status and edition stay as they were (it counts as
  before) and the engine's problems are stored in ``violations`` beside that outcome. A
  counted result carrying violations is the head judge's to correct or discard; the
  console's table page says so (``rescore_refused``);
* drafts are not touched (a draft is scored again when it is submitted), nor discarded
  versions (history).

Idempotent: a result whose verdict is already what the engine says is left alone, so a
second run (or a task sent twice by the outbox) writes nothing and logs nothing. Each
table is re-scored under its lock, in its own transaction, so a judge's entry at the same
table waits for it (or goes first and is then scored with the new edition already).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.db import transaction

from tournaments.events.access import Actor
from tournaments.events.domain import ResultChanged
from tournaments.events.models import Table
from tournaments.events.outbox import send_on_commit
from tournaments.results.models import ResultSubmission
from tournaments.results.selectors import judge_engine_verdict, table_game_key
from tournaments.results.services import action_log
from tournaments.results.services.results import _locked_table, announce_result, table_result

logger = logging.getLogger(__name__)

Status = ResultSubmission.Status
RESCORED = (Status.SUBMITTED, Status.CONFIRMED, Status.DISPUTED)
SYSTEM = Actor(name="system:rescore")
REASON = "re-scored after printed values were entered"
REFUSED_REASON = "printed values entered make this result invalid; kept for the head judge"


@dataclass
class RescoreReport:
    rescored: list[int] = field(default_factory=list)  # submission ids given a new outcome
    refused: list[int] = field(default_factory=list)  # kept, now carrying the engine's problems


def rescore_refused(submission: ResultSubmission) -> bool:
    """A counted result (submitted, confirmed, disputed) that the engine refuses under the
    event's current edition: its stored outcome is older than its violations."""
    return submission.status in RESCORED and bool(submission.violations)


def results_schedule_rescore(event_id: int, game: str) -> None:
    """Queue ``results_rescore`` once the edition change commits (never, on rollback)."""
    from tournaments.results.tasks import results_rescore_task  # tasks import services

    send_on_commit(results_rescore_task, (event_id, game))


def _tables(event_id: int, game: str) -> list[int]:
    ids = (
        ResultSubmission.objects.filter(table__round__event_id=event_id, status__in=RESCORED)
        .values_list("table_id", flat=True)
        .distinct()
    )
    tables = Table.objects.filter(pk__in=list(ids)).select_related("round__event")
    return sorted(t.pk for t in tables if table_game_key(t) == game)


def _rescore_submission(submission: ResultSubmission, table: Table) -> str | None:
    """Score one version again; returns "rescored", "refused" or None (left alone)."""
    verdict = judge_engine_verdict(table, submission.kind, submission.payload)
    if any(v["code"] == "result.engine_failed" for v in verdict.violations):
        return None  # an engine bug is not the entry's fault: logged by the selector, kept
    if verdict.outcome is None:
        if submission.violations == verdict.violations:
            return None  # refused already, for the same reasons
        submission.violations = verdict.violations
        submission.save(update_fields=["violations"])
        action_log.result_rescored(
            SYSTEM, submission, REFUSED_REASON, refused=True, violations=len(verdict.violations)
        )
        return "refused"
    if submission.outcome == verdict.outcome and not submission.violations:
        return None  # the entered values change nothing at this table
    before = submission.lines
    submission.outcome = verdict.outcome
    submission.lines = ResultSubmission.lines_of(verdict.outcome)
    submission.violations = verdict.violations
    submission.edition = verdict.edition
    submission.engine_version = verdict.engine_version
    submission.save(update_fields=["outcome", "lines", "violations", "edition", "engine_version"])
    action_log.result_rescored(
        SYSTEM, submission, REASON, refused=False, before=before, after=submission.lines
    )
    return "rescored"


def results_rescore(event_id: int, game: str) -> RescoreReport:
    """Score the event's results of ``game`` again with its current edition (see above)."""
    report = RescoreReport()
    for table_id in _tables(event_id, game):
        with transaction.atomic():
            table = _locked_table(table_id)
            before = table_result(table)
            rows = ResultSubmission.objects.select_for_update().filter(
                table=table, status__in=RESCORED
            )
            done_here = set()
            for submission in rows.order_by("version"):
                submission.table = table
                done = _rescore_submission(submission, table)
                if done == "rescored":
                    report.rescored.append(submission.pk)
                elif done == "refused":
                    report.refused.append(submission.pk)
                done_here.add(done)
            # One announcement per table: a new outcome changes standings and ratings; a
            # refused version keeps its outcome (only its pages show the problems).
            if "rescored" in done_here:
                announce_result(table, ResultChanged.RESCORED, before)
            elif "refused" in done_here:
                announce_result(table, ResultChanged.REFUSED, before)
    if report.rescored or report.refused:
        logger.info(
            "event %s %s: %d result(s) re-scored, %d refused under the new edition",
            event_id,
            game,
            len(report.rescored),
            len(report.refused),
        )
    return report
