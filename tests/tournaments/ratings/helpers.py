"""Helpers for console-extra tests: confirmed tables written directly (ratings and finals
read only confirmed rows), organizers."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model

from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.events.models import Registration, Round, Seat, Table
from tournaments.results.models import ResultSubmission


def user(name="org", staff=True):
    """``staff``: a site administrator (superuser). ``is_staff`` alone opens no event's
    organizer tools (issue 17); per-event organizers are tested in test_event_access.py."""
    return get_user_model().objects.create_user(
        username=name, password="pw", is_staff=staff, is_superuser=staff
    )


def event_with_players(players, day=dt.date(2026, 11, 1), **kw):
    """An event on ``day`` with the given Player rows registered and checked in."""
    event = EventFactory(starts_on=day, ends_on=day, **kw)
    regs = [
        RegistrationFactory(event=event, player=p, status=Registration.Status.CHECKED_IN)
        for p in players
    ]
    return event, regs


def players(n):
    return [PlayerFactory() for _ in range(n)]


def confirmed_table(
    event,
    regs,
    ranks,
    *,
    round_number=1,
    table_number=None,
    totals=None,
    game=None,
    complete=None,
    confirmed_by=None,
):
    """A published round table seating ``regs`` in order with a confirmed result: written
    as confirmed, or (``confirmed_by``: a user who may confirm) submitted and then
    confirmed through ``result_confirm``, which announces it as the service does."""
    from django.utils import timezone

    rnd, _ = Round.objects.get_or_create(
        event=event,
        number=round_number,
        defaults={"status": Round.Status.PUBLISHED, "published_at": timezone.now()},
    )
    number = table_number or (rnd.tables.count() + 1)
    table = Table.objects.create(
        round=rnd, number=number, game_key=game or event.game_key or "imhotep"
    )
    for position, reg in enumerate(regs, start=1):
        Seat.objects.create(table=table, registration=reg, position=position)
    totals = totals or [30 - 5 * (r - 1) for r in ranks]
    outcome = {
        "game": table.game_key,
        "players": [
            {"seat": i + 1, "rank": r, "total": t, "breakdown": {}, "complete": c}
            for i, (r, t, c) in enumerate(
                zip(ranks, totals, complete or [True] * len(ranks), strict=True)
            )
        ],
    }
    submitted = ResultSubmission.objects.create(
        table=table,
        version=1,
        kind=ResultSubmission.Kind.SHEET,
        payload={},
        engine_key=table.game_key,
        outcome=outcome,
        lines=ResultSubmission.lines_of(outcome),
        status=ResultSubmission.Status.SUBMITTED
        if confirmed_by
        else ResultSubmission.Status.CONFIRMED,
        submitted_via=ResultSubmission.Via.USER,
    )
    if confirmed_by is not None:
        from tournaments.events.access import Actor
        from tournaments.results.services.results import result_confirm

        table.status = Table.Status.SUBMITTED
        table.save(update_fields=["status"])
        result_confirm(submission_id=submitted.pk, actor=Actor(user=confirmed_by))
        return table
    table.status = Table.Status.CONFIRMED
    table.save(update_fields=["status"])
    return table
