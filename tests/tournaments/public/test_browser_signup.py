"""The café's week (issue 29): twenty players sign up from their phones (/ja/, 390×844),
the 21st lands on the waiting list and moves up when one of the twenty cancels from their
private page; a player on a desktop (/en/) then signs up and waits first in line."""

from __future__ import annotations

import time

import pytest

from tests.japanese_pages import english_in, page_texts
from tests.tournaments.factories import EventFactory
from tests.tournaments.public.test_browser import narrow_page_problems
from tournaments.events.models import EventConfig, Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
CAPACITY = 20


def sign_up(page, base: str, language: str, slug: str, n: int, club: str = "") -> str:
    """Open the event's page, follow its sign-up link, fill the form, send it; the
    private page's path."""
    page.goto(f"{base}/{language}/events/{slug}/")
    page.click("#signup-link")
    page.fill("#id_name", f"選手{n:02d}")
    page.fill("#id_reading", f"せんしゅ{n:02d}")
    page.fill("#id_club", club)
    page.click("#signup-form button[type=submit]")
    page.wait_for_url("**/p/*/?done=signed-up")
    return page.url.split("?")[0]


def status_after_reload(page, url: str, wanted: str, seconds: float = 15) -> str:
    """The private page's status, reloading until it says ``wanted`` (a page re-rendered
    after a change may be served once from its previous render)."""
    deadline = time.monotonic() + seconds
    while True:
        page.goto(url)
        shown = page.inner_text("#my-status")
        if shown == wanted or time.monotonic() > deadline:
            return shown
        time.sleep(0.3)


def test_twenty_sign_up_the_21st_waits_and_moves_up(live_server, browser):
    event = EventFactory(name="カフェの週末大会", slug="cafe-week", venue="カフェ・カイロ")
    EventConfig.objects.create(event=event, data={"signup": {"open": True, "capacity": CAPACITY}})
    # bypass_csp: only so that axe (an inline script) can be injected
    phone = browser.new_context(
        locale="ja-JP", viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True
    )
    page = phone.new_page()
    private = [sign_up(page, live_server.url, "ja", event.slug, n) for n in range(1, 21)]
    assert page.inner_text("#my-status") == "登録済み"
    assert page.locator("#save-page img").count() == 1  # the QR code to save, at once
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert Registration.objects.filter(event=event, status="registered").count() == CAPACITY

    waiting_url = sign_up(page, live_server.url, "ja", event.slug, 21)
    assert page.inner_text("#my-status") == "キャンセル待ち"
    assert "1番目" in page.inner_text("#waitlist-position")
    names = (event.name, event.venue, "選手21")
    assert english_in(page_texts(page.content()), names=names) == []
    # axe finds nothing; no sideways scroll; every control at least 44 px.
    assert narrow_page_problems(page) == []

    # The sign-up page now says the event is full, on the phone's width.
    page.goto(f"{live_server.url}/ja/events/{event.slug}/signup/")
    assert "20名" in page.inner_text("#places")
    assert narrow_page_problems(page) == []

    # Player 7 cancels from their private page: the box first, then the button.
    page.goto(private[6])
    page.check("#cancel-form input[name=sure]")
    page.click("#cancel-form button[type=submit]")
    page.wait_for_url("**/?done=cancelled")
    assert page.inner_text("#my-status") == "キャンセル済み"
    assert page.locator("#cancel-form").count() == 0

    assert status_after_reload(page, waiting_url, "登録済み") == "登録済み"
    assert page.locator("#waitlist-position").count() == 0
    phone.close()

    desktop = browser.new_context(locale="en-GB", viewport=DESKTOP)
    page = desktop.new_page()
    sign_up(page, live_server.url, "en", event.slug, 22, club="Luxor")
    assert page.inner_text("#my-status") == "On the waiting list"
    assert "number 1 on the waiting list" in page.inner_text("#waitlist-position")
    desktop.close()
    statuses = list(
        Registration.objects.filter(event=event).values_list("status", flat=True).order_by("pk")
    )
    assert statuses.count("registered") == CAPACITY
    assert statuses.count("cancelled") == 1 and statuses[-1] == "waitlisted"
