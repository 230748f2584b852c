"""The geometric path: with a board map in the edition the engine checks what needed it.

The map is ``fixtures/made_up_test_board.json``: MADE UP for these tests, not the printed
board (which the rulebook does not give; organizers supply it per board side).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engines.terra_pyramides import ENGINE
from tests.engines.terra_pyramides.helpers import run, violations

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "made_up_test_board.json").read_text())
EDITION = {"base": "default", **FIXTURE}
R = "terra_pyramides:"


def doc(moves, players=("Alex", "Bodo"), **options):
    return {
        "game": "terra_pyramides",
        "players": list(players),
        "options": options or {"version": 1},
        "edition": EDITION,
        "moves": moves,
    }


def start(**options):
    return ENGINE.setup(ENGINE.context(doc([], **options)))


def mapped_playout(options, n, seed):
    state = ENGINE.setup(ENGINE.context(doc([], players=[f"P{i}" for i in range(n)], **options)))
    rng, records = random.Random(seed), []
    while not ENGINE.is_over(state) and len(records) < 5000:
        move = rng.choice(list(ENGINE.legal_moves(state)))
        assert not ENGINE.check(state, move)
        records.append(ENGINE.dump_move(move))
        state = ENGINE.next_state(state, move)
    return state, records


SETUP = {
    "type": "setup",
    "start_tiles": [
        {"square": [4, 4], "tile": {"workers": 1}, "stairs": "left", "stack": 0},
        {"square": [5, 4], "tile": {"eyes": 1}, "stairs": "right", "stack": 1},
        {"square": [3, 5], "tile": {"workers": 1}, "stairs": "right", "stack": 2},
        {"square": [6, 6], "tile": {"blocks": ["red"]}, "stairs": "right", "stack": 3},
    ],
    "foundations": [
        {"square": [4, 3], "value": 3},
        {"square": [5, 5], "value": 2},
        {"square": [3, 6], "value": 4},
    ],
    "hand_stacks": [4, 5],
}


@pytest.mark.parametrize(
    ("options", "n"), [({"version": 1}, 3), ({"version": 3}, 4), ({"version": 2}, 2)]
)
def test_random_games_on_the_map_are_legal_and_replay(options, n):
    state, records = mapped_playout(options, n, seed=n)
    assert state.phase == "over"
    report = ENGINE.replay(doc(records, players=[f"P{i}" for i in range(n)], **options))
    assert report.ok and report.game_over
    items = {u.item for u in report.unchecked}
    assert not any(i.startswith(("M1.1/L4", "M3.5", "M6.3", "C21")) for i in items), items


def test_C21_start_tiles_go_on_start_squares():
    bad = json.loads(json.dumps(SETUP))
    bad["start_tiles"][0]["square"] = [4, 5]
    assert ("setup_not_start_square", R + "C21") in violations(start(), bad)


def test_L4_map_knows_the_oases():
    state = run(start(), [SETUP])
    move = {
        "type": "place_tile",
        "square": [2, 7],
        "tile": {},
        "stairs": "down",
        "facing": {"square": [4, 7], "kind": "site"},
    }
    assert ("square_forbidden", R + "L4") in violations(state, move)


def test_M1_3_faced_square_must_be_a_site_on_the_map():
    state = run(start(), [SETUP])
    move = {
        "type": "place_tile",
        "square": [2, 2],
        "tile": {},
        "stairs": "up",
        "facing": {"square": [0, 2], "kind": "site"},
    }
    assert ("facing_not_site", R + "M1.3") in violations(state, move)


PLACE = {
    "type": "place_tile",
    "square": [4, 5],
    "tile": {"workers": 1},
    "stairs": "right",
    "facing": {"square": [4, 8], "kind": "site"},
}


def test_M3_5_the_map_fixes_where_a_line_ends():
    state = run(start(), [SETUP, PLACE])
    short = {
        "type": "choose_line",
        "axis": "horizontal",
        "squares": [{"square": [4, 4], "kind": "tile"}, {"square": [4, 5], "kind": "tile"}],
    }
    assert ("line_cut_short", R + "M3.5") in violations(state, short)
    whole = {
        **short,
        "squares": [
            *short["squares"],
            {"square": [4, 6], "kind": "empty"},
            {"square": [4, 7], "kind": "empty"},
        ],
    }
    assert violations(state, whole) == []


def test_M6_3_workers_cannot_cross_an_empty_square():
    line = {
        "type": "choose_line",
        "axis": "horizontal",
        "squares": [
            {"square": [4, 4], "kind": "tile"},
            {"square": [4, 5], "kind": "tile"},
            {"square": [4, 6], "kind": "empty"},
            {"square": [4, 7], "kind": "empty"},
        ],
    }
    state = run(start(), [SETUP, PLACE, line])
    blocked = {"type": "move_worker", "origin": [4, 5], "target": [4, 8]}
    state = state.with_site((4, 8), state.sites[(4, 3)])
    assert ("path_blocked", R + "M6.3") in violations(state, blocked)
    assert violations(state, {"type": "move_worker", "origin": [4, 4], "target": [4, 3]}) == []


def test_VH7_coin_symbols_come_from_the_map():
    state = run(start(version=2), [SETUP])
    assert state.tracks["horus_track.coin_spaces"] == (5, 10, 15, 20, 25)


def test_M3_5_with_a_map_the_engine_derives_the_line():
    state = run(start(), [SETUP, PLACE, {"type": "choose_line", "axis": "horizontal"}])
    assert sorted(state.pending) == [(4, 4), (4, 5)]  # both tiles of the whole run
    assert state.kinds == {}  # the map, not records, says what the squares are


def test_M3_3_without_a_map_the_line_squares_must_be_recorded():
    from tests.engines.terra_pyramides.helpers import PLACE_X1, SETUP_V1
    from tests.engines.terra_pyramides.helpers import start as start_no_map

    state = run(start_no_map(["A", "B"]), [SETUP_V1, PLACE_X1])
    move = {"type": "choose_line", "axis": "vertical"}
    assert violations(state, move) == [("line_squares_unrecorded", R + "M3.3")]


def surrounded_state(skip=(), **options):
    """Site (4, 3) with Alex's worker; 1-eye tiles (one also shows 1 coin, on (3, 3)) on
    every neighbour except the squares in ``skip``: set up directly (a test shortcut), so
    the tile of the next placement can close the site."""
    from engines.terra_pyramides.moves import Tile
    from engines.terra_pyramides.state import Site, evolve

    state = run(start(**{"version": 2, **options}), [SETUP])
    tiles = dict(state.tiles)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            sq = (4 + dr, 3 + dc)
            if (dr, dc) != (0, 0) and sq not in skip:
                tiles[sq] = Tile(eyes=1, coins=1 if sq == (3, 3) else 0)
    state = evolve(state, tiles=tiles)
    return state.with_site((4, 3), Site(value=3, owner=0, workers=1))


# The last open neighbour (5, 2): stairs right over the tiles (5, 3), (5, 4) to the
# foundation on (5, 5), the first site that way.
CLOSE_AT_5_2 = {
    "type": "place_tile",
    "square": [5, 2],
    "tile": {"eyes": 1},
    "stairs": "right",
    "facing": {"square": [5, 5], "kind": "foundation"},
}
# Orthogonal neighbour (5, 3): stairs up to the occupied foundation itself.
CLOSE_AT_5_3 = {
    "type": "place_tile",
    "square": [5, 3],
    "tile": {"eyes": 1},
    "stairs": "up",
    "facing": {"square": [4, 3], "kind": "foundation"},
}
LINE_5_2 = {"type": "choose_line", "axis": "horizontal"}
BONUS = {"type": "surround_bonus", "site": [4, 3], "eyes": 8, "coins": 1}


def test_VH11_map_detects_the_completion_and_checks_the_recorded_bonus():
    state = run(surrounded_state(skip={(5, 2)}), [CLOSE_AT_5_2])
    assert state.due == ((4, 3),)
    assert violations(state, BONUS) == []
    after = run(state, [BONUS])
    assert after.due == ()
    assert after.players[0].horus == 8 and after.players[0].coins == 1 + 2 * 1  # symbol at 5
    assert ("surround_bonus_mismatch", R + "VH11") in violations(state, {**BONUS, "eyes": 7})
    assert ("surround_bonus_mismatch", R + "VH11") in violations(state, {**BONUS, "coins": 0})
    assert not any(u.item.startswith("VH11") for u in after.unchecked)


def test_VH11_map_end_of_turn_refuses_a_missing_bonus():
    state = run(surrounded_state(skip={(5, 2)}), [CLOSE_AT_5_2, LINE_5_2])
    state = run(state, [{"type": "return_worker", "square": sq} for sq in state.pending])
    state = run(state, [{"type": "refill", "stack": 0}])
    missing = ("surround_bonus_missing", R + "VH11")
    assert missing in violations(state, {"type": "end_turn"})
    done = run(state, [BONUS])
    assert missing not in violations(done, {"type": "end_turn"})


def test_VH11_A15_map_refuses_a_bonus_for_a_site_this_tile_did_not_close():
    # two open neighbours: the placement leaves (5, 3) open, so nothing completes
    open_state = run(surrounded_state(skip={(5, 2), (5, 3)}), [CLOSE_AT_5_2])
    assert open_state.due == ()
    record = {"type": "surround_bonus", "site": [4, 3], "eyes": 7, "coins": 1}
    assert violations(open_state, record) == [("surround_not_completed", R + "VH11")]
    # closed before the workers arrived: no bonus at completion, none later (A15)
    closed = surrounded_state(skip={(5, 2)})
    empty = closed.with_site((4, 3), closed.sites[(4, 3)].__class__(value=3))
    state = run(empty, [CLOSE_AT_5_2])
    assert state.due == ()
    arrived = state.with_site((4, 3), state.sites[(4, 3)].__class__(value=3, owner=0, workers=1))
    assert violations(arrived, BONUS) == [("surround_not_completed", R + "VH11")]


def test_VH11_A15_map_neighbourhood_reading():
    # (5, 2) is diagonal: with 8 neighbours the site stays open, with 4 it closes
    eight = run(surrounded_state(skip={(5, 2), (5, 3)}), [CLOSE_AT_5_3])
    assert eight.due == ()
    four = run(surrounded_state(skip={(5, 2), (5, 3)}, a15_neighbourhood=4), [CLOSE_AT_5_3])
    assert four.due == ((4, 3),)
    four_bonus = {"type": "surround_bonus", "site": [4, 3], "eyes": 4, "coins": 1}
    assert violations(four, four_bonus) == []


def test_VH11_without_a_map_the_completion_is_listed_unchecked():
    from tests.engines.terra_pyramides.helpers import first_turn

    state = first_turn(version=2)
    items = {u.item: u for u in state.unchecked}
    assert items["VH11 surround completions"].rule == R + "VH11"
    assert state.due == ()


def test_VH11_map_playouts_record_every_completion():
    """Random Ver2/Ver3 games on the made-up map: completions happen and each is recorded."""
    seen = 0
    for options, n, seed in (
        ({"version": 2}, 2, 5),
        ({"version": 3}, 4, 6),
        ({"version": 2}, 3, 7),
    ):
        state, records = mapped_playout(options, n, seed)
        assert state.phase == "over"
        seen += sum(1 for r in records if r["type"] == "surround_bonus")
    assert seen > 0


# ---- VN7 and the faced site (M1.3, A1) with and without a map ------------------------------
NILE_SITES = [[8, 1], [8, 6], [9, 3], [9, 8]]  # next to the made-up map's Nile squares
FACED_6_7 = {"square": [6, 7], "value": 1}  # the start tile on (6, 6) faces (6, 7)


def setup_with(*extra):
    foundations = [*SETUP["foundations"], *extra]
    return {**SETUP, "foundations": foundations}


def test_VN7_map_every_site_next_to_the_Nile_and_every_faced_site_takes_a_foundation():
    state = start(version=3)
    nile = [{"square": sq, "value": 2} for sq in NILE_SITES]
    assert violations(state, setup_with(FACED_6_7, *nile)) == []
    short = violations(state, setup_with(FACED_6_7, *nile[1:]))
    assert short == [("setup_nile_foundation_missing", R + "VN7")]
    assert violations(state, setup_with(*nile)) == [("setup_faced_foundation_missing", R + "VN7")]
    extra = setup_with(FACED_6_7, *nile, {"square": [0, 0], "value": 1})
    assert violations(state, extra) == [("setup_foundation_extra", R + "VN7")]
    after = run(state, [setup_with(FACED_6_7, *nile)])
    assert not any(u.item.startswith("VN7") for u in after.unchecked)
    assert after.foundations_left == 22 - 8


def test_VN7_a_map_may_list_the_sites_next_to_the_Nile():
    boards = json.loads(json.dumps(EDITION["values"]["boards"]))
    boards["nile"]["nile_sites"] = [[8, 1]]
    edition = {**EDITION, "values": {**EDITION["values"], "boards": boards}}
    ctx = ENGINE.context({**doc([], version=3), "edition": edition})
    state = ENGINE.setup(ctx)
    assert violations(state, setup_with(FACED_6_7, {"square": [8, 1], "value": 2})) == []


def test_VN7_without_a_map_the_setup_record_is_listed_unchecked():
    from tests.engines.terra_pyramides.helpers import SETUP_V1
    from tests.engines.terra_pyramides.helpers import start as start_no_map

    state = run(start_no_map(["A", "B"], version=3), [SETUP_V1])
    items = {u.item: u.rule for u in state.unchecked}
    assert items["VN7 foundations on every site next to the Nile"] == R + "VN7"


FAR_FACING = {
    "type": "place_tile",
    "square": [4, 2],
    "tile": {"workers": 1},
    "stairs": "right",
    "facing": {"square": [4, 8], "kind": "site"},  # (4, 3) is the first site that way
}


def test_M1_3_A1_map_the_faced_site_is_the_first_in_the_stairs_direction():
    state = run(start(), [SETUP])
    assert violations(state, FAR_FACING) == [("facing_not_first_site", R + "M1.3")]
    near = {**FAR_FACING, "facing": {"square": [4, 3], "kind": "foundation"}}
    assert violations(state, near) == []
    # tiles and empty squares between the tile and its site are fine (A1 (a))
    assert violations(state, PLACE) == []
    loose = run(start(a1_faced_site_first=False), [SETUP])
    assert violations(loose, FAR_FACING) == []


def test_M1_3_A1_without_a_map_known_sites_are_checked_unknown_squares_listed():
    from tests.engines.terra_pyramides.helpers import SETUP_V1
    from tests.engines.terra_pyramides.helpers import start as start_no_map

    state = run(start_no_map(["A", "B"]), [SETUP_V1])
    past = {
        "type": "place_tile",
        "square": [5, 2],
        "tile": {},
        "stairs": "right",
        "facing": {"square": [5, 8], "kind": "site"},  # the foundation on (5, 4) comes first
    }
    assert violations(state, past) == [("facing_not_first_site", R + "M1.3")]
    unknown = {**past, "square": [5, 1], "facing": {"square": [5, 4], "kind": "foundation"}}
    assert violations(state, unknown) == []
    after = run(state, [unknown])
    items = {u.item: u.rule for u in after.unchecked}
    assert items["M1.3 faced site first in the stairs direction"] == R + "M1.3"
    adjacent = run(state, [{**unknown, "square": [5, 3]}])
    assert "M1.3 faced site first in the stairs direction" not in {
        u.item for u in adjacent.unchecked
    }
