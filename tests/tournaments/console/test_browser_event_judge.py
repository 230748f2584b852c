"""A judge invited once for the whole event (issue 29), in headless Chromium, on a phone
(390×844, /ja/) and on a desktop (/en/): the organizer invites the judge once on the
judges page; the judge opens the one-time link and chooses a password; round 1 is seated
and published and the judge enters a result; the organizer closes it and starts round 2;
the same judge, with the same invitation and no new link, enters a result in round 2.

On the phone the organizer gives the judge a table each round (judge → tables); on the
desktop the judge is invited in "any table I scan" mode and takes each round's table by
opening its table card link while logged in, the organizer doing nothing per round."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.browser import launched_chromium
from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.events.access import Actor
from tournaments.events.models import EventRole, Table
from tournaments.results.models import EventResultSettings, ResultSubmission
from tournaments.results.services import results as svc

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SHEET = [(20, 2), (18, 3), (25, 1), (16, 4)]  # track, sled for seats 1..4
WORDS = {
    "ja": {"no_round": "まだ進行中の回戦はありません", "round": "第{n}回戦"},
    "en": {"no_round": "No round is being played yet", "round": "Round {n}"},
}


@pytest.fixture
def browser():
    with launched_chromium() as chromium:
        yield chromium


def _enter_sheet(page, table: Table) -> None:
    """The judge fills the table's Imhotep sheet and submits it (the event needs no
    confirmation: it counts at once)."""
    page.wait_for_selector('#result-status[data-status="none"]')
    for seat, (track, sled) in enumerate(SHEET[: table.seats.count()]):
        page.fill(f'input[data-path="$.sheet.players[{seat}].track"]', str(track))
        steps = page.locator(f'[data-node-path="$.sheet.players[{seat}].sled"]')
        for _ in range(sled):
            steps.locator('.step[data-step="1"]').click()
    for seat in [1, 2, 3, 1]:  # each stone's seat, in the order they went in
        page.locator(f'[data-path="$.sheet.burial"] .seat-add[data-seat="{seat}"]').click()
    page.fill('input[data-path="$.sheet.pyramid_stones"]', "10")
    page.fill('input[data-path="$.sheet.temple_stones"]', "5")
    page.click("#submit-sheet")
    page.wait_for_selector('#result-status[data-status="confirmed"]')


def _start_round(organizer, console: str, number: int) -> None:
    organizer.goto(f"{console}/")
    organizer.click("#new-round")
    organizer.click("#seat-round")
    organizer.click("#publish-round")
    organizer.wait_for_selector("#publish-round", state="detached")


def _other_tables_confirmed(event, number: int, judged: Table) -> None:
    """The other tables' judges (their table cards' links) enter theirs."""
    from tests.tournaments.results.helpers import imhotep_sheet

    for table in Table.objects.filter(round__event=event, round__number=number).exclude(
        pk=judged.pk
    ):
        sheet = imhotep_sheet(tracks=(20, 18, 25, 16), sleds=(2, 3, 1, 4))
        svc.result_submit(
            table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=sheet
        )


def _judge_takes_a_table(organizer, judge, site, lang, console, event, number, any_table):
    """Round ``number``'s table 2 becomes the judge's: the organizer ticks it on the judges
    page, or (any table mode) the judge opens its table card link while logged in."""
    from playwright.sync_api import expect

    table = Table.objects.get(round__event=event, round__number=number, number=2)
    user = get_user_model().objects.get(username="samira")
    if any_table:
        judge.goto(f"{site}/{lang}/judge/{table.judge_token}/")  # the scanned card
        judge.wait_for_selector('#result-status[data-status="none"]')
    else:
        organizer.goto(f"{console}/judges/")
        form = organizer.locator(f"#tables-{user.pk}")
        form.locator(f'input[name="j{user.pk}-tables"][value="2"]').check()
        form.locator(".assign-tables").click()
        expect(organizer.locator(".messages")).to_contain_text("samira")
    judge.goto(f"{site}/{lang}/judge/")  # their own page: this round's table
    section = judge.locator(f'.judge-round[data-event="{event.slug}"]')
    expect(section.locator("h2")).to_contain_text(WORDS[lang]["round"].format(n=number))
    links = section.locator(".current-tables a")
    expect(links).to_have_count(1)
    links.first.click()
    judge.wait_for_url(f"**/{lang}/judge/tables/{table.pk}/")
    _enter_sheet(judge, table)
    submission = ResultSubmission.objects.get(table=table, status="confirmed")
    assert submission.submitted_by_id == user.pk  # entered by the judge, by name
    box = judge.locator("main").bounding_box()
    viewport = judge.viewport_size
    assert box is not None and box["x"] + box["width"] <= viewport["width"] + 1


@pytest.mark.parametrize(
    ("size", "lang", "any_table"),
    [(PHONE, "ja", False), (DESKTOP, "en", True)],
    ids=["phone-ja-tables-given", "desktop-en-any-table-scanned"],
)
def test_a_judge_invited_once_enters_results_in_rounds_1_and_2(
    live_server, browser, size, lang, any_table
):
    from playwright.sync_api import expect

    event = EventFactory(slug="week-cup", game_key="imhotep", table_sizes=[4], rounds_planned=2)
    EventResultSettings.objects.create(event=event, confirmation_policy="none")
    for _ in range(8):
        RegistrationFactory(event=event)  # checked in
    owner = get_user_model().objects.create_user(username="nadia", password="a-long-passphrase")
    EventRole.objects.create(user=owner, event=event, role=EventRole.Kind.ORGANIZER)
    site = live_server.url
    console = f"{site}/{lang}/console/{event.slug}"
    locale = {"ja": "ja-JP", "en": "en-US"}[lang]

    organizer = browser.new_context(locale=locale, **size).new_page()
    organizer.set_default_timeout(15_000)
    organizer.goto(f"{site}/{lang}/accounts/login/")
    organizer.fill("#id_username", "nadia")
    organizer.fill("#id_password", "a-long-passphrase")
    organizer.click("#login-submit")
    organizer.wait_for_url(f"{site}/{lang}/console/**")

    # the one invitation, for the whole event
    organizer.goto(f"{console}/judges/")
    organizer.fill("#id_username", "samira")
    organizer.check('input[name="role"][value="event_judge"]')
    if any_table:
        organizer.check("#id_any_table")
    organizer.click("#invite-judge")
    link = organizer.get_attribute("#invite-link", "href")
    assert f"/{lang}/accounts/invite/" in link

    judge = browser.new_context(locale=locale, **size).new_page()
    judge.set_default_timeout(15_000)
    judge.goto(link)
    judge.fill("#id_new_password1", "papyrus-reed-77")
    judge.fill("#id_new_password2", "papyrus-reed-77")
    judge.click("#invite-form button")
    judge.wait_for_url(f"{site}/{lang}/judge/")  # their own page, before any round
    expect(judge.locator(".no-round")).to_contain_text(WORDS[lang]["no_round"])

    # round 1
    _start_round(organizer, console, 1)
    _judge_takes_a_table(organizer, judge, site, lang, console, event, 1, any_table)
    judged = Table.objects.get(round__event=event, round__number=1, number=2)
    _other_tables_confirmed(event, 1, judged)
    organizer.goto(f"{console}/rounds/1/board/")
    organizer.click("#close-round")
    organizer.wait_for_url(f"{console}/")

    # round 2: the same judge, the same invitation, no new link
    _start_round(organizer, console, 2)
    _judge_takes_a_table(organizer, judge, site, lang, console, event, 2, any_table)
    assert EventRole.objects.filter(user__username="samira", role="event_judge").count() == 1
    assert list(
        EventRole.objects.filter(user__username="samira", role="table_judge")
        .order_by("table__round__number")
        .values_list("table__round__number", flat=True)
    ) == [1, 2]


def test_the_judges_page_and_the_judges_own_page_at_360px_pass_axe(live_server, browser):
    """The per-round control (a form per whole-event judge) and the judge's own page, in
    /ja/ at 360 px: no axe violation, no sideways scroll, thumb-sized controls."""
    from django.test import Client

    from tests.browser_layout import scrolls_sideways
    from tests.tournaments.console.test_browser_axe import CONSOLE_TARGETS
    from tests.tournaments.results.helpers import make_event, make_table
    from tests.tournaments.results.test_browser_axe import axe_violations
    from tournaments.console.services.accounts import account_grant_role
    from tournaments.events.services.judges import judge_tables_set

    event = make_event("imhotep", slug="week-cup")
    table = make_table(event, players=4)
    make_table(event, players=4, round_=table.round)
    owner = get_user_model().objects.create_user(username="nadia", password="a-long-passphrase")
    EventRole.objects.create(user=owner, event=event, role=EventRole.Kind.ORGANIZER)
    judge = account_grant_role(username="samira", event=event, role="event_judge", any_table=True)
    judge.set_password("papyrus-reed-77")
    judge.save()
    judge_tables_set(event=event, user=judge, rnd=table.round, numbers=[2], any_table=True)
    found = {}
    for user, url in ((owner, f"/ja/console/{event.slug}/judges/"), (judge, "/ja/judge/")):
        client = Client()
        client.force_login(user)
        context = browser.new_context(
            viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, bypass_csp=True
        )
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value,
              "url": live_server.url}]
        )  # fmt: skip
        page = context.new_page()
        assert page.goto(live_server.url + url).status == 200
        problems = axe_violations(page)
        if scrolls_sideways(page):
            problems.append("sideways scroll")
        targets = page.evaluate(CONSOLE_TARGETS)
        assert targets, url
        problems += [f"small target {t}" for t in targets if t[1] < 44 or t[2] < 44]
        if problems:
            found[url] = problems
        context.close()
    assert found == {}, found
