"""The print pages opened on the organizer's phone (first-evening walk-through, 390 px):
the round's table cards scrolled sideways to 604 px (the judge links did not wrap) and the
private-URL slips to 426 px (three columns of 30 mm codes do not fit)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.console.test_archive import played_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_table_cards_and_slips_fit_a_phone(live_server, browser):  # noqa: F811
    event, user = played_event(rounds=1, players=8)
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale="ja-JP", viewport=PHONE, is_mobile=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    base = f"{live_server.url}/ja/console/{event.slug}"
    for path, shown in [("/rounds/1/print/", ".judge-url"), ("/players/slips/", ".slip")]:
        page.goto(base + path)
        assert page.locator(shown).count() >= 2, path
        # a mobile page's window grows to its content: compare with the phone's width
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (path, width)
    context.close()
