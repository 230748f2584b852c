import pytest

import engines
from engines.registry import DuplicateEngineKey, Registry, UnknownEngine

from .conftest import ToyEngine


def test_register_then_get_by_key():
    registry = Registry()
    engine = registry.register(ToyEngine())
    assert registry.get("toy") is engine
    assert registry.keys() == ("toy",)


def test_duplicate_key_fails():
    registry = Registry()
    registry.register(ToyEngine())
    with pytest.raises(DuplicateEngineKey, match="toy"):
        registry.register(ToyEngine())


def test_duplicate_key_in_the_explicit_list_fails_when_it_loads():
    def loader(reg):
        reg.register(ToyEngine())
        reg.register(ToyEngine())

    with pytest.raises(DuplicateEngineKey):
        Registry(loader=loader).keys()


def test_unknown_key_is_a_clear_lookup_error_naming_the_known_games():
    registry = Registry()
    registry.register(ToyEngine())
    with pytest.raises(UnknownEngine) as err:
        registry.get("chess")
    assert isinstance(err.value, LookupError)
    assert "'chess'" in str(err.value) and "toy" in str(err.value)


def test_unknown_key_in_an_empty_registry_says_none():
    with pytest.raises(UnknownEngine, match="none"):
        Registry().get("toy")


def test_loader_runs_once_and_lazily():
    calls = []

    def loader(reg):
        calls.append(1)
        reg.register(ToyEngine())

    registry = Registry(loader=loader)
    assert calls == []
    registry.keys()
    registry.get("toy")
    assert calls == [1]


def test_global_registry_lists_imhotep_and_rejects_unknown():
    assert "imhotep" in engines.available_engines()
    assert engines.get_engine("imhotep").meta.key == "imhotep"
    with pytest.raises(UnknownEngine):
        engines.get_engine("no-such-game")
