"""Paper score sheets: every registered engine's sheet prints its categories (ja + en),
its sheet fields with one column per seat, and a round prints one sheet per table."""

from __future__ import annotations

import html

import pytest
from django.utils import translation

import engines
from tests.tournaments.ratings.helpers import (
    confirmed_table,
    event_with_players,
    players,
    user,
)
from tournaments.console.selectors.paper_sheets import paper_sheet
from tournaments.results.forms import form_options, judge_form

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", engines.available_engines())
def test_every_engine_paper_sheet_renders_with_its_categories(client, game):
    client.force_login(user())
    page = client.get(f"/ja/console/tools/sheets/{game}/")
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    engine = engines.get_engine(game)
    assert engine.meta.name_ja in text and engine.meta.name_en in text
    assert text.count("data-category") == len(engine.categories) > 0
    for category in engine.categories:
        assert category.ja in text and category.en in text
    # one blank box per seat and category, seats up to the game's maximum
    assert text.count('<th class="seat">') == 2 * engine.meta.max_players
    assert "@page { size: A4" in text


@pytest.mark.parametrize("game", engines.available_engines())
def test_sheet_rows_follow_the_judge_form_fields(game):
    sheet = paper_sheet(game)
    assert sheet.player_rows, "a sheet without fields would leave the judge nothing to write"
    assert all(row.label_ja and row.label_en for row in sheet.player_rows + sheet.table_rows)


def test_imhotep_rows_have_japanese_and_english_labels():
    sheet = paper_sheet("imhotep", overrides={"pharaohs_wrath": True})
    assert sheet.player_rows[0].label_en == "Score track"
    assert sheet.player_rows[0].label_ja == "得点表示板の得点"
    options = {(row.label_ja, row.label_en) for row in sheet.player_rows if row.indent}
    # the printed card and site names (rules/imhotep.md: market cards C7, sites C2)
    assert ("偶像", "Statue") in options
    assert ("埋葬室の装飾", "Burial Chamber Decoration") in options
    assert ("埋葬室", "Burial Chamber") in options
    assert any(row.label_en.startswith("Burial") for row in sheet.table_rows)


@pytest.mark.parametrize("game", engines.available_engines())
def test_every_field_label_is_translated(game):
    sheet = paper_sheet(game)
    untranslated = [
        row.label_en
        for row in sheet.player_rows + sheet.table_rows
        if not row.indent and row.label_ja == row.label_en
    ]
    assert untranslated == []


def _keys(nodes) -> set[str]:
    out = set()
    for node in nodes:
        out |= {key for key, _label in node.choices} | {node.key}
        out |= _keys(node.children)
    return out


@pytest.mark.parametrize("game", engines.available_engines())
def test_every_option_row_shows_names_not_engine_keys(game):
    """Choices (cards, monuments, strategy cards) print their names in both languages,
    never the engine's key such as ``pyramid_decoration``."""
    engine = engines.get_engine(game)
    form = judge_form(game, engine.sheet_schema(), ["a"], {"version": 3})
    keys = {k for k in _keys([form.players[0][1], *form.table]) if "_" in k}
    sheet = paper_sheet(game, overrides={"version": 3} if game == "terra_pyramides" else None)
    for row in sheet.player_rows + sheet.table_rows:
        labels = [row.label_ja, row.label_en, *row.note.split(" / "), *row.slots]
        assert not keys & set(labels), (game, row)
        if row.indent and row.kind != "slots":
            assert row.label_ja != row.label_en, (game, row)  # a Japanese name too


def _leaf_labels(nodes) -> list[str]:
    """The labels a judge fills on the phone, in the form's order."""
    out = []
    for node in nodes:
        if node.kind in ("group", "fixed", "item") and not (
            node.kind == "group"
            and all(c.kind in ("int", "count") for c in node.children)
            and node.path.count("[") > 1
        ):
            out.append(node.label)
            out.extend(_leaf_labels(node.children))
        elif node.kind == "multi":
            out.append(node.label)
            out.extend(label for _key, label in node.choices)
        else:
            out.append(node.label)
    return out


SETUPS = [
    ("imhotep", None, {}),
    ("imhotep", None, {"sides": {"obelisk": "B"}, "pharaohs_wrath": True}),
    ("nile_murals", None, {}),
    ("field_of_reeds", None, {}),
    ("tameri", None, {}),
    ("terra_pyramides", None, {"version": 1}),
    ("terra_pyramides", None, {"version": 3, "a17_sites_count": "ever_claimed"}),
]


