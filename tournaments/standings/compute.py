"""Standings: tournament points, a metric registry and precedence ranking — pure Python.

Entry point: :func:`compute_standings` (input and output types in
:mod:`tournaments.standings.types`, metrics in :mod:`tournaments.standings.metrics`).

Policies (also in docs/seating-and-standings.md):

* **Tournament points (TP)** by placement and table size from
  ``StandingsConfig.placement_points``. Players tied at a table share the average of
  the points of the places they span (two players tied for 1st at a 4-table with
  3/2/1/0 get 5/2 each; the next player is 3rd). Placements are read in order, so both
  competition (1,1,3) and dense (1,1,2) ranking from an engine give the same result.
* **Byes** give ``bye_points`` (or the bye's own points) and count as a round played
  for TP and progressive score, but not as a game: firsts, game points, score share,
  placements and opponents' metrics look at games only. In Buchholz a bye round counts
  as a game against an opponent with the player's own TP (FIDE 2023 "dummy opponent").
* **Drops**: results before the drop stay; the row is marked ``dropped_after`` and
  ranked by its metrics like everyone else unless ``dropped_last`` is set. Opponents
  keep the dropped player's final TP in their strength of schedule.
* **Adjustments**: organizer bonus/penalty TP, added to TP (and to progressive score in
  their round, or the last round when no round is given).
* All arithmetic is exact: TP are kept as integers scaled by a common denominator, and
  metric values are returned as ``Fraction`` or ``int``.
* **Unplayed rounds** (FIDE tie-break regulations 2023, art. 16): every opponent-based
  metric looks at each of the event's rounds. A round without a game (a bye, an
  absence, a round after the player's drop) counts as a game against a virtual opponent
  with the player's own final TP; absences and rounds after a drop are *voluntarily
  unplayed* and are the first rounds Cut-1 / Median-1 cut.
* **Ranking**: rows are split by each precedence metric in turn; ``h2h`` only splits a
  group of exactly two players (by who placed above whom more often when they met).
  Rows tied on every precedence metric share a rank (1, 2, 2, 4); within a shared rank
  they are listed by ``StandingsInput.names`` (digits as numbers), then by registration
  (numbers as numbers) - never by the text of an id.
* **Refused input** (:class:`StandingsError`): round numbers below 1, placements that
  are neither competition (1, 1, 3) nor dense (1, 1, 2) ranks, a player twice in a
  round, a result or bye after the player's drop, unknown registrations.
"""

from __future__ import annotations

import gc
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.standings.metrics import METRICS, metric_values
from tournaments.standings.types import (
    Adjustment,
    Bye,
    Drop,
    PlayerId,
    ResultColumns,
    SeatResult,
    Standings,
    StandingsConfig,
    StandingsError,
    StandingsInput,
    StandingsRow,
    TableResult,
)

__all__ = [
    "METRICS",
    "Adjustment",
    "Bye",
    "Drop",
    "EventData",
    "ResultColumns",
    "SeatResult",
    "Standings",
    "StandingsConfig",
    "StandingsError",
    "StandingsInput",
    "StandingsRow",
    "TableResult",
    "compute_standings",
    "table_points",
]


def table_points(placements: Sequence[int], points: Sequence) -> list[Fraction]:
    """TP for each seat given the placements at one table (ties share the average)."""
    order = sorted(range(len(placements)), key=lambda i: placements[i])
    out: list[Fraction] = [Fraction(0)] * len(placements)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and placements[order[end + 1]] == placements[order[start]]:
            end += 1
        share = Fraction(sum(Fraction(points[k]) for k in range(start, end + 1)), end - start + 1)
        for k in range(start, end + 1):
            out[order[k]] = share
        start = end + 1
    return out


@dataclass
class EventData:
    """Everything the metrics need, indexed by player position, TP scaled to integers.

    ``games[i]`` lists ``(table index, seat index)`` for player ``i``; ``tables`` holds
    per-table seat data. ``scale`` is the common denominator of all point values.
    """

    players: tuple[PlayerId, ...]
    index: dict[PlayerId, int]
    scale: int
    tables: list[dict] = field(default_factory=list)
    games: list[list[tuple[int, int]]] = field(default_factory=list)
    bye_rounds: list[list[tuple[int, int]]] = field(default_factory=list)  # (round, tp)
    adjustments: list[list[tuple[int | None, int]]] = field(default_factory=list)
    tp: list[int] = field(default_factory=list)
    last_round: int = 0
    # The rounds played in the event (results and byes; adjustments do not add a round)
    # and, per player, the rounds without a game or bye in 1..rounds (absent or dropped).
    rounds: int = 0
    unplayed: list[int] = field(default_factory=list)
    dropped: dict[int, int] = field(default_factory=dict)  # player index -> after round
    game_keys: frozenset[str] = frozenset()
    cache: dict[str, object] = field(default_factory=dict)  # shared by related metrics


