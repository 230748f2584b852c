"""Every standings metric against a straightforward reference on random events (hypothesis).

The reference is written from the definitions in docs/seating-and-standings.md only: it
walks each player's rounds one by one with Fractions (no scaling, no caches, nothing
shared with tournaments.standings beyond the input types). The random events have byes
(with the event's and with their own points), drops, absences, organizer adjustments,
shared placements in competition (1, 1, 3) and dense (1, 1, 2) form, tables of 2 to 5
players, tables without raw scores or with an all-zero score line, and one or two games.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings.compute import (
    Adjustment,
    Bye,
    Drop,
    ResultColumns,
    SeatResult,
    StandingsConfig,
    StandingsInput,
    TableResult,
    compute_standings,
)

POINTS = {
    2: (3, 0),
    3: (3, F(3, 2), 0),
    4: (3, 2, 1, 0),
    5: (3, F(9, 4), F(3, 2), F(3, 4), 0),
}
LOWER_IS_BETTER = {"avg_placement"}
METRIC_NAMES = (
    "tp",
    "firsts",
    "game_points",
    "game_points:imhotep",
    "score_share",
    "score_ratio",
    "avg_placement",
    "placement_pct",
    "sos",
    "buchholz",
    "buchholz_cut1",
    "buchholz_median1",
    "opp_placement_pct",
    "progressive",
    "games",
    "byes",
    "rounds_played",
)
NAMES = ["Aoki", "aoki 2", "aoki 10", "いとう", "Ueda", "ueda", ""]


@st.composite
def events(draw):
    n = draw(st.integers(min_value=2, max_value=12))
    players = list(range(1, n + 1))  # numbers up to 12: "10" < "2" as text
    rounds = draw(st.integers(min_value=1, max_value=4))
    games = draw(st.sampled_from([("imhotep",), ("imhotep", "tameri")]))
    drops = {}
    for p in players:
        if draw(st.integers(0, 4)) == 0:
            drops[p] = draw(st.integers(0, rounds))
    results, byes, adjustments = [], [], []
    for rnd in range(1, rounds + 1):
        present = [
            p for p in players if drops.get(p, rounds) >= rnd and draw(st.integers(0, 6)) > 0
        ]
        order = draw(st.permutations(present))
        pos, number = 0, 1
        while pos < len(order):
            size = draw(st.integers(min_value=1, max_value=5))
            members = order[pos : pos + size]
            pos += size
            if len(members) < 2:
                points = draw(st.sampled_from([None, None, 1, F(5, 2)]))
                byes.append(Bye(rnd, members[0], points))
                continue
            # Random finishing groups -> competition or dense placements with ties.
            groups = draw(st.lists(st.integers(0, 3), min_size=len(members), max_size=len(members)))
            if draw(st.booleans()):
                placements = [1 + sum(1 for h in groups if h < g) for g in groups]
            else:
                distinct = sorted(set(groups))
                placements = [1 + distinct.index(g) for g in groups]
            kind = draw(st.integers(0, 5))
            if kind == 0:
                scores = [None] * len(members)
            elif kind == 1:
                scores = [0] * len(members)
            else:
                scores = draw(
                    st.lists(st.integers(0, 60), min_size=len(members), max_size=len(members))
                )
            seats = tuple(
                SeatResult(p, pl, sc) for p, pl, sc in zip(members, placements, scores, strict=True)
            )
            results.append(TableResult(rnd, number, draw(st.sampled_from(games)), seats))
            number += 1
    for _ in range(draw(st.integers(0, 3))):
        adjustments.append(
            Adjustment(
                draw(st.sampled_from(players)),
                draw(st.sampled_from([-2, -1, F(1, 2), 1])),
                draw(st.one_of(st.none(), st.integers(1, rounds + 1))),
            )
        )
    names = {p: draw(st.sampled_from(NAMES)) for p in players if draw(st.booleans())}
    return StandingsInput(
        tuple(players),
        tuple(results),
        tuple(byes),
        tuple(Drop(p, after) for p, after in drops.items()),
        tuple(adjustments),
        names,
    )


def mean(values):
    values = list(values)
    return sum(values, F(0)) / len(values) if values else None


def cut(strength, low, high):
    """Buchholz from (voluntarily unplayed?, value) per round with ``low``/``high`` cuts."""
    if len(strength) <= low + high:
        return sum((v for _, v in strength), F(0))
    # Low cuts: voluntarily unplayed rounds first, then the lowest values.
    ordered = sorted(strength, key=lambda x: (not x[0], x[1]))
    rest = sorted(v for _, v in ordered[low:])
    return sum(rest[: len(rest) - high], F(0))


def points_of(games, game=None):
    picked = [F(x["score"]) for x in games if game is None or x["game"] == game]
    return sum(picked) if picked else None


def reference(data: StandingsInput, bye_points: F, floor: F) -> dict[int, dict[str, object]]:
    players = data.players
    played_rounds = max([r.round for r in data.results] + [b.round for b in data.byes] + [0])
    last = max([played_rounds] + [a.round for a in data.adjustments if a.round is not None])
    last = max(last, 1)  # an adjustment without a round counts in the last round, or round 1
    multi = len({r.game for r in data.results}) > 1
    dropped = {d.registration: d.after_round for d in data.drops}
    # What each player did in each round: ("game", facts) or ("bye", points).
    did = {p: {} for p in players}
    tp_in_round = {p: {r: F(0) for r in range(1, last + 1)} for p in players}
    for res in data.results:
        size = len(res.seats)
        given = [s.placement for s in res.seats]
        # Dense (1,1,2) and competition (1,1,3) read the same: 1 + players strictly ahead.
        place = [1 + sum(1 for q in given if q < p) for p in given]
        for k, s in enumerate(res.seats):
            tied = place.count(place[k])
            spanned = [F(POINTS[size][x]) for x in range(place[k] - 1, place[k] - 1 + tied)]
            points = sum(spanned) / tied
            tp_in_round[s.registration][res.round] += points
            scores = [x.score for x in res.seats]
            did[s.registration][res.round] = (
                "game",
                dict(
                    game=res.game,
                    place=place[k],
                    size=size,
                    score=s.score,
                    scores=None if None in scores else scores,
                    opponents=[o.registration for j, o in enumerate(res.seats) if j != k],
                    beaten=sum(1 for q in place if q > place[k]),
                    tied=tied - 1,
                ),
            )
    for b in data.byes:
        points = bye_points if b.points is None else F(b.points)
        tp_in_round[b.registration][b.round] += points
        did[b.registration][b.round] = ("bye", points)
    for a in data.adjustments:
        tp_in_round[a.registration][a.round or last] += F(a.points)
    tp = {p: sum(tp_in_round[p].values(), F(0)) for p in players}

    def games_of(p):
        return [facts for kind, facts in did[p].values() if kind == "game"]

    pct = {
        p: mean(F(2 * g["beaten"] + g["tied"], 2 * (g["size"] - 1)) for g in games_of(p))
        for p in players
    }
    out = {}
    for p in players:
        g = games_of(p)
        with_scores = [x for x in g if x["scores"] is not None]
        # One value per round of the event: the opponents' mean, else the player's own
        # (dummy opponent); absences and rounds after a drop are voluntarily unplayed.
        strength, opp_pct = [], []  # (voluntarily unplayed?, value)
        for rnd in range(1, played_rounds + 1):
            kind, facts = did[p].get(rnd, ("none", None))
            if kind == "game":
                strength.append((False, mean(tp[o] for o in facts["opponents"])))
                opp_pct.append(mean(max(pct[o], floor) for o in facts["opponents"]))
            else:
                strength.append((kind == "none", tp[p]))
                opp_pct.append(None if pct[p] is None else max(pct[p], floor))

        cumulative, progressive = F(0), F(0)
        for r in range(1, last + 1):
            cumulative += tp_in_round[p][r]
            progressive += cumulative

        out[p] = {
            "tp": tp[p],
            "firsts": sum(1 for x in g if x["place"] == 1),
            "game_points": None if multi else points_of(with_scores),
            "game_points:imhotep": points_of(with_scores, "imhotep"),
            "score_share": mean(
                F(x["score"], sum(x["scores"])) if sum(x["scores"]) else F(1, x["size"])
                for x in with_scores
            ),
            "score_ratio": mean(
                F(x["score"]) / (F(sum(x["scores"])) / x["size"]) if sum(x["scores"]) else F(1)
                for x in with_scores
            ),
            "avg_placement": mean(F(x["place"]) for x in g),
            "placement_pct": pct[p],
            "sos": mean(v for _, v in strength),
            "buchholz": cut(strength, 0, 0) if strength else None,
            "buchholz_cut1": cut(strength, 1, 0) if strength else None,
            "buchholz_median1": cut(strength, 1, 1) if strength else None,
            "opp_placement_pct": None if pct[p] is None else mean(opp_pct),
            "progressive": progressive,
            "games": len(g),
            "byes": sum(1 for kind, _ in did[p].values() if kind == "bye"),
            "rounds_played": len(did[p]),
            "dropped_after": dropped.get(p),
        }
    return out


def natural(text):
    return [
        (0, int(x), "") if x.isdigit() else (1, 0, x.casefold())
        for x in re.split(r"(\d+)", text)
        if x
    ]


@given(
    events(),
    st.sampled_from([F(3, 2), F(1), F(3)]),
    st.sampled_from([F(1, 3), F(0), F(2, 5)]),
)
@settings(max_examples=300, deadline=None)
def test_every_metric_matches_the_reference(data, bye_points, floor):
    expected = reference(data, bye_points, floor)
    config = StandingsConfig(
        placement_points=POINTS,
        precedence=("tp",),
        extra_metrics=METRIC_NAMES,
        bye_points=bye_points,
        placement_floor=floor,
    )
    standings = compute_standings(data, config)
    assert sorted(r.registration for r in standings.rows) == sorted(data.players)
    for row in standings.rows:
        for name in METRIC_NAMES:
            assert row.metrics[name] == expected[row.registration][name], (
                name,
                row.registration,
            )
        assert row.dropped_after == expected[row.registration]["dropped_after"]


@given(
    events(),
    st.sampled_from(
        [
            None,  # the default precedence
            ("tp", "firsts"),
            ("tp", "sos"),
            ("progressive",),
            ("tp", "buchholz_cut1", "avg_placement"),
            ("tp", "buchholz_median1", "opp_placement_pct", "score_ratio"),
        ]
    ),
)
@settings(max_examples=200, deadline=None)
def test_ranks_follow_the_precedence_and_shared_ranks_are_listed_by_name(data, precedence):
    config = StandingsConfig(placement_points=POINTS)
    if precedence is not None:
        config = StandingsConfig(placement_points=POINTS, precedence=precedence)
    precedence = [m for m in config.precedence if m != "h2h"]
    expected = reference(data, config.bye_points, config.placement_floor)

    def key(p):
        out = []
        for name in precedence:
            v = expected[p][name]
            out.append((1, 0) if v is None else (0, v if name in LOWER_IS_BETTER else -v))
        return tuple(out)

    standings = compute_standings(data, config)
    rows = standings.rows
    for row in rows:
        better = sum(1 for q in data.players if key(q) < key(row.registration))
        if "h2h" in config.precedence:
            # h2h may split a pair tied on everything else: at most one place lower.
            level = sum(1 for q in data.players if key(q) == key(row.registration))
            assert better + 1 <= row.rank <= better + (2 if level == 2 else 1)
        else:
            assert row.rank == better + 1
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    for a, b in zip(rows, rows[1:], strict=False):
        if a.rank == b.rank:  # listed by name (digits as numbers), then registration number
            ka = (natural(data.names.get(a.registration, "")), a.registration)
            kb = (natural(data.names.get(b.registration, "")), b.registration)
            assert ka < kb


def as_columns(data: StandingsInput) -> StandingsInput:
    """The same event with its tables in column shape (as the database selector gives)."""
    results = data.results
    starts = [0]
    for res in results:
        starts.append(starts[-1] + len(res.seats))
    columns = ResultColumns(
        rounds=[r.round for r in results],
        tables=[r.table for r in results],
        games=[r.game for r in results],
        provisional=[r.provisional for r in results],
        starts=starts,
        registrations=[s.registration for r in results for s in r.seats],
        placements=[s.placement for r in results for s in r.seats],
        scores=[s.score for r in results for s in r.seats],
    )
    return dataclasses.replace(data, results=(), columns=columns)


@given(events(), st.sampled_from([F(3, 2), F(1)]))
@settings(max_examples=150, deadline=None)
def test_column_shaped_results_rank_exactly_as_table_results(data, bye_points):
    config = StandingsConfig(
        placement_points=POINTS,
        precedence=("tp", "sos", "score_ratio", "h2h"),
        extra_metrics=tuple(m for m in METRIC_NAMES if m not in ("tp", "sos", "score_ratio")),
        bye_points=bye_points,
    )
    columns = as_columns(data)
    assert columns.all_results() == data.results
    assert compute_standings(columns, config) == compute_standings(data, config)