@pytest.mark.parametrize(("game", "preset", "overrides"), SETUPS)
def test_paper_asks_for_what_the_phone_form_asks_in_its_order(game, preset, overrides):
    """One table of labels and one order: the paper rows are the phone form's fields
    for the same options, same words, same order (issue 16)."""
    engine = engines.get_engine(game)
    options = form_options(engine, preset, overrides)
    with translation.override("ja"):
        form = judge_form(game, engine.sheet_schema(), ["a", "b"], options)
        phone = _leaf_labels(form.players[0][1].children) + _leaf_labels(form.table)
    sheet = paper_sheet(game, ["a", "b"], preset=preset, overrides=overrides)
    paper = [row.label_ja for row in sheet.player_rows + sheet.table_rows]
    assert paper == phone


def test_fields_the_options_lack_are_not_printed():
    side_a = paper_sheet("imhotep")
    side_b = paper_sheet("imhotep", overrides={"sides": {"obelisk": "B"}})
    english = lambda sheet: [r.label_en for r in sheet.player_rows]  # noqa: E731
    assert "Obelisks erected" not in english(side_a)
    assert "Obelisks erected" in english(side_b)
    v1 = english(paper_sheet("terra_pyramides", overrides={"version": 1}))
    v3 = english(paper_sheet("terra_pyramides", overrides={"version": 3}))
    assert "Horus track" not in v1 and "Horus track" in v3
    assert "Boat" not in v1 and "Boat" in v3


def test_an_events_blank_sheet_follows_its_options(client):
    from tests.tournaments.results.helpers import make_event
    from tests.tournaments.results.helpers import user as role_user

    event = make_event("terra_pyramides", options_overrides={"version": 1})
    client.force_login(role_user("sheets-org", event, "organizer"))
    page = client.get(f"/en/console/tools/{event.slug}/sheets/game/terra_pyramides/")
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    assert '<span class="en" lang="en">Blocks</span>' in text
    assert '<span class="en" lang="en">Horus track</span>' not in text  # Ver2 and later only


def test_terra_pyramides_strategy_cards_by_name():
    sheet = paper_sheet("terra_pyramides", overrides={"version": 3})
    options = {(row.label_ja, row.label_en) for row in sheet.player_rows if row.indent}
    # rules/terra_pyramides.md S12: the six strategy cards
    assert ("ホルス神の眼", "Horus eye") in options
    assert ("最高階層のピラミッド", "Highest pyramid") in options


def test_round_sheets_print_one_page_per_table_with_names(client):
    people = players(7)
    event, regs = event_with_players(people, table_sizes=[4, 3])
    confirmed_table(event, regs[:4], [1, 2, 3, 4])
    confirmed_table(event, regs[4:], [1, 2, 3])
    client.force_login(user())
    page = client.get(f"/en/console/tools/{event.slug}/sheets/round/1/")
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    assert text.count('<section class="sheet"') == 2
    for person in people:
        assert person.display_name in text
    index = client.get(f"/en/console/tools/{event.slug}/sheets/")
    assert index.status_code == 200 and b"/sheets/round/1/" in index.content


def test_copies_and_access(client):
    client.force_login(user("p", staff=False))
    assert client.get("/en/console/tools/sheets/imhotep/").status_code == 403
    client.force_login(user())
    page = client.get("/en/console/tools/sheets/imhotep/?copies=3")
    assert page.content.decode().count('<section class="sheet"') == 3
    assert client.get("/en/console/tools/sheets/nope/").status_code == 404


@pytest.mark.browser
def test_each_sheet_prints_on_one_a4_page_in_chromium(client, tmp_path):
    """Print to PDF in headless Chromium: two copies of every game's sheet give two A4
    pages, and nothing is wider than the sheet."""
    import re

    client.force_login(user())
    files = {}
    for game in engines.available_engines():
        path = tmp_path / f"{game}.html"
        path.write_bytes(client.get(f"/ja/console/tools/sheets/{game}/?copies=2").content)
        files[game] = path
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"],
        )  # fmt: skip
        try:
            page = browser.new_page()
            for game, path in files.items():
                page.goto(path.as_uri())
                pdf = page.pdf(format="A4", prefer_css_page_size=True)
                pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
                assert pages == 2, (game, pages)
                wide = page.evaluate(
                    "Array.from(document.querySelectorAll('.sheet'))"
                    ".some(s => s.scrollWidth > s.clientWidth + 1)"
                )
                assert not wide, game
        finally:
            browser.close()
