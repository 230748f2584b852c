"""A judge enters an Imhotep sheet on a phone in headless Chromium, loses the network,
gets it back, and sees the result confirmed (players tap on the judge's device)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.tournaments.results.helpers import make_event, make_table
from tournaments.models_results import ResultSubmission

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip


@pytest.fixture
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed")
    # Playwright's sync API runs an event loop in this thread; the ORM calls the test
    # makes between page actions are still plain synchronous calls.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def status_is(page, status: str, timeout: float = 20_000) -> None:
    page.wait_for_selector(f'#result-status[data-status="{status}"]', timeout=timeout)


def test_judge_enters_imhotep_sheet_offline_and_sees_it_confirmed(live_server, browser):
    event = make_event("imhotep", policy="players")
    table = make_table(event, players=3)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    status_is(page, "none")

    for seat, (track, sled) in enumerate([(20, 2), (18, 3), (25, 1)]):
        page.fill(f'[data-path="$.sheet.players[{seat}].track"]', str(track))
        page.fill(f'[data-path="$.sheet.players[{seat}].sled"]', str(sled))
    page.fill('[data-path="$.sheet.burial"]', "1, 2, 3, 1")
    page.fill('[data-path="$.sheet.pyramid_stones"]', "10")
    page.fill('[data-path="$.sheet.temple_stones"]', "5")
    # Live totals from the engine: 20+3 burial, 18+1, 25+1.
    page.wait_for_selector(".totals .total-row")
    assert page.inner_text(".totals .total-row").split()[-3:] == ["23", "19", "26"]

    context.set_offline(True)
    page.click("#submit-sheet")
    page.wait_for_selector("#pending:not([hidden])")
    assert page.inner_text("#pending").startswith("1")
    assert page.is_visible("#offline")
    assert not ResultSubmission.objects.exists()  # nothing reached the server yet

    context.set_offline(False)  # the 'online' event sends the queue
    status_is(page, "submitted")
    page.wait_for_selector("#pending[hidden]", state="attached")
    sub = ResultSubmission.objects.get()
    assert sub.status == "submitted" and sub.idempotency_key

    buttons = page.locator(".confirm-player")
    assert buttons.count() == 3
    buttons.nth(0).tap()
    page.wait_for_selector(".confirm-player[disabled]")
    context.set_offline(True)  # two players confirm while the Wi-Fi is down again
    buttons.nth(1).tap()
    buttons.nth(2).tap()
    page.wait_for_function("() => document.querySelector('#pending').textContent.startsWith('2')")
    context.set_offline(False)
    status_is(page, "confirmed")
    page.screenshot(path=str(Path(os.environ.get("TMPDIR", "/tmp")) / "judge-confirmed.png"))

    sub.refresh_from_db()
    assert sub.status == "confirmed"
    assert sub.confirmations.count() == 3
    assert ResultSubmission.objects.count() == 1  # resent, never duplicated
    context.close()


def test_judge_enters_a_move_log_step_by_step_with_undo(live_server, browser):
    table = make_table(make_event("imhotep", policy="players"), players=4)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/en/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')

    def add(move_type: str, **fields) -> None:
        page.select_option("#move-type", move_type)
        for name, value in fields.items():
            selector = f'#move-fields [data-name="{name}"]'
            if page.eval_on_selector(selector, "el => el.tagName") == "SELECT":
                page.select_option(selector, str(value))
            else:
                page.fill(selector, str(value))
        page.click("#add-step")

    add("round", ships="[4, 4, 3, 2]")  # the round's ships, recorded chance
    page.wait_for_function("() => document.querySelectorAll('#steps li').length === 1")
    for card in ("lever", "temple_decoration", "sail", "chisel"):  # market cards revealed
        count = page.locator("#steps li").count()
        add("reveal", card=card)
        steps = f"() => document.querySelectorAll('#steps li').length === {count + 1}"
        page.wait_for_function(steps)  # a function: an expression is eval'd, which CSP forbids
    add("quarry", count=2)
    page.wait_for_function("() => document.querySelectorAll('#steps li').length === 6")

    add("sail", ship=0, site="market")  # an empty ship cannot sail: refused, not added
    page.wait_for_selector("#step-error:not(:empty)")
    assert "imhotep:" in page.inner_text("#step-error")
    assert page.locator("#steps li").count() == 6

    page.click("#undo-step")
    assert page.locator("#steps li").count() == 5
    assert '"type":"reveal"' in page.inner_text("#steps li:last-child")
    context.close()
