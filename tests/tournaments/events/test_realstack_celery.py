"""A real Celery worker process runs tasks that services enqueue with transaction.on_commit.

Skipped only when DATABASE_URL/REDIS_URL are unset; fails when they are set but unreachable.
"""

from __future__ import annotations

import pytest
from django.db import transaction

from tests.tournaments.factories import RegistrationFactory
from tournaments.events.models import EventSummary, Registration
from tournaments.events.services.registrations import registration_check_in

pytestmark = [pytest.mark.realstack, pytest.mark.django_db(transaction=True)]


def _summary(event_id: int, checked_in: int):
    return EventSummary.objects.filter(event_id=event_id, checked_in=checked_in).first()


def test_task_enqueued_on_commit_runs_in_the_worker(real_celery_worker):
    registration = RegistrationFactory(status=Registration.Status.REGISTERED)
    event_id = registration.event_id

    with transaction.atomic():
        registration_check_in(registration_id=registration.pk)
        assert not EventSummary.objects.filter(event_id=event_id).exists()

    summary = real_celery_worker.wait_for(lambda: _summary(event_id, checked_in=1))
    assert (summary.registered, summary.checked_in, summary.dropped) == (1, 1, 0)
    # The worker logs "succeeded" just after the task's transaction commits: wait for it.
    log = real_celery_worker.wait_for(
        lambda: next((text for text in [real_celery_worker.log()] if "succeeded" in text), None)
    )
    assert "Task tournaments.event_summary_refresh[" in log


def test_task_enqueued_in_a_rolled_back_transaction_never_runs(real_celery_worker):
    rolled_back = RegistrationFactory(status=Registration.Status.REGISTERED)
    committed = RegistrationFactory(status=Registration.Status.REGISTERED)

    with pytest.raises(RuntimeError), transaction.atomic():
        registration_check_in(registration_id=rolled_back.pk)
        raise RuntimeError("the organiser's request failed after the check-in")

    # The worker consumes its queue in order: once the later, committed task has run, the
    # rolled-back one would have run before it, had it been sent.
    registration_check_in(registration_id=committed.pk)
    real_celery_worker.wait_for(lambda: _summary(committed.event_id, checked_in=1))

    assert not EventSummary.objects.filter(event_id=rolled_back.event_id).exists()
    rolled_back.refresh_from_db()
    assert rolled_back.status == Registration.Status.REGISTERED
