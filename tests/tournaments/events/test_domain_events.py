"""Each service that changes the domain announces one domain event (``events.domain``),
delivered after its commit, with what changed before and after; none when it rolls back
or refuses. No receiver decides what happened from a Round save (issue 27 item 1)."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.models.signals import pre_save

from tests.tournaments.factories import EventFactory, RegistrationFactory, RoundFactory
from tests.tournaments.results.helpers import (
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    user,
)
from tournaments.events import domain
from tournaments.events.access import Actor
from tournaments.events.domain import (
    ClockChanged,
    EventStatusChanged,
    RegistrationChanged,
    ResultChanged,
    RoundSeated,
    RoundStatusChanged,
    StandingsUpdated,
    TableResult,
)
from tournaments.events.models import EventRole, Registration, Round, Table
from tournaments.events.services.registrations import registration_check_in
from tournaments.results.services import results as svc
from tournaments.seating.services import SeatingServiceError, round_close, round_publish

pytestmark = pytest.mark.django_db


def _judge(table) -> Actor:
    return Actor(judge_table_id=table.pk)


def _results(heard) -> list[ResultChanged]:
    """The results' announcements (the standings task, eager here, announces too)."""
    return [e for e in heard if isinstance(e, ResultChanged)]


def _head_judge(event) -> Actor:
    return Actor(user=user("head", event=event, role=EventRole.Kind.HEAD_JUDGE))


def test_an_announcement_waits_for_the_commit_and_dies_with_a_rollback(
    django_capture_on_commit_callbacks, announcements
):
    said = EventStatusChanged(event_id=1, before="running", after="finished")
    with django_capture_on_commit_callbacks(execute=True):
        domain.announce(said)
        assert announcements == []  # not before the commit
    assert announcements == [said]

    announcements.clear()
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        domain.announce(said)
        raise RuntimeError("the write fails")
    assert callbacks == [] and announcements == []


def test_a_failing_subscriber_does_not_stop_the_others(announcements):
    def broken(event):
        raise ValueError("down")

    domain.subscribe(EventStatusChanged, broken)
    try:
        said = EventStatusChanged(event_id=1, before="running", after="finished")
        domain.deliver(said)
    finally:
        domain.unsubscribe(EventStatusChanged, broken)
    assert announcements == [said]


def test_publishing_and_closing_a_round_announce_its_status(
    django_capture_on_commit_callbacks, announcements
):
    event = make_event("imhotep", policy="none")
    rnd = RoundFactory(event=event, number=1)
    table = make_table(event, round_=rnd)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=rnd.pk)
    assert announcements == [
        RoundStatusChanged(
            event_id=event.pk, round_id=rnd.pk, number=1, before="draft", after="published"
        )
    ]
    with django_capture_on_commit_callbacks(execute=True):
        svc.result_submit(
            table_id=table.pk, actor=_judge(table), kind="sheet", payload=imhotep_sheet()
        )
    announcements.clear()
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round_id=rnd.pk)
    assert announcements == [
        RoundStatusChanged(
            event_id=event.pk, round_id=rnd.pk, number=1, before="published", after="closed"
        )
    ]


def test_a_refused_publication_announces_nothing(django_capture_on_commit_callbacks, announcements):
    rnd = RoundFactory(event=EventFactory(), number=1)  # no tables: refused
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(SeatingServiceError):
        round_publish(round_id=rnd.pk)
    assert announcements == []


def test_submit_then_players_confirm_announce_each_call_once(
    django_capture_on_commit_callbacks, announcements
):
    event = make_event("imhotep", policy="players")
    table = make_table(event)
    with django_capture_on_commit_callbacks(execute=True):
        sub = svc.result_submit(
            table_id=table.pk, actor=_judge(table), kind="sheet", payload=imhotep_sheet()
        ).submission
    assert _results(announcements) == [
        ResultChanged(
            event_id=event.pk,
            round_id=table.round_id,
            round_number=table.round.number,
            table_id=table.pk,
            table_number=table.number,
            action="saved",
            before=TableResult(status="pending", confirmed_id=None),
            after=TableResult(status="submitted", confirmed_id=None),
        )
    ]
    seats = seat_registrations(table)
    for count, rid in enumerate(seats, start=1):
        with django_capture_on_commit_callbacks(execute=True):
            svc.result_confirm(submission_id=sub.pk, actor=_judge(table), registration_id=rid)
        assert len(_results(announcements)) == 1 + count  # one per call
    last = _results(announcements)[-1]
    assert last.action == "confirmed"
    assert last.before == TableResult(status="submitted", confirmed_id=None)
    assert last.after == TableResult(status="confirmed", confirmed_id=sub.pk)
    # The earlier confirmations did not confirm the result yet.
    assert _results(announcements)[1].after == TableResult(status="submitted", confirmed_id=None)


