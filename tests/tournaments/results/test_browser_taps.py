"""Issue 28: a judge enters each engine's bundled 4-player example sheet on a 390x844 phone
in Japanese, and every tap is counted (each click, and each field typed, counts one).

The sheet is walked value by value and entered the cheapest way the page offers: a value
already shown (every count starts at 0) costs nothing, a number is typed (one), a chip or a
seat button is tapped once per value, a row is added with one tap, a folded alternative is
opened with one. The engine must accept the result with the example's own totals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from tests.tournaments.results.helpers import make_event, make_table
from tournaments.events.models import EventConfig
from tournaments.results.models import ResultSubmission

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EXAMPLES = Path(engines.__file__).parent

# game -> (example, event options, ceiling on the taps). The target is 30 for every
# game; the ceilings above 30 are what this branch measures, a regression guard where the
# target is not reached yet (Terra Pyramides, Field of Reeds, Tameri's every-value entry).
GAMES = {
    "nile_murals": ("nile_murals/examples/example-4p-sheet.json", {}, 30),
    "imhotep": ("imhotep/examples/imhotep-4p-sheet.json", {}, 30),
    "terra_pyramides": (
        "terra_pyramides/examples/v3-4p-sheet.json",
        {"options_overrides": {"version": 3}, "table_sizes": [4]},
        49,
    ),
    "field_of_reeds": ("field_of_reeds/examples/four-player-sheet.json", {}, 38),
    "tameri": ("tameri/examples/4p-sheet.json", {}, 99),
    # The same game entered as the subtotals the organizer may choose for the event.
    "tameri-subtotal": ("tameri/examples/4p-subtotal-sheet.json", {}, 30),
    "terra_pyramides-subtotal": (
        "terra_pyramides/examples/v3-4p-subtotal-sheet.json",
        {"options_overrides": {"version": 3}, "table_sizes": [4]},
        30,
    ),
    "field_of_reeds-subtotal": ("field_of_reeds/examples/four-player-subtotal-sheet.json", {}, 30),
}
# Events whose judges enter subtotals (console: score sheet entry).
SUBTOTAL = {"tameri-subtotal", "terra_pyramides-subtotal", "field_of_reeds-subtotal"}
# Cross-checks a judge may add but need not (the engine works the value out itself).
SKIPPED = {"field_of_reeds": {"total"}}


class Judge:
    """Drives the sheet form and counts every tap and every field typed."""

    def __init__(self, page, game: str):
        self.page, self.game, self.taps = page, game, 0

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1

    def type(self, locator, value) -> None:
        locator.fill(str(value))
        self.taps += 1

    def node(self, path: str):
        return self.page.locator(
            f'[data-node-path="{path}"]'
        ).last  # a one-value row and its value share a path

    def enter(self, path: str, value) -> None:
        node = self.node(path)
        if node.count() == 0:
            return  # a field this event's form does not ask (the engine's default)
        kind = node.get_attribute("data-node")
        folded = node.locator("xpath=ancestor::details[1]")
        if folded.count() and not folded.evaluate("d => d.open") and value not in (None, [], {}):
            self.tap(folded.locator(":scope > summary"))
        getattr(self, "_" + kind)(node, path, value)

    def _group(self, node, path, value):
        for key, sub in value.items():
            self.enter(f"{path}.{key}", sub)

    _item = _group

    def _fixed(self, node, path, value):
        for i, sub in enumerate(value):
            self.enter(f"{path}[{i}]", sub)

    def _rows(self, node, path, value):
        for i, sub in enumerate(value):
            self.tap(node.locator(":scope > .add-row"))
            self.enter(f"{path}[{i}]", sub)

    def _int(self, node, path, value):
        box = node.locator("input[data-input]")
        if value is None:
            self.tap(node.locator("input[data-unknown]"))
        elif box.input_value() != str(value):
            # The phone's number keypad has no minus: type the number, then tap "±".
            self.type(box, abs(value))
            if value < 0:
                self.tap(node.locator(".sign"))

    _count = _int

    def _bool(self, node, path, value):
        if node.locator("input").is_checked() != value:
            self.tap(node.locator("input"))

    def _tally(self, node, path, value):
        if value:  # the keypad box: the n-th choice is the digit n (one field typed)
            order = node.locator(".tally-add").evaluate_all("bs => bs.map(b => b.dataset.value)")
            self.type(
                node.locator("input[data-tally-digits]"),
                "".join(str(order.index(v) + 1) for v in value),
            )

    def _multi(self, node, path, value):
        for v in value:
            self.tap(node.locator(f'input[value="{v}"]'))

    def _choice(self, node, path, value):
        if value is not None:
            self.tap(node.locator(f'input[value="{value}"]'))

    def _sequence(self, node, path, value):
        self.type(node.locator("input[data-sequence-digits]"), "".join(map(str, value)))

    def _keycounts(self, node, path, value):
        for i, (key, n) in enumerate(value.items()):
            self.tap(node.locator(":scope > .add-row"))
            item = self.node(f"{path}[{i}]")
            self.type(item.locator('[data-node="key"] input'), key)
            self.type(item.locator('[data-node="int"] input'), n)


def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    context.set_default_timeout(10_000)
    return context


@pytest.mark.parametrize("game", GAMES)
def test_judge_enters_the_bundled_example_and_taps_are_counted(live_server, browser, game):
    path, event_kw, ceiling = GAMES[game]
    doc = json.loads((EXAMPLES / path).read_text())
    event = make_event(doc["game"], **event_kw)
    if game in SUBTOTAL:
        EventConfig.objects.update_or_create(
            event=event, defaults={"data": {"sheet_entry": "subtotal"}}
        )
    table = make_table(event, players=len(doc["players"]))
    context = phone(browser)
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    judge = Judge(page, game)
    if game in SUBTOTAL:  # the page says what the subtotal entry does not check
        assert page.locator(".gives-up li").count() > 0
    for seat, player in enumerate(doc["sheet"]["players"]):
        for key, value in player.items():
            if key not in SKIPPED.get(doc["game"], ()):
                judge.enter(f"$.sheet.players[{seat}].{key}", value)
    for key, value in doc["sheet"].items():
        if key != "players":
            judge.enter(f"$.sheet.{key}", value)
    judge.tap(page.locator("#submit-sheet"))
    page.wait_for_selector('#result-status[data-status="submitted"]', timeout=20_000)

    sub = ResultSubmission.objects.get()
    assert sub.violations == []
    want = [p.total for p in engines.get_engine(doc["game"]).score_sheet(doc).players]
    assert [p["total"] for p in sub.outcome["players"]] == want
    print(f"\nTAPS {game}: {judge.taps}")
    if ceiling is not None:
        assert judge.taps <= ceiling
    context.close()
