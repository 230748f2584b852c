"""axe-core in Chromium at 360 px on the main console pages of the demo event in /ja/, as
its organizer: no accessibility violations, no sideways scrolling, and every control a
thumb presses at least 44 px (buttons, fields, checkboxes with their labels, the links of
the navigation bars). Links inside a sentence are exempt (WCAG 2.5.8, inline targets).

Not checked for sideways scrolling (they are wide on purpose): the printed views (table
cards, player slips, paper score sheets: A4 layouts) and the full edition table (every
printed value with its source; the short screen for lost values is checked instead)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tests.browser_layout import scrolls_sideways
from tests.tournaments.console.test_archive import played_event
from tests.tournaments.results.helpers import make_event, make_table
from tests.tournaments.results.test_browser_axe import TARGETS, axe_violations
from tournaments.console.demo.accounts import DEMO_ORGANIZER
from tournaments.console.management.commands.demo import DEMO_SLUG
from tournaments.console.services.finals import finals_create
from tournaments.events.access import Actor
from tournaments.events.models import EventRole, Table
from tournaments.integrations.models import TOPICS, Webhook
from tournaments.integrations.services import token_create
from tournaments.results.services import results as svc

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 360
# The judge pages' measurement, with the console's bars of links (its navigation and the
# rows of actions marked ``.actions``) added: those are what a thumb presses.
CONSOLE_TARGETS = TARGETS.replace("main a.button'", "main a.button, main nav a, main .actions a'")
NILE_SHEET = {"players": [{"combo": 5, "area": 10, "miss": -1}, {"combo": 3, "area": 8, "miss": 0}]}


def _pages(slug: str, table: Table, nile_slug: str) -> list[str]:
    n, t = table.round.number, table.number
    return [
        "/ja/console/",
        "/ja/console/new/",
        f"/ja/console/{slug}/",
        f"/ja/console/{slug}/edit/",
        f"/ja/console/{slug}/players/",
        f"/ja/console/{slug}/players/import/",
        f"/ja/console/{slug}/check-in/",
        f"/ja/console/{slug}/judges/",
        f"/ja/console/{slug}/schedule/",
        f"/ja/console/{slug}/api-access/",
        f"/ja/console/{slug}/rounds/{n}/",
        f"/ja/console/{slug}/rounds/{n}/board/",
        f"/ja/console/{slug}/rounds/{n}/tables/{t}/",
        f"/ja/console/{slug}/awards/",
        f"/ja/console/tools/{slug}/",
        f"/ja/console/tools/{slug}/editions/",
        f"/ja/console/tools/{slug}/sheets/",
        f"/ja/console/{nile_slug}/",  # with the warning about incomplete results
        f"/ja/console/tools/{nile_slug}/editions/nile_murals/lost/",
    ]


def test_main_console_pages_in_japanese_at_360px(live_server, browser):  # noqa: F811
    call_command("demo", stdout=StringIO())
    organizer = get_user_model().objects.get(username=DEMO_ORGANIZER)
    table = Table.objects.filter(round__event__slug=DEMO_SLUG).order_by("number").first()
    nile = make_event("nile_murals")
    EventRole.objects.create(user=organizer, event=nile, role="organizer")
    nile_table = make_table(nile, players=2)
    svc.result_submit(
        table_id=nile_table.pk, actor=Actor(judge_table_id=nile_table.pk), kind="sheet",
        payload=NILE_SHEET,
    )  # fmt: skip
    # The integrations page with a row in its token and webhook tables (their buttons).
    event = table.round.event
    token_create(user=organizer, name="café", event=event, can_write=False)
    Webhook.objects.create(event=event, url="https://example.org/hook", topics=list(TOPICS))
    played, _org = played_event(rounds=1, players=8)  # ready for a top cut to a final
    EventRole.objects.create(user=organizer, event=played, role="organizer")
    client = Client()
    client.force_login(organizer)
    # axe is injected as an inline script, which the site's CSP refuses: this context
    # bypasses the CSP for the test tool only.
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": 740},
        is_mobile=True,
        has_touch=True,
        bypass_csp=True,
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    found = {}
    measured = 0

    def visit(url: str) -> None:
        nonlocal measured
        answer = page.goto(live_server.url + url)
        assert answer.status == 200, url
        problems = axe_violations(page)
        if scrolls_sideways(page):
            wide = page.evaluate("document.documentElement.scrollWidth")
            problems.append(f"sideways scroll: {wide} px wide at {PHONE_WIDTH} px")
        targets = page.evaluate(CONSOLE_TARGETS)
        measured += len(targets)
        problems += [f"small target {t}" for t in targets if t[1] < 44 or t[2] < 44]
        if problems:
            found[url] = problems

    try:
        for url in _pages(DEMO_SLUG, table, nile.slug):
            visit(url)
        # The final: the event's page with its top-cut form, then the final round's pages.
        visit(f"/ja/console/{played.slug}/")
        assert page.locator("#create-finals").count() == 1
        final = finals_create(event_id=played.pk, cut=4)
        for tail in ("", "board/", f"tables/{final.tables.first().number}/"):
            visit(f"/ja/console/{played.slug}/rounds/{final.number}/{tail}")
    finally:
        context.close()
    assert measured > 50, "the pages have controls to measure"
    assert found == {}, "\n".join(f"{url}: {p}" for url, p in found.items())
