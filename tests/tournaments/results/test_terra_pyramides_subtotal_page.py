"""Issue 28: a Terra Pyramides event whose organizer chose subtotal entry: the judge's
/ja/ table page asks the score track's points, says in Japanese which checks this gives
up, and the engine's refusals of bad subtotals read in Japanese beside their fields."""

from __future__ import annotations

import json

import pytest

from tests.japanese_pages import english_in, page_texts
from tests.tournaments.results.helpers import make_event, make_table
from tournaments.events.models import EventConfig

pytestmark = pytest.mark.django_db


def subtotal_table():
    event = make_event("terra_pyramides", options_overrides={"version": 3}, table_sizes=[4])
    EventConfig.objects.update_or_create(
        event=event, defaults={"data": {"sheet_entry": "subtotal"}}
    )
    return event, make_table(event, players=4)


def test_judge_page_lists_what_the_subtotal_entry_gives_up_in_japanese(client):
    event, table = subtotal_table()
    html = client.get(f"/ja/judge/{table.judge_token}/").content.decode()
    assert english_in(page_texts(html), (event.name,)) == []
    assert html.count('data-path="$.sheet.players[0].pyramid_points"') >= 1
    assert 'data-path="$.sheet.players[0].pyramids"' not in html
    for said in ("（S2）", "（S10）", "（S12、VN13）"):  # each category given up, with its rule
        assert said in html


def test_bad_subtotals_are_refused_in_japanese_beside_their_fields(client):
    _event, table = subtotal_table()
    players = [
        {"pyramid_points": 7, "strategy_card_points": 15, "oasis_points": 0, "nile_points": 0},
        *({"strategy_card_points": 0} for _ in range(3)),
    ]
    body = client.post(
        f"/ja/judge/{table.judge_token}/preview",
        json.dumps({"payload": {"players": players}}),
        content_type="application/json",
    ).json()
    by_path = {v["path"]: v for v in body["violations"]}
    assert "$.sheet.players[0].pyramid_points" in by_path
    assert "$.sheet.players[0].strategy_card_points" in by_path
    assert english_in([v["text"] for v in body["violations"]]) == []
