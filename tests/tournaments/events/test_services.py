"""Registration services and the event summary task (eager Celery in these tests)."""

from __future__ import annotations

import pytest
from django.db import transaction

from tests.tournaments.factories import PlayerFactory, RegistrationFactory
from tournaments.events.models import EventSummary, Registration
from tournaments.events.services.registrations import (
    registration_check_in,
    registration_create,
    registration_drop,
)
from tournaments.events.services.summaries import event_summary_refresh
from tournaments.events.tasks import event_summary_refresh_task

pytestmark = pytest.mark.django_db


def test_check_in_refreshes_the_summary_after_commit(event, django_capture_on_commit_callbacks):
    registration = RegistrationFactory(event=event, status=Registration.Status.REGISTERED)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        registration_check_in(registration_id=registration.pk)
    # The refresh (and any page-cache bump) waits for the commit.
    assert callbacks
    summary = EventSummary.objects.get(event=event)
    assert (summary.registered, summary.checked_in, summary.dropped) == (1, 1, 0)


def test_nothing_is_scheduled_before_commit(event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        registration_create(event=event, player=PlayerFactory())
    assert callbacks
    assert not EventSummary.objects.filter(event=event).exists()


def test_unchanged_status_schedules_nothing(event, django_capture_on_commit_callbacks):
    registration = RegistrationFactory(event=event, status=Registration.Status.CHECKED_IN)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        registration_check_in(registration_id=registration.pk)
    assert callbacks == []


def test_drop_counts(event, django_capture_on_commit_callbacks):
    keep, leave = RegistrationFactory.create_batch(2, event=event)
    with django_capture_on_commit_callbacks(execute=True):
        registration_drop(registration_id=leave.pk)
    summary = EventSummary.objects.get(event=event)
    assert (summary.registered, summary.checked_in, summary.dropped) == (2, 1, 1)


def test_refresh_is_idempotent(event):
    RegistrationFactory.create_batch(3, event=event)
    first = event_summary_refresh(event_id=event.pk)
    second = event_summary_refresh(event_id=event.pk)
    assert first.pk == second.pk
    assert EventSummary.objects.filter(event=event).count() == 1
    assert second.registered == 3


def test_task_returns_false_for_a_deleted_event(event):
    event_id = event.pk
    event.delete()
    assert event_summary_refresh_task.delay(event_id).get() is False
    assert not EventSummary.objects.exists()


def test_rolled_back_check_in_schedules_nothing(event, django_capture_on_commit_callbacks):
    registration = RegistrationFactory(event=event, status=Registration.Status.REGISTERED)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        registration_check_in(registration_id=registration.pk)
        raise RuntimeError("the organiser's browser crashed")
    assert callbacks == []
    registration.refresh_from_db()
    assert registration.status == Registration.Status.REGISTERED
