"""The judge's scribe (issue 28, "Move logs at the table"): a judge follows a game move by
move on a 390×844 phone in Japanese, tapping the engine's legal moves the page offers.
For each game, the first 20 records of its bundled example log are entered this way and
every tap is counted: at most 4 taps per move after setup. The setup records (a deal, the
start tiles) go through the step form and are not counted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from tests.engines.field_of_reeds.test_reveal import (
    entered_with_one_tap_deals,
    revealed_as_played,
)
from tests.engines.tameri.test_card_facts import revealed_as_turned_up
from tests.tournaments.results.helpers import make_event, make_table
from tests.tournaments.results.test_browser_judge import steps_are
from tests.tournaments.results.test_browser_step_forms import TAPS, add_step, as_entered, enter
from tournaments.results.models import ResultSubmission
from tournaments.results.selectors import seat_names, table_document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOVES = 20
TAPS_PER_MOVE = 4
EXAMPLES = {
    "imhotep": ("engines/imhotep/examples/imhotep-4p-log.json", {}),
    "field_of_reeds": ("engines/field_of_reeds/examples/four-player-log.json", {}),
    "tameri": ("engines/tameri/examples/4p-log.json", {}),
    "nile_murals": ("engines/nile_murals/examples/example-4p-log.json", {}),
    "terra_pyramides": (
        "engines/terra_pyramides/examples/v3-4p-log.json",
        {"options_overrides": {"version": 3}, "table_sizes": [4]},
    ),
}
PLAYER_FIELDS = ("by", "player")
# Records of the game's setup, entered in the step form before the scribe follows the game
# (the deal of the draft packets and hands, the start tiles): the engine's menu for these
# is a lone made-up record, which the scribe never offers.
SETUP = {
    "tameri": {"setup", "draft_deal"},
    "terra_pyramides": {"setup"},
}
# Setup the scribe fills from the rules (Field of Reeds' deal: 7 fresh cards to each
# player, one tap); the cards' printed facts are entered where the table sees them, a
# "reveal" record in the step form just before the card is first played. Tameri's draft
# deal is its card numbers; a card's facts come when it is turned up ("card_facts").
RULE_FILLED = {"field_of_reeds": {"deal"}}
REVEALS = {"field_of_reeds": revealed_as_played, "tameri": revealed_as_turned_up}
FACTS_SEEN = {"field_of_reeds": "reveal", "tameri": "card_facts"}


def as_seated(move: dict, log_players: list[str], names: list[str]) -> dict:
    """The record with the log's player names read as the seated players (same seat)."""
    return {
        k: names[log_players.index(v)] if k in PLAYER_FIELDS and v in log_players else v
        for k, v in move.items()
    }


def same(offered: dict, intended: dict) -> bool:
    # The engine's menu leaves out who acts where the rules fix it (Imhotep's "by").
    return offered == intended or offered == {k: v for k, v in intended.items() if k != "by"}


def legal_part(move: dict, revealed: list[str]) -> dict:
    """The record without what the table reveals (a tile's symbols, a foundation's value)."""
    out = dict(move)
    for path in revealed:
        head, _, tail = path.partition(".")
        if not tail:
            out.pop(head, None)
        elif isinstance(out.get(head), dict):
            out[head] = {k: v for k, v in out[head].items() if k != tail}
    return out


def enter_revealed(page, form: dict, intended: dict) -> None:
    """The scribe opened the step form with the legal placement filled in: the judge
    enters what the table shows (the tile's symbols, a foundation's value) and adds it."""
    for path in form["revealed"]:
        head, _, tail = path.partition(".")
        if head not in intended:
            continue
        f = next(f for f in form["fields"] if f["name"] == head)
        box = page.locator(f'#move-fields > [data-field="{head}"]')
        if tail:
            f = next(p for p in f["parts"] if p["name"] == tail)
            box = box.locator(f':scope > [data-field="{tail}"]')
            enter(box, f, intended[head][tail])
        else:  # symbols the tile does not show stay at their default (none)
            shown = intended[head]
            if isinstance(shown, dict):
                shown = {k: v for k, v in shown.items() if v not in (0, [], None)}
            enter(box, f, shown)
    page.click("#add-step")
    TAPS[0] += 1