def build_event(data: StandingsInput, config: StandingsConfig) -> EventData:
    players = tuple(data.players)
    index = {p: i for i, p in enumerate(players)}
    if len(index) != len(players):
        raise StandingsError("duplicate registration in players")
    denominators = [Fraction(config.bye_points).denominator]
    for pts in config.placement_points.values():
        denominators += [Fraction(v).denominator for v in pts]
    denominators += [Fraction(b.points).denominator for b in data.byes if b.points is not None]
    denominators += [Fraction(a.points).denominator for a in data.adjustments]
    # Shared places average up to `size` values, which multiplies denominators by up to
    # lcm(1..size): scale by that too so every TP is an exact integer.
    largest = max(config.placement_points, default=1)
    scale = math.lcm(*denominators) * math.lcm(*range(1, largest + 1))
    n = len(players)
    ev = EventData(players, index, scale)
    ev.games = [[] for _ in range(n)]
    ev.bye_rounds = [[] for _ in range(n)]
    ev.adjustments = [[] for _ in range(n)]
    ev.tp = [0] * n
    for drop in data.drops:
        i = _player(index, drop.registration)
        if not _is_int(drop.after_round) or drop.after_round < 0:
            raise StandingsError(
                f"drop of {drop.registration!r}: after_round must be a round number >= 0 "
                f"(0 = before round 1), got {drop.after_round!r}"
            )
        if i in ev.dropped:
            raise StandingsError(f"{drop.registration!r} is dropped twice")
        ev.dropped[i] = drop.after_round
    dropped = ev.dropped
    taken: set[int] = set()  # round * n + player index: who already sits in a round

    def occupy(rnd: int, i: int, table: int | None) -> None:
        what = "bye" if table is None else f"table {table}"
        if rnd * n + i in taken:
            raise StandingsError(f"{players[i]!r} appears twice in round {rnd} ({what})")
        taken.add(rnd * n + i)
        after = dropped.get(i)
        if after is not None and rnd > after:
            # Its points would count although the player had left: refuse, never guess.
            raise StandingsError(
                f"{players[i]!r} dropped after round {after} but has a result in round "
                f"{rnd} ({what})"
            )

    scaled_points = {
        size: [_scaled(v, scale) for v in pts] for size, pts in config.placement_points.items()
    }
    keys = set()
    memo: dict[tuple, tuple[list, list]] = {}
    # The per-seat loop is the hot path at 100,000 seats: plain ints, no calls per seat.
    games, tp_of, tables = ev.games, ev.tp, ev.tables
    for rnd, number, game, provisional, registrations, placements, scores in _tables_of(data):
        _check_round(rnd, f"table {number}")
        line = memo.get(placements)
        if line is None:
            line = memo[placements] = _placement_line(rnd, number, placements, scaled_points)
        competition, tp = line
        t = len(tables)
        ids = [index.get(registration) for registration in registrations]
        if None in ids:
            for registration in registrations:
                _player(index, registration)  # raises: unknown registration
        base = rnd * n
        seated = [base + i for i in ids]
        if not taken.isdisjoint(seated) or len(set(seated)) < len(seated) or dropped:
            for i in ids:  # raises with the reason, or passes
                if base + i in taken or (dropped and rnd > dropped.get(i, rnd)):
                    occupy(rnd, i, number)
                taken.add(base + i)
        taken.update(seated)
        for s, i in enumerate(ids):
            games[i].append((t, s))
            tp_of[i] += tp[s]
        if None in scores:
            scores = None
        elif not all(type(v) is int for v in scores):
            scores = [v if isinstance(v, int) else Fraction(v) for v in scores]
        tables.append(
            {
                "round": rnd,
                "game": game,
                "ids": ids,
                "placement": competition,
                "tp": tp,
                "scores": scores,
                "provisional": provisional,
            }
        )
        keys.add(game)
        if rnd > ev.rounds:
            ev.rounds = rnd
    ev.game_keys = frozenset(keys)
    for bye in data.byes:
        i = _player(index, bye.registration)
        _check_round(bye.round, f"bye of {bye.registration!r}")
        occupy(bye.round, i, None)
        pts = _scaled(config.bye_points if bye.points is None else bye.points, scale)
        ev.bye_rounds[i].append((bye.round, pts))
        ev.tp[i] += pts
        ev.rounds = max(ev.rounds, bye.round)
    ev.last_round = ev.rounds
    for adj in data.adjustments:
        i = _player(index, adj.registration)
        if adj.round is not None:
            _check_round(adj.round, f"adjustment of {adj.registration!r}")
        pts = _scaled(adj.points, scale)
        ev.adjustments[i].append((adj.round, pts))
        ev.tp[i] += pts
        if adj.round is not None:
            ev.last_round = max(ev.last_round, adj.round)
    ev.unplayed = [
        ev.rounds - len(g) - len(b) for g, b in zip(ev.games, ev.bye_rounds, strict=True)
    ]
    return ev


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_round(rnd, what: str) -> None:
    if not _is_int(rnd) or rnd < 1:
        raise StandingsError(
            f"{what}: round must be a number >= 1 (the first round is 1), got {rnd!r}"
        )


