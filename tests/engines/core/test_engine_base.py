import pytest

from engines.core.errors import IllegalMove, MalformedInput, SetupError

from .conftest import add, log


def test_replay_folds_the_log_to_the_end(toy):
    report = toy.replay(log(add(3), add(3), add(3), add(1)))
    assert report.ok and report.game_over and report.moves_applied == 4
    assert report.final_state.points == (6, 4)
    assert [p.rank for p in report.outcome.players] == [1, 2]


def test_replay_stops_at_the_first_illegal_move_naming_index_and_rule(toy):
    report = toy.replay(log(add(1), add(5), add(1), {"type": "skip"}))
    assert not report.ok and report.moves_applied == 1 and not report.game_over
    (v,) = report.violations
    assert (v.code, v.rule, v.index, v.text) == ("toy.too_big", "toy:L1", 1, "add at most 3, not 5")
    assert report.final_state.total == 1 and report.outcome is None


def test_replay_of_an_unfinished_game_has_no_outcome(toy):
    report = toy.replay(log(add(1)))
    assert report.ok and not report.game_over and report.outcome is None


def test_apply_checks_first_and_raises_on_illegal_move(toy):
    ctx = toy.context(log())
    state = toy.setup(ctx)
    with pytest.raises(IllegalMove) as err:
        toy.apply(state, toy.parse_move(add(4), 0), index=7)
    assert err.value.violations[0].index == 7
    assert toy.apply(state, toy.parse_move(add(2), 0)).total == 2


def test_malformed_moves_are_all_reported_with_paths(toy):
    with pytest.raises(MalformedInput) as err:
        toy.replay(log(add(1), {"type": "add"}, {"type": "fly"}))
    paths = [v.path for v in err.value.violations]
    assert paths[0] == "$.moves[1].n" and paths[1].startswith("$.moves[2]")


def test_replay_needs_moves_and_scoring_needs_a_sheet(toy):
    with pytest.raises(MalformedInput):
        toy.replay({"game": "toy", "players": ["a", "b"], "sheet": {"points": [1, 2]}})
    with pytest.raises(MalformedInput):
        toy.score_sheet(log())


def test_document_for_another_game_is_malformed(toy):
    with pytest.raises(MalformedInput) as err:
        toy.replay({"game": "chess", "players": ["a", "b"], "moves": []})
    assert err.value.violations[0].path == "$.game"


@pytest.mark.parametrize(
    ("players", "code"),
    [
        (["a"], "setup.player_count"),
        (["a", "b", "c", "d"], "setup.player_count"),
        (["a", "a"], "setup.duplicate_player"),
    ],
)
def test_player_list_is_validated(toy, players, code):
    with pytest.raises(SetupError) as err:
        toy.replay(log(players=players))
    assert err.value.violations[0].code == code and err.value.violations[0].path == "$.players"


def test_presets_and_options_resolve_with_the_first_preset_as_default(toy):
    assert toy.context(log()).options.target == 10
    assert toy.context(log(preset="short")).options.target == 4
    assert toy.context(log(preset="short", options={"target": 6})).options.target == 6
    with pytest.raises(SetupError) as err:
        toy.context(log(preset="long"))
    assert err.value.violations[0].code == "setup.unknown_preset"
    with pytest.raises(MalformedInput) as err:
        toy.context(log(options={"target": 0}))
    assert err.value.violations[0].path == "$.options.target"
    with pytest.raises(MalformedInput):
        toy.context(log(options={"colour": "red"}))


def test_options_are_frozen(toy):
    opts = toy.context(log()).options
    with pytest.raises(Exception):  # noqa: B017 - pydantic raises its own ValidationError
        opts.target = 3


def test_sheet_outcome_totals_ranks_and_shares_full_ties(toy):
    doc = {
        "game": "toy",
        "players": ["a", "b", "c"],
        "sheet": {"points": [5, 7, 5], "bonus": [2, 0, 2]},
    }
    outcome = toy.score_sheet(doc)
    assert [p.total for p in outcome.players] == [7, 7, 7]
    assert [p.rank for p in outcome.players] == [1, 1, 1]
    assert outcome.players[0].breakdown == (("added", 5), ("bonus", 2))
    assert outcome.complete and outcome.to_dict()["players"][2]["seat"] == 3


