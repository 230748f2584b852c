"""The contract every registered engine keeps (ENGINE_CONTRACT.md), checked over all of them.

Random games are built from ``legal_moves`` only, so each engine is exercised on positions
its own rules produce; then the same log goes through JSON and ``replay`` like a judge's.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import available_engines, get_engine
from engines.core.errors import EngineError
from engines.core.types import Report

ENGINES_DIR = Path(__file__).resolve().parents[2] / "engines"
KEYS = available_engines()
SEEDS = (0, 1, 2)
STEP_CAP = 5000
NAMES = ("Aiko", "Ben", "Chie", "Dai", "Emi", "Fumi")


def player_counts(key):
    return get_engine(key).meta.player_counts


CASES = [(key, n, seed) for key in KEYS for n in player_counts(key) for seed in SEEDS]


@cache
def preset_for(key: str, n: int) -> str:
    """The first preset under which ``n`` players can start (e.g. a solo mode)."""
    engine = get_engine(key)
    problems = []
    for preset in engine.meta.presets:
        try:
            engine.context({"game": key, "players": list(NAMES[:n]), "moves": [], "preset": preset})
            return preset
        except EngineError as err:
            problems.append(f"{preset}: {err}")
    raise AssertionError(f"{key}: no preset starts a {n}-player game: {problems}")


@cache
def playout(key: str, n: int, seed: int):
    """A random legal game: (moves as JSON records, final state, over?, codes seen)."""
    engine = get_engine(key)
    ctx = engine.context(doc_for(key, n, []))
    state = engine.setup(ctx)
    rng = random.Random(seed)
    records, illegal_codes = [], set()
    for _step in range(STEP_CAP):
        if engine.is_over(state):
            break
        moves = list(engine.legal_moves(state))
        assert moves, f"{key}: no legal move in a game that is not over"
        move = rng.choice(moves)
        # The chosen move and a sample of the others: legal_moves yields only legal moves.
        for candidate in [move, *rng.sample(moves, min(4, len(moves)))]:
            problems = engine.check(state, candidate)
            assert not problems, (
                f"{key}: legal_moves yielded an illegal move {candidate!r}: {problems}"
            )
        illegal_codes |= probe_illegal(engine, state, move, rng)
        record = engine.dump_move(move)
        assert engine.parse_move(json.loads(json.dumps(record)), 0) == move, "dump/parse round trip"
        records.append(record)
        state = engine.apply(state, move)
    return records, state, engine.is_over(state), frozenset(illegal_codes)


def probe_illegal(engine, state, move, rng) -> set[str]:
    """Nudge one integer field of a legal move; collect the codes of what check rejects."""
    record = engine.dump_move(move)
    ints = [k for k, v in record.items() if isinstance(v, int) and not isinstance(v, bool)]
    if not ints:
        return set()
    field = rng.choice(ints)
    record[field] += rng.choice((-1, 1, 2))
    try:
        bent = engine.parse_move(record, 0)
    except EngineError:
        return set()
    return {v.code for v in engine.check(state, bent)}


def doc_for(key, n, records):
    return {"game": key, "players": list(NAMES[:n]), "preset": preset_for(key, n), "moves": records}


@pytest.mark.parametrize("key", KEYS)
def test_metadata_is_complete(key):
    engine = get_engine(key)
    meta = engine.meta
    assert meta.key == key
    assert meta.name_en.strip() and meta.name_ja.strip()
    assert 1 <= meta.min_players <= meta.max_players
    assert meta.version and meta.rules_reference
    assert meta.presets, "at least one preset (the first is the default)"
    for preset in meta.presets:
        engine.resolve_options(preset=preset)
    assert engine.categories, "categories in score-sheet order"
    assert len({c.key for c in engine.categories}) == len(engine.categories)
    for item in (*engine.categories, *engine.tiebreaks):
        assert item.en.strip() and item.ja.strip(), item
    assert engine.messages_ja, "Japanese messages by violation code"
    assert engine.sheet_schema()["properties"]["game"] == {"const": key}
    assert engine.log_schema()["properties"]["moves"]["type"] == "array"


@pytest.mark.parametrize(("key", "n", "seed"), CASES)
def test_random_playout_from_legal_moves_is_legal(key, n, seed):
    records, state, over, _ = playout(key, n, seed)
    assert records


@pytest.mark.parametrize(("key", "n"), [(k, n) for k in KEYS for n in player_counts(k)])
def test_random_playouts_reach_the_end(key, n):
    finished = sum(playout(key, n, seed)[2] for seed in SEEDS)
    assert finished * 2 > len(SEEDS), f"{key} {n}p: only {finished}/{len(SEEDS)} games ended"


@pytest.mark.parametrize(("key", "n", "seed"), CASES)
def test_replaying_the_json_log_twice_gives_equal_states_and_outcomes(key, n, seed):
    engine = get_engine(key)
    records, state, over, _ = playout(key, n, seed)
    text = json.dumps(doc_for(key, n, records))
    first, second = (engine.replay(json.loads(text)) for _ in range(2))
    assert first.ok and second.ok, first.violations
    assert first.moves_applied == len(records)
    assert first.final_state == second.final_state == state
    assert first.game_over == over
    first_outcome = first.outcome.to_dict() if first.outcome else None
    assert first_outcome == (second.outcome.to_dict() if second.outcome else None)
    json.dumps(first.to_dict(), ensure_ascii=False)


@pytest.mark.parametrize(("key", "n", "seed"), CASES)
def test_scoring_works_at_the_end(key, n, seed):
    engine = get_engine(key)
    records, state, over, _ = playout(key, n, seed)
    if not over:
        pytest.skip("this random game did not end within the step cap")
    outcome = engine.outcome(engine.context_of(state), engine.score_state(state))
    assert len(outcome.players) == n
    keys = [c.key for c in engine.categories]
    for player in outcome.players:
        assert [k for k, _ in player.breakdown] == keys
        assert 1 <= player.rank <= n
        assert len(player.tiebreak) == len(engine.tiebreaks)
    assert min(p.rank for p in outcome.players) == 1


@pytest.mark.parametrize("key", KEYS)
def test_messages_ja_cover_the_codes_check_produces(key):
    engine = get_engine(key)
    seen = set()
    for n in player_counts(key):
        for seed in SEEDS:
            seen |= playout(key, n, seed)[3]
    missing = sorted(code for code in seen if code not in engine.messages_ja)
    assert not missing, f"{key}: no Japanese message for {missing}"


def example_files():
    out = []
    for key in KEYS:
        out += [(key, p) for p in sorted((ENGINES_DIR / key / "examples").glob("*.json"))]
    return out


@pytest.mark.parametrize(("key", "path"), example_files(), ids=lambda x: getattr(x, "name", x))
def test_examples_score_or_replay_without_violations(key, path):
    engine = get_engine(key)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["game"] == key
    if "moves" in doc:
        report = engine.replay(doc)
        assert report.ok, [v.to_dict() for v in report.violations]
    else:
        outcome = engine.score_sheet(doc)
        assert len(outcome.players) == len(doc["players"])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def mutate(doc, rng: random.Random, noise):
    """Replace, drop or retype one value somewhere in the document."""
    doc = json.loads(json.dumps(doc))
    node = doc
    while True:
        keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return doc
        k = rng.choice(keys)
        child = node[k]
        if isinstance(child, dict | list) and child and rng.random() < 0.7:
            node = child
            continue
        if isinstance(node, dict) and rng.random() < 0.3:
            del node[k]
        else:
            node[k] = noise
        return doc


def feed(engine, doc):
    try:
        result = (
            engine.replay(doc)
            if isinstance(doc, dict) and "moves" in doc
            else engine.score_sheet(doc)
        )
    except EngineError:
        return
    if isinstance(result, Report):
        assert result.ok or result.violations


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_malformed_documents_only_raise_input_errors(key, data):
    engine = get_engine(key)
    n = engine.meta.min_players
    records = playout(key, n, 0)[0][:200]
    bases = [doc_for(key, n, records)] + [
        json.loads(p.read_text(encoding="utf-8")) for k, p in example_files() if k == key
    ]
    base = data.draw(st.sampled_from(bases))
    seed = data.draw(st.integers(0, 2**16))
    noise = data.draw(json_values)
    feed(engine, mutate(base, random.Random(seed), noise))
    feed(
        engine,
        data.draw(
            st.dictionaries(
                st.sampled_from(["game", "players", "moves", "sheet", "options"]), json_values
            )
        ),
    )


@pytest.mark.parametrize(("key", "path"), example_files(), ids=lambda x: getattr(x, "name", x))
def test_examples_validate_against_the_published_json_schema(key, path):
    jsonschema = pytest.importorskip("jsonschema")
    engine = get_engine(key)
    doc = json.loads(path.read_text(encoding="utf-8"))
    schema = engine.log_schema() if "moves" in doc else engine.sheet_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(doc)
