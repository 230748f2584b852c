"""axe-core in Chromium at 360 px: no accessibility violations and no sideways scrolling on
the judge page of every game (sheet and move-log tabs, with rows added to the first step
form's lists), the player's page, and the
dispute acknowledgement; every control a thumb presses is at least 44 px."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_layout import scrolls_sideways
from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table
from tournaments.events.access import Actor
from tournaments.results.services import results as svc

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = (Path(__file__).resolve().parents[2] / "vendor" / "axe.min.js").read_text()
TARGETS = """() => Array.from(document.querySelectorAll(
  'main button, main input:not([type=hidden]), main select, main summary, main a.button'))
  .filter(el => el.offsetParent !== null)
  .map(el => { const r = (el.closest('label') || el).getBoundingClientRect();
               return [el.outerHTML.slice(0, 80), Math.round(r.width), Math.round(r.height)]; })"""


def axe_violations(page) -> list[str]:
    page.add_script_tag(content=AXE)
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"
    )
    return found


def check(page) -> None:
    assert axe_violations(page) == []
    assert not scrolls_sideways(page)
    targets = page.evaluate(TARGETS)
    assert targets, "the page has controls to measure"
    assert [t for t in targets if t[1] < 44 or t[2] < 44] == []


@pytest.fixture
def phone(browser):  # noqa: F811
    # axe is injected as an inline script, which the site's CSP refuses: this context
    # bypasses the CSP for the test tool (tests/reliability/test_browser_csp.py checks
    # that the pages themselves run under it without a violation).
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, bypass_csp=True
    )
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.mark.parametrize(
    ("game", "players"),
    [("imhotep", 3), ("nile_murals", 2), ("field_of_reeds", 2), ("tameri", 2),
     ("terra_pyramides", 2)],
)  # fmt: skip
def test_judge_page_of_every_game(live_server, phone, game, players):
    table = make_table(make_event(game), players=players)
    page = phone.new_page()
    for lang in ("ja", "en"):
        page.goto(f"{live_server.url}/{lang}/judge/{table.judge_token}/")
        for button in page.locator("#sheet-form .add-row:visible").all()[:3]:  # not folded
            button.tap()  # one row of each kind of list, so its controls are checked too
        check(page)
        page.click('button[data-tab="log"]')
        for button in page.locator("#move-fields .add-row:not([hidden])").all()[:3]:
            button.tap()  # rows of the step form's lists (spaces, tiles, cards) too
        check(page)


def test_player_pages(live_server, phone):
    table = make_table(make_event("imhotep"), players=3)
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload=imhotep_sheet(),
    ).submission  # fmt: skip
    token = table.seats.order_by("position").first().registration.private_token
    page = phone.new_page()
    page.goto(f"{live_server.url}/ja/judge/player/{token}/")
    check(page)
    page.fill(f"#reason-{sub.pk}", "埋葬室の数")
    page.click('button[value="dispute"]')
    page.wait_for_url("**/disputed/")
    check(page)


@pytest.mark.parametrize(
    ("game", "players"), [("field_of_reeds", 2), ("tameri", 3), ("terra_pyramides", 2)]
)
def test_every_step_form_of_the_nested_logs(live_server, phone, game, players):
    """Each move type's form (not only those the engine offers first), with a row added to
    each of its lists and to the lists inside those rows."""
    table = make_table(make_event(game), players=players)
    page = phone.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')
    kinds = page.evaluate(
        "() => JSON.parse(document.getElementById('judge-config').textContent)"
        ".moveTypes.map(t => t.type)"
    )
    assert len(kinds) > 5
    for kind in kinds:
        # The engine offers only the next legal move types; the test shows every form.
        page.evaluate(
            """kind => { const s = document.getElementById('move-type');
                         if (!Array.from(s.options).some(o => o.value === kind)) {
                           s.add(new Option(kind, kind)); }
                         s.value = kind; s.dispatchEvent(new Event('change')); }""",
            kind,
        )
        for _depth in range(2):
            for button in page.locator("#move-fields .add-row:not([hidden])").all():
                if button.is_visible():  # a list that reached its size hides its button
                    button.tap()
        check(page)
