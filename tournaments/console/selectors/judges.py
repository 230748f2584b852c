"""The event's judges for the console's judges page: one row per person, with their role
(head judge, judge for the whole event, or the tables they judge) and whether their
invitation is still pending."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.console.services.accounts import (
    JUDGE_KINDS,
    invitation_pending,
    invitation_shareable,
)
from tournaments.events.models import Event, EventRole, Round


@dataclass
class JudgeRow:
    user: object
    head: bool = False
    tables: list[tuple[int, int]] = field(default_factory=list)  # (round, table) numbers
    pending: bool = False  # no password chosen yet: the one-time link still works
    shareable: bool = False  # this page may show the link again (services.accounts)
    event_judge: bool = False  # invited for the whole event: given tables each round
    any_table: bool = False  # takes any table of the current round whose card they open


def event_judges(event: Event) -> list[JudgeRow]:
    roles = (
        EventRole.objects.filter(event=event, role__in=JUDGE_KINDS)
        .select_related("user", "table__round")
        .order_by("user__username", "table__round__number", "table__number")
    )
    rows: dict[int, JudgeRow] = {}
    for role in roles:
        row = rows.get(role.user_id)
        if row is None:
            row = rows[role.user_id] = JudgeRow(
                user=role.user,
                pending=invitation_pending(role.user),
                shareable=invitation_shareable(role.user, event),
            )
        if role.role == EventRole.Kind.HEAD_JUDGE:
            row.head = True
        elif role.role == EventRole.Kind.EVENT_JUDGE:
            row.event_judge = True
            row.any_table = role.any_table
        else:
            row.tables.append((role.table.round.number, role.table.number))
    return list(rows.values())


def invitable_round(event: Event) -> Round | None:
    """The round whose tables a table judge can be given: the latest published one. A
    draft's tables are drawn again (which would drop the judge's role with them) and a
    closed round needs no judge."""
    return event.rounds.filter(status=Round.Status.PUBLISHED).order_by("-number").first()
