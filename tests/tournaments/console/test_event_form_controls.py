"""The event form's advanced part as controls in words (issue 29): table sizes, the bye's
points and each game's rule set and options are choices, never JSON boxes or typed keys;
each stores the same document the old typed form stored ("4,3", "1.5", a preset's key, an
options object), and the edit page shows it back so that saving again changes nothing."""

from __future__ import annotations

import json
import re

import pytest

import engines
from tests.japanese_pages import CONSOLE_ALLOWED, english_in, page_texts
from tests.tournaments.console.helpers import organizer
from tests.tournaments.console.test_event_setup import form_defaults, visible
from tests.tournaments.console.test_views import EVENT_FORM
from tournaments.events.models import Event, EventConfig

pytestmark = pytest.mark.django_db


@pytest.fixture
def creator(client):
    client.force_login(organizer())
    return client


def _stored(slug="console-cup") -> dict:
    event = Event.objects.get(slug=slug)
    config = EventConfig.objects.get(event=event).data
    return {
        "table_sizes": event.table_sizes,
        "options_preset": event.options_preset,
        "options_overrides": event.options_overrides,
        "presets": config["presets"],
        "variants": config["variants"],
        "bye_points": config["bye_points"],
    }


def _saved_again_unchanged(creator, slug="console-cup") -> None:
    """The edit page's choices, sent back untouched, store the same document."""
    before = _stored(slug)
    page = creator.get(f"/en/console/{slug}/edit/").content.decode()
    data: dict = form_defaults(page)
    for name in set(re.findall(r'type="checkbox" name="([^"]+)"', page)):
        data[name] = re.findall(rf'type="checkbox" name="{name}" value="([^"]*)"[^>]*checked', page)
    response = creator.post(f"/en/console/{slug}/edit/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert _stored(slug) == before


# Each case: what the organizer chooses on the form, and the document the old typed form
# stored for the same settings (its text boxes' contents, parsed as it parsed them).
CASES = {
    "imhotep sides and a switch": (
        {"option_imhotep__sides__market": '"B"', "option_imhotep__pharaohs_wrath": "true"},
        {"options_preset": "", "variants": '{"sides": {"market": "B"}, "pharaohs_wrath": true}'},
    ),
    "imhotep rule set and a reading": (
        {"rules_imhotep": "all-b", "option_imhotep__statue_scoring": '"text"'},
        {"options_preset": "all-b", "variants": '{"statue_scoring": "text"}'},
    ),
    "field of reeds, one board turned and seats": (
        {
            "game_key": "field_of_reeds",
            "option_field_of_reeds__board_sides__1": '"back"',
            "option_field_of_reeds__beginner_shabti_seats": ["1", "3"],
        },
        {
            "options_preset": "",
            "variants": '{"board_sides": ["front", "back", "front"], '
            '"beginner_shabti_seats": [1, 3]}',
        },
    ),
    "a game per round, each with its rules": (
        {
            "game_key": "",
            "round_game_1": "tameri",
            "round_game_2": "terra_pyramides",
            "rules_tameri": "board_glyph_always",
            "option_terra_pyramides__mission": "null",
            "option_terra_pyramides__a15_neighbourhood": "4",
            "option_terra_pyramides__max_tile_line": "3",
        },
        {
            "game_presets": '{"tameri": "board_glyph_always"}',
            "game_variants": '{"terra_pyramides": '
            '{"mission": null, "a15_neighbourhood": 4, "max_tile_line": 3}}',
        },
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_rule_choice_stores_what_the_typed_options_stored(creator, case):
    chosen, typed = CASES[case]
    response = creator.post("/en/console/new/", {**EVENT_FORM, **chosen})
    assert response.status_code == 302, response.content.decode()[:3000]
    stored = _stored()
    assert stored["options_preset"] == typed.get("options_preset", "")
    assert stored["options_overrides"] == json.loads(typed.get("variants", "{}"))
    assert stored["presets"] == json.loads(typed.get("game_presets", "{}"))
    assert stored["variants"] == json.loads(typed.get("game_variants", "{}"))
    _saved_again_unchanged(creator)


def test_an_event_set_up_before_shows_its_options_as_chosen(creator):
    """Options stored by the typed form (the event's game's and a per-game table) are
    shown as choices; saving them untouched keeps the document."""
    assert creator.post("/en/console/new/", EVENT_FORM).status_code == 302
    event = Event.objects.get(slug="console-cup")
    Event.objects.filter(pk=event.pk).update(
        options_preset="pharaohs-wrath",
        options_overrides={"sides": {"temple": "B"}, "allow_quarry_zero": True},
    )
    EventConfig.objects.filter(event=event).update(
        data={
            **EventConfig.objects.get(event=event).data,
            "variants": {"nile_murals": {"combo_on_final_turn": False}},
        }
    )
    page = creator.get("/en/console/console-cup/edit/").content.decode()
    data = form_defaults(page)
    assert data["rules_imhotep"] == "pharaohs-wrath"
    assert data["option_imhotep__sides__temple"] == '"B"'
    assert data["option_imhotep__sides__market"] == ""  # as the rule set says
    assert data["option_nile_murals__combo_on_final_turn"] == "false"
    _saved_again_unchanged(creator)


@pytest.mark.parametrize(
    ("chosen", "stored"),
    [
        ({"table_sizes_0": "3", "table_sizes_1": "4"}, [3, 4]),
        ({"table_sizes_0": "4", "table_sizes_1": "", "table_sizes_2": ""}, [4]),
        ({"table_sizes_0": "4", "table_sizes_1": "3", "table_sizes_2": "2"}, [4, 3, 2]),
        ({"table_sizes_0": ""}, []),  # the game's own player counts, as an API event's
    ],
)
def test_table_sizes_in_order_of_preference(creator, chosen, stored):
    form = {k: v for k, v in EVENT_FORM.items() if not k.startswith("table_sizes")}
    assert creator.post("/en/console/new/", {**form, **chosen}).status_code == 302
    assert _stored()["table_sizes"] == stored
    _saved_again_unchanged(creator)


def test_table_sizes_typed_as_before_still_mean_the_same(creator):
    form = {k: v for k, v in EVENT_FORM.items() if not k.startswith("table_sizes")}
    assert creator.post("/en/console/new/", {**form, "table_sizes": "3, 4"}).status_code == 302
    assert _stored()["table_sizes"] == [3, 4]


def test_table_sizes_offered_are_the_games_player_counts(creator):
    page = creator.get("/en/console/new/").content.decode()
    counts = {
        n for key in engines.available_engines() for n in engines.get_engine(key).meta.player_counts
    }
    offered = set(re.findall(r'<option value="(\d+)"[^>]*>tables of', page))
    assert offered == {str(n) for n in counts}
    response = creator.post("/en/console/new/", {**EVENT_FORM, "table_sizes_0": "5"})
    assert response.status_code == 400  # no game seats 5
    assert "Select a valid choice. 5" in response.content.decode()
    # What was chosen stays chosen beside the error.
    assert re.search(
        r'name="table_sizes_1"[^>]*>.*?<option value="3" selected', response.content.decode(), re.S
    )


@pytest.mark.parametrize(
    ("chosen", "stored"), [("1", "1"), ("3/2", "3/2"), ("0", "0"), ("1.5", "3/2")]
)
def test_bye_points_as_a_choice_store_the_same_fraction(creator, chosen, stored):
    assert creator.post("/en/console/new/", {**EVENT_FORM, "bye_points": chosen}).status_code == 302
    assert _stored()["bye_points"] == stored
    _saved_again_unchanged(creator)


def test_bye_points_from_an_archive_stay_a_choice(creator):
    assert creator.post("/en/console/new/", EVENT_FORM).status_code == 302
    config = EventConfig.objects.get(event__slug="console-cup")
    config.data = {**config.data, "bye_points": "3/4"}
    config.save()
    page = creator.get("/en/console/console-cup/edit/").content.decode()
    assert "0.75 points" in visible(page)
    _saved_again_unchanged(creator)
    response = creator.post("/en/console/new/", {**EVENT_FORM, "slug": "b", "bye_points": "7/8"})
    assert response.status_code == 400


def _advanced(page: str) -> str:
    start = page.index('<details id="advanced"')
    return page[start : page.index('<button type="submit"', start)]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_advanced_part_shows_no_json_or_keys(creator, language):
    """Every option of every game, in words: no option key, preset key, JSON or fraction
    on the page; in Japanese, Japanese only (tests/japanese_pages.py)."""
    assert (
        creator.post(
            "/en/console/new/", {**EVENT_FORM, **CASES["imhotep sides and a switch"][0]}
        ).status_code
        == 302
    )
    page = creator.get(f"/{language}/console/console-cup/edit/").content.decode()
    advanced = _advanced(page)
    shown = visible(advanced)
    keys = set()
    for game in engines.available_engines():
        engine = engines.get_engine(game)
        keys |= {
            str(part)
            for c in engine.option_controls("en")
            for part in c["path"]
            if isinstance(part, str) and "_" in part
        }
        keys |= {name for name in engine.meta.presets if "_" in name or "-" in name}
    assert not [key for key in keys if key in shown]
    for technical in ("{", "}", "3/2", "4,3", "JSON", "true", "null"):
        assert technical not in shown
    if language == "ja":
        assert english_in(page_texts(advanced), ("org",), CONSOLE_ALLOWED) == []
        assert "ファラオの怒り" in shown and "4人卓" in page
    else:
        assert "Pharaoh's Wrath" in shown


def test_a_refused_form_keeps_every_choice_and_opens_where_the_error_is(creator):
    """Nothing chosen is lost: a refusal elsewhere shows the game's options as chosen, and
    an option's error opens the advanced part and that game's rules beside it."""
    form = {
        **EVENT_FORM,
        "precedence_2": "nonsense",
        "option_imhotep__sides__market": '"B"',
        "table_sizes_0": "3",
        "bye_points": "1",
    }
    response = creator.post("/en/console/new/", form)
    assert response.status_code == 400
    data = form_defaults(response.content.decode())
    assert (data["option_imhotep__sides__market"], data["table_sizes_0"]) == ('"B"', "3")
    assert data["bye_points"] == "1"
    response = creator.post("/ja/console/new/", {**EVENT_FORM, "option_tameri__five_removal": "x"})
    page = response.content.decode()
    assert response.status_code == 400
    assert '<details id="advanced" open' in page and 'id="rules-tameri" open' in page
    assert '<details class="game-rules" id="rules-imhotep">' in page  # no error: folded


def test_an_engine_refusal_is_said_beside_the_option_in_the_pages_language(creator, monkeypatch):
    """A combination the engine refuses (none of today's choices alone is one) is shown
    under the option it names, in words, never with its JSON path."""
    from engines.core.errors import SetupError
    from engines.core.types import Violation

    engine = engines.get_engine("imhotep")
    resolve = type(engine).resolve_options

    def refusing(self, raw=None, preset=None):
        if self.meta.key == "imhotep" and (raw or {}).get("statue_scoring") == "text":
            raise SetupError(
                [
                    Violation(
                        "malformed.literal_error",
                        None,
                        "Input should be 'table'",
                        {"detail": "Input should be 'table'"},
                        path="$.options.statue_scoring",
                    )
                ]
            )
        return resolve(self, raw, preset)

    monkeypatch.setattr(type(engine), "resolve_options", refusing)
    response = creator.post(
        "/ja/console/new/", {**EVENT_FORM, "option_imhotep__statue_scoring": '"text"'}
    )
    assert response.status_code == 400
    errors = response.context["form"].errors["option_imhotep__statue_scoring"]
    assert errors and not [e for e in errors if "$." in e or "Input should" in e]
    assert english_in(errors, (), CONSOLE_ALLOWED) == []
