"""Grid editor for Terra Pyramides board maps, and replacing a supplied list."""

from __future__ import annotations

import pytest

from engines.core.editions import resolve_edition
from engines.terra_pyramides.board import board_from_edition
from tests.tournaments.factories import EventFactory
from tests.tournaments.ratings.helpers import user
from tournaments.console.services import edition_boards as boards
from tournaments.console.services import edition_data as svc
from tournaments.console.services.edition_data import EditionDataError

pytestmark = pytest.mark.django_db


def terra_event():
    return EventFactory(game_key="terra_pyramides", table_sizes=[4, 3, 2])


def test_grid_values_round_trip_through_the_engine_reader():
    cells = {(0, 0): ("site", ""), (1, 2): ("oasis", "sphinx"), (2, 1): ("start", "")}
    values = boards.board_values("standard", 3, 4, cells)
    assert values == {
        "rows": 3, "cols": 4, "sites": [[0, 0]], "oases": [[1, 2]],
        "start_squares": [[2, 1]], "sphinx": [[1, 2]], "scarab": [],
    }  # fmt: skip
    board = board_from_edition(values, "standard")
    assert board.rows == 3 and board.cols == 4
    assert boards.grid_of(values, 3, 4)[1][2] == {"kind": "oasis", "symbol": "sphinx"}


def test_river_squares_only_on_the_nile_side():
    with pytest.raises(EditionDataError):
        boards.board_values("standard", 2, 2, {(0, 0): ("nile", "")})
    assert boards.board_values("nile", 2, 2, {(0, 0): ("nile", "")})["nile_squares"] == [[0, 0]]


def test_stored_board_is_read_by_the_engine_and_can_shrink():
    event = terra_event()
    first = boards.board_values("standard", 3, 3, {(0, 0): ("site", ""), (2, 2): ("site", "")})
    boards.board_store(event, "standard", first, "box")
    event.refresh_from_db()
    second = boards.board_values("standard", 3, 3, {(0, 0): ("site", "")})
    boards.board_store(event, "standard", second, "box")
    event.refresh_from_db()
    edition = resolve_edition("terra_pyramides", event.edition["terra_pyramides"], "default")
    assert edition.get("boards.standard.sites") == [[0, 0]]  # replaced, not merged
    assert edition.get("boards.standard.rows") == 3
    assert edition.get("supply.coin_tokens") == 24  # bundled known values untouched


def test_a_replaced_supplied_list_may_shrink_in_the_generic_form_too():
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    svc.edition_fill(event, "nile_murals", {"ankh_cards": [22, 30, 41]}, "a")
    event.refresh_from_db()
    svc.edition_fill(event, "nile_murals", {"ankh_cards": [22, 30]}, "b")
    event.refresh_from_db()
    assert event.edition["nile_murals"]["values"]["ankh_cards"] == [22, 30]


def test_board_page_saves_a_grid(client):
    event = terra_event()
    client.force_login(user())
    url = f"/en/console/tools/{event.slug}/editions/terra_pyramides/board/standard/"
    page = client.get(url + "?rows=2&cols=3")
    assert page.status_code == 200 and b'name="k-1-2"' in page.content
    post = {"rows": "2", "cols": "3", "k-0-0": "site", "s-1-1": "scarab", "k-1-2": "start"}
    assert client.post(url, post).status_code == 302
    event.refresh_from_db()
    stored = event.edition["terra_pyramides"]["values"]["boards"]["standard"]
    assert stored["sites"] == [[0, 0]] and stored["scarab"] == [[1, 1]]
    assert stored["start_squares"] == [[1, 2]]
    again = client.get(url)
    assert b'<option value="site" selected>' in again.content
    assert client.get(url.replace("standard", "moon")).status_code == 404


def test_board_editor_is_404_when_the_event_does_not_play_terra_pyramides(client):
    event = EventFactory(game_key="imhotep")
    client.force_login(user())
    url = f"/en/console/tools/{event.slug}/editions/terra_pyramides/board/standard/"
    assert client.get(url).status_code == 404


# Nile Murals area map -----------------------------------------------------------------


def nile_event():
    return EventFactory(game_key="nile_murals", table_sizes=[4, 3])


def test_nile_areas_list_has_every_area_and_unknowns_stay_null():
    areas = boards.nile_areas_values(12, {0: 0, 1: 0, 64: 5}, {0: 2, 5: 3})
    assert len(areas) == 12
    assert areas[0] == {"value": 2, "squares": [0, 1]}
    assert areas[5] == {"value": 3, "squares": [64]}
    assert areas[1] == {"value": None, "squares": None}


def test_nile_area_value_contradicting_the_rulebook_is_refused():
    event = nile_event()
    # Square 64 lies in an area marked III (seed example 1 C); II there is refused.
    areas = boards.nile_areas_values(12, {64: 0}, {0: 2})
    with pytest.raises(EditionDataError) as err:
        boards.nile_areas_store(event, areas, "box")
    assert any("areas.0" in p for p in err.value.problems)
    event.refresh_from_db()
    assert event.edition is None


def test_nile_areas_page_saves_and_the_engine_reads_the_map(client):
    event = nile_event()
    client.force_login(user())
    url = f"/en/console/tools/{event.slug}/editions/nile_murals/areas/"
    page = client.get(url)
    assert page.status_code == 200 and b'name="a-99"' in page.content
    post = {"a-64": "3", "a-65": "3", "v-2": "3", "a-0": "1", "v-0": "1"}
    assert client.post(url, post).status_code == 302
    event.refresh_from_db()
    edition = resolve_edition("nile_murals", event.edition["nile_murals"], "default")
    assert edition.get("areas.2") == {"value": 3, "squares": [64, 65]}
    assert edition.get("areas.0") == {"value": 1, "squares": [0]}
    from engines.nile_murals.printed import load_printed

    assert load_printed(edition) is not None
    again = client.get(url).content.decode()
    assert '<option value="3" selected>3</option>' in again
