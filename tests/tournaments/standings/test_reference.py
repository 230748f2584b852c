"""Every standings metric against a brute-force reference on random events (hypothesis).

The reference recomputes each metric straight from its definition with Fractions,
walking the raw results — no scaling, no shared code with tournaments.standings beyond
the input types.
"""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings.compute import (
    Adjustment,
    Bye,
    SeatResult,
    StandingsConfig,
    StandingsInput,
    TableResult,
    compute_standings,
)

POINTS = {2: (3, 0), 3: (3, F(3, 2), 0), 4: (3, 2, 1, 0)}
BYE_POINTS = F(3, 2)
FLOOR = F(1, 3)
METRIC_NAMES = (
    "tp",
    "firsts",
    "game_points",
    "score_share",
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


@st.composite
def events(draw):
    n = draw(st.integers(min_value=2, max_value=11))
    players = list(range(n))
    rounds = draw(st.integers(min_value=1, max_value=4))
    games = draw(st.sampled_from([("imhotep",), ("imhotep", "tameri")]))
    results, byes, adjustments = [], [], []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(players))
        pos, number = 0, 1
        while pos < n:
            size = draw(st.integers(min_value=2, max_value=4))
            members = order[pos : pos + size]
            pos += size
            if len(members) < 2:
                byes.append(Bye(rnd, members[0]))
                continue
            # Random finishing groups -> placements with ties (competition style).
            groups = draw(st.lists(st.integers(0, 3), min_size=len(members), max_size=len(members)))
            placements = [1 + sum(1 for h in groups if h < g) for g in groups]
            scores = draw(
                st.lists(st.integers(0, 60), min_size=len(members), max_size=len(members))
            )
            seats = tuple(
                SeatResult(p, pl, sc) for p, pl, sc in zip(members, placements, scores, strict=True)
            )
            results.append(TableResult(rnd, number, draw(st.sampled_from(games)), seats))
            number += 1
    for _ in range(draw(st.integers(0, 2))):
        adjustments.append(
            Adjustment(
                draw(st.sampled_from(players)),
                draw(st.sampled_from([-2, -1, F(1, 2), 1])),
                draw(st.one_of(st.none(), st.integers(1, rounds))),
            )
        )
    return StandingsInput(tuple(players), tuple(results), tuple(byes), (), tuple(adjustments))


def shared_points(placements, size):
    pts = POINTS[size]
    out = []
    for p in placements:
        tied = sum(1 for q in placements if q == p)
        ahead = sum(1 for q in placements if q < p)
        out.append(sum((F(pts[k]) for k in range(ahead, ahead + tied)), F(0)) / tied)
    return out


