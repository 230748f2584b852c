"""Supply limits (L8, L9; G8, G9): only the printed totals are enforced, the rest is
edition data (null = unknown, listed under ``unchecked``).

Printed (seed, component list): 32 blocks, 42 pyramid level pieces, 24 money tokens (their
denominations are not printed, so the coin value of the supply is unknown)."""

from __future__ import annotations

import json

import pytest

from engines.core.editions import load_bundled
from engines.terra_pyramides import ENGINE
from engines.terra_pyramides.state import Site
from tests.engines.terra_pyramides.helpers import (
    LINE_X1,
    PLACE_X1,
    SETUP_V1,
    first_turn,
    run,
    violations,
    with_player,
)

R = "terra_pyramides:"


def start(supply=None, players=("Alex", "Bodo"), **options):
    doc = {
        "game": "terra_pyramides",
        "players": list(players),
        "options": options or {"version": 1},
        "moves": [],
    }
    if supply is not None:
        doc["edition"] = {"base": "default", "values": {"supply": supply}}
    return ENGINE.setup(ENGINE.context(doc))


def before_line(supply=None, **holdings):
    """Alex's X1 turn up to the line (its (4, 4) tile shows 1 blue block); Bodo holds
    ``holdings`` (a test shortcut for blocks gathered earlier)."""
    state = run(start(supply), [SETUP_V1, PLACE_X1])
    return with_player(state, 1, **holdings) if holdings else state


def test_printed_supply_figures_come_from_the_seed_and_the_rest_is_null():
    edition = load_bundled("terra_pyramides", "default")
    assert edition.get("supply.blocks") == 32  # 建築資材ブロック：32
    assert edition.get("supply.pyramid_levels") == 42  # ピラミッド階層：42
    assert edition.get("supply.coin_tokens") == 24  # お金トークン：24
    for unknown in ("supply.coins", "supply.blocks_by_colour", "supply.level_pieces"):
        assert edition.get(unknown) is None and edition.sources[unknown].startswith("not printed")


def test_L9_L8_unknown_supply_figures_are_listed_unchecked():
    state = run(start(), [SETUP_V1])
    items = {u.item: u.rule for u in state.unchecked}
    assert items["L9 coin supply"] == R + "L9"
    assert items["L9 blocks per colour"] == R + "L9"
    assert items["L8 pyramid level pieces per level and colour"] == R + "L8"
    known = run(
        start({"coins": 60, "blocks_by_colour": {"blue": 6}, "level_pieces": {"1": 8}}),
        [SETUP_V1],
    )
    assert not any(u.item.startswith(("L9", "L8")) for u in known.unchecked)


def test_L9_a_line_the_32_block_supply_cannot_serve_needs_the_record():
    state = before_line(blocks={"red": 32})  # every printed block is held
    assert violations(state, LINE_X1) == [("block_supply_short", R + "L9")]
    record = {**LINE_X1, "blocks_unavailable": ["blue"]}
    assert violations(state, record) == []
    after = run(state, [record])
    assert after.players[0].blocks == {}
    assert violations(state, {**LINE_X1, "blocks_unavailable": ["red"]}) == [
        ("unavailable_not_in_line", R + "L9")
    ]
    # one block left: the blue symbol is served
    assert violations(before_line(blocks={"red": 31}), LINE_X1) == []


def test_L9_G8_without_colour_counts_a_recorded_colour_shortage_is_accepted():
    state = before_line(blocks={"red": 3})
    assert violations(state, {**LINE_X1, "blocks_unavailable": ["blue"]}) == []


def test_L9_G8_known_colour_counts_are_checked_both_ways():
    supply = {"blocks_by_colour": {"blue": 2, "red": 10, "white": 4}}
    short = before_line(supply, blocks={"blue": 2})
    assert violations(short, LINE_X1) == [("block_colour_supply", R + "L9")]
    assert violations(short, {**LINE_X1, "blocks_unavailable": ["blue"]}) == []
    plenty = before_line(supply, blocks={"blue": 1})
    assert violations(plenty, LINE_X1) == []
    assert violations(plenty, {**LINE_X1, "blocks_unavailable": ["blue"]}) == [
        ("block_colour_supply", R + "L9")
    ]


def test_M9_3_L9_a_bought_block_must_be_left_in_the_supply():
    bodo = with_player(first_turn(), 1, coins=3)  # Bodo's turn follows Alex's
    assert violations(bodo, {"type": "buy_block"}) == []
    full = with_player(bodo, 0, blocks={"red": 31, "blue": 1})  # all 32 held
    assert violations(full, {"type": "buy_block"}) == [("block_supply_empty", R + "L9")]


