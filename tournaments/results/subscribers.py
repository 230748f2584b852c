"""The action log follows what the events app announces but cannot log itself (it may not
import results, where the one writer lives): an event judge taking a table by scanning its
card (``events.services.judges.judge_table_take``). The organizer's own change of a judge's
tables is logged by the console in its transaction, with the organizer as the actor, so a
change the organizer made is not logged twice."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tournaments.events.domain import JudgeTablesChanged, subscribe
from tournaments.events.models import Table
from tournaments.results.services import action_log


def on_judge_tables_changed(event: JudgeTablesChanged) -> None:
    if not event.scanned:
        return
    judge = get_user_model().objects.filter(pk=event.user_id).first()
    taken = list(
        Table.objects.filter(pk__in=set(event.after) - set(event.before))
        .select_related("round")
        .order_by("number")
    )
    if judge is None or not taken:
        return  # the judge's account or the table went away since the commit
    action_log.judge_table_taken(judge, event.event_id, taken[0].round.number, taken)


def connect() -> None:
    subscribe(JudgeTablesChanged, on_judge_tables_changed)
