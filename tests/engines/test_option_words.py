"""Every game's options and presets have words in English and Japanese
(``engines/<key>/option_words.py``), so the organizer's event form shows a choice in words
for each, never an option's key or JSON (issue 29)."""

from __future__ import annotations

import pytest

import engines

GAMES = list(engines.available_engines())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_option_and_value_and_preset_has_words(game, lang):
    engine = engines.get_engine(game)
    controls = engine.option_controls(lang)
    defaults = engine.resolve_options({}).model_dump()
    paths = set()
    for control in controls:
        assert control["label"] and control["choices"], control["path"]
        assert all(words for _value, words in control["choices"]), control["path"]
        paths.add(control["path"][0])
    assert paths == set(defaults)  # every top-level option has a control
    names = engine.rule_set_names(lang)
    assert [name for name, _words in names] == list(engine.meta.presets)
    assert all(words and words != name for name, words in names)
    if lang == "ja":  # the words are Japanese, not the English ones again
        english = dict(engine.rule_set_names("en"))
        assert all(words != english[name] for name, words in names)


@pytest.mark.parametrize("game", GAMES)
def test_every_offered_value_is_one_the_engine_takes(game):
    """Each choice, set alone over the default rule set, resolves; a list option's
    values together too (the controls offer nothing the engine refuses)."""
    engine = engines.get_engine(game)
    defaults = engine.resolve_options({}).model_dump()
    for control in engine.option_controls("en"):
        values = [value for value, _words in control["choices"]]
        for value in [values] if control["many"] else values:
            *parents, last = control["path"]
            if isinstance(last, int):  # an item of a fixed list: the whole list changes
                whole = list(defaults[parents[0]])
                whole[last] = value
                override: dict = {parents[0]: whole}
            else:
                override = node = {}
                for key in parents:
                    node = node.setdefault(key, {})
                node[last] = value
            try:
                engine.resolve_options(override)
            except Exception as error:  # noqa: BLE001 - the engine's refusal, shown
                pytest.fail(f"{game} {control['path']}={value!r}: {error}")
