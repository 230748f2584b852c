"""Writes on an event judge's tables: invited once for the event (an ``event_judge``
role), they are given tables each round as table-judge rows, by the organizer
(``judge_tables_set``) or, in "any table I scan" mode, by opening a table card's link
while logged in (``judge_table_take``). Revoking the event role (console's
``judge_revoke``) deletes those rows with it, so access stops at the next request."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.events.domain import JudgeTablesChanged, announce
from tournaments.events.models import Event, EventRole, Round, Table
from tournaments.events.selectors.judges import current_round, event_judge_role


class JudgeTablesError(ValueError):
    pass


def _round_tables(user_id: int, rnd: Round) -> set[int]:
    return set(
        EventRole.objects.filter(
            user_id=user_id, role=EventRole.Kind.TABLE_JUDGE, table__round=rnd
        ).values_list("table_id", flat=True)
    )


@transaction.atomic
def judge_tables_set(
    *, event: Event, user, rnd: Round | None, numbers: list[int], any_table: bool
) -> list[Table]:
    """Give the event judge ``user`` exactly tables ``numbers`` of ``rnd`` (a published
    round of ``event``; None before any: the mode only) and set their "any table I scan"
    mode. Returns the tables."""
    role = (
        EventRole.objects.select_for_update()
        .filter(user=user, event=event, role=EventRole.Kind.EVENT_JUDGE)
        .first()
    )
    if role is None:
        raise JudgeTablesError(
            _("%(name)s is not a judge for the whole event.") % {"name": user.get_username()}
        )
    if role.any_table != any_table:
        role.any_table = any_table
        role.save(update_fields=["any_table"])
    if rnd is None and not numbers:
        return []
    if rnd is None or rnd.event_id != event.pk or rnd.status != Round.Status.PUBLISHED:
        raise JudgeTablesError(_("Tables are given once a round is published."))
    tables = list(rnd.tables.filter(number__in=numbers).order_by("number"))
    missing = sorted(set(numbers) - {t.number for t in tables})
    if missing:
        raise JudgeTablesError(
            _("Round %(round)d has no table %(table)d.")
            % {"round": rnd.number, "table": missing[0]}
        )
    before = _round_tables(user.pk, rnd)
    after = {t.pk for t in tables}
    EventRole.objects.filter(
        user=user, role=EventRole.Kind.TABLE_JUDGE, table_id__in=before - after
    ).delete()
    EventRole.objects.bulk_create(
        [
            EventRole(user=user, event=event, role=EventRole.Kind.TABLE_JUDGE, table_id=pk)
            for pk in sorted(after - before)
        ]
    )
    if before != after:
        _announce(event.pk, user.pk, rnd.pk, before, after)
    return tables


@transaction.atomic
def judge_table_take(*, user, table: Table) -> bool:
    """An event judge in "any table I scan" mode opened ``table``'s card link while logged
    in: the table becomes theirs if it belongs to their event's current round. Anyone
    else (another event's judge, a judge the organizer gives tables, a revoked one), or a
    table of an earlier round, gets nothing. Returns whether the table is now theirs."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    event_id = table.round.event_id
    role = event_judge_role(user.pk, event_id)
    if role is None or not role.any_table:
        return False
    rnd = current_round(event_id)
    if rnd is None or rnd.pk != table.round_id:
        return False
    before = _round_tables(user.pk, rnd)
    if table.pk in before:
        return True
    _row, created = EventRole.objects.get_or_create(
        user_id=user.pk, event_id=event_id, role=EventRole.Kind.TABLE_JUDGE, table=table
    )
    if created:
        _announce(event_id, user.pk, rnd.pk, before, before | {table.pk}, scanned=True)
    return True


def _announce(
    event_id: int, user_id: int, round_id: int, before: set, after: set, *, scanned: bool = False
) -> None:
    announce(
        JudgeTablesChanged(
            event_id=event_id,
            user_id=user_id,
            round_id=round_id,
            before=tuple(sorted(before)),
            after=tuple(sorted(after)),
            scanned=scanned,
        )
    )
