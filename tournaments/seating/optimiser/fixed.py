"""Fixed schedules loaded from a file (an organizer's own draw), parsed and validated.

Two formats:

* CSV with a header ``round,table,seat,player`` (1-based numbers; ``player`` is the
  registration id as text). An optional ``bye`` row form: ``round,,,player`` with empty
  table and seat gives that player a bye in that round.
* JSON: ``{"rounds": [ {"tables": [[p, p, p, p], ...], "byes": [p, ...]}, ... ]}`` where
  each table lists players in seat order (seat 1 first); a round may also be given as a
  bare list of tables.

Validation collects every problem (unknown player, a player twice in a round, a table
size the game does not allow, missing or duplicate seat numbers, a player neither seated
nor given a bye) and raises :class:`ScheduleFileError` with all of them, so an organizer
fixes the file in one pass. Seat order is kept exactly as given; costs are reported with
the same breakdown as an optimised round.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

from tournaments.seating.optimiser.cost import CostModel
from tournaments.seating.optimiser.designs import repeat_lower_bound
from tournaments.seating.optimiser.schedule import record_round
from tournaments.seating.optimiser.types import (
    PenaltyWeights,
    PlayerId,
    RoundSeating,
    Schedule,
    SearchStats,
    SeatedTable,
    SeatingError,
    SeatingPlayer,
    TableCost,
)

RawRound = tuple[list[list[str]], list[str]]  # (tables of player tokens, byes)


class ScheduleFileError(SeatingError):
    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


def parse_schedule_csv(text: str) -> list[RawRound]:
    reader = csv.DictReader(io.StringIO(text))
    required = {"round", "table", "seat", "player"}
    if reader.fieldnames is None or not required <= {f.strip() for f in reader.fieldnames}:
        raise ScheduleFileError([f"CSV header must contain {sorted(required)}"])
    problems: list[str] = []
    seats: dict[int, dict[int, dict[int, str]]] = {}
    byes: dict[int, list[str]] = {}
    for line, row in enumerate(reader, start=2):
        row = {k.strip(): (v or "").strip() for k, v in row.items() if k}
        try:
            rnd = int(row["round"])
        except ValueError:
            problems.append(f"line {line}: round {row['round']!r} is not a number")
            continue
        player = row["player"]
        if not player:
            problems.append(f"line {line}: no player")
            continue
        if not row["table"] and not row["seat"]:
            byes.setdefault(rnd, []).append(player)
            continue
        try:
            table, seat = int(row["table"]), int(row["seat"])
        except ValueError:
            problems.append(f"line {line}: table and seat must be numbers")
            continue
        table_seats = seats.setdefault(rnd, {}).setdefault(table, {})
        if seat in table_seats:
            problems.append(f"line {line}: round {rnd} table {table} seat {seat} given twice")
            continue
        table_seats[seat] = player
    for rnd, tables in seats.items():
        for table, table_seats in tables.items():
            if sorted(table_seats) != list(range(1, len(table_seats) + 1)):
                problems.append(
                    f"round {rnd} table {table}: seats must be 1..{len(table_seats)}, "
                    f"got {sorted(table_seats)}"
                )
    numbers = sorted(set(seats) | set(byes))
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"rounds must be numbered 1..{len(numbers)}, got {numbers}")
    if problems:
        raise ScheduleFileError(problems)
    return [
        (
            [[seats[r][t][s] for s in sorted(seats[r][t])] for t in sorted(seats.get(r, {}))],
            byes.get(r, []),
        )
        for r in numbers
    ]


def parse_schedule_json(text: str) -> list[RawRound]:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        raise ScheduleFileError([f"not JSON: {exc}"]) from exc
    rounds = doc.get("rounds") if isinstance(doc, dict) else None
    if not isinstance(rounds, list):
        raise ScheduleFileError(['expected {"rounds": [...]}'])
    out, problems = [], []
    for r, rnd in enumerate(rounds, start=1):
        tables, byes = (
            (rnd.get("tables"), rnd.get("byes", [])) if isinstance(rnd, dict) else (rnd, [])
        )
        if not isinstance(tables, list) or not all(isinstance(t, list) for t in tables):
            problems.append(f"round {r}: tables must be a list of lists of players")
            continue
        if not isinstance(byes, list):
            problems.append(f"round {r}: byes must be a list")
            continue
        out.append(([[str(p) for p in t] for t in tables], [str(p) for p in byes]))
    if problems:
        raise ScheduleFileError(problems)
    return out


def load_fixed_schedule(
    text: str,
    fmt: str,
    players: Sequence[SeatingPlayer],
    sizes: Sequence[int],
    *,
    weights: PenaltyWeights | None = None,
) -> Schedule:
    """Parse (``fmt`` = ``"csv"`` or ``"json"``), validate and cost a fixed schedule."""
    if fmt == "csv":
        raw = parse_schedule_csv(text)
    elif fmt == "json":
        raw = parse_schedule_json(text)
    else:
        raise ScheduleFileError([f"unknown schedule format {fmt!r} (csv or json)"])
    return validate_schedule(raw, players, sizes, weights=weights)


def validate_schedule(
    raw: Sequence[RawRound],
    players: Sequence[SeatingPlayer],
    sizes: Sequence[int],
    *,
    weights: PenaltyWeights | None = None,
) -> Schedule:
    weights = weights or PenaltyWeights()
    by_token: dict[str, PlayerId] = {str(p.id): p.id for p in players}
    problems: list[str] = []
    rounds: list[tuple[list[tuple[PlayerId, ...]], list[PlayerId]]] = []
    if not raw:
        problems.append("the schedule has no rounds")
    for r, (tables, byes) in enumerate(raw, start=1):
        seen: set[str] = set()
        resolved_tables = []
        for t, table in enumerate(tables, start=1):
            if len(table) not in sizes:
                problems.append(
                    f"round {r} table {t}: {len(table)} players, allowed {tuple(sizes)}"
                )
            resolved_tables.append(tuple(by_token.get(tok, tok) for tok in table))
        for tok in [tok for table in tables for tok in table] + list(byes):
            if tok not in by_token:
                problems.append(f"round {r}: unknown player {tok!r}")
            elif tok in seen:
                problems.append(f"round {r}: player {tok!r} appears twice")
            seen.add(tok)
        missing = sorted(set(by_token) - seen)
        if missing:
            problems.append(f"round {r}: neither seated nor given a bye: {', '.join(missing)}")
        rounds.append((resolved_tables, [by_token.get(tok, tok) for tok in byes]))
    if problems:
        raise ScheduleFileError(problems)
    largest = max(len(t) for tables, _ in rounds for t in tables) if rounds else 0
    history = list(players)
    seated, meetings = [], {}
    for p in players:  # earlier meetings count, as in plan_schedule
        for o, k in p.met.items():
            if o in by_token.values() and k > 0 and str(p.id) < str(o):
                meetings[frozenset((p.id, o))] = k
    for tables, byes in rounds:
        model = CostModel(history, weights, use_spread=False, largest_table=largest)
        out, total = [], TableCost()
        for number, table in enumerate(tables, start=1):
            cost = model.breakdown([model.index[p] for p in table])
            total += cost
            out.append(SeatedTable(number, table, cost))
            for a, i in enumerate(table):
                for j in table[a + 1 :]:
                    key = frozenset((i, j))
                    meetings[key] = meetings.get(key, 0) + 1
        stats = SearchStats(0, 0, "fixed")
        seated.append(RoundSeating("fixed", 0, tuple(out), tuple(byes), weights, total, stats))
        history = record_round(history, out, byes)
    repeat_meetings = sum(m - 1 for m in meetings.values() if m > 1)
    position = {p.id: i for i, p in enumerate(players)}
    earlier = {}
    for p in players:
        for o, k in p.met.items():
            if o in position and k > 0 and position[p.id] < position[o]:
                earlier[(position[p.id], position[o])] = k
    bound = repeat_lower_bound(
        len(players), [[len(t) for t in tables] for tables, _ in rounds], earlier
    )
    return Schedule(
        tuple(seated),
        repeat_meetings,
        max(meetings.values(), default=0),
        SearchStats(0, 0, "fixed"),
        lower_bound=bound,
        method="fixed",
    )
