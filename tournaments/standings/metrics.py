"""The metric registry for standings: one function per metric over ``EventData``.

Every metric returns one value per player (``Fraction``, ``int`` or ``None`` when the
player has nothing to measure, which ranks below every value). A name may carry a
parameter after a colon: ``game_points:imhotep``.

| name | meaning | better |
|---|---|---|
| ``tp`` | tournament points: placements + byes + adjustments | higher |
| ``firsts`` | games won (a shared 1st place counts) | higher |
| ``game_points`` | sum of raw game scores; None for everyone in a multi-game event | higher |
| ``game_points:<game>`` | sum of raw scores in one game only | higher |
| ``score_share`` | mean over games of own score / table total (all-zero table: 1/size) | higher |
| ``score_ratio`` | mean over games of own score / the table's mean score (all-zero: 1) | higher |
| ``avg_placement`` | mean placement over games | lower |
| ``placement_pct`` | mean share of table opponents beaten (a tie counts half) | higher |
| ``sos`` | strength of schedule: mean over the event's rounds of the round's value (1) | higher |
| ``buchholz`` | sum over the event's rounds of the round's value (1) | higher |
| ``buchholz_cut1`` | Buchholz without the lowest round (2) | higher |
| ``buchholz_median1`` | Buchholz without the highest and the lowest round (2) | higher |
| ``opp_placement_pct`` | mean over rounds of opponents' ``placement_pct`` (floored) (3) | higher |
| ``progressive`` | sum over rounds 1..last of the cumulative TP after that round | higher |
| ``h2h`` | head-to-head, only between exactly two tied players (applied in ranking) | — |
| ``games``, ``byes``, ``rounds_played`` | counts (display) | higher |

(1) A round's value is the mean final TP of the opponents at the player's table. A round
without a game - a bye, an absence, a round after the player's drop - counts as a game
against a virtual opponent with the player's own final TP (FIDE tie-break regulations
2023, art. 16: the "dummy opponent"), so every player has one value per round of the
event and a missed round neither adds nor removes an opponent. (2) Absences and rounds
after a drop are *voluntarily unplayed* and are cut first (FIDE art. 16); byes are not.
Cuts apply only when a player has more rounds than cuts (everyone has the same number).
(3) Per round, the mean over the table's opponents of ``max(placement_pct,
placement_floor)`` (MTG OMW% style); a round without a game counts the player's own
floored ``placement_pct``; None for a player without any game.

Raw game scores are only ever summed within one game: ``game_points`` refuses to rank
a multi-game event (see ``compute_standings``) and shows ``None`` there.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tournaments.standings.types import StandingsError

if TYPE_CHECKING:
    from tournaments.standings.compute import EventData
    from tournaments.standings.types import StandingsConfig

Values = list[Fraction | int | None]


@dataclass(frozen=True)
class Metric:
    name: str
    label: str
    higher_is_better: bool
    compute: Callable[[EventData, StandingsConfig, str | None], Values] | None


def _tp(ev, config, param) -> Values:
    return [Fraction(v, ev.scale) for v in ev.tp]


def _firsts(ev, config, param) -> Values:
    return [sum(1 for t, s in g if ev.tables[t]["placement"][s] == 1) for g in ev.games]


def _game_points(ev, config, param) -> Values:
    if param is None and len(ev.game_keys) > 1:
        return [None] * len(ev.players)
    out: Values = []
    for games in ev.games:
        picked = [
            ev.tables[t]["scores"][s]
            for t, s in games
            if ev.tables[t]["scores"] is not None
            and (param is None or ev.tables[t]["game"] == param)
        ]
        out.append(sum(picked) if picked else None)
    return out


def _score_share(ev, config, param) -> Values:
    out: Values = []
    for games in ev.games:
        # Sum own/total over games on one common denominator: one Fraction per player.
        parts = []
        for t, s in games:
            scores = ev.tables[t]["scores"]
            if scores is None:
                continue
            total = sum(scores)
            parts.append((scores[s], total) if total else (1, len(scores)))
        if not parts:
            out.append(None)
            continue
        if all(isinstance(n, int) for n, _ in parts) and all(isinstance(d, int) for _, d in parts):
            common = math.lcm(*(d for _, d in parts))
            out.append(Fraction(sum(n * (common // d) for n, d in parts), common * len(parts)))
        else:
            out.append(sum((Fraction(n) / d for n, d in parts), Fraction(0)) / len(parts))
    return out


def _score_ratio(ev, config, param) -> Values:
    # Own score over the table's mean score: 1 is an average game at any table size, so
    # (unlike score_share, 1/3 vs 1/4 on average) it does not favour 3-player tables.
    # Integer parts on one common denominator keep it exact without a Fraction per game;
    # each table's total is summed once, not once per seat.
    # Each table's parts are made once, then gathered per player.
    parts_at, exact_at = [], []
    for table in ev.tables:
        scores = table["scores"]
        if scores is None:
            parts_at.append(None)
            exact_at.append(True)
            continue
        total, size = sum(scores), len(scores)
        parts_at.append([(v * size, total) for v in scores] if total else [(1, 1)] * size)
        exact_at.append(type(total) is int and all(type(v) is int for v in scores))
    lcm = math.lcm
    out: Values = []
    for games in ev.games:
        parts = [parts_at[t][s] for t, s in games if parts_at[t] is not None]
        if not parts:
            out.append(None)
        elif all([exact_at[t] for t, _ in games]):
            common = lcm(*[d for _, d in parts])
            top = sum([n * (common // d) for n, d in parts])
            out.append(Fraction(top, common * len(parts)))
        else:
            out.append(sum((Fraction(n) / d for n, d in parts), Fraction(0)) / len(parts))
    return out


def _avg_placement(ev, config, param) -> Values:
    return [
        Fraction(sum(ev.tables[t]["placement"][s] for t, s in g), len(g)) if g else None
        for g in ev.games
    ]


def _placement_pct_scaled(ev) -> tuple[list[tuple[int, int] | None], int]:
    """Per player (sum of per-game shares scaled by 2L, games), and 2L (cached).

    A game's share is (2 x beaten + tied) / (2 x (size - 1)); L = lcm(size - 1)."""
    if "placement_pct" in ev.cache:
        return ev.cache["placement_pct"]
    sizes = {len(t["ids"]) for t in ev.tables} or {2}
    lcm = math.lcm(*(max(1, k - 1) for k in sizes))
    out: list[tuple[int, int] | None] = []
    for games in ev.games:
        if not games:
            out.append(None)
            continue
        total = 0
        for t, s in games:
            places = ev.tables[t]["placement"]
            mine = places[s]
            worse = sum(1 for p in places if p > mine)
            tied = places.count(mine) - 1
            total += (2 * worse + tied) * (lcm // (len(places) - 1))
        out.append((total, len(games)))
    ev.cache["placement_pct"] = out, 2 * lcm
    return out, 2 * lcm


def _placement_pct(ev, config, param) -> Values:
    scaled, denom = _placement_pct_scaled(ev)
    return [None if v is None else Fraction(v[0], denom * v[1]) for v in scaled]


def _round_strength(ev) -> tuple[list[list[int]], int]:
    """Per player, one integer per *played* round (game or bye), scaled by scale x L with
    L = lcm(table size - 1): the opponents' mean TP, or the player's own TP for a bye
    (cached). Unplayed rounds are ``ev.unplayed[i]`` more rounds at the player's own TP."""
    if "strength" in ev.cache:
        return ev.cache["strength"]
    sizes = {len(t["ids"]) for t in ev.tables} or {2}
    lcm = math.lcm(*(max(1, k - 1) for k in sizes))
    tp = ev.tp
    # Each table's TP total once; an opponent sum is that total minus the player's own.
    table_total = [sum(tp[j] for j in t["ids"]) for t in ev.tables]
    weight = [lcm // max(1, len(t["ids"]) - 1) for t in ev.tables]
    rounds = []
    for i in range(len(ev.players)):
        values = [(table_total[t] - tp[i]) * weight[t] for t, _ in ev.games[i]]
        values += [tp[i] * lcm] * len(ev.bye_rounds[i])
        rounds.append(values)
    ev.cache["strength"] = rounds, lcm
    return rounds, lcm


def _sos(ev, config, param) -> Values:
    if not ev.rounds:
        return [None] * len(ev.players)
    rounds, lcm = _round_strength(ev)
    return [
        Fraction(sum(values) + ev.unplayed[i] * ev.tp[i] * lcm, ev.scale * lcm * ev.rounds)
        for i, values in enumerate(rounds)
    ]


def _buchholz_variant(drop_low: int, drop_high: int):
    def compute(ev, config, param) -> Values:
        if not ev.rounds:
            return [None] * len(ev.players)
        rounds, lcm = _round_strength(ev)
        out: Values = []
        for i, values in enumerate(rounds):
            own = ev.tp[i] * lcm
            unplayed = ev.unplayed[i]
            total = sum(values) + unplayed * own
            if ev.rounds > drop_low + drop_high:
                # Low cuts take voluntarily unplayed rounds first, then the lowest values.
                vur_cut = min(drop_low, unplayed)
                rest = sorted(values + [own] * (unplayed - vur_cut))
                total -= vur_cut * own + sum(rest[: drop_low - vur_cut])
                if drop_high:
                    total -= sum(rest[len(rest) - drop_high :])
            out.append(Fraction(total, ev.scale * lcm))
        return out

    return compute


def _opp_placement_pct(ev, config, param) -> Values:
    # Integers on one common denominator M (a multiple of every player's own denominator
    # and of the floor's), so the floor and the sums stay exact without Fractions; a
    # round's opponent mean is scaled by L = lcm(table size - 1) on top.
    scaled, denom = _placement_pct_scaled(ev)
    floor = Fraction(config.placement_floor)
    game_counts = {v[1] for v in scaled if v is not None} or {1}
    common = math.lcm(denom * math.lcm(*game_counts), floor.denominator)
    floor_scaled = floor.numerator * (common // floor.denominator)
    own = [
        None if v is None else max(v[0] * (common // (denom * v[1])), floor_scaled) for v in scaled
    ]
    sizes = {len(t["ids"]) for t in ev.tables} or {2}
    lcm = math.lcm(*(max(1, k - 1) for k in sizes))
    table_total = [sum(own[j] for j in t["ids"]) for t in ev.tables]
    weight = [lcm // max(1, len(t["ids"]) - 1) for t in ev.tables]
    out: Values = []
    for i, games in enumerate(ev.games):
        if own[i] is None:
            out.append(None)
            continue
        total = sum((table_total[t] - own[i]) * weight[t] for t, _ in games)
        total += (ev.rounds - len(games)) * own[i] * lcm
        out.append(Fraction(total, common * lcm * ev.rounds))
    return out


def _progressive(ev, config, param) -> Values:
    last = ev.last_round
    out: Values = []
    for i in range(len(ev.players)):
        total = sum(
            ev.tables[t]["tp"][s] * (last - ev.tables[t]["round"] + 1) for t, s in ev.games[i]
        )
        total += sum(tp * (last - r + 1) for r, tp in ev.bye_rounds[i])
        total += sum(tp * (1 if r is None else last - r + 1) for r, tp in ev.adjustments[i])
        out.append(Fraction(total, ev.scale))
    return out


def _games(ev, config, param) -> Values:
    return [len(g) for g in ev.games]


def _byes(ev, config, param) -> Values:
    return [len(b) for b in ev.bye_rounds]


def _rounds_played(ev, config, param) -> Values:
    return [len(g) + len(b) for g, b in zip(ev.games, ev.bye_rounds, strict=True)]


METRICS: dict[str, Metric] = {
    m.name: m
    for m in (
        Metric("tp", "Tournament points", True, _tp),
        Metric("firsts", "First places", True, _firsts),
        Metric("game_points", "Game points", True, _game_points),
        Metric("score_share", "Score share", True, _score_share),
        Metric("score_ratio", "Score ratio", True, _score_ratio),
        Metric("avg_placement", "Average placement", False, _avg_placement),
        Metric("placement_pct", "Placement %", True, _placement_pct),
        Metric("sos", "Strength of schedule", True, _sos),
        Metric("buchholz", "Buchholz", True, _buchholz_variant(0, 0)),
        Metric("buchholz_cut1", "Buchholz Cut-1", True, _buchholz_variant(1, 0)),
        Metric("buchholz_median1", "Buchholz Median-1", True, _buchholz_variant(1, 1)),
        Metric("opp_placement_pct", "Opponents' placement %", True, _opp_placement_pct),
        Metric("progressive", "Progressive score", True, _progressive),
        Metric("h2h", "Head-to-head", True, None),
        Metric("games", "Games", True, _games),
        Metric("byes", "Byes", True, _byes),
        Metric("rounds_played", "Rounds played", True, _rounds_played),
    )
}


def metric_values(name: str, ev: EventData, config: StandingsConfig) -> Values:
    base, _, param = name.partition(":")
    metric = METRICS[base]
    if metric.compute is None:
        raise StandingsError(f"{name} is applied during ranking, not computed per player")
    if param and base != "game_points":
        raise StandingsError(f"metric {base} takes no parameter")
    return metric.compute(ev, config, param or None)
