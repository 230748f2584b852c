"""While a worker plans the schedule, the /ja/ page says so and refreshes by itself
(static/pages/schedule_planning.js, no inline script) until the repeat count is shown."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.events.models import EventRole
from tournaments.seating.models import EventSchedule, SchedulePlanRequest
from tournaments.seating.schedule_requests import schedule_plan_run

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_page_refreshes_from_planning_to_the_repeat_count(live_server, browser):  # noqa: F811
    from django.contrib.auth import get_user_model

    event = EventFactory(slug="pub-night", table_sizes=[4])
    ids = sorted(RegistrationFactory(event=event).pk for _ in range(9))
    user = get_user_model().objects.create_user(username="nadia", password="pw")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    # Queued as the console queues it; the "worker" below is this test, when it chooses.
    request = SchedulePlanRequest.objects.create(
        event=event, rounds=3, seed=7, first_round=1, players=ids, language="ja"
    )
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale="ja-JP")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_server.url}/ja/console/pub-night/schedule/")
    assert "3ラウンドを計画中…" in page.inner_text("#schedule-planning")
    assert page.locator("#schedule-repeats").count() == 0

    stored = schedule_plan_run(request_id=request.pk)
    assert stored is not None
    page.wait_for_selector("#schedule-repeats", timeout=10_000)  # reloaded by the script
    assert page.inner_text("#schedule-repeats") == str(stored.repeat_meetings)
    assert page.locator("#schedule-planning").count() == 0
    assert EventSchedule.objects.get(event=event).seed == 7
    assert not [e for e in errors if "Content Security Policy" in e]
    context.close()
