"""A league's public page in headless Chromium (issue 29): a league with two events with
confirmed results shows the season leaderboard over both, on a 390 px phone in Japanese
and on a desktop in English, and updates by itself after a further confirmation; the
phone page passes axe, never scrolls sideways and every control is at least 44 px."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tournaments.public.test_browser import PHONE, narrow_page_problems
from tests.tournaments.public.test_league_pages import season_world  # noqa: F401 - fixture
from tests.tournaments.ratings.helpers import confirmed_table, user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
ROWS = """() => [...document.querySelectorAll('table.season tbody tr')]
  .map(tr => [...tr.children].slice(0, 3).map(cell => cell.textContent.trim()))"""
CHANGED = """(before) => JSON.stringify([...document.querySelectorAll('table.season tbody tr')]
  .map(tr => [...tr.children].slice(0, 3).map(cell => cell.textContent.trim()))) !== before"""


def expected_rows(season) -> list[list[str]]:
    """The leaderboard as the selector computes it (rank shown with "=" when shared)."""
    from tournaments.public.league import league_data
    from tournaments.public.render_league import _value_text

    data = league_data(season.public_id)
    return [
        [
            ("=" if row.tied else "") + str(row.rank) if row.rank else "–",
            data.names[row.player_id][0],
            _value_text(data.rule, row.value),
        ]
        for row in data.table()
    ]


def test_league_page_shows_the_season_over_two_events_and_updates_after_a_confirmation(
    live_server,
    browser,
    season_world,  # noqa: F811 - the fixture imported above
):
    from tournaments.events.models import EventRole

    _league, season, (first, second), people, (regs1, _regs2) = season_world
    ARTIFACTS.mkdir(exist_ok=True)
    url = f"{live_server.url}/ja/leagues/{season.public_id}/"
    context = browser.new_context(locale="ja-JP", bypass_csp=True, **PHONE)
    context.set_default_timeout(10_000)
    phone = context.new_page()
    try:
        assert phone.goto(url).status == 200
        phone.wait_for_selector("table.season")
        before = phone.evaluate(ROWS)
        # Points per placement 10/7/5/3 over both events: Aya 10+7, Ben 7+10, ...
        assert before == expected_rows(season)
        assert [row[:2] for row in before[:2]] == [["=1", "Aya"], ["=1", "Ben"]]
        assert before[0][2] == "17"
        links = [phone.get_attribute(f"#league-events a >> nth={i}", "href") for i in (0, 1)]
        assert links == [f"/ja/events/{first.slug}/", f"/ja/events/{second.slug}/"]
        assert "シーズン順位表" in phone.inner_text("main")
        phone.screenshot(path=str(ARTIFACTS / "public-league-ja-390.png"), full_page=True)
        assert narrow_page_problems(phone) == []

        # A further confirmation in the first event: Dai wins its round 2, Aya is last.
        organizer = user("org-league", staff=False)
        EventRole.objects.create(user=organizer, event=first, role="organizer")
        confirmed_table(
            first, [regs1[3], regs1[2], regs1[1], regs1[0]], [1, 2, 3, 4],
            round_number=2, confirmed_by=organizer,
        )  # fmt: skip
        expected = expected_rows(season)
        assert expected != before  # the first event's placements moved
        # The page polls its live part (with If-None-Match) and swaps the leaderboard.
        same = json.dumps(before, ensure_ascii=False, separators=(",", ":"))  # as JSON.stringify
        phone.wait_for_function(CHANGED, arg=same, timeout=30_000)
        assert phone.evaluate(ROWS) == expected
        assert phone.url == url  # updated in place, no reload

        # The player's history: both events, their placement and points.
        phone.click(f"table.season a[href$='/players/{people[0].pk}/']")
        phone.wait_for_selector("table.history")
        assert phone.locator("table.history tbody tr").count() == 2
        assert narrow_page_problems(phone) == []
        phone.screenshot(path=str(ARTIFACTS / "public-league-player-ja-390.png"), full_page=True)
    finally:
        context.close()

    desktop = browser.new_context(locale="en-GB", **DESKTOP).new_page()
    assert desktop.goto(f"{live_server.url}/en/leagues/{season.public_id}/").status == 200
    assert desktop.evaluate(ROWS) == expected
    assert "Season leaderboard" in desktop.inner_text("main")
    assert "Points per placement in each event" in desktop.inner_text("#season-rule")
    desktop.screenshot(path=str(ARTIFACTS / "public-league-en-1280.png"), full_page=True)
