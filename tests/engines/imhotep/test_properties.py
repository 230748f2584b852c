"""Property tests: random legal games from ``legal_moves`` keep the game's invariants, and
random malformed documents only ever produce the two input-error kinds."""

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core.errors import EngineError
from engines.imhotep import ENGINE
from engines.imhotep.components import STONES_PER_COLOUR

from .conftest import new_game

SIDES = st.fixed_dictionaries(
    {s: st.sampled_from("AB") for s in ("market", "pyramid", "temple", "burial", "obelisk")}
)


def stones_of(state, seat):
    """Every stone of one colour, wherever it is (C1, U10: one is the score marker)."""
    on_ships = sum(1 for ship in state.ships for c in ship.cargo if c == seat)
    on_ships += state.unloading.count(seat)  # waiting to be unloaded behind a decision
    on_ships += sum(1 for p in state.pending if p.kind == "pyramid" and p.seat == seat)
    on_sites = (
        state.pyramid.count(seat)
        + sum(p.count(seat) for p in state.pyramids_b)
        + state.pyramid_overflow.count(seat)
        + state.temple.count(seat)
        + state.burial.count(seat)
        + state.obelisk[seat]
        + 3 * sum(1 for owner, _ in state.obelisks_b if owner == seat)
    )
    return 1 + state.quarry[seat] + state.sled[seat] + on_ships + on_sites


def check_invariants(before, after):
    for seat in range(after.n):
        assert stones_of(after, seat) == STONES_PER_COLOUR, "L2/C1: stones are conserved per colour"
        assert 0 <= after.sled[seat] <= 5, "L1: the sled holds at most 5"
        assert after.score[seat] >= before.score[seat], "scores never decrease during play"
    docked = [s.site for s in after.ships if s.site is not None]
    assert len(docked) == len(set(docked)), "L5: one ship per site per round"
    for ship in after.ships:
        assert sum(c is not None for c in ship.cargo) <= ship.capacity


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    n=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    sides=SIDES,
    wrath=st.booleans(),
)
def test_random_legal_games_keep_the_invariants_and_replay_to_the_same_end(n, seed, sides, wrath):
    options = {"sides": sides, "pharaohs_wrath": wrath}
    players = ["p1", "p2", "p3", "p4"][:n]
    state = new_game(players, options)
    rng = random.Random(seed)
    records = []
    for _ in range(3000):
        if state.phase == "over":
            break
        move = rng.choice(list(ENGINE.legal_moves(state)))
        nxt = ENGINE.apply(state, move)
        check_invariants(state, nxt)
        records.append(ENGINE.dump_move(move))
        state = nxt
    assert state.phase == "over"
    doc = {"game": "imhotep", "players": players, "options": options, "moves": records}
    report = ENGINE.replay(json.loads(json.dumps(doc)))
    assert report.ok and report.game_over and report.final_state == state
    for player in report.outcome.players:
        row = dict(player.breakdown)
        assert all(v is None or v >= 0 for k, v in row.items() if k != "wrath"), row
        assert row["wrath"] in (0, -5) and (wrath or row["wrath"] == 0)


EXAMPLES = Path(__file__).resolve().parents[3] / "engines" / "imhotep" / "examples"
BASES = [json.loads(p.read_text()) for p in sorted(EXAMPLES.glob("*.json"))]
NOISE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.sampled_from(["pair", "statue", "temple", "x", ""]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["type", "ship", "space", "card", "count", "site", "x"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=8,
)


def poke(doc, rng, noise):
    doc = json.loads(json.dumps(doc))
    node = doc
    for _ in range(6):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = rng.choice(keys)
        if isinstance(node[key], dict | list) and node[key] and rng.random() < 0.75:
            node = node[key]
            continue
        node[key] = noise
        break
    return doc


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(base=st.sampled_from(BASES), seed=st.integers(0, 2**16), noise=NOISE)
def test_malformed_documents_only_raise_input_errors(base, seed, noise):
    doc = poke(base, random.Random(seed), noise)
    try:
        result = ENGINE.replay(doc) if "moves" in doc else ENGINE.score_sheet(doc)
    except EngineError:
        return
    assert result is not None


def general_path(state, move):
    from engines.imhotep import effects
    from engines.imhotep.state import Work

    w = Work(state)
    effects.APPLY[type(move)](w, move)
    effects.advance(w)
    return w.freeze()


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(n=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), market=st.sampled_from("AB"))
def test_fast_paths_match_the_general_path(n, seed, market):
    from engines.imhotep import effects

    state = new_game(["p1", "p2", "p3", "p4"][:n], {"sides": {"market": market}})
    rng = random.Random(seed)
    compared = 0
    while state.phase != "over":
        move = rng.choice(list(ENGINE.legal_moves(state)))
        nxt = ENGINE.apply(state, move)
        if type(move) in effects.FAST:
            assert nxt == general_path(state, move), move
            compared += 1
        state = nxt
    assert compared > 20