def scribe(page, intended: dict, revealed: list[str] = ()) -> int:
    """Tap the scribe's buttons until ``intended`` is added (with ``revealed`` parts: until
    the step form opens with the rest filled in); the number of taps."""
    intended_legal = legal_part(intended, list(revealed))
    for taps in range(1, 10):
        buttons = page.eval_on_selector_all(
            "#scribe-choices button.choice", "bs => bs.map(b => Object.assign({}, b.dataset))"
        )

        def fits(data: dict) -> bool:
            if "move" in data:
                return same(legal_part(json.loads(data["move"]), list(revealed)), intended_legal)
            if "type" in data:
                return data["type"] == intended["type"]
            if "answer" in data:  # a printed fact the scribe asks (Nile Murals' ankh)
                return all(intended.get(k) == v for k, v in json.loads(data["answer"]).items())
            if "field" in data:
                assert data["field"] not in revealed, data  # never a made-up tile
                value = json.loads(data["value"]) if data["value"] else None
                return value == intended.get(data["field"])
            return False

        index = next((i for i, data in enumerate(buttons) if fits(data)), None)
        assert index is not None, (intended, buttons)
        page.locator("#scribe-choices button.choice").nth(index).tap()
        # Narrowing redraws at once with a way back; a record taken clears the choices.
        if not page.locator("#scribe-path .back").count():
            return taps
    raise AssertionError(f"more than 9 taps for {intended}")


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_scribe_enters_the_example_log_move_by_move(live_server, browser, game):
    doc = json.loads(Path(EXAMPLES[game][0]).read_text())
    if game in REVEALS:  # the first MOVES records of the game, with the reveals among them
        lazy = REVEALS[game]({**doc, "moves": doc["moves"][:MOVES]})["moves"]
    else:
        lazy = doc["moves"][:MOVES]
    _scribe_enters(live_server, browser, game, doc, lazy)


AFTER_RESHUFFLE = 12


def test_scribe_deals_unknown_cards_after_a_reshuffle(live_server, browser):
    """Field of Reeds' third deal reshuffles the discard pile (F6): the scribe offers it in
    one tap with the reshuffled cards as unknown slots, and the judge names each one in a
    reveal (card and slot) where the table sees it; the log up to a few picks after it
    replays without a problem."""
    doc = json.loads(Path(EXAMPLES["field_of_reeds"][0]).read_text())
    entered, _ = entered_with_one_tap_deals(doc)
    third = [i for i, m in enumerate(entered["moves"]) if m["type"] == "deal"][2]
    lazy = entered["moves"][: third + 1 + AFTER_RESHUFFLE]
    assert any(c.startswith("?") for p in lazy[third]["packets"] for c in p)
    assert any("slot" in m for m in lazy[third:])
    _scribe_enters(live_server, browser, "field_of_reeds", doc, lazy)


def _scribe_enters(live_server, browser, game: str, doc: dict, lazy: list[dict]) -> None:
    """The judge enters ``lazy`` with the scribe (the step form for setup and reveals);
    prints and checks the taps."""
    event_kw = EXAMPLES[game][1]
    engine = engines.get_engine(game)
    forms = {t["type"]: t for t in engine.step_forms("ja")}
    table = make_table(make_event(game, policy="players", **event_kw), players=len(doc["players"]))
    names = seat_names(table)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')
    page.wait_for_selector("#scribe:not([hidden])")

    taps: dict[int, int] = {}
    setup_taps = reveal_taps = slot_taps = 0
    intended = [as_seated(m, doc["players"], names) for m in lazy]
    for n, move in enumerate(intended, start=1):
        if move["type"] in SETUP.get(game, ()):  # the game's setup: the step form
            TAPS[0] = 0
            add_step(page, forms, as_entered(move))
            setup_taps += TAPS[0]
        elif move["type"] == FACTS_SEEN.get(game):  # a card's facts, as the table sees them
            TAPS[0] = 0
            add_step(page, forms, as_entered(move))
            if "slot" in move:  # which card an unknown slot dealt after a reshuffle is
                slot_taps += TAPS[0]
            else:
                reveal_taps += TAPS[0]
        elif move["type"] in RULE_FILLED.get(game, ()):  # offered as the rules fix it
            filled = engine.dump_move(engine.parse_move(move, n - 1))
            later = forms[move["type"]]["ruleFilled"]  # left to the reveals
            setup_taps += scribe(page, {k: v for k, v in filled.items() if k not in later})
        elif forms[move["type"]].get("revealed"):  # legal placement, then what it shows
            written = engine.dump_move(engine.parse_move(move, n - 1))
            taps[n] = scribe(page, written, forms[move["type"]]["revealed"])
            TAPS[0] = 0
            enter_revealed(page, forms[move["type"]], as_entered(written))
            reveal_taps += TAPS[0]
        else:
            # As the engine writes it (defaults filled), which is how its menu reads.
            taps[n] = scribe(page, engine.dump_move(engine.parse_move(move, n - 1)))
        steps_are(page, n)
        assert page.locator("#tab-log .problem").count() == 0, move

    entered = page.evaluate(
        f"() => JSON.parse(localStorage.getItem('referee-table-{table.pk}:steps'))"
    )
    # Every tapped record is the example's; the whole log replays without a problem.
    canonical = [engine.dump_move(engine.parse_move(m, i)) for i, m in enumerate(entered)]
    wanted = [engine.dump_move(engine.parse_move(m, i)) for i, m in enumerate(intended)]
    assert all(same(canonical[n - 1], wanted[n - 1]) for n in taps), entered
    mine = engine.replay(table_document(table, ResultSubmission.Kind.LOG, entered))
    assert not mine.violations and mine.moves_applied == len(intended)
    print(
        f"{game}: setup taps {setup_taps}; reveal taps {reveal_taps}; "
        f"slot reveal taps {slot_taps}; taps per move {taps}"
    )
    assert max(taps.values()) <= TAPS_PER_MOVE, taps
    context.close()


