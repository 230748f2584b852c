"""Reads for judges invited for the whole event: their role, the round they judge now,
and their tables of that round."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.events.models import Event, EventRole, Round, Table


def current_round(event_id: int) -> Round | None:
    """The round being played: the event's latest published round (a draft's tables are
    drawn again; a closed round needs no judge)."""
    return (
        Round.objects.filter(event_id=event_id, status=Round.Status.PUBLISHED)
        .order_by("-number")
        .first()
    )


def event_judge_role(user_id: int | None, event_id: int) -> EventRole | None:
    if user_id is None:
        return None
    return EventRole.objects.filter(
        user_id=user_id, event_id=event_id, role=EventRole.Kind.EVENT_JUDGE
    ).first()


@dataclass(frozen=True)
class JudgeRound:
    """What an event judge's own page shows for one event."""

    event: Event
    round: Round | None  # None: no round is being played
    tables: list[Table]
    any_table: bool


def judge_rounds(user_id: int | None) -> list[JudgeRound]:
    """For each event ``user_id`` judges as a whole-event judge: the current round and
    their tables in it."""
    if user_id is None:
        return []
    roles = (
        EventRole.objects.filter(user_id=user_id, role=EventRole.Kind.EVENT_JUDGE)
        .select_related("event")
        .order_by("event__starts_on", "event__name")
    )
    shown = []
    for role in roles:
        rnd = current_round(role.event_id)
        tables = (
            list(
                Table.objects.filter(
                    round=rnd,
                    judge_roles__user_id=user_id,
                    judge_roles__role=EventRole.Kind.TABLE_JUDGE,
                ).order_by("number")
            )
            if rnd
            else []
        )
        shown.append(JudgeRound(role.event, rnd, tables, role.any_table))
    return shown