CARD_NAMES = st.sampled_from(
    [
        "entrance",
        "sarcophagus",
        "paved_path",
        "pyramid_decoration",
        "statue",
        "lever",
        "hammer",
        "sail",
        "chisel",
    ]
)
SPOT = st.fixed_dictionaries({"ship": st.integers(0, 3), "space": st.integers(0, 3)})
SITE = st.sampled_from(["market", "pyramid", "temple", "burial", "obelisk"])
ANY_RECORD = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("round"), "ships": st.lists(st.integers(1, 4), min_size=4, max_size=4)}
    ),
    st.fixed_dictionaries({"type": st.sampled_from(["reveal", "draw"]), "card": CARD_NAMES}),
    st.fixed_dictionaries({"type": st.just("quarry"), "count": st.integers(0, 5)}),
    st.fixed_dictionaries(
        {"type": st.just("load"), "ship": st.integers(0, 3), "space": st.integers(0, 3)}
    ),
    st.fixed_dictionaries({"type": st.just("sail"), "ship": st.integers(0, 3), "site": SITE}),
    st.fixed_dictionaries(
        {
            "type": st.just("play_lever"),
            "ship": st.integers(0, 3),
            "site": SITE,
            "order": st.lists(st.integers(0, 3), max_size=4),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("play_hammer"),
            "take": st.integers(0, 3),
            "ship": st.integers(0, 3),
            "space": st.integers(0, 3),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("play_sail"),
            "ship": st.integers(0, 3),
            "space": st.integers(0, 3),
            "site": SITE,
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("play_chisel"), "loads": st.lists(SPOT, min_size=2, max_size=2)}
    ),
    st.just({"type": "pass"}),
    st.fixed_dictionaries(
        {
            "type": st.just("take"),
            "card": st.one_of(CARD_NAMES, st.just("pair")),
            "keep": st.one_of(st.none(), CARD_NAMES),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("place_pyramid"),
            "pyramid": st.integers(0, 2),
            "bonus": st.one_of(st.none(), st.integers(0, 3)),
            "take": st.one_of(st.none(), st.integers(0, 3)),
            "load": st.one_of(st.none(), SPOT),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("temple_reward"),
            "bonus": st.one_of(st.none(), st.integers(1, 3)),
            "take": st.one_of(st.none(), st.integers(0, 2)),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("printed"),
            "key": st.sampled_from(
                ["obelisk_b.track.3", "burial_b.ranks.3", "pyramid_b.points.0.0", "x"]
            ),
            "value": st.integers(0, 12),
        }
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    n=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    sides=SIDES,
    steps=st.integers(0, 250),
    records=st.lists(ANY_RECORD, min_size=1, max_size=8),
)
def test_any_well_formed_record_is_judged_without_crashing(n, seed, sides, steps, records):
    """From a random legal position, any well-formed record is either rejected with
    violations or applied keeping the invariants: check and next_state never crash."""
    state = new_game(["p1", "p2", "p3", "p4"][:n], {"sides": sides})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase == "over":
            break
        state = ENGINE.apply(state, rng.choice(list(ENGINE.legal_moves(state))))
    for i, record in enumerate(records):
        move = ENGINE.parse_move({k: v for k, v in record.items() if v is not None}, i)
        problems = ENGINE.check(state, move)
        assert all(p.rule and p.rule.startswith("imhotep:") for p in problems)
        if not problems:
            after = ENGINE.next_state(state, move)
            check_invariants(state, after)
            state = after