def test_an_imported_log_is_matched_to_the_seats_before_it_is_saved(live_server, browser):
    """A log written elsewhere names its players its own way: the judge says who each is
    before it loads, in any order (the log keeps the turn order it was played in); the
    saved log then names the seated players in every record, and each seated player's line
    of the outcome stands at their seat."""
    doc = json.loads(Path(EXAMPLES["imhotep"][0]).read_text())
    table = make_table(make_event("imhotep", policy="players"), players=4)
    names = seat_names(table)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    page.wait_for_selector("#scribe:not([hidden])", state="attached")

    # The example's own names: one picker per name, the same seat first. The judge says
    # the log's players sat elsewhere: the log's n-th player is seated at order[n].
    page.click('button[data-tab="import"]')
    page.fill("#import-text", json.dumps(doc))
    page.click("#import-button")
    page.wait_for_selector("#seat-match:not([hidden])")
    labels = page.locator("#seat-match-rows label").all_inner_texts()
    assert [label.endswith(name) for label, name in zip(labels, doc["players"], strict=True)] == [
        True
    ] * 4
    assert [page.input_value(f"#seat-match-{i}") for i in range(4)] == ["0", "1", "2", "3"]
    order = [2, 0, 3, 1]
    for i, seat in enumerate(order):
        page.select_option(f"#seat-match-{i}", str(seat))
    page.click("#seat-match-ok")
    assert page.inner_text("#seat-match-error") == ""
    steps_are(page, len(doc["moves"]))
    assert page.locator("#tab-log .problem").count() == 0
    renamed = {log: names[seat] for log, seat in zip(doc["players"], order, strict=True)}
    first_by = next(i for i, m in enumerate(doc["moves"]) if "by" in m)
    who = renamed[doc["moves"][first_by]["by"]]
    assert page.inner_text(f"#steps li:nth-child({first_by + 1})").startswith(who)
    page.click("#submit-log")
    for _ in range(100):  # sent from the page's queue
        if ResultSubmission.objects.filter(table=table).exists():
            break
        page.wait_for_timeout(100)
    saved = ResultSubmission.objects.get(table=table)
    assert saved.payload["players"] == [renamed[p] for p in doc["players"]]
    assert {m["by"] for m in saved.payload["moves"] if "by" in m} == set(names)
    assert not saved.violations
    own = {
        renamed[line.name]: line
        for line in engines.get_engine("imhotep").replay(doc).outcome.players
    }
    assert [line["name"] for line in saved.outcome["players"]] == names
    assert [line["total"] for line in saved.outcome["players"]] == [own[n].total for n in names]
    context.close()


def test_a_placed_tile_shows_what_the_table_shows(live_server, browser):
    """Terra Pyramides: the scribe offers the engine's legal placements (square, stairs,
    what they face), never its stand-in tile symbols; choosing one opens the step form with
    the placement filled in, and the judge enters the symbols the placed tile shows."""
    game = "terra_pyramides"
    path, event_kw = EXAMPLES[game]
    doc = json.loads(Path(path).read_text())
    engine = engines.get_engine(game)
    forms = {t["type"]: t for t in engine.step_forms("ja")}
    table = make_table(make_event(game, policy="players", **event_kw), players=4)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="ja-JP"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    page.click('button[data-tab="log"]')
    page.wait_for_selector("#scribe:not([hidden])")
    add_step(page, forms, as_entered(doc["moves"][0]))  # the start tiles
    steps_are(page, 1)
    placed = engine.dump_move(engine.parse_move(doc["moves"][1], 1))
    # A tile the engine's menu does not picture: three workers and a green block.
    shown = {**placed, "tile": {**placed["tile"], "workers": 3, "blocks": ["green"]}}
    revealed = ["tile", "foundation.value"]  # what the placed tile and a foundation show
    assert scribe(page, shown, revealed) <= TAPS_PER_MOVE
    assert page.input_value("#move-type") == "place_tile"
    enter_revealed(page, {**forms["place_tile"], "revealed": revealed}, as_entered(shown))
    steps_are(page, 2)
    assert page.locator("#tab-log .problem").count() == 0
    entered = page.evaluate(
        f"() => JSON.parse(localStorage.getItem('referee-table-{table.pk}:steps'))"
    )
    mine = engine.dump_move(engine.parse_move(entered[1], 1))
    assert mine == shown, mine
    context.close()
