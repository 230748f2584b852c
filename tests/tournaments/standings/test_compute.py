"""Standings computed by hand for small events: ties, 3/4-tables, byes, drops, bonuses."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tournaments.standings.compute import (
    Adjustment,
    Bye,
    Drop,
    SeatResult,
    StandingsConfig,
    StandingsError,
    StandingsInput,
    TableResult,
    compute_standings,
    table_points,
)


def table(rnd, number, game, *seats, provisional=False):
    return TableResult(rnd, number, game, tuple(SeatResult(*s) for s in seats), provisional)


def by_id(standings):
    return {row.registration: row for row in standings.rows}


# A small event: 5 players, two rounds, a tie for first at a 4-table, a 3-table, byes.
#   R1 T1 (4 seats, 3/2/1/0): a 1st (30), b 1st (30), c 3rd (20), d 4th (10); e bye
#   R2 T1 (3 seats, 3/1.5/0): e 1st (25), a 2nd (10), c 3rd (5); b and d byes
SMALL = StandingsInput(
    players=("a", "b", "c", "d", "e"),
    results=(
        table(1, 1, "imhotep", ("a", 1, 30), ("b", 1, 30), ("c", 3, 20), ("d", 4, 10)),
        table(2, 1, "imhotep", ("a", 2, 10), ("e", 1, 25), ("c", 3, 5)),
    ),
    byes=(Bye(1, "e"), Bye(2, "b"), Bye(2, "d")),
)
ALL_METRICS = (
    "firsts",
    "score_share",
    "game_points",
    "avg_placement",
    "placement_pct",
    "buchholz",
    "buchholz_cut1",
    "buchholz_median1",
    "opp_placement_pct",
    "progressive",
    "games",
    "byes",
    "rounds_played",
)


def test_tied_placements_share_the_average_of_the_points_they_span():
    assert table_points([1, 1, 3, 4], [3, 2, 1, 0]) == [F(5, 2), F(5, 2), 1, 0]
    assert table_points([1, 2, 2, 2], [3, 2, 1, 0]) == [3, 1, 1, 1]
    assert table_points([1, 1, 1], [3, F(3, 2), 0]) == [F(3, 2)] * 3
    # Dense ranking from an engine (1, 1, 2) reads the same as competition (1, 1, 3).
    assert table_points([2, 1, 1], [3, 2, 1, 0][:3]) == table_points([3, 1, 1], [3, 2, 1])


def test_small_event_tournament_points_and_ranks():
    s = compute_standings(SMALL)
    rows = by_id(s)
    # a: 5/2 + 3/2; b: 5/2 + bye 3/2; c: 1 + 0; d: 0 + bye 3/2; e: bye 3/2 + 3
    assert {p: r.metrics["tp"] for p, r in rows.items()} == {
        "a": 4,
        "b": 4,
        "c": 1,
        "d": F(3, 2),
        "e": F(9, 2),
    }
    assert [r.registration for r in s.rows] == ["e", "b", "a", "d", "c"]
    assert [r.rank for r in s.rows] == [1, 2, 3, 4, 5]
    # a and b tie on TP; strength of schedule (mean over the 2 rounds of the opponents'
    # mean TP) separates them. a: R1 b 4, c 1, d 3/2 -> 13/6; R2 e 9/2, c 1 -> 11/4.
    # b: R1 a 4, c 1, d 3/2 -> 13/6; R2 bye -> a virtual opponent with b's own 4.
    assert rows["a"].metrics["sos"] == (F(13, 6) + F(11, 4)) / 2
    assert rows["b"].metrics["sos"] == (F(13, 6) + 4) / 2


def test_small_event_every_metric_by_hand():
    rows = by_id(compute_standings(SMALL, StandingsConfig(extra_metrics=ALL_METRICS)))
    a, b, c, d, e = (rows[p].metrics for p in "abcde")
    assert a["game_points"] == 40 and e["game_points"] == 25
    # score share: a = (30/90 + 10/40) / 2 = 7/24
    assert a["score_share"] == F(7, 24)
    assert c["score_share"] == (F(20, 90) + F(5, 40)) / 2
    # score ratio (own / table mean): a = (30 / (90/4) + 10 / (40/3)) / 2 = 25/24
    assert a["score_ratio"] == (F(30 * 4, 90) + F(10 * 3, 40)) / 2 == F(25, 24)
    assert a["avg_placement"] == F(3, 2) and d["avg_placement"] == 4
    # placement %: a beat 2 of 3 and tied 1 (2.5/3), then beat 1 of 2 -> (5/6 + 1/2)/2
    assert a["placement_pct"] == F(2, 3)
    assert c["placement_pct"] == (F(1, 3) + 0) / 2
    # Buchholz: a = (4 + 1 + 3/2)/3 + (9/2 + 1)/2 = 13/6 + 11/4
    assert a["buchholz"] == F(13, 6) + F(11, 4)
    assert a["buchholz_cut1"] == F(11, 4)
    assert a["buchholz_median1"] == F(13, 6) + F(11, 4)  # two rounds: nothing to cut
    # b's bye round counts as an opponent with b's own final TP (4).
    assert b["buchholz"] == F(4 + 1 + F(3, 2), 3) + 4
    assert b["buchholz_cut1"] == 4
    # opponents' placement % with the 1/3 floor (c has 1/6 -> 1/3, d has 0 -> 1/3), the
    # mean per round, then over the rounds; d's bye round counts d's own floored 1/3.
    pct = {"a": F(2, 3), "b": F(5, 6), "c": F(1, 3), "d": F(1, 3), "e": F(1)}
    assert (
        a["opp_placement_pct"]
        == ((pct["b"] + pct["c"] + pct["d"]) / 3 + (pct["e"] + pct["c"]) / 2) / 2
    )
    assert d["opp_placement_pct"] == ((pct["a"] + pct["b"] + pct["c"]) / 3 + pct["d"]) / 2
    # progressive: cumulative TP after each round, summed.
    assert a["progressive"] == F(5, 2) + 4
    assert e["progressive"] == F(3, 2) + F(9, 2)
    assert (a["games"], a["byes"], a["rounds_played"]) == (2, 0, 2)
    assert (e["games"], e["byes"], e["rounds_played"]) == (1, 1, 2)


def test_rows_tied_on_every_precedence_metric_share_a_rank():
    data = StandingsInput(
        players=(1, 2, 3, 4, 5, 6, 7, 8),
        results=(
            table(1, 1, "tameri", (1, 1), (2, 2), (3, 3), (4, 4)),
            table(1, 2, "tameri", (5, 1), (6, 2), (7, 3), (8, 4)),
        ),
    )
    s = compute_standings(data, StandingsConfig(precedence=("tp", "firsts")))
    assert [(r.registration, r.rank) for r in s.rows] == [
        (1, 1),
        (5, 1),
        (2, 3),
        (6, 3),
        (3, 5),
        (7, 5),
        (4, 7),
        (8, 7),
    ]


def test_head_to_head_only_between_exactly_two():
    # Round 1: p1 beats p2 at one table; p3 and p4 at another.
    # Round 2: p2 beats p1's... tables arranged so p1 and p2 end level on TP.
    data = StandingsInput(
        players=("p1", "p2", "p3", "p4"),
        results=(
            table(1, 1, "imhotep", ("p1", 1), ("p2", 2)),
            table(1, 2, "imhotep", ("p3", 1), ("p4", 2)),
            table(2, 1, "imhotep", ("p1", 2), ("p3", 1)),
            table(2, 2, "imhotep", ("p2", 1), ("p4", 2)),
        ),
    )
    s = compute_standings(data, StandingsConfig(precedence=("tp", "h2h")))
    # TP (2-tables 3/0): p1 3, p2 3, p3 6, p4 0. p1 met p2 once and placed above.
    assert [(r.registration, r.rank) for r in s.rows] == [
        ("p3", 1),
        ("p1", 2),
        ("p2", 3),
        ("p4", 4),
    ]
    assert by_id(s)["p1"].metrics["h2h"] == 1 and by_id(s)["p2"].metrics["h2h"] == 0
    # Three players level: h2h does not apply, they share the rank.
    data3 = StandingsInput(
        players=("x", "y", "z"),
        results=(table(1, 1, "imhotep", ("x", 1), ("y", 1), ("z", 1)),),
    )
    s3 = compute_standings(data3, StandingsConfig(precedence=("tp", "h2h")))
    assert [r.rank for r in s3.rows] == [1, 1, 1]


def test_drops_keep_their_results_and_are_marked():
    data = StandingsInput(
        players=("a", "b", "c", "d"),
        results=(table(1, 1, "imhotep", ("a", 1), ("b", 2), ("c", 3), ("d", 4)),),
        drops=(Drop("a", 1),),
    )
    s = compute_standings(data)
    assert s.rows[0].registration == "a" and s.rows[0].dropped_after == 1
    last = compute_standings(data, StandingsConfig(dropped_last=True))
    assert [r.registration for r in last.rows] == ["b", "c", "d", "a"]
    assert last.rows[-1].rank == 4


def test_bonus_and_penalty_points_and_configured_bye_points():
    data = StandingsInput(
        players=("a", "b", "c", "d", "e"),
        results=(table(1, 1, "imhotep", ("a", 1), ("b", 2), ("c", 3), ("d", 4)),),
        byes=(Bye(1, "e"), Bye(2, "e", points=2)),
        adjustments=(Adjustment("a", -2, 1, "late"), Adjustment("d", F(1, 2), None, "fair play")),
    )
    config = StandingsConfig(bye_points=1, extra_metrics=("progressive",))
    rows = by_id(compute_standings(data, config))
    assert rows["a"].metrics["tp"] == 1
    assert rows["d"].metrics["tp"] == F(1, 2)
    assert rows["e"].metrics["tp"] == 3  # 1 (default bye points of this event) + 2
    # Progressive over 2 rounds: a's penalty in round 1 counts in both cumulative sums.
    assert rows["a"].metrics["progressive"] == 2 * (3 - 2)
    assert rows["d"].metrics["progressive"] == F(1, 2)  # no round: counted in the last


def test_multi_game_event_never_compares_raw_scores():
    data = StandingsInput(
        players=("a", "b", "c", "d"),
        results=(
            table(1, 1, "imhotep", ("a", 1, 40), ("b", 2, 30)),
            table(1, 2, "tameri", ("c", 1, 5), ("d", 2, 1)),
        ),
    )
    with pytest.raises(StandingsError, match="across games"):
        compute_standings(data, StandingsConfig(precedence=("tp", "game_points")))
    config = StandingsConfig(
        precedence=("tp", "score_share"),
        extra_metrics=("game_points", "game_points:imhotep", "game_points:tameri"),
    )
    s = compute_standings(data, config)
    rows = by_id(s)
    assert rows["a"].metrics["game_points"] is None
    assert rows["a"].metrics["game_points:imhotep"] == 40
    assert rows["a"].metrics["game_points:tameri"] is None
    assert rows["c"].metrics["game_points:tameri"] == 5
    # Score share is comparable: c's 5/6 beats a's 4/7 although 40 > 5.
    assert [r.registration for r in s.rows] == ["c", "a", "b", "d"]
    assert rows["c"].metrics["score_share"] == F(5, 6)


def test_provisional_marker_and_movement():
    first = compute_standings(
        StandingsInput(players=("a", "b"), results=(table(1, 1, "imhotep", ("a", 1), ("b", 2)),))
    )
    second = compute_standings(
        StandingsInput(
            players=("a", "b"),
            results=(
                table(1, 1, "imhotep", ("a", 1), ("b", 2)),
                table(2, 1, "imhotep", ("a", 2), ("b", 1), provisional=True),
                table(3, 1, "imhotep", ("a", 2), ("b", 1), provisional=True),
            ),
        ),
        previous=first,
    )
    assert second.provisional
    rows = by_id(second)
    assert rows["b"].rank == 1 and rows["b"].movement == 1 and rows["a"].movement == -1
    assert rows["b"].provisional and rows["a"].provisional
    assert not first.provisional
    assert second.to_dict()["rows"][0]["metrics"]["tp"] == 6


@pytest.mark.parametrize(
    ("data", "config", "message"),
    [
        (
            StandingsInput(players=("a",), results=(table(1, 1, "g", ("a", 1), ("z", 2)),)),
            None,
            "unknown registration",
        ),
        (
            StandingsInput(
                players=("a", "b", "c"),
                results=(table(1, 1, "g", ("a", 1), ("b", 2)),),
                byes=(Bye(1, "a"),),
            ),
            None,
            "twice in round 1",
        ),
        (
            StandingsInput(players=("a", "b"), results=(table(1, 1, "g", ("a", 1), ("b", 3)),)),
            None,
            "between 1 and 2",
        ),
        (StandingsInput(players=("a",)), StandingsConfig(precedence=("wins",)), "unknown metric"),
        (
            StandingsInput(
                players=tuple("abcdef"), results=(table(1, 1, "g", *[(p, 1) for p in "abcdef"]),)
            ),
            None,
            "6-player tables",
        ),
    ],
)
def test_inconsistent_input_is_rejected(data, config, message):
    with pytest.raises(StandingsError, match=message):
        compute_standings(data, config)


def test_config_validation():
    with pytest.raises(StandingsError, match="need 4 values"):
        StandingsConfig(placement_points={4: (3, 2, 1)})
    with pytest.raises(StandingsError, match="must not increase"):
        StandingsConfig(placement_points={2: (0, 3)})


# -- refused input (issue 19) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            StandingsInput(
                players=("a", "b", "c"),
                results=(
                    table(1, 1, "g", ("a", 1), ("b", 2)),
                    table(2, 1, "g", ("a", 1), ("c", 2)),
                ),
                drops=(Drop("a", 1),),
            ),
            r"'a' dropped after round 1 but has a result in round 2 \(table 1\)",
        ),
        (
            StandingsInput(players=("a", "b"), byes=(Bye(3, "a"),), drops=(Drop("a", 2),)),
            r"'a' dropped after round 2 but has a result in round 3 \(bye\)",
        ),
        (
            StandingsInput(
                players=tuple("abcd"),
                results=(table(1, 1, "g", ("a", 2), ("b", 2), ("c", 3), ("d", 4)),),
            ),
            r"placements \[2, 2, 3, 4\] are neither competition",
        ),
        (
            StandingsInput(
                players=tuple("abcd"),
                results=(table(1, 1, "g", ("a", 1), ("b", 1), ("c", 2), ("d", 4)),),
            ),
            "neither competition",
        ),
        (
            StandingsInput(players=("a", "b"), results=(table(0, 1, "g", ("a", 1), ("b", 2)),)),
            "table 1: round must be a number >= 1",
        ),
        (StandingsInput(players=("a",), byes=(Bye(0, "a"),)), "bye of 'a': round must be"),
        (
            StandingsInput(players=("a",), adjustments=(Adjustment("a", 1, 0),)),
            "adjustment of 'a': round must be",
        ),
        (StandingsInput(players=("a",), drops=(Drop("a", -1),)), "after_round must be"),
        (StandingsInput(players=("a",), drops=(Drop("a", 1), Drop("a", 2))), "dropped twice"),
        (StandingsInput(players=("a",), drops=(Drop("z", 1),)), "unknown registration 'z'"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(data, message):
    with pytest.raises(StandingsError, match=message):
        compute_standings(data)


def test_dense_and_competition_placements_are_both_accepted():
    for places in ((1, 1, 3, 4), (1, 1, 2, 3), (1, 2, 2, 4), (1, 2, 2, 3), (1, 1, 1, 1)):
        data = StandingsInput(
            players=tuple("abcd"),
            results=(table(1, 1, "g", *zip("abcd", places, strict=True)),),
        )
        assert [r.metrics["tp"] for r in compute_standings(data).rows]


def test_a_drop_before_any_result_of_a_later_round_is_fine():
    data = StandingsInput(
        players=("a", "b"),
        results=(table(1, 1, "g", ("a", 1), ("b", 2)),),
        drops=(Drop("b", 1),),
    )
    assert by_id(compute_standings(data))["b"].dropped_after == 1


# -- how shared ranks are listed ------------------------------------------------------------


def test_shared_ranks_are_listed_by_number_not_by_the_text_of_the_id():
    data = StandingsInput(players=(10, 2, 1))
    s = compute_standings(data, StandingsConfig(precedence=("tp",)))
    assert [r.rank for r in s.rows] == [1, 1, 1]
    assert [r.registration for r in s.rows] == [1, 2, 10]  # str order would give 1, 10, 2


def test_shared_ranks_are_listed_by_name_when_names_are_given():
    data = StandingsInput(
        players=(1, 2, 3, 4),
        names={1: "うえだ", 2: "いとう", 3: "Player 10", 4: "player 2"},
    )
    s = compute_standings(data, StandingsConfig(precedence=("tp",)))
    # Latin before kana (code points); digits inside a name compare as numbers, no case.
    assert [r.registration for r in s.rows] == [4, 3, 2, 1]


# -- unplayed rounds (FIDE dummy opponent, voluntarily unplayed rounds cut first) ------------

# 2-player tables (3/0). X is absent in round 3; Y plays every round; both end on 6 TP.
#   R1: X beats A, Y beats C, B beats D
#   R2: X beats B, Y beats D, A beats C
#   R3: E beats Y, A beats B, C beats D   (X absent; E absent in rounds 1 and 2)
# TP: X 6, Y 6, A 6, B 3, C 3, D 0, E 3.
ABSENT = StandingsInput(
    players=tuple("XYABCDE"),
    results=(
        table(1, 1, "g", ("X", 1), ("A", 2)),
        table(1, 2, "g", ("Y", 1), ("C", 2)),
        table(1, 3, "g", ("B", 1), ("D", 2)),
        table(2, 1, "g", ("X", 1), ("B", 2)),
        table(2, 2, "g", ("Y", 1), ("D", 2)),
        table(2, 3, "g", ("A", 1), ("C", 2)),
        table(3, 1, "g", ("E", 1), ("Y", 2)),
        table(3, 2, "g", ("A", 1), ("B", 2)),
        table(3, 3, "g", ("C", 1), ("D", 2)),
    ),
)
BUCHHOLZ = ("buchholz", "buchholz_cut1", "buchholz_median1", "sos")


def test_a_missed_round_counts_as_an_opponent_with_the_players_own_score():
    rows = by_id(compute_standings(ABSENT, StandingsConfig(extra_metrics=BUCHHOLZ)))
    x, y, e = rows["X"].metrics, rows["Y"].metrics, rows["E"].metrics
    # X: A 6, B 3, round 3 absent -> 6 (own), voluntarily unplayed.
    assert x["buchholz"] == 15 and x["sos"] == 5
    assert x["buchholz_cut1"] == 9  # the absence is cut first, not B's 3
    assert x["buchholz_median1"] == 3  # absence (low) and A's 6 (high) cut
    # Y: C 3, D 0, E 3.
    assert (y["buchholz"], y["buchholz_cut1"], y["buchholz_median1"]) == (6, 6, 3)
    # E: absent twice (3 each, own TP), then Y 6: both absences are low-cut candidates.
    assert (e["buchholz"], e["buchholz_cut1"], e["buchholz_median1"]) == (12, 9, 3)


def test_a_player_who_missed_a_round_does_not_outrank_one_who_played_them_all():
    # Before: X kept both opponents in Median-1 (9) while Y was cut to 3 and ranked below.
    s = compute_standings(ABSENT, StandingsConfig(precedence=("tp", "buchholz_median1")))
    ranks = {r.registration: r.rank for r in s.rows}
    assert ranks["X"] == ranks["Y"]


def test_rounds_after_a_drop_are_unplayed_rounds_cut_first():
    data = StandingsInput(
        players=("a", "b", "c", "d"),
        results=(
            table(1, 1, "g", ("a", 1), ("b", 2)),
            table(1, 2, "g", ("c", 1), ("d", 2)),
            table(2, 1, "g", ("c", 1), ("b", 2)),
        ),
        byes=(Bye(2, "d"),),
        drops=(Drop("a", 1),),
    )
    rows = by_id(compute_standings(data, StandingsConfig(extra_metrics=BUCHHOLZ)))
    # TP: a 3, b 0, c 6, d 3/2 (bye). a: round 1 b (0), round 2 after the drop: a's own 3.
    assert rows["a"].metrics["buchholz"] == 3 and rows["a"].metrics["buchholz_cut1"] == 0
    # d's bye is not voluntarily unplayed: the lowest value is cut (c's 6 vs own 3/2).
    assert rows["d"].metrics["buchholz"] == 6 + F(3, 2)
    assert rows["d"].metrics["buchholz_cut1"] == 6


# -- the default precedence is fair across table sizes --------------------------------------


def expected_per_game(metric: str, size: int) -> F:
    """A metric's mean for seat 1 over every finishing order at a ``size``-player table
    (all players equally strong; the same score multiset dealt by finishing place)."""
    import itertools

    scores = [50, 40, 30, 20][:size]
    total, count = F(0), 0
    for order in itertools.permutations(range(size)):
        ids = [f"p{k}" for k in range(size)]
        seats = [(ids[k], order[k] + 1, scores[order[k]]) for k in range(size)]
        data = StandingsInput(players=tuple(ids), results=(table(1, 1, "g", *seats),))
        row = by_id(compute_standings(data, StandingsConfig(extra_metrics=(metric,))))["p0"]
        total += row.metrics[metric]
        count += 1
    return total / count


def test_default_tiebreaks_expect_the_same_at_3_and_4_player_tables():
    from tournaments.standings.types import DEFAULT_PRECEDENCE

    assert "firsts" not in DEFAULT_PRECEDENCE and "score_share" not in DEFAULT_PRECEDENCE
    for metric in ("tp", "score_ratio"):
        assert metric in DEFAULT_PRECEDENCE
        assert expected_per_game(metric, 3) == expected_per_game(metric, 4), metric
    # Why firsts and score_share are not defaults: a 3-player table favours them.
    assert expected_per_game("firsts", 3) == F(1, 3) > F(1, 4) == expected_per_game("firsts", 4)
    assert expected_per_game("score_share", 3) > expected_per_game("score_share", 4)
