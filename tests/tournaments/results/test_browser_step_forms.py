"""A judge enters a short move log of Field of Reeds, Tameri and Terra Pyramides through the
step forms alone (pickers, steppers and rows, no JSON) in headless Chromium at 390×844, in
Japanese and in English, sees each accepted step read back as a sentence, undoes one, and
sees "required" at the first empty field and one rule error beside the field it concerns,
with the rule id in small print.

The values come from the engine's own next legal records (so the log is valid whatever
the engine's menu offers); the test types each of them into the form the judge sees.
"""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import pytest

import engines
from tests.browser_layout import scrolls_sideways
from tests.tournaments.results.helpers import make_event, make_table
from tests.tournaments.results.test_browser_judge import steps_are
from tests.tournaments.results.test_translations import english_in
from tournaments.results.models import ResultSubmission
from tournaments.results.selectors import table_document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

JAPANESE = r"[\u3040-\u30ff\u4e00-\u9fff]"
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
  '#tab-log button, #tab-log input:not([type=hidden]), #tab-log select'))
  .filter(el => el.offsetParent !== null)
  .map(el => { const r = (el.closest('label') || el).getBoundingClientRect();
               return [el.outerHTML.slice(0, 80), Math.round(r.width), Math.round(r.height)]; })
  .filter(t => t[1] < 44 || t[2] < 44)"""


# Taps (and typed values) the step form took, for the scribe test's count of setup taps:
# a picker choice, a typed value, a tap on a button or a checkbox each count one.
TAPS = [0]


def pick(select, value) -> None:
    # By the engine's value, by position: a value may also be another option's label.
    values = select.evaluate("el => Array.from(el.options).map(o => o.value)")
    select.select_option(index=values.index(str(value)))
    TAPS[0] += 1


def enter(box, f: dict, value) -> None:
    """Type ``value`` into the node ``f`` drawn in ``box`` (its element, data-field)."""
    if value == [] and f["kind"] == "list" and f.get("nullable"):
        # None printed (a card without weather effects), which is not "unknown" (null).
        pick(box.locator(":scope > .list-known select"), "none")
        return
    if value is None or value == [] or value == {}:
        if f["kind"] == "list" and (f.get("perSeat") or f["min"]):
            pass  # fixed rows stay as they are
        else:
            return
    kind = f["kind"]
    if kind in ("select", "seatNumber", "seat"):
        pick(box.locator("select").first, value)
    elif kind == "int" or kind == "text":
        control = box.locator("select, input").first
        if control.evaluate("el => el.tagName") == "SELECT":
            pick(control, value)  # narrowed to the engine's legal values
        elif kind == "int" and 0 <= value - max(f.get("min") or 0, 0) < 3:
            # A small count by thumb: the first tap on "+" shows the lowest value.
            for _ in range(value - max(f.get("min") or 0, 0) + 1):
                box.locator('.step[data-step="1"]').first.tap()
                TAPS[0] += 1
            assert control.input_value() == str(value)
        else:
            control.fill(str(value))
            TAPS[0] += 1
    elif kind == "bool":
        if value:
            box.locator("input[type=checkbox]").check()
            TAPS[0] += 1
    elif kind == "square":
        inputs = box.locator(":scope > .field input")
        inputs.nth(0).fill(str(value[0] + 1))  # rows and columns are counted from 1
        inputs.nth(1).fill(str(value[1] + 1))
        TAPS[0] += 2
    elif kind == "object":
        for part in f["parts"]:
            if part["name"] in value:
                enter(
                    box.locator(f':scope > [data-field="{part["name"]}"]'),
                    part,
                    value[part["name"]],
                )
    elif kind == "list":
        rows = box.locator(":scope > .rows > .row")
        while rows.count() < len(value or []):
            box.locator(":scope > .add-row").tap()
            TAPS[0] += 1
        for i, item in enumerate(value or []):
            enter(rows.nth(i).locator(":scope > *").first, f["item"], item)
    elif kind == "map":
        for key, item in value.items():
            box.locator(":scope > .add-row").tap()
            TAPS[0] += 1
            row = box.locator(":scope > .rows > .row").last.locator(":scope > fieldset")
            enter(row.locator(":scope > [data-field]").nth(0), f["key"], key)
            enter(row.locator(":scope > [data-field]").nth(1), f["value"], item)
    else:
        raise AssertionError(f"no way to enter {kind}")


def add_step(page, forms: dict, move: dict) -> None:
    page.wait_for_selector(f'#move-type option[value="{move["type"]}"]', state="attached")
    page.select_option("#move-type", move["type"])
    TAPS[0] += 1
    for f in forms[move["type"]]["fields"]:
        if f["name"] in move:
            enter(page.locator(f'#move-fields > [data-field="{f["name"]}"]'), f, move[f["name"]])
    assert not scrolls_sideways(page), "the step form scrolls sideways"
    assert page.evaluate(SMALL_TARGETS) == []
    page.click("#add-step")
    TAPS[0] += 1


def next_record(game: str, document: dict, kind: str, pick_one=lambda ms: ms[0]) -> dict:
    engine = engines.get_engine(game)
    report = engine.replay(document)
    assert not report.violations, report.violations
    found = [
        engine.dump_move(m) for m in itertools.islice(engine.legal_moves(report.final_state), 500)
    ]
    return pick_one([m for m in found if m["type"] == kind])


def as_entered(move: dict) -> dict:
    """The record as a judge enters it: fields left at their default are not touched."""
    return {k: v for k, v in move.items() if v not in (None, False, [], {})}


# game -> (players, event options, the log's kinds in order, the bad step, its field)
CASES = {
    "field_of_reeds": (2, {}, ["deal", "pick"], "card"),
    "tameri": (2, {}, ["setup", "draft_deal", "draft_pick"], "card"),
    "terra_pyramides": (
        2,
        {"options_overrides": {"version": 1}},
        ["setup", "place_tile"],
        "square",
    ),
}


def bad_step(game: str, moves: list, document: dict) -> dict:
    """A step the engine refuses by a rule (not by shape), and which field it concerns."""
    if game == "field_of_reeds":  # a card of the second player's packet taken by the first (M1)
        packets = moves[0]["packets"]
        return {"type": "pick", "seat": 1, "card": packets[1][0]}
    if game == "tameri":  # a card from the other player's hand (M1)
        hands = moves[1]["hands"]
        return {"type": "draft_pick", "seat": 1, "card": hands[1][0]["number"]}
    # Terra Pyramides: a tile on a square that already has one (M1)
    tile = next_record(game, document, "place_tile")
    return {**tile, "square": moves[0]["start_tiles"][0]["square"]}


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", list(CASES))
def test_judge_enters_a_short_log_through_the_step_forms(live_server, browser, game, lang):  # noqa: F811
    players, event_kw, kinds, bad_field = CASES[game]
    table = make_table(make_event(game, policy="players", **event_kw), players=players)
    forms = {t["type"]: t for t in engines.get_engine(game).step_forms(lang)}
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
        locale="ja-JP" if lang == "ja" else "en-GB",
    )  # fmt: skip
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/{lang}/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')

    moves: list[dict] = []
    for n, kind in enumerate(kinds, start=1):
        document = table_document(table, ResultSubmission.Kind.LOG, moves)
        move = as_entered(next_record(game, document, kind))
        add_step(page, forms, move)
        steps_are(page, n)
        moves.append(move)
        sentence = page.inner_text("#steps li:last-child")
        for seat in table.seats.all():
            sentence = sentence.replace(seat.registration.player.display_name, "")
        assert "{" not in sentence and "_" not in sentence, sentence  # no JSON, no raw keys
        if lang == "ja":  # every word Japanese (card ids such as g7 are as printed)
            assert re.search(JAPANESE, sentence) and english_in([sentence]) == [], sentence

    page.click("#undo-step")  # undo of the last step
    steps_are(page, len(kinds) - 1)
    moves.pop()

    document = table_document(table, ResultSubmission.Kind.LOG, moves)
    bad = bad_step(game, moves, document)
    # Nothing filled in: "required" at the first field left empty, in the page's language.
    page.select_option("#move-type", bad["type"])
    page.click("#add-step")
    page.wait_for_selector("#move-fields [data-field] .error .problem")
    required = page.inner_text("#move-fields .error .problem")
    assert required == ("必須です。" if lang == "ja" else "Required."), required
    assert page.inner_text("#step-error") == ""
    add_step(page, forms, bad)
    box = f'#move-fields > [data-field="{bad_field}"]'
    page.wait_for_selector("#tab-log .problem")
    where = page.eval_on_selector(
        "#tab-log .problem", "p => (p.closest('[data-field]') || p.parentElement).outerHTML"
    )
    assert page.locator(f"{box} .error .problem").count() == 1, where[:300]
    problem = page.inner_text(f"{box} .error .problem")
    for seat in table.seats.all():  # the players' own names are not translated
        problem = problem.replace(seat.registration.player.display_name, "")
    rule = page.inner_text(f"{box} .error .rule")
    assert re.fullmatch(r"[A-Z]+\d+[a-z]?(\.\d+)?", rule), rule  # the rule id, small print
    if lang == "ja":
        assert re.search(JAPANESE, problem) and english_in([problem]) == [], problem
    else:
        assert not re.search(JAPANESE, problem), problem
    assert page.inner_text("#step-error") == ""  # once, at the field, not also below
    assert page.locator("#steps li").count() == len(moves)  # refused: not added
    shot = Path(os.environ.get("TMPDIR", "/tmp")) / f"step-form-{game}-{lang}.png"
    page.screenshot(path=str(shot), full_page=True)
    context.close()


def test_an_empty_list_is_sent_as_none_and_unknown_stays_a_choice(live_server, browser):
    """A Tameri card printed without weather effects is entered as none ([]), not saved as
    unknown (null); a card whose weather the judge did not see stays unknown (left out)."""
    game = "tameri"
    table = make_table(make_event(game, policy="players"), players=2)
    forms = {t["type"]: t for t in engines.get_engine(game).step_forms("ja")}
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')
    setup = as_entered(next_record(game, table_document(table, "log", []), "setup"))
    add_step(page, forms, setup)
    steps_are(page, 1)
    deal = next_record(game, table_document(table, "log", [setup]), "draft_deal")
    first, second = deal["hands"][0][0], deal["hands"][0][1]
    first["weather"] = []  # none printed
    del second["weather"]  # not seen: unknown
    add_step(page, forms, as_entered(deal))
    steps_are(page, 2)
    entered = page.evaluate(
        f"() => JSON.parse(localStorage.getItem('referee-table-{table.pk}:steps'))"
    )
    hand = entered[1]["hands"][0]
    assert hand[0]["weather"] == [], hand[0]
    assert "weather" not in hand[1] or hand[1]["weather"] is None, hand[1]
    context.close()
