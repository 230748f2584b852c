"""Sign-ups and cancels at the same moment (issue 29), in real transactions on their own
connections: the event's row lock gives the last place to exactly one phone, and a freed
place to exactly one waiting player."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.tournaments.factories import EventFactory
from tests.tournaments.results.test_races import race
from tournaments.events.models import EventConfig, Registration
from tournaments.events.services.signups import SignupRefused, signup_cancel, signup_create

pytestmark = pytest.mark.django_db(transaction=True)
Status = Registration.Status


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL (set DATABASE_URL)")


def sign(event_id, n, club=""):
    return lambda: signup_create(
        event_id=event_id, name=f"選手{n}", reading=f"せんしゅ{n}", club=club
    )


def test_six_phones_at_once_for_two_places():
    event = EventFactory()
    EventConfig.objects.create(event=event, data={"signup": {"open": True, "capacity": 2}})
    results, errors = race(*(sign(event.pk, n) for n in range(6)))
    assert errors == [None] * 6
    statuses = sorted(r.status for r in results)
    assert statuses == [Status.REGISTERED] * 2 + [Status.WAITLISTED] * 4
    queued = list(
        Registration.objects.filter(event=event, status=Status.WAITLISTED).values_list(
            "queued_at", flat=True
        )
    )
    assert len(set(queued)) == 4  # one after the other: the queue has an order


def test_the_same_person_twice_at_once_gets_one_registration():
    event = EventFactory()
    EventConfig.objects.create(event=event, data={"signup": {"open": True}})
    _results, errors = race(sign(event.pk, 1, "Giza"), sign(event.pk, 1, "giza"))
    assert sorted(type(e).__name__ for e in errors) == ["NoneType", SignupRefused.__name__]
    assert Registration.objects.filter(event=event).count() == 1


def test_two_cancels_at_once_promote_the_first_two_waiting_in_order():
    event = EventFactory()
    EventConfig.objects.create(event=event, data={"signup": {"open": True, "capacity": 2}})
    placed = [sign(event.pk, n)() for n in range(2)]
    waiting = [sign(event.pk, n)() for n in range(2, 5)]
    _results, errors = race(*(lambda r=r: signup_cancel(registration_id=r.pk) for r in placed))
    assert errors == [None, None]
    after = [Registration.objects.get(pk=r.pk).status for r in waiting]
    assert after == [Status.REGISTERED, Status.REGISTERED, Status.WAITLISTED]
    assert Registration.objects.filter(event=event).active().count() == 2
