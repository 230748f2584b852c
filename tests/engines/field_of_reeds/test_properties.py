"""Property tests: the draft (M1), black-Djed assignment (S3) and the 0 floor (L8, S6)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.field_of_reeds import ENGINE, scoring
from engines.field_of_reeds.moves import Pick
from engines.field_of_reeds.sheet import sheet_of

CTX = ENGINE.context({"game": "field_of_reeds", "players": ["A", "B", "C"], "moves": []})
EDITION = CTX.edition
EXAMPLES = Path(__file__).resolve().parents[3] / "engines" / "field_of_reeds" / "examples"


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 4))
def test_M1_draft_never_offers_an_inner_card(seed, rounds):
    """Whatever the packets and however far the draft went, only end cards can be taken."""
    rng = random.Random(seed)
    cards = [f"c{i}" for i in range(21)]
    rng.shuffle(cards)
    deal = {"type": "deal", "packets": [cards[0:7], cards[7:14], cards[14:21]]}
    state = ENGINE.apply(ENGINE.setup(CTX), ENGINE.parse_move(deal, 0))
    for _ in range(rounds):
        while state.phase == "pick":
            state = ENGINE.apply(state, rng.choice(list(ENGINE.legal_moves(state))))
        while state.phase == "action":
            passes = [m for m in ENGINE.legal_moves(state) if m.type == "pass"]
            state = ENGINE.apply(state, passes[-1])
    assert state.phase == "pick"
    for seat, player in enumerate(state.players):
        if player.picked:
            continue
        ends = {player.packet[0], player.packet[-1]}
        offered = {
            m.card for m in ENGINE.legal_moves(state) if m.type == "pick" and m.seat == seat + 1
        }
        assert offered == ends  # both end cards, and nothing else
        for inner in player.packet[1:-1]:
            codes = [
                v.code for v in ENGINE.check(state, Pick(type="pick", seat=seat + 1, card=inner))
            ]
            assert codes == ["inner_card"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([1, 2, 3]), st.tuples(*[st.integers(0, 6)] * 3), st.integers(0, 6))
def test_S3_black_assignment_agrees_with_brute_force(level, fixed, black):
    choice = scoring.best_black_assignment(level, fixed, black, EDITION)
    assert choice.added == scoring.brute_force_black_assignment(level, fixed, black, EDITION)
    # and no single-Djed choice scores more this level (where every value is known)
    if choice.bonus is not None:
        for added in scoring.compositions(black):
            sheet = tuple(f + a for f, a in zip(fixed, added, strict=True))
            other = scoring.djed_bonus(level, sheet, EDITION)
            assert other is None or other <= choice.bonus


LEVEL = st.fixed_dictionaries(
    {
        "reached": st.booleans(),
        "distance": st.integers(1, 5),
        "djeds": st.fixed_dictionaries(
            {c: st.integers(0, 1) for c in ("red", "blue", "yellow", "black")}
        ),
        "points": st.integers(0, 3),
    }
)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(LEVEL, LEVEL, LEVEL), min_size=2, max_size=4), st.data())
def test_L8_S6_score_never_below_zero_on_sheets(players, data):
    sheet_players = []
    for levels in players:
        sheet_players.append({"levels": [dict(row) for row in levels], "shabti": 0})
    for i in range(3):  # each level needs an arrival (S1)
        sheet_players[0]["levels"][i]["reached"] = True
    for player in sheet_players:
        for need, row in zip((2, 3, 0), player["levels"], strict=True):
            if row["reached"]:
                del row["distance"]
                # L11: a watcher entry needs that many own Djeds on the board
                djeds = row["djeds"] = dict(row["djeds"])
                djeds["black"] += max(0, need - sum(djeds.values()))
    doc = {
        "game": "field_of_reeds",
        "players": ["A", "B", "C", "D"][: len(players)],
        "sheet": {"players": sheet_players},
    }
    outcome = ENGINE.score_sheet(doc)
    for player in outcome.players:
        running = 0
        for _key, points in player.breakdown:
            if points is None:
                break
            running += points
            assert running >= 0
        assert player.total >= 0


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]))
def test_L8_scores_never_below_zero_in_play_and_sheet_matches_replay(seed, n):
    rng = random.Random(seed)
    names = ["A", "B", "C", "D"][:n]
    state = ENGINE.setup(ENGINE.context({"game": "field_of_reeds", "players": names, "moves": []}))
    log = []
    while not ENGINE.is_over(state) and len(log) < 5000:
        move = rng.choice(list(ENGINE.legal_moves(state)))
        log.append(ENGINE.dump_move(move))
        state = ENGINE.apply(state, move)
        assert all(p.points is None or p.points >= 0 for p in state.players)
        assert all(p.shabti is None or p.shabti >= 0 for p in state.players)
    assert ENGINE.is_over(state)
    replayed = ENGINE.replay({"game": "field_of_reeds", "players": names, "moves": log}).outcome
    from_sheet = ENGINE.score_sheet(
        {"game": "field_of_reeds", "players": names, "sheet": sheet_of(state)}
    )
    assert [p.to_dict() for p in replayed.players] == [p.to_dict() for p in from_sheet.players]


def test_example_log_and_sheet_agree():
    log = json.loads((EXAMPLES / "four-player-log.json").read_text(encoding="utf-8"))
    sheet = json.loads((EXAMPLES / "four-player-sheet.json").read_text(encoding="utf-8"))
    report = ENGINE.replay(log)
    assert report.ok and report.game_over and report.outcome.complete
    scored = ENGINE.score_sheet(sheet)
    assert [p.to_dict() for p in report.outcome.players] == [p.to_dict() for p in scored.players]
    assert sheet_of(report.final_state) == sheet["sheet"]
