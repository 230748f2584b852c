"""Issue 21 (scale): a rush of check-ins sends one summary refresh, not one per check-in
(the public page renders: tests/tournaments/public/test_prerender_coalescing.py)."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import RegistrationFactory
from tournaments.events import tasks as event_tasks
from tournaments.events.models import EventSummary, Registration
from tournaments.events.services.registrations import registration_check_in
from tournaments.events.services.summaries import event_summary_refresh

pytestmark = pytest.mark.django_db


def test_a_check_in_rush_sends_one_summary_refresh(
    event, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(
        event_tasks.event_summary_refresh_task, "apply_async", lambda args, **kw: sent.append(args)
    )
    people = RegistrationFactory.create_batch(
        20, event=event, status=Registration.Status.REGISTERED
    )
    for registration in people:
        with django_capture_on_commit_callbacks(execute=True):
            registration_check_in(registration_id=registration.pk)
    assert sent == [(event.pk,)]

    # The refresh clears the flag before it reads: a later check-in sends a new one.
    summary = event_summary_refresh(event_id=event.pk)
    assert summary.checked_in == 20
    late = RegistrationFactory(event=event, status=Registration.Status.REGISTERED)
    with django_capture_on_commit_callbacks(execute=True):
        registration_check_in(registration_id=late.pk)
    assert sent == [(event.pk,), (event.pk,)]


def test_a_refused_broker_keeps_the_refresh_for_the_reconciler(
    event, monkeypatch, django_capture_on_commit_callbacks
):
    from kombu.exceptions import OperationalError

    from tournaments.events.models import OutboxTask
    from tournaments.events.outbox import outbox_drain

    def refuse(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(event_tasks.event_summary_refresh_task, "apply_async", refuse)
    monkeypatch.setitem(event_tasks.event_summary_refresh_task.app.conf, "task_always_eager", False)
    registration = RegistrationFactory(event=event, status=Registration.Status.REGISTERED)
    with django_capture_on_commit_callbacks(execute=True):
        registration_check_in(registration_id=registration.pk)  # no exception
    assert OutboxTask.objects.get().task == "tournaments.event_summary_refresh"
    monkeypatch.undo()
    assert outbox_drain() == 1  # eager here: the refresh runs
    assert EventSummary.objects.get(event=event).checked_in == 1