def test_M10_L9_conversion_needs_a_white_block_when_the_colours_are_known():
    supply = {"blocks_by_colour": {"white": 1, "red": 10}}
    state = run(start(supply), [SETUP_V1])
    alex = with_player(state, 0, blocks={"red": 2})
    convert = {"type": "convert", "payment": {"red": 2}}
    assert violations(alex, convert) == []
    no_white = with_player(alex, 1, blocks={"white": 1})  # Bodo holds the only white
    assert violations(no_white, convert) == [("block_supply_empty", R + "L9")]
    # Alex holds the only white: paying with it puts it back in the supply first
    mixed = with_player(with_player(no_white, 1, blocks={}), 0, blocks={"red": 1, "white": 1})
    assert violations(mixed, {"type": "convert", "payment": {"red": 1, "white": 1}}) == []


def pyramids_state(levels, supply=None):
    """Alex with 3 workers on a fresh foundation (3, 3), and pyramids of ``levels`` elsewhere
    (a test shortcut standing for earlier builds)."""
    state = run(start(supply), [SETUP_V1])
    for i, level in enumerate(levels):
        state = state.with_site((20 + i, 0), Site(value=1, level=level, colour="red", owner=1))
    state = state.with_site((3, 3), Site(value=3, owner=0, workers=3))
    return with_player(state, 0, blocks={"red": 1})


BUILD_L1 = {"type": "build", "square": [3, 3], "colour": "red", "payment": {"red": 1}}


@pytest.mark.parametrize(
    ("levels", "ok"),
    [([4] * 10 + [1], True), ([4] * 10 + [2], False), ([5] * 10 + [2], False)],
)
def test_L8_at_most_42_level_pieces_of_levels_1_to_4(levels, ok):
    # levels 1-4 of each pyramid are pieces; a level-5 pyramid adds a top (either reading)
    state = pyramids_state(levels)
    got = violations(state, BUILD_L1)
    assert got == ([] if ok else [("no_level_piece_left", R + "L8")])


def test_L8_level_pieces_per_level_when_the_edition_knows_them():
    state = pyramids_state([1, 3], supply={"level_pieces": {"1": 2}})
    assert violations(state, BUILD_L1) == [("no_level_piece_left", R + "L8")]
    assert violations(pyramids_state([1], supply={"level_pieces": {"1": 2}}), BUILD_L1) == []


def test_L9_G15_a_known_coin_supply_limits_the_gain():
    # X1: 2 Horus eyes give Alex 2 coins; Bodo holds 3 of a 4-coin supply
    state = before_line({"coins": 4}, coins=3)
    after = run(state, [LINE_X1])
    assert after.players[0].coins == 1
    items = {u.item: u.rule for u in after.unchecked}
    assert items["G15 coin supply empty"] == R + "L9"
    plenty = run(before_line({"coins": 24}, coins=3), [LINE_X1])
    assert plenty.players[0].coins == 2
    assert "G15 coin supply empty" not in {u.item for u in plenty.unchecked}


def test_supply_edition_values_are_validated():
    doc = {
        "game": "terra_pyramides",
        "players": ["A", "B"],
        "moves": [],
        "edition": {"base": "default", "values": {"supply": {"level_pieces": {"12": 3}}}},
    }
    with pytest.raises(Exception) as err:
        ENGINE.context(doc)
    assert "supply.level_pieces" in json.dumps(str(err.value))


@pytest.mark.parametrize(
    ("supply", "options", "seed"),
    [
        ({"blocks": 6}, {"version": 1}, 1),
        (
            {"blocks": 9, "blocks_by_colour": {"red": 3, "blue": 2, "grey": 2, "white": 2}},
            {"version": 2},
            2,
        ),
        ({"blocks": 10, "coins": 9, "pyramid_levels": 3}, {"version": 3}, 3),
    ],
)
def test_L8_L9_random_games_with_a_small_supply_never_exceed_it(supply, options, seed):
    """Property: playouts under a tight supply stay within it at every step and replay."""
    import random

    from engines.terra_pyramides.supply import held_blocks

    names = ["P1", "P2", "P3"]
    state = start(supply, players=names, **options)
    rng, records, short = random.Random(seed), [], 0
    while not ENGINE.is_over(state):
        move = rng.choice(list(ENGINE.legal_moves(state)))
        short += len(getattr(move, "blocks_unavailable", ()))
        records.append(ENGINE.dump_move(move))
        state = ENGINE.next_state(state, move)
        assert held_blocks(state) <= supply["blocks"]
        for colour, n in (supply.get("blocks_by_colour") or {}).items():
            assert sum(p.blocks.get(colour, 0) for p in state.players) <= n
        if "coins" in supply:
            assert sum(p.coins for p in state.players) <= supply["coins"]
        pieces = sum(min(s.level, 4) for s in state.sites.values())
        assert pieces <= supply.get("pyramid_levels", 42)
    assert short > 0  # the supply did run short
    doc = {
        "game": "terra_pyramides",
        "players": names,
        "options": options,
        "edition": {"base": "default", "values": {"supply": supply}},
        "moves": records,
    }
    report = ENGINE.replay(doc)
    assert report.ok and report.game_over