def reference(data: StandingsInput) -> dict[int, dict[str, object]]:
    players = data.players
    last = max([r.round for r in data.results] + [b.round for b in data.byes] + [1])
    last = max([last] + [a.round for a in data.adjustments if a.round is not None])
    tp_by_round = {p: {r: F(0) for r in range(1, last + 1)} for p in players}
    games = {p: [] for p in players}  # (round, game, placement, size, score, total, opps, tied)
    for res in data.results:
        placements = [s.placement for s in res.seats]
        tps = shared_points(placements, len(res.seats))
        total = sum(s.score for s in res.seats)
        for k, s in enumerate(res.seats):
            tp_by_round[s.registration][res.round] += tps[k]
            opps = [o.registration for o in res.seats if o is not s]
            games[s.registration].append(
                dict(
                    round=res.round,
                    game=res.game,
                    placement=s.placement,
                    size=len(res.seats),
                    score=s.score,
                    total=total,
                    opps=opps,
                    worse=sum(1 for q in placements if q > s.placement),
                    tied=sum(1 for q in placements if q == s.placement) - 1,
                )
            )
    bye_rounds = {p: [b.round for b in data.byes if b.registration == p] for p in players}
    for b in data.byes:
        tp_by_round[b.registration][b.round] += BYE_POINTS
    for a in data.adjustments:
        tp_by_round[a.registration][a.round or last] += F(a.points)
    tp = {p: sum(tp_by_round[p].values(), F(0)) for p in players}
    pct = {}
    for p in players:
        g = games[p]
        pct[p] = (
            sum((F(2 * x["worse"] + x["tied"], 2 * (x["size"] - 1)) for x in g), F(0)) / len(g)
            if g
            else None
        )
    multi = len({r.game for r in data.results}) > 1
    out = {}
    for p in players:
        g = games[p]
        opps = [o for x in g for o in x["opps"]]
        rounds_bh = [sum(tp[o] for o in x["opps"]) / len(x["opps"]) for x in g]
        rounds_bh += [tp[p]] * len(bye_rounds[p])
        rounds_bh.sort()
        cut1 = rounds_bh[1:] if len(rounds_bh) > 1 else rounds_bh
        med1 = rounds_bh[1:-1] if len(rounds_bh) > 2 else rounds_bh
        cumulative, progressive = F(0), F(0)
        for r in range(1, last + 1):
            cumulative += tp_by_round[p][r]
            progressive += cumulative
        out[p] = {
            "tp": tp[p],
            "firsts": sum(1 for x in g if x["placement"] == 1),
            "game_points": None if multi or not g else sum(F(x["score"]) for x in g),
            "score_share": (
                sum(
                    (F(x["score"], x["total"]) if x["total"] else F(1, x["size"]) for x in g),
                    F(0),
                )
                / len(g)
                if g
                else None
            ),
            "avg_placement": F(sum(x["placement"] for x in g), len(g)) if g else None,
            "placement_pct": pct[p],
            "sos": sum((tp[o] for o in opps), F(0)) / len(opps) if opps else None,
            "buchholz": sum(rounds_bh, F(0)),
            "buchholz_cut1": sum(cut1, F(0)),
            "buchholz_median1": sum(med1, F(0)),
            "opp_placement_pct": (
                sum((max(pct[o], FLOOR) for o in opps), F(0)) / len(opps) if opps else None
            ),
            "progressive": progressive,
            "games": len(g),
            "byes": len(bye_rounds[p]),
            "rounds_played": len(g) + len(bye_rounds[p]),
        }
    return out


CONFIG = StandingsConfig(
    placement_points=POINTS,
    precedence=("tp", "firsts", "score_share"),
    extra_metrics=METRIC_NAMES,
    bye_points=BYE_POINTS,
    placement_floor=FLOOR,
)


@given(events())
@settings(max_examples=150, deadline=None)
def test_every_metric_matches_the_brute_force_reference(data):
    expected = reference(data)
    standings = compute_standings(data, CONFIG)
    for row in standings.rows:
        for name in METRIC_NAMES:
            assert row.metrics[name] == expected[row.registration][name], (
                name,
                row.registration,
            )


@given(
    events(),
    st.sampled_from(
        [
            ("tp", "firsts"),
            ("tp", "sos"),
            ("progressive",),
            ("tp", "buchholz_cut1", "avg_placement"),
        ]
    ),
)
@settings(max_examples=100, deadline=None)
def test_ranks_follow_the_precedence_list_and_ties_share_a_rank(data, precedence):
    config = StandingsConfig(placement_points=POINTS, precedence=precedence, bye_points=BYE_POINTS)
    expected = reference(data)
    lower_better = {"avg_placement"}

    def key(p):
        out = []
        for name in precedence:
            v = expected[p][name]
            if v is None:
                out.append((1, 0))
            else:
                out.append((0, v if name in lower_better else -v))
        return tuple(out)

    standings = compute_standings(data, config)
    for row in standings.rows:
        better = sum(1 for q in data.players if key(q) < key(row.registration))
        assert row.rank == better + 1
    assert [r.rank for r in standings.rows] == sorted(r.rank for r in standings.rows)
