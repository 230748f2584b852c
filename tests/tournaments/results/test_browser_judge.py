"""A judge enters an Imhotep sheet on a phone in headless Chromium, loses the network,
gets it back, and sees the result confirmed (players tap on the judge's device)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.tournaments.results.helpers import make_event, make_table
from tournaments.results.models import ResultSubmission

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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
    # The burial chamber's seats in the order the stones went in, typed on the keypad.
    page.fill('[data-path="$.sheet.burial"] input[data-sequence-digits]', "1231")
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


def add_step(page, move_type: str, **fields) -> None:
    page.select_option("#move-type", move_type)
    for name, value in fields.items():
        selector = f'#move-fields [data-name="{name}"]'
        if page.eval_on_selector(selector, "el => el.tagName") == "SELECT":
            # By the engine's value: Playwright's string also matches labels ("ship 3" is
            # the label of value 2), so pick the option's position instead.
            options = page.eval_on_selector_all(f"{selector} option", "os => os.map(o => o.value)")
            page.select_option(selector, index=options.index(str(value)))
        else:
            page.fill(selector, str(value))
    page.click("#add-step")


def steps_are(page, n: int) -> None:
    # A function, not an expression: Playwright evals an expression, which the CSP forbids.
    page.wait_for_function(f"() => document.querySelectorAll('#steps li').length === {n}")


def test_judge_enters_a_move_log_step_by_step_with_undo(live_server, browser):
    table = make_table(make_event("imhotep", policy="players"), players=4)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/en/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')

    add_step(page, "round", ships="4 4 3 2")  # the round's ships, recorded chance
    steps_are(page, 1)
    for n, card in enumerate(("lever", "temple_decoration", "sail", "chisel"), start=2):
        add_step(page, "reveal", card=card)  # market cards revealed
        steps_are(page, n)
    # Only what the engine accepts next is offered: no more market reveals, no round card.
    offered = page.eval_on_selector_all("#move-type option", "os => os.map(o => o.value)")
    assert "reveal" not in offered and "round" not in offered and "quarry" in offered
    add_step(page, "quarry", count=2)
    steps_are(page, 6)
    assert page.inner_text("#steps li:last-child").endswith("takes 2 stones from the quarry")

    add_step(page, "load", ship=3, space=3)  # ship 4 has two spaces: refused, not added
    page.wait_for_selector("#move-fields .field.has-error .problem")  # at its field
    assert page.inner_text("#move-fields .has-error .rule")  # the rule id, in small print
    assert page.inner_text("#message") == "" and page.inner_text("#step-error") == ""
    assert page.locator("#steps li").count() == 6

    page.click("#undo-step")
    assert page.locator("#steps li").count() == 5
    assert page.inner_text("#steps li:last-child") == "Market card revealed: Chisel"
    assert "{" not in page.inner_text("#steps")  # no raw JSON
    context.close()


def test_judge_enters_a_nile_murals_log_in_japanese(live_server, browser):
    table = make_table(make_event("nile_murals", policy="players"), players=2)
    names = [s.registration.player.display_name for s in table.seats.order_by("position")]
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, locale="ja-JP"
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')
    page.wait_for_selector('#move-fields [data-name="card"] option[value="12"]', state="attached")
    add_step(page, "deal", card=12, player=names[0])
    steps_are(page, 1)
    add_step(page, "deal", card=40, player=names[1])
    steps_are(page, 2)
    first = page.inner_text("#steps li:first-child")
    assert names[0] in first and "12" in first and "deal" not in first
    page.click("#undo-step")
    steps_are(page, 1)
    add_step(page, "deal", card=40, player=names[0])  # seat 2 is dealt next (SU6)
    page.wait_for_selector("#move-fields .has-error .problem")
    assert page.locator("#steps li").count() == 1
    context.close()
