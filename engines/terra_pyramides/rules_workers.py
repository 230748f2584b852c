"""Worker movement (M6), returning workers (M11) and who may stand where (L3, L11)."""

from __future__ import annotations

from engines.core.types import Violation
from engines.terra_pyramides import moves as mv
from engines.terra_pyramides.board import direction_between
from engines.terra_pyramides.facts import (
    KEY,
    NO_MAP,
    kind_at,
    violation,
)
from engines.terra_pyramides.options import (
    SITE_CAPACITY,
)
from engines.terra_pyramides.state import TerraState, clone, evolve

Square = tuple[int, int]


# ---- M6: worker movement ----------------------------------------------------------------
def first_turn_applies(state: TerraState) -> bool:
    if state.ctx.options.a4_first_turn == "game_first_turn_only":
        return state.turn == 0
    return state.turns_taken[state.seat] == 0


def check_destination(
    state: TerraState, target: Square, *, bought: bool = False
) -> list[Violation]:
    """M6.2/M9.2/L3: may the active colour put one more worker on ``target``?"""
    opts, colour = state.ctx.options, state.colour()
    site = state.sites.get(target)
    if site is None:
        return [
            violation(
                "not_a_foundation", "M6.2", "{sq} holds no foundation or pyramid", sq=list(target)
            )
        ]
    if site.owner is not None and site.owner != colour:
        return [
            violation("site_taken", "L3", "another player's workers stand on {sq}", sq=list(target))
        ]
    if site.level > 0 and site.owner != colour:
        return [
            violation(
                "not_own_pyramid", "M6.2", "workers go only onto your own pyramids", sq=list(target)
            )
        ]
    if site.workers >= SITE_CAPACITY:
        return [violation("site_full", "L3", "{sq} already carries 3 workers", sq=list(target))]
    if (
        site.level == 0
        and site.owner == colour
        and not opts.a25_own_foundation_destination
        and not bought
        and target != state.new_foundation
        and target not in state.arrived
    ):
        return [
            violation(
                "foundation_not_empty",
                "M6.2",
                "only empty or newly placed foundations (A25 off)",
            )
        ]
    return []


def check_move_worker(state: TerraState, move: mv.MoveWorker) -> list[Violation]:
    if move.origin not in state.pending:
        return [
            violation(
                "no_worker_there",
                "M6.1",
                "no worker placed this turn waits on {sq}",
                sq=list(move.origin),
            )
        ]
    found = direction_between(move.origin, move.target)
    if found is None:
        return [
            violation("not_straight", "M6.1", "workers move in one straight line (8 directions)")
        ]
    out = check_destination(state, move.target)
    (dr, dc), n = found
    r, c = move.origin
    for i in range(1, n):  # the squares between origin and target (``between``)
        sq = (r + dr * i, c + dc * i)
        kind = kind_at(state, sq)
        if kind in ("site", "empty", "off"):
            what = (
                "a foundation or pyramid"
                if sq in state.sites
                else ("a square without tile" if kind == "empty" else kind)
            )
            out.append(
                violation(
                    "path_blocked",
                    "M6.3",
                    "the worker cannot cross {sq} ({what})",
                    sq=list(sq),
                    what=what,
                )
            )
            break
    if first_turn_applies(state):
        if state.first_target is not None and move.target != state.first_target:
            out.append(
                violation(
                    "first_turn_one_site",
                    "L11",
                    "on the first turn all workers go to one foundation",
                )
            )
        site = state.sites.get(move.target)
        if site is not None and site.level > 0:
            out.append(
                violation(
                    "first_turn_one_site", "L11", "on the first turn workers go to a foundation"
                )
            )
    return out


def apply_move_worker(state: TerraState, move: mv.MoveWorker) -> TerraState:
    colour, target = state.colour(), move.target
    pending = list(state.pending)
    pending.remove(move.origin)
    site = state.sites[target]
    sites = dict(state.sites)
    sites[target] = evolve(site, owner=colour, workers=site.workers + 1)
    players = list(state.players)
    player = players[colour] = clone(players[colour])
    player.__dict__["claimed"] = player.claimed | {target}
    # The crossed squares exclude the target, the only site that changes, so asking the
    # state before or after the move gives the same kinds.
    unknown_path = False
    found = direction_between(move.origin, target)
    if found is not None:
        (dr, dc), n = found
        r, c = move.origin
        for i in range(1, n):  # ``between(origin, target)``; most moves have no square
            if kind_at(state, (r + dr * i, c + dc * i)) is None:
                unknown_path = True
                break
    new = clone(state)
    fields = new.__dict__
    fields["sites"] = sites
    fields["players"] = tuple(players)
    fields["pending"] = tuple(pending)
    fields["arrived"] = state.arrived | {target}
    if first_turn_applies(state):
        fields["first_target"] = target
    fields["phase"] = "move" if pending else "act"
    state = new
    if unknown_path:
        state = state.note(
            "worker_path",
            f"{KEY}:M6.3",
            "M6.3 worker path squares",
            NO_MAP + ": crossed squares of unknown type",
        )
    return state


def check_return(state: TerraState, move: mv.ReturnWorker) -> list[Violation]:
    opts = state.ctx.options
    seat = state.seat if move.player is None else move.player
    if seat >= state.ctx.n_players:
        return [
            violation(
                "no_such_player",
                "M11",
                "there is no player {number}: the game has {n} players",
                number=seat + 1,
                n=state.ctx.n_players,
            )
        ]
    if seat != state.seat and opts.a22_return_workers != "any_time":
        return [
            violation(
                "not_your_turn", "M11", "workers are returned during their owner's turn (A22)"
            )
        ]
    if seat == state.seat and move.square in state.pending and state.phase == "move":
        return []
    if state.phase in ("setup", "over", "line") or (state.phase == "move" and seat == state.seat):
        return [violation("wrong_phase", "M11", "workers cannot be returned now")]
    site = state.sites.get(move.square)
    if site is None or site.owner != state.colour(seat) or site.workers == 0:
        return [
            violation(
                "no_own_worker", "M11", "no worker of that player on {sq}", sq=list(move.square)
            )
        ]
    return []


def apply_return(state: TerraState, move: mv.ReturnWorker) -> TerraState:
    seat = state.seat if move.player is None else move.player
    colour = state.colour(seat)
    # One fresh copy of the state and of the player, filled in place.
    players = list(state.players)
    player = players[colour] = clone(players[colour])
    player.__dict__["stock"] += 1
    new = clone(state)
    fields = new.__dict__
    fields["players"] = tuple(players)
    if seat == state.seat and move.square in state.pending and state.phase == "move":
        pending = list(state.pending)
        pending.remove(move.square)
        fields["pending"] = tuple(pending)
        fields["phase"] = "move" if pending else "act"
        return new
    site = state.sites[move.square]
    workers = site.workers - 1
    sites = dict(state.sites)
    sites[move.square] = evolve(site, workers=workers, owner=site.owner if workers else None)
    fields["sites"] = sites
    if workers == 0 and site.level > 0:
        new = new.note(
            "pyramid_ownerless",
            f"{KEY}:M11",
            "G15 pyramid left without its owner",
            "the last worker left a pyramid; it now scores for nobody (engine reading)",
        )
    return new
