"""The round page's cost line in the page's language (first-evening walk-through): /ja/
showed the optimiser's raw keys "repeat=lexicographic (always dominant) spread=1.0 seat=2.0
club=5.0 small_table=4.0", and a final (seated from the standings, no optimiser) showed an
empty cost line "コスト: 再戦 · 得点差 · … (finals, シード 0; …: )"."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.console.test_archive import played_event
from tournaments.console.services.finals import finals_create
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db
RAW_KEYS = ("lexicographic", "always dominant", "spread=", "seat=", "club=", "small_table")


def test_the_weights_are_named_in_japanese(client):
    event, user = played_event(rounds=1, players=8)
    client.force_login(user)
    page = client.get(f"/ja/console/{event.slug}/rounds/1/").content.decode()
    line = re.search(r'<p id="cost-total">.*?</p>', page, re.S).group(0)
    for raw in RAW_KEYS:
        assert raw not in line, raw
    assert re.search(r"得点差 \d", line) and re.search(r"少人数卓 \d", line)


def test_a_final_shows_no_optimiser_cost_line(client):
    event, user = played_event(rounds=1, players=8)
    standings_recompute(event_id=event.pk)
    finals_create(event_id=event.pk)
    client.force_login(user)
    page = client.get(f"/ja/console/{event.slug}/rounds/2/").content.decode()
    assert 'id="cost-total"' not in page
    assert "finals," not in page
    assert "決勝卓は順位表から着席します" in page  # what the final says instead


def test_the_finals_board_and_print_page_call_it_the_final(client):
    """The walk-through's final showed "進行ボード — 第3ラウンド" on its board."""
    event, user = played_event(rounds=1, players=8)
    standings_recompute(event_id=event.pk)
    finals_create(event_id=event.pk)
    client.force_login(user)
    for page in ("board", "print"):
        html = client.get(f"/ja/console/{event.slug}/rounds/2/{page}/").content.decode()
        h1 = re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)
        assert "決勝（第2回戦）" in h1, (page, h1)
