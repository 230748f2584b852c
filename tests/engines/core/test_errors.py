from engines.core.errors import EngineBug, EngineError, IllegalMove, MalformedInput, SetupError
from engines.core.types import Violation

V = Violation("x.code", "toy:M1", "bad {what}", {"what": "thing"})


def test_malformed_input_maps_to_exit_2():
    assert MalformedInput([V]).exit_code == 2


def test_setup_error_is_malformed_input_with_exit_2():
    err = SetupError([V])
    assert isinstance(err, MalformedInput)
    assert err.exit_code == 2


def test_illegal_move_maps_to_exit_1():
    assert IllegalMove([V]).exit_code == 1


def test_input_errors_are_value_errors_carrying_violations():
    for cls in (MalformedInput, SetupError, IllegalMove):
        err = cls([V, V.at(index=3)])
        assert isinstance(err, ValueError) and isinstance(err, EngineError)
        assert err.violations[1].index == 3
        assert str(err) == "bad thing; bad thing"


def test_error_without_violations_still_has_a_message():
    assert str(IllegalMove([])) == "IllegalMove"


def test_engine_bug_is_not_an_input_error():
    assert not issubclass(EngineBug, ValueError)
    assert not issubclass(EngineBug, EngineError)
