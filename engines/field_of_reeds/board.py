"""Spaces, costs and attribute pools: what movement (M13–M17) needs, from edition or log.

A space's printed facts come from the edition's board side when an organizer supplied it,
else from what the judge logged the first time the space was entered this level. Where
both exist they must agree. The attribute pool is kept as the *set* of pools the player
could hold, because a black icon may be paid with any attribute (Q5) and the log need not
say which: a later step or the stop rule (M15) is legal if some payment makes it legal.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from engines.core.types import Violation
from engines.field_of_reeds.moves import Step
from engines.field_of_reeds.scoring import COLOURS, compositions
from engines.field_of_reeds.state import Pool, SpaceInfo, State, setting

START, WATCHER = "start", "watcher"
_UNKNOWN = SpaceInfo()


_BOARDS: dict[tuple[int, int], tuple[Any, Mapping[str, Any] | None]] = {}


def board_data(state: State) -> Mapping[str, Any] | None:
    """The edition's board side for the current level (None if unknown), read once per context."""
    ctx = state.ctx
    key = (id(ctx), state.level)
    entry = _BOARDS.get(key)
    if entry is None or entry[0] is not ctx:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        side = ctx.options.board_sides[state.level - 1]
        data = setting(state, f"boards.{state.level}.{side}")
        entry = _BOARDS[key] = (ctx, data if isinstance(data, Mapping) else None)
    return entry[1]


def _as_tuple(cost: Any) -> tuple[str, ...] | None:
    return None if cost is None else tuple(cost)


def printed_space(state: State, space: str) -> SpaceInfo:
    """What the edition (or earlier log entries this level) say about ``space``."""
    if space == START:
        if state.level == 1:
            cost = _as_tuple(setting(state, "start_cost_level1"))
        else:
            cost = state.prev_watcher_cost  # Q6: the previous level's watcher-space cost
        return SpaceInfo(None, cost, "none")
    memo = state.spaces.get(space, _UNKNOWN)
    if space == WATCHER:
        cost = _as_tuple(setting(state, f"watcher_cost.{state.level}")) or memo.cost
        return SpaceInfo(None, cost, "none")
    board = board_data(state)
    if board:
        row = board.get("spaces", {}).get(space)
        if row:
            return SpaceInfo(
                row.get("colour"), _as_tuple(row.get("cost")), row.get("resource") or "none"
            )
    return memo


def printed_resource(state: State, space: str) -> str | None:
    """``printed_space(state, space).resource`` without building the SpaceInfo (round end)."""
    if space in (START, WATCHER):
        return "none"
    board = board_data(state)
    if board:
        row = board.get("spaces", {}).get(space)
        if row:
            return row.get("resource") or "none"
    return state.spaces.get(space, _UNKNOWN).resource


def resolve(
    state: State, step: Step, memo: Mapping[str, SpaceInfo]
) -> tuple[SpaceInfo, list[Violation]]:
    """The facts of a logged step, merged with what is already known; conflicts are violations."""
    space = step.space
    if space not in memo and space != START and space != WATCHER:
        board = board_data(state)
        if not board or space not in board.get("spaces", {}):  # first sight: the log says it all
            return SpaceInfo(step.colour, _as_tuple(step.cost), step.resource), []
    known = printed_space(state, step.space)
    if step.space in memo and step.space not in (START, WATCHER):
        earlier = memo[step.space]
        known = SpaceInfo(
            known.colour or earlier.colour,
            known.cost or earlier.cost,
            known.resource or earlier.resource,
        )
    logged = SpaceInfo(step.colour, _as_tuple(step.cost), step.resource)
    problems = []
    for name in ("colour", "cost", "resource"):
        a, b = getattr(known, name), getattr(logged, name)
        if (
            a is not None
            and b is not None
            and (sorted(a) if name == "cost" else a) != (sorted(b) if name == "cost" else b)
        ):
            problems.append(
                Violation(
                    "space_facts_mismatch",
                    "field_of_reeds:G4",
                    "space {space}: logged {field} {logged} differs from the known {known}",
                    {"space": step.space, "field": name, "logged": b, "known": a},
                )
            )
    merged = SpaceInfo(
        known.colour or logged.colour, known.cost or logged.cost, known.resource or logged.resource
    )
    return merged, problems


