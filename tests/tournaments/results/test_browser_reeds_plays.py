"""Issue 28 trap 7: Field of Reeds plays entered step by step.

A card of a play has an optional "printed facts" part whose icon list the judge leaves
empty; the form used to send ``printed: {attribute: []}`` for it, which the engine
refuses, so step-by-step entry stopped at the first play. The judge here enters the
bundled example log's opening (the deal, four picks, the first play and the passes after
it) through the step forms alone, in Japanese at 390×844, and every step is accepted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tournaments.results.helpers import make_event, make_table
from tests.tournaments.results.test_browser_judge import steps_are
from tests.tournaments.results.test_browser_step_forms import add_step, as_entered
from tournaments.results.selectors import table_document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EXAMPLE = Path("engines/field_of_reeds/examples/four-player-log.json")


def test_field_of_reeds_plays_are_accepted_step_by_step(live_server, browser):
    import engines
    from tournaments.results.models import ResultSubmission

    moves = json.loads(EXAMPLE.read_text())["moves"][:8]
    assert [m["type"] for m in moves].count("play") == 1  # the opening has a play
    table = make_table(make_event("field_of_reeds", policy="players"), players=4)
    engine = engines.get_engine("field_of_reeds")
    forms = {t["type"]: t for t in engine.step_forms("ja")}
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')
    for n, move in enumerate(moves, start=1):
        add_step(page, forms, as_entered(move))
        page.wait_for_function(
            f"() => document.querySelectorAll('#steps li').length === {n}"
            " || document.querySelector('#tab-log .problem')"
        )
        problems = page.locator("#tab-log .problem")
        assert problems.count() == 0, (move["type"], problems.all_inner_texts())
        steps_are(page, n)
    # What the page kept is what the engine accepts.
    document = table_document(table, ResultSubmission.Kind.LOG, moves)
    assert not engine.replay(document).violations
    context.close()
