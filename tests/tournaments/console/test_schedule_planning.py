"""A plan that needs the search is made by a worker: the page says "planning…" and
refreshes (static JS polling the status URL) until the repeat count is there. Known
designs are still planned at once. Tasks run eagerly here (SQLite)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.events.models import EventRole
from tournaments.results.models import ActionLog
from tournaments.seating.models import EventSchedule, SchedulePlanRequest
from tournaments.seating.schedule_requests import schedule_plan_request, schedule_plan_run
from tournaments.seating.schedules import schedule_upload

pytestmark = pytest.mark.django_db

URL = "/{lang}/console/pub-night/schedule/"
STATUS = "/en/console/pub-night/schedule/status/"


@pytest.fixture
def pub_night(client):
    # 9 players in fours: a bye every round, so no design applies and the search runs
    event = EventFactory(slug="pub-night", table_sizes=[4], rounds_planned=4)
    regs = [RegistrationFactory(event=event) for _ in range(9)]
    user = get_user_model().objects.create_user(username="nadia", password="pw")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    client.force_login(user)
    return event, regs


def test_a_searched_plan_shows_planning_until_the_worker_stores_it(
    client, pub_night, django_capture_on_commit_callbacks
):
    event, _regs = pub_night
    with django_capture_on_commit_callbacks(execute=False) as sent:
        response = client.post(URL.format(lang="ja"), {"action": "plan", "rounds": "4"})
    assert response.status_code == 302
    assert len(sent) == 1  # the task waits for the commit
    assert not EventSchedule.objects.filter(event=event).exists()
    page = client.get(URL.format(lang="ja")).content.decode()
    assert 'id="schedule-planning"' in page and "4ラウンドを計画中…" in page
    assert "pages/schedule_planning.js" in page and "<script>" not in page
    assert "Planning" not in page and "Refresh" not in page
    assert client.get(STATUS).json() == {"planning": True}

    sent[0]()  # the commit happens: the eager task plans and stores
    stored = EventSchedule.objects.get(event=event)
    assert stored.method == "search" and stored.repeat_meetings >= stored.lower_bound > 0
    assert SchedulePlanRequest.objects.get(event=event).status == "done"
    assert client.get(STATUS).json() == {"planning": False}
    page = client.get(URL.format(lang="ja")).content.decode()
    assert 'id="schedule-planning"' not in page
    assert f'<strong id="schedule-repeats">{stored.repeat_meetings}</strong>' in page
    log = ActionLog.objects.get(event=event, action="schedule_planned")
    assert log.actor == "user:nadia"


def test_a_known_design_is_still_planned_within_the_request(client, pub_night):
    event, _regs = pub_night
    for _ in range(7):
        RegistrationFactory(event=event)  # 16 players in fours: AG(2, 4)
    response = client.post(URL.format(lang="en"), {"action": "plan", "rounds": "5"})
    assert response.status_code == 302
    assert EventSchedule.objects.get(event=event).method.startswith("construction:")
    assert not SchedulePlanRequest.objects.exists()


def test_running_a_request_twice_stores_one_plan(django_capture_on_commit_callbacks):
    event = EventFactory(table_sizes=[4])
    for _ in range(9):
        RegistrationFactory(event=event)
    with django_capture_on_commit_callbacks(execute=True):  # the eager task runs once
        request = schedule_plan_request(event_id=event.pk, rounds=3)
    assert isinstance(request, SchedulePlanRequest)
    first = EventSchedule.objects.get(event=event)
    assert schedule_plan_run(request_id=request.pk) is None
    assert EventSchedule.objects.get(event=event).pk == first.pk
    assert ActionLog.objects.filter(event=event, action="schedule_planned").count() == 1


def test_a_field_that_changed_while_planning_is_not_stored_and_the_page_says_why(
    client, pub_night, django_capture_on_commit_callbacks
):
    event, _regs = pub_night
    with django_capture_on_commit_callbacks(execute=False) as sent:
        client.post(URL.format(lang="ja"), {"action": "plan", "rounds": "3"})
    RegistrationFactory(event=event)  # a late check-in before the worker runs
    sent[0]()
    assert not EventSchedule.objects.filter(event=event).exists()
    request = SchedulePlanRequest.objects.get(event=event)
    assert request.status == "failed"
    page = client.get(URL.format(lang="ja")).content.decode()
    assert "スケジュールの計画中にチェックイン" in page
    assert 'id="schedule-planning"' not in page
    client.post(URL.format(lang="ja"), {"action": "delete"})  # the organizer moves on
    page = client.get(URL.format(lang="ja")).content.decode()
    assert "スケジュールの計画中にチェックイン" not in page


def test_an_upload_replaces_a_plan_still_being_made(
    client, pub_night, django_capture_on_commit_callbacks
):
    event, regs = pub_night
    with django_capture_on_commit_callbacks(execute=False) as sent:
        client.post(URL.format(lang="en"), {"action": "plan", "rounds": "3"})
    ids = [r.pk for r in regs]
    text = f"1,1,{ids[0]},{ids[1]},{ids[2]},{ids[3]}\n1,2,{ids[4]},{ids[5]},{ids[6]},{ids[7]}\n"
    schedule_upload(event_id=event.pk, text=text)
    sent[0]()  # the worker comes late: the upload stays
    assert EventSchedule.objects.get(event=event).method == "fixed"
    assert SchedulePlanRequest.objects.get(event=event).status == "superseded"


def test_the_status_url_is_for_the_events_organizers_only(client, pub_night):
    outsider = get_user_model().objects.create_user(username="omar", password="pw")
    client.force_login(outsider)
    assert client.get(STATUS).status_code == 403
