"""Paper score sheets: every registered engine's sheet prints its categories (ja + en),
its sheet fields with one column per seat, and a round prints one sheet per table."""

from __future__ import annotations

import html

import pytest

import engines
from tests.tournaments.ratings.helpers import (
    confirmed_table,
    event_with_players,
    players,
    user,
)
from tournaments.console.selectors.paper_sheets import paper_sheet

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
    sheet = paper_sheet("imhotep")
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


@pytest.mark.parametrize("game", engines.available_engines())
def test_every_option_row_shows_names_not_engine_keys(game):
    """Choices (cards, monuments, strategy cards) print their names in both languages,
    never the engine's key such as ``pyramid_decoration``."""
    from tournaments.results.forms import sheet_form

    schema = engines.get_engine(game).sheet_schema()
    form = sheet_form(schema, ["a"])
    keys = {o for f in form.players[0][1] + form.table_fields for o in f.options}
    sheet = paper_sheet(game)
    for row in sheet.player_rows + sheet.table_rows:
        labels = [row.label_ja, row.label_en, *row.note.split(" / ")]
        assert not keys & set(labels), (game, row)
        if row.indent:
            assert row.label_ja != row.label_en, (game, row)  # a Japanese name too


def test_terra_pyramides_strategy_cards_by_name():
    sheet = paper_sheet("terra_pyramides")
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
