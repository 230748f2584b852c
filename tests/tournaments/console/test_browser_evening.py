"""An organizer's evening on a phone-sized Chromium (390×844, Japanese pages): round 1
seated and published with the clock running (and counting down on the public seating
page), results confirmed (through the result services), round 2, a final table from the
standings, the finish, and the podium with the winner on the public event page."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.console.helpers import confirm_all, organizer
from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.events.models import Event, EventConfig, EventRole, RoundClock
from tournaments.results.models import ActionLog

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def _phone_page(browser, live_server, user):  # noqa: F811 - the fixture's value
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale="ja-JP", viewport=PHONE, is_mobile=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def _play_round(page, base, event, user, number):
    """Results confirmed at every table, then the round closed from its board."""
    rnd = event.rounds.get(number=number)
    confirm_all(rnd, user)
    page.goto(f"{base}/rounds/{number}/board/?refresh=0")
    page.click("#close-round")
    page.wait_for_load_state()
    rnd.refresh_from_db()
    assert rnd.status == "closed"


def test_an_evening_with_clock_final_and_podium_on_a_phone(live_server, browser):  # noqa: F811
    user = organizer()
    event = EventFactory(slug="evening", status=Event.Status.REGISTRATION, table_sizes=[4])
    EventRole.objects.create(user=user, event=event, role="organizer")
    EventConfig.objects.create(event=event, data={"round_minutes": 50, "finals_cut": 4})
    for _ in range(8):
        RegistrationFactory(event=event)
    page = _phone_page(browser, live_server, user)
    base = f"{live_server.url}/ja/console/evening"
    public = f"{live_server.url}/ja/events/evening"

    # round 1: seat, publish, start the clock
    page.goto(f"{base}/")
    page.click("#new-round")
    page.click("#seat-round")
    assert page.locator("#seating > li").count() == 2
    page.click("#publish-round")
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING  # no longer "registration open"
    page.click("#clock-start")
    assert RoundClock.objects.filter(round__event=event, round__number=1).exists()
    assert page.locator("#clock-pause").is_visible()

    # the public seating page shows the clock, counting down in the browser
    viewer = page.context.new_page()
    viewer.goto(f"{public}/rounds/1/seating/")
    clock = viewer.locator("#live .clock")
    assert clock.is_visible() and "残り時間" in clock.inner_text()
    first = clock.locator(".clock-time").inner_text()
    assert first.startswith(("49:", "50:"))
    viewer.wait_for_function(
        "t => document.querySelector('#live .clock .clock-time').textContent !== t",
        arg=first,
        timeout=5_000,
    )
    viewer.goto(f"{public}/")
    assert "開催中" in viewer.inner_text("main")

    # extend the round from the board; the public page follows
    page.goto(f"{base}/rounds/1/board/")
    page.fill("#round-clock input[name=minutes]", "10")
    page.click("#clock-extend")
    assert ActionLog.objects.filter(event=event, action="clock_extended").exists()
    viewer.goto(f"{public}/rounds/1/seating/")
    assert viewer.locator("#live .clock .clock-time").inner_text().startswith(("59:", "60:"))

    _play_round(page, base, event, user, 1)

    # round 2 by standings
    page.goto(f"{base}/")
    page.click("#new-round")
    page.click("#seat-round")
    page.click("#publish-round")
    _play_round(page, base, event, user, 2)

    # the final table: top four from the standings, named as the final
    page.goto(f"{base}/")
    assert page.locator("#create-finals").is_visible()
    page.click("#create-finals")
    assert "決勝" in page.inner_text("#round-title")
    assert page.locator("#seat-round").count() == 0  # the final is not drawn again
    page.click("#publish-round")
    final = event.rounds.get(number=3)
    assert final.is_final and final.seats.count() == 4
    viewer.goto(f"{public}/")
    assert "決勝卓が対戦中です。" in viewer.inner_text("main")
    _play_round(page, base, event, user, 3)

    # finish: no more rounds; the podium is public
    page.goto(f"{base}/")
    assert page.locator("#new-round").count() == 0
    page.click("#finish-event")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert page.locator("#event-finished").is_visible()
    assert page.locator("#new-round").count() == 0

    table = final.tables.get()
    sub = table.submissions.get(status="confirmed")
    ranks = [p["rank"] for p in sub.outcome["players"]]
    seats = list(table.seats.order_by("position").select_related("registration__player"))
    winner = seats[ranks.index(1)].registration.player.display_name

    viewer.goto(f"{public}/")
    podium = viewer.locator("#podium")
    assert podium.is_visible()
    first_place = podium.locator(".place-1")
    assert "優勝" in first_place.inner_text() and winner in first_place.inner_text()
    box = first_place.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]  # fits the phone
    assert "終了" in viewer.inner_text("main")

    # final standings on the phone: place, name, points and the first tiebreak visible
    viewer.goto(f"{public}/standings/")
    final_rows = viewer.locator("#final-standings tbody tr")
    assert winner in final_rows.first.inner_text()
    header = viewer.locator("#final-standings thead th")
    assert header.count() > 4  # more columns than a phone shows
    visible = [header.nth(i).is_visible() for i in range(header.count())]
    assert visible[:4] == [True, True, True, True] and not any(visible[4:])
    viewer.check("#all-columns")
    assert all(header.nth(i).is_visible() for i in range(header.count()))
