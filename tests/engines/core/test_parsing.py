import pytest
from pydantic import TypeAdapter

from engines.core.errors import MalformedInput
from engines.core.parsing import json_path, parse_envelope, parse_model

from .conftest import ToyMove


def paths(err):
    return [v.path for v in err.value.violations]


def test_json_path_joins_keys_and_indexes():
    assert json_path(["moves", 3, "ship"]) == "$.moves[3].ship"
    assert json_path([], "$.sheet") == "$.sheet"


def test_envelope_must_be_an_object():
    with pytest.raises(MalformedInput) as err:
        parse_envelope(["not", "a", "dict"])
    assert err.value.violations[0].code == "malformed.document"
    assert paths(err) == ["$"]


def test_envelope_missing_players_names_the_path():
    with pytest.raises(MalformedInput) as err:
        parse_envelope({"game": "toy", "moves": []})
    assert "$.players" in paths(err)


def test_envelope_unknown_field_is_an_error_not_ignored():
    with pytest.raises(MalformedInput) as err:
        parse_envelope({"game": "toy", "players": ["a"], "moves": [], "colour": "red"})
    assert paths(err) == ["$.colour"]
    assert err.value.violations[0].code == "malformed.extra_forbidden"


@pytest.mark.parametrize("body", [{}, {"moves": [], "sheet": {}}])
def test_envelope_carries_exactly_one_of_sheet_and_moves(body):
    with pytest.raises(MalformedInput) as err:
        parse_envelope({"game": "toy", "players": ["a"], **body})
    assert err.value.violations[0].code == "malformed.envelope"


def test_envelope_accepts_named_or_carried_edition():
    assert (
        parse_envelope({"game": "t", "players": ["a"], "moves": [], "edition": "x"}).edition == "x"
    )
    env = parse_envelope({"game": "t", "players": ["a"], "sheet": {}, "edition": {"values": {}}})
    assert env.edition == {"values": {}}


def test_move_errors_name_the_document_path_without_the_union_tag():
    adapter = TypeAdapter(ToyMove)
    with pytest.raises(MalformedInput) as err:
        parse_model(adapter, {"type": "add", "n": "many"}, "$.moves[4]")
    assert paths(err) == ["$.moves[4].n"]


def test_unknown_move_type_is_malformed():
    with pytest.raises(MalformedInput) as err:
        parse_model(TypeAdapter(ToyMove), {"type": "fly"}, "$.moves[0]")
    assert err.value.violations[0].code == "malformed.union_tag_invalid"
    assert paths(err)[0].startswith("$.moves[0]")


@pytest.mark.parametrize("n", [True, "2", 2.0])
def test_a_number_is_never_read_from_another_type(n):
    with pytest.raises(MalformedInput) as err:
        parse_model(TypeAdapter(ToyMove), {"type": "add", "n": n}, "$.moves[0]")
    assert paths(err) == ["$.moves[0].n"]


def test_a_literal_of_numbers_refuses_true_although_true_equals_one():
    from typing import Literal

    from engines.core.parsing import Model

    class Pick(Model):
        level: Literal[1, 2, 3]

    assert parse_model(Pick, {"level": 1}, "$").level == 1
    with pytest.raises(MalformedInput) as err:
        parse_model(Pick, {"level": True}, "$")
    assert paths(err) == ["$.level"]


def test_a_json_array_still_fills_a_tuple_but_its_items_are_strict():
    from engines.core.parsing import Model

    class Square(Model):
        at: tuple[int, int]

    assert parse_model(Square, {"at": [1, 2]}, "$").at == (1, 2)
    with pytest.raises(MalformedInput) as err:
        parse_model(Square, {"at": [1, "2"]}, "$")
    assert paths(err) == ["$.at[1]"]


def test_player_names_must_be_strings():
    with pytest.raises(MalformedInput) as err:
        parse_envelope({"game": "t", "players": ["a", 2], "moves": []})
    assert paths(err) == ["$.players[1]"]