def _scaled(value, scale: int) -> int:
    scaled = Fraction(value) * scale
    if scaled.denominator != 1:  # pragma: no cover - the scale is chosen to prevent this
        raise AssertionError(f"{value} does not scale exactly by {scale}")
    return scaled.numerator


def _player(index: Mapping[PlayerId, int], pid: PlayerId) -> int:
    try:
        return index[pid]
    except KeyError:
        raise StandingsError(f"unknown registration {pid!r}") from None


def _tables_of(data: StandingsInput):
    """(round, table number, game, provisional, registrations, placements, scores) per
    table, from ``results`` and from ``columns`` alike (placements as a tuple)."""
    for result in data.results:
        seats = result.seats
        yield (
            result.round,
            result.table,
            result.game,
            result.provisional,
            [seat.registration for seat in seats],
            tuple([seat.placement for seat in seats]),
            [seat.score for seat in seats],
        )
    columns = data.columns
    if columns:
        starts, registrations = columns.starts, columns.registrations
        placements, scores = columns.placements, columns.scores
        for k, (rnd, number, game, provisional) in enumerate(
            zip(columns.rounds, columns.tables, columns.games, columns.provisional, strict=True)
        ):
            a, b = starts[k], starts[k + 1]
            yield (
                rnd,
                number,
                game,
                provisional,
                registrations[a:b],
                tuple(placements[a:b]),
                scores[a:b],
            )


def _placement_line(rnd: int, number: int, placements, scaled_points) -> tuple[list, list]:
    """(competition placements, scaled TP) for one line of placements, or StandingsError."""
    size = len(placements)
    points = scaled_points.get(size)
    if points is None:
        raise StandingsError(f"no placement points configured for {size}-player tables")
    if any(not _is_int(p) or p < 1 or p > size for p in placements):
        raise StandingsError(
            f"round {rnd} table {number}: placements {list(placements)} "
            f"must be between 1 and {size}"
        )
    if not _is_ranking(placements):
        raise StandingsError(
            f"round {rnd} table {number}: placements {list(placements)} are "
            "neither competition ranks (1, 1, 3) nor dense ranks (1, 1, 2): the best is 1 and "
            "a place is skipped only right after a tie, by the number of tied players"
        )
    # Competition placement: 1 + the number of players strictly ahead. Tied players
    # share the scaled points of the places they span; the scale makes that exact.
    ahead = [sum(1 for q in placements if q < p) for p in placements]
    tied = [placements.count(p) for p in placements]
    tp = [sum(points[a : a + c]) // c for a, c in zip(ahead, tied, strict=True)]
    return [a + 1 for a in ahead], tp


def _is_ranking(placements: Sequence[int]) -> bool:
    """Competition ranking (each place = 1 + players strictly ahead) or dense ranking
    (the distinct places are exactly 1..k)."""
    competition = all(p == 1 + sum(1 for q in placements if q < p) for p in placements)
    distinct = sorted(set(placements))
    return competition or distinct == list(range(1, len(distinct) + 1))


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a block that builds hundreds of
    thousands of small objects without reference cycles (the standings of 10,000 players
    x 10 rounds: its generational passes over them were about 40 % of the time).
    Reference counting still frees everything; the collector's previous state returns."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def compute_standings(
    data: StandingsInput,
    config: StandingsConfig | None = None,
    previous: Mapping[PlayerId, int] | Standings | None = None,
) -> Standings:
    """Rank the players of ``data`` under ``config``.

    ``previous`` (ranks by registration, or an earlier :class:`Standings`) fills each
    row's ``previous_rank`` so pages can show movement.
    """
    with without_cycle_collection():
        return _compute_standings(data, config, previous)