def test_sheet_with_unknown_category_is_incomplete_and_says_why(toy):
    outcome = toy.score_sheet(
        {"game": "toy", "players": ["a", "b"], "sheet": {"points": [None, 3]}}
    )
    first = outcome.players[0]
    assert first.total == 0 and not first.complete and first.points("added") is None
    assert not outcome.complete and outcome.unchecked[0].item == "seat 1"


def test_inconsistent_sheet_raises_illegal_move_with_a_path(toy):
    with pytest.raises(IllegalMove) as err:
        toy.score_sheet({"game": "toy", "players": ["a", "b"], "sheet": {"points": [1]}})
    assert err.value.violations[0].path == "$.sheet.points"


def test_malformed_sheet_names_the_path(toy):
    with pytest.raises(MalformedInput) as err:
        toy.score_sheet({"game": "toy", "players": ["a", "b"], "sheet": {"points": ["x", 1]}})
    assert err.value.violations[0].path == "$.sheet.points[0]"


def test_localize_uses_the_japanese_catalogue_and_falls_back_to_english(toy):
    report = toy.replay(log(add(9)))
    assert toy.localize(report.violations[0], "ja") == "9は大きすぎます"
    assert toy.localize(report.violations[0], "en") == "add at most 3, not 9"
    skip = toy.replay(log({"type": "skip"})).violations[0]
    assert toy.localize(skip, "ja") == "skipping is never allowed"


def test_schemas_wrap_the_game_documents_in_the_envelope(toy):
    sheet = toy.sheet_schema()
    assert sheet["properties"]["game"] == {"const": "toy"}
    assert set(sheet["required"]) == {"game", "players", "sheet"}
    moves = toy.log_schema()
    assert moves["properties"]["moves"]["type"] == "array"


def test_report_and_meta_serialise_to_json_shapes(toy):
    d = toy.replay(log(add(3), add(3), add(3), add(3))).to_dict()
    assert d["ok"] and d["game_over"] and d["outcome"]["players"][0]["total"] == 6
    meta = toy.meta.to_dict()
    assert meta["name"] == {"en": "Toy", "ja": "トイ"} and meta["players"] == {"min": 2, "max": 3}


def test_localize_covers_the_framework_codes_in_japanese(toy):
    with pytest.raises(SetupError) as err:
        toy.context(log(players=["a"]))
    assert (
        toy.localize(err.value.violations[0], "ja")
        == "トイのプレイ人数は2～3人です（1人ではありません）"
    )
    with pytest.raises(MalformedInput) as err:
        toy.replay(log({"type": "add", "n": "many"}))
    text = toy.localize(err.value.violations[0], "ja")
    assert text == "1番目の記録の「n」：整数を記入してください"
    with pytest.raises(MalformedInput) as err:
        toy.replay({"game": "chess", "players": ["a", "b"], "moves": []})
    assert (
        toy.localize(err.value.violations[0], "ja")
        == "この文書は「toy」ではなく「chess」のものです"
    )


def test_options_merge_over_the_preset_at_every_depth():
    from engines.core.engine import deep_merge

    preset = {"sides": {"market": "B", "temple": "B"}, "wrath": True, "order": [1, 2]}
    merged = deep_merge(preset, {"sides": {"market": "A"}, "order": [3]})
    assert merged == {"sides": {"market": "A", "temple": "B"}, "wrath": True, "order": [3]}
    assert preset["sides"] == {"market": "B", "temple": "B"}  # the preset is not changed
    assert deep_merge(preset, {"sides": None})["sides"] is None


def test_a_shape_error_cites_the_rule_of_its_record_type_before_the_path_rule(toy):
    class Cited(type(toy)):
        input_rules = ((r"\.n$", "M1"),)
        record_input_rules = (("add", r"\.n$", "L1"),)

    engine = Cited()
    with pytest.raises(MalformedInput) as err:
        engine.replay(log(add(1), {"type": "add", "n": 12}))
    assert [v.rule for v in err.value.violations] == ["toy:L1"]

    class PathOnly(type(toy)):
        input_rules = ((r"\.n$", "M1"),)

    with pytest.raises(MalformedInput) as err:
        PathOnly().replay(log({"type": "add", "n": True}))
    assert [v.rule for v in err.value.violations] == ["toy:M1"]
