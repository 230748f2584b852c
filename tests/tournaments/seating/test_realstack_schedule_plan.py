"""A schedule that needs the search is planned by a real Celery worker (PostgreSQL +
Redis): the console answers at once, then the page shows the stored repeat count.

Skipped only when DATABASE_URL/REDIS_URL are unset (see tests/realstack.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.events.models import EventRole
from tournaments.seating.models import EventSchedule, SchedulePlanRequest

pytestmark = [pytest.mark.realstack, pytest.mark.django_db(transaction=True)]


def test_the_worker_plans_the_schedule_the_console_asked_for(real_celery_worker, client):
    event = EventFactory(slug="pub-night", table_sizes=[4])
    for _ in range(13):  # a bye every round: no design, the search runs
        RegistrationFactory(event=event)
    user = get_user_model().objects.create_user(username="nadia", password="pw")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    client.force_login(user)
    response = client.post("/en/console/pub-night/schedule/", {"action": "plan", "rounds": "4"})
    assert response.status_code == 302

    def planned():
        return SchedulePlanRequest.objects.filter(event=event, status="done").exists() or None

    real_celery_worker.wait_for(planned)
    stored = EventSchedule.objects.get(event=event)
    assert stored.method == "search" and [r["number"] for r in stored.rounds] == [1, 2, 3, 4]
    assert client.get("/en/console/pub-night/schedule/status/").json() == {"planning": False}
    page = client.get("/en/console/pub-night/schedule/").content.decode()
    assert f'<strong id="schedule-repeats">{stored.repeat_meetings}</strong>' in page
    assert "Task tournaments.schedule_plan[" in real_celery_worker.log()