def _compute_standings(data, config, previous) -> Standings:
    config = config or StandingsConfig()
    for name in (*config.precedence, *config.extra_metrics):
        if name.split(":", 1)[0] not in METRICS:
            raise StandingsError(f"unknown metric {name!r}; known: {sorted(METRICS)}")
    ev = build_event(data, config)
    if len(ev.game_keys) > 1 and "game_points" in config.precedence:
        raise StandingsError(
            "game_points compares raw scores across games "
            f"({', '.join(sorted(ev.game_keys))}); use score_share or game_points:<game>"
        )
    wanted = [m for m in dict.fromkeys((*config.precedence, *config.extra_metrics)) if m != "h2h"]
    values = {name: metric_values(name, ev, config) for name in wanted}
    dropped = {ev.players[i]: after for i, after in ev.dropped.items()}
    listing = _listing_keys(ev.players, data.names)
    order, h2h = _rank_order(ev, config, values, dropped, listing)
    if isinstance(previous, Standings):
        previous = {r.registration: r.rank for r in previous.rows}
    previous = previous or {}
    provisional = [False] * len(ev.players)
    for table in ev.tables:
        if table["provisional"]:
            for i in table["ids"]:
                provisional[i] = True
    rows = []
    for rank, group in order:
        for i in group:
            metrics = {name: values[name][i] for name in wanted}
            if "h2h" in config.precedence:
                metrics["h2h"] = h2h.get(i)
            pid = ev.players[i]
            rows.append(
                StandingsRow(
                    pid, rank, metrics, provisional[i], dropped.get(pid), previous.get(pid)
                )
            )
    return Standings(
        tuple(rows),
        tuple(config.precedence),
        tuple(config.extra_metrics),
        ev.last_round,
        any(provisional),
    )


def _natural(text: str) -> tuple:
    """Digits compare as numbers ("Player 2" before "Player 10"), text case-blind."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
        for part in re.split(r"(\d+)", text)
        if part
    )


def _listing_keys(players: Sequence[PlayerId], names: Mapping[PlayerId, str]) -> list[tuple]:
    """How rows sharing a rank are listed: by name, then by registration (10 after 2)."""
    keys = []
    for pid in players:
        ident = (0, pid, ()) if isinstance(pid, int) else (1, 0, _natural(str(pid)))
        keys.append((_natural(names.get(pid) or ""), ident))
    return keys


def _rank_order(ev: EventData, config: StandingsConfig, values, dropped, listing):
    """Split the field by each precedence metric; returns [(rank, [players])], h2h marks."""
    groups: list[list[int]] = [list(range(len(ev.players)))]
    if config.dropped_last:
        groups = _split(groups[0], lambda i: ev.players[i] in dropped)
    h2h: dict[int, int] = {}
    for name in config.precedence:
        if name == "h2h":
            groups = [g2 for g in groups for g2 in _head_to_head(ev, g, h2h)]
            continue
        better = METRICS[name.split(":", 1)[0]].higher_is_better
        column = values[name]

        def key(i: int, column=column, better=better):
            v = column[i]
            if v is None:
                return (1, 0.0, 0)  # no value: below every value
            v = -v if better else v
            # The float orders first (rounding never reverses an order) and keeps most
            # comparisons off Fraction; equal floats fall back to the exact value.
            return (0, float(v), v)

        groups = [g2 for g in groups for g2 in _split(g, key)]
    out, rank = [], 1
    for g in groups:
        out.append((rank, sorted(g, key=listing.__getitem__)))
        rank += len(g)
    return out, h2h


def _split(group: list[int], key) -> list[list[int]]:
    if len(group) < 2:
        return [group]
    keys = {i: key(i) for i in group}
    ordered = sorted(group, key=keys.__getitem__)
    out = [[ordered[0]]]
    for i in ordered[1:]:
        if keys[i] == keys[out[-1][0]]:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def _head_to_head(ev: EventData, group: list[int], marks: dict[int, int]) -> list[list[int]]:
    if len(group) != 2:
        return [group]
    a, b = group
    balance = 0
    for t, s in ev.games[a]:
        table = ev.tables[t]
        if b in table["ids"]:
            pa = table["placement"][s]
            pb = table["placement"][table["ids"].index(b)]
            balance += (pa < pb) - (pb < pa)
    if balance == 0:
        return [group]
    winner, loser = (a, b) if balance > 0 else (b, a)
    marks[winner], marks[loser] = 1, 0
    return [[winner], [loser]]