def test_dispute_ruling_and_discard_announce_before_and_after(
    django_capture_on_commit_callbacks, announcements
):
    event = make_event("imhotep", policy="none")
    table = make_table(event)
    with django_capture_on_commit_callbacks(execute=True):
        sub = svc.result_submit(
            table_id=table.pk, actor=_judge(table), kind="sheet", payload=imhotep_sheet()
        ).submission
    assert _results(announcements)[-1].after == TableResult(status="confirmed", confirmed_id=sub.pk)
    head = _head_judge(event)
    announcements.clear()
    with django_capture_on_commit_callbacks(execute=True):
        svc.result_dispute(submission_id=sub.pk, actor=head, reason="wrong sled")
    [disputed] = _results(announcements)
    assert (disputed.action, disputed.before, disputed.after) == (
        "disputed",
        TableResult(status="confirmed", confirmed_id=sub.pk),
        TableResult(status="disputed", confirmed_id=None),
    )
    announcements.clear()
    with django_capture_on_commit_callbacks(execute=True):
        svc.result_rule(
            actor=head,
            table_id=table.pk,
            kind="variant_interpretation",
            reason="checked the sheet",
            submission_id=sub.pk,
            resolution="confirm",
        )
    [ruled] = _results(announcements)
    assert (ruled.action, ruled.ruling_kind, ruled.after.confirmed_id) == (
        "ruled",
        "variant_interpretation",
        sub.pk,
    )
    announcements.clear()
    with django_capture_on_commit_callbacks(execute=True):
        svc.result_discard(submission_id=sub.pk, actor=head, reason="entered twice")
    [discarded] = _results(announcements)
    assert discarded.before.confirmed_id == sub.pk
    assert discarded.after == TableResult(status=Table.Status.PENDING, confirmed_id=None)


def test_a_refused_entry_announces_nothing(django_capture_on_commit_callbacks, announcements):
    event = make_event("imhotep", policy="none")
    table = make_table(event)
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(svc.ResultError):
        svc.result_submit(
            table_id=table.pk,
            actor=_judge(table),
            kind="sheet",
            payload=imhotep_sheet(),
            base_version=3,  # a version conflict: nothing is written
        )
    assert announcements == []


def test_a_new_standings_snapshot_is_announced_once(
    django_capture_on_commit_callbacks, announcements
):
    from tournaments.standings.services import standings_recompute

    event = make_event("imhotep", policy="none")
    table = make_table(event)
    svc.result_submit(table_id=table.pk, actor=_judge(table), kind="sheet", payload=imhotep_sheet())
    announcements.clear()
    with django_capture_on_commit_callbacks(execute=True):
        first = standings_recompute(event_id=event.pk)
        again = standings_recompute(event_id=event.pk)  # unchanged: no new snapshot
    assert again.pk == first.pk
    assert announcements == [
        StandingsUpdated(
            event_id=event.pk,
            snapshot_id=first.pk,
            version=first.version,
            after_round=first.after_round,
            previous_id=None,
        )
    ]


def test_check_in_and_event_status_announce_before_and_after(
    django_capture_on_commit_callbacks, announcements
):
    from tournaments.console.services.events import event_set_status

    event = EventFactory()
    registration = RegistrationFactory(event=event, status=Registration.Status.REGISTERED)
    with django_capture_on_commit_callbacks(execute=True):
        registration_check_in(registration_id=registration.pk)
        registration_check_in(registration_id=registration.pk)  # no change, no announcement
    assert announcements == [
        RegistrationChanged(
            event_id=event.pk,
            registration_id=registration.pk,
            before="registered",
            after="checked_in",
        )
    ]
    announcements.clear()
    before = event.status
    with django_capture_on_commit_callbacks(execute=True):
        event_set_status(event_id=event.pk, status="finished")
    assert announcements == [EventStatusChanged(event_id=event.pk, before=before, after="finished")]


def test_the_clock_announces_its_deadline(django_capture_on_commit_callbacks, announcements):
    from tournaments.seating.clock import clock_extend, clock_start

    rnd = RoundFactory(event=EventFactory(), published=True)
    with django_capture_on_commit_callbacks(execute=True):
        clock = clock_start(round_id=rnd.pk, minutes=30)
    [started] = announcements
    assert isinstance(started, ClockChanged) and started.before is None
    assert started.after == clock.deadline
    announcements.clear()
    with django_capture_on_commit_callbacks(execute=True):
        clock_extend(round_id=rnd.pk, minutes=5)
    [extended] = announcements
    assert (extended.after - extended.before).total_seconds() == 300


def test_manual_seat_changes_announce_the_round_status(
    django_capture_on_commit_callbacks, announcements
):
    from tournaments.seating.services import seats_swap

    event = make_event("imhotep")
    table = make_table(event)
    other = make_table(event, round_=table.round)
    a, b = seat_registrations(table)[0], seat_registrations(other)[0]
    with django_capture_on_commit_callbacks(execute=True):
        seats_swap(round_id=table.round_id, registration_a=a, registration_b=b)
    assert [(type(e), e.round_status) for e in announcements] == [(RoundSeated, "published")]


def test_no_pre_save_receiver_stashes_a_round_status():
    """Who published or closed a round is said by the service, not guessed from a save."""
    assert not pre_save.has_listeners(Round)
