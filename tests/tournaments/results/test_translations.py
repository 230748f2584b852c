"""Every judge and player page of every game, rendered in /ja/, shows Japanese only: no
raw engine keys (``pyramid_decoration``), no English labels or option values, no library
text (pydantic's "Input should ..."), and the problems the engine reports for a broken
sheet read as Japanese sentences beside their fields."""

from __future__ import annotations

import json
import re

import pytest

import engines
from tests.japanese_pages import english_in, page_texts
from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table
from tournaments.events.access import Actor
from tournaments.results.forms import subtotal_plan
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db


def script_texts(html: str) -> list[str]:
    """Words the page's script shows: its text table and the move-type names."""
    config = json.loads(re.search(r'id="judge-config"[^>]*>(.*?)</script>', html, re.S).group(1))
    # The page's words for table.js are a JSON block (the CSP forbids inline scripts).
    words = json.loads(re.search(r'id="judge-text"[^>]*>(.*?)</script>', html, re.S).group(1))
    texts = [re.sub(r"\{\w+\}", "", text) for text in words.values()]  # without {slots}
    for move in config.get("moveTypes", []):
        texts.append(move.get("label") or move.get("title", ""))
        # The read-back sentence, without its {field} slots (filled with translated values).
        texts.append(re.sub(r"\{\w+\}", "", move.get("sentence", "")))
        for f in move["fields"]:
            texts.extend(node_texts(f))
    return texts


def node_texts(f: dict) -> list[str]:
    """Every word of one step-form field: its label, choices, row titles, nested fields."""
    texts = [f.get("label", f["name"]), f.get("itemLabel", "")]
    texts.extend(label for _value, label in f.get("choices", []))
    for inner in [*f.get("parts", []), f.get("item"), f.get("key"), f.get("value")]:
        if inner:
            texts.extend(node_texts(inner))
    return [t for t in texts if t]


SETUPS = [
    ("imhotep", {}, 3),
    ("imhotep", {"options_overrides": {"sides": {"obelisk": "B"}, "pharaohs_wrath": True}}, 4),
    ("nile_murals", {}, 3),
    ("field_of_reeds", {}, 2),
    ("tameri", {}, 2),
    ("terra_pyramides", {"options_overrides": {"version": 1}}, 2),
    ("terra_pyramides", {"options_overrides": {"version": 2}}, 3),
    (
        "terra_pyramides",
        {"options_overrides": {"version": 3, "a17_sites_count": "ever_claimed"}},
        4,
    ),
]


@pytest.mark.parametrize(("game", "event_kw", "players"), SETUPS)
def test_judge_page_shows_no_english_in_japanese(client, game, event_kw, players):
    event = make_event(game, **event_kw)
    table = make_table(event, players=players)
    html = client.get(f"/ja/judge/{table.judge_token}/").content.decode()
    assert english_in(page_texts(html), (event.name,)) == []
    # The move-log step form's choices are drawn by the script from the page's config.
    assert english_in(script_texts(html)) == []


BROKEN = {
    "imhotep": {"players": [{"track": -1, "sled": 6}, {"sled": 1}, {"track": 3, "sled": 0}],
                "burial": [9], "pyramid_stones": "x"},
    "nile_murals": {"players": [{"combo": -1, "area": -2, "miss": 3}, {}, {"combo": "a"}]},
    "field_of_reeds": {"players": [{"levels": [{"reached": True}]}, {"shabti": -1}]},
    "tameri": {"players": [{"play_points": -1, "seasons": [{}, {}]}, {"hand": [{"number": 0}]}]},
    "terra_pyramides": {"players": [{"coins": 9, "blocks": 8, "pyramids": [{"level": 7}]},
                                    {"horus_track": 3, "cards": ["nile"]}]},
}  # fmt: skip


@pytest.mark.parametrize(("game", "event_kw", "players"), SETUPS)
def test_problems_with_a_sheet_read_in_japanese(client, game, event_kw, players):
    table = make_table(make_event(game, **event_kw), players=players)
    body = client.post(
        f"/ja/judge/{table.judge_token}/preview",
        json.dumps({"payload": BROKEN[game]}),
        content_type="application/json",
    ).json()
    assert body["violations"], "the broken sheet must be refused"
    texts = [v["text"] for v in body["violations"]]
    assert english_in(texts) == []


def test_player_page_with_a_result_shows_no_english_in_japanese(client):
    event = make_event("imhotep")
    table = make_table(event, players=3)
    sheet = imhotep_sheet()
    sheet["players"][0]["cards"] = {"pyramid_decoration": 1, "statue": 2}
    svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=sheet
    )
    token = table.seats.order_by("position").first().registration.private_token
    html = client.get(f"/ja/judge/player/{token}/").content.decode()
    assert "ピラミッド" in html  # the card's printed name, not its key
    assert english_in(page_texts(html), (event.name,)) == []


def test_every_engine_is_covered():
    assert {game for game, _kw, _n in SETUPS} == set(engines.available_engines())


@pytest.mark.parametrize(
    "game", [g for g in engines.available_engines() if subtotal_plan(g) is not None]
)
def test_subtotal_judge_page_shows_no_english_in_japanese(client, game):
    """The subtotal entry's fields and the checks it gives up, listed on the page."""
    from tournaments.events.models import EventConfig

    event = make_event(game)
    EventConfig.objects.update_or_create(
        event=event, defaults={"data": {"sheet_entry": "subtotal"}}
    )
    table = make_table(event, players=2)
    html = client.get(f"/ja/judge/{table.judge_token}/").content.decode()
    assert 'class="message gives-up"' in html
    assert english_in(page_texts(html), (event.name,)) == []