def adjacent(state: State, a: str, b: str) -> bool | None:
    """Whether an edge joins a and b on the current board; None when the board is unknown."""
    board = board_data(state)
    if not board or board.get("edges") is None:
        return None
    return any({a, b} == set(edge) for edge in board["edges"])


def neighbours(state: State, space: str) -> list[str] | None:
    board = board_data(state)
    if not board or board.get("edges") is None:
        return None
    return [y if x == space else x for x, y in board["edges"] if space in (x, y)]


def distance_to_watcher(state: State, space: str) -> int | None:
    """Shortest number of spaces to the watcher along passable edges (S5, G7: costs ignored)."""
    board = board_data(state)
    if not board or board.get("edges") is None:
        return None
    seen, queue = {space: 0}, deque([space])
    while queue:
        here = queue.popleft()
        if here == WATCHER:
            return seen[here]
        for nxt in neighbours(state, here) or []:
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return None


def add_value(pools: frozenset[Pool] | None, colour: str, value: int) -> frozenset[Pool] | None:
    if pools is None:
        return None
    if len(pools) == 1:  # commonest: no black icon paid yet, so one possible pool
        for r, b, y in pools:
            if colour == "red":
                return frozenset(((r + value, b, y),))
            if colour == "blue":
                return frozenset(((r, b + value, y),))
            return frozenset(((r, b, y + value),))
    if colour == "red":
        return frozenset([(r + value, b, y) for r, b, y in pools])
    if colour == "blue":
        return frozenset([(r, b + value, y) for r, b, y in pools])
    return frozenset([(r, b, y + value) for r, b, y in pools])


def pay(
    pools: frozenset[Pool] | None,
    cost: Iterable[str] | None,
    black_with: Iterable[str] | None = None,
) -> frozenset[Pool] | None:
    """Every pool left after paying ``cost`` (M14); black icons take any attribute (Q5)."""
    if pools is None or cost is None:
        return None
    if len(cost) == 1 and cost[0] != "black" and not black_with:  # commonest: one coloured icon
        i = COLOURS.index(cost[0])
        if len(pools) == 1:  # and no black icon paid yet: one possible pool
            for pool in pools:
                if pool[i] <= 0:
                    return frozenset()
                r, b, y = pool
                if i == 0:
                    return frozenset(((r - 1, b, y),))
                if i == 1:
                    return frozenset(((r, b - 1, y),))
                return frozenset(((r, b, y - 1),))
        if i == 0:
            return frozenset([(r - 1, b, y) for r, b, y in pools if r > 0])
        if i == 1:
            return frozenset([(r, b - 1, y) for r, b, y in pools if b > 0])
        return frozenset([(r, b, y - 1) for r, b, y in pools if y > 0])
    cost = list(cost)
    need = [cost.count(c) for c in COLOURS]
    blacks = cost.count("black")
    if not blacks:  # no choice to track
        r, b, y = need
        return frozenset(
            [(p[0] - r, p[1] - b, p[2] - y) for p in pools if p[0] >= r and p[1] >= b and p[2] >= y]
        )
    ways: list[tuple[int, int, int]]
    if black_with is not None:
        chosen = list(black_with)
        if len(chosen) != blacks:
            return frozenset()
        ways = [tuple(chosen.count(c) for c in COLOURS)]  # type: ignore[list-item]
    else:
        ways = compositions(blacks)
    out = set()
    for pool in pools:
        for way in ways:
            rest = tuple(pool[i] - need[i] - way[i] for i in range(3))
            if min(rest) >= 0:
                out.add(rest)
    return frozenset(out)  # type: ignore[arg-type]


def can_enter(pool: Pool, info: SpaceInfo, condition_met: bool) -> bool | None:
    if not condition_met:
        return False
    if info.cost is None:
        return None
    return bool(pay(frozenset({pool}), info.cost))
