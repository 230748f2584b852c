"""What the engine knows about squares and tracks: the edition map, else the judge's records.

Each predicate answers from the map when the organizer supplied one, otherwise from what
earlier records established; ``None`` means unknown (the caller notes it as unchecked).
Track facts (coin symbols on the Horus track, palms along the Nile) work the same way:
edition positions when known, else the judge's counts, checked for consistency with every
earlier observation (the track is shared, so the same space always shows the same count).
"""

from __future__ import annotations

from typing import Any

from engines.core.types import Violation
from engines.terra_pyramides.state import PlayerState, TerraState, evolve

Square = tuple[int, int]
KEY = "terra_pyramides"
NO_MAP = "no board map in the edition"


def violation(code: str, rule: str, message: str, **params: Any) -> Violation:
    return Violation(code, f"{KEY}:{rule}", message, params)


def kind_at(state: TerraState, sq: Square) -> str | None:
    """tile, site, oasis, nile, empty, off, or None when unknown."""
    if sq in state.tiles:
        return "tile"
    if sq in state.sites:
        return "site"
    board = state.board
    if board is not None:
        kind = board.kind(sq)
        return "empty" if kind in ("plain", "start") else kind
    return state.kinds.get(sq)


def learn(state: TerraState, facts: dict[Square, str]) -> TerraState:
    if state.board is not None or not facts:
        return state
    fresh = {sq: k for sq, k in facts.items() if state.kinds.get(sq) != k}
    return evolve(state, kinds={**state.kinds, **fresh}) if fresh else state


def edition_list(state: TerraState, key: str) -> tuple[int, ...] | None:
    """Track positions from the edition, read once per game (see ``TerraState.tracks``)."""
    return state.tracks.get(key)


def read_tracks(edition: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("horus_track.coin_spaces", "nile_track.palm_spaces"):
        value = edition.get(key)
        out[key] = tuple(int(v) for v in value) if isinstance(value, list) else None
    goal = edition.get("nile_track.goal_space")
    out["nile_track.goal_space"] = int(goal) if goal is not None else None
    return out


# ---- Horus track coin symbols (VH7, VN13; G4) ------------------------------------------
def symbols_on_advance(
    state: TerraState, colour: int, eyes: int, recorded: int | None
) -> int | None:
    if eyes == 0:
        return 0
    spaces = state.tracks.get("horus_track.coin_spaces")
    if spaces is None:
        return recorded
    start = state.players[colour].horus
    return sum(1 for s in spaces if start < s <= start + eyes)


def check_horus(state: TerraState, colour: int, eyes: int, recorded: int | None) -> list[Violation]:
    if state.ctx.options.version < 2:
        return []
    player = state.players[colour]
    spaces = state.tracks.get("horus_track.coin_spaces")
    if eyes == 0:
        if recorded:
            return [
                violation(
                    "coin_symbols_without_advance",
                    "VH7",
                    "no Horus eye was gained, so no coin symbol can be reached (recorded {n})",
                    n=recorded,
                )
            ]
        return []
    if spaces is not None:
        expected = symbols_on_advance(state, colour, eyes, None)
        if recorded is not None and recorded != expected:
            return [
                violation(
                    "coin_symbols_mismatch",
                    "VH7",
                    "the marker passes {expected} coin symbol(s) from {start} to {end}, not {n}",
                    expected=expected,
                    start=player.horus,
                    end=player.horus + eyes,
                    n=recorded,
                )
            ]
        return []
    if recorded is None:
        return [
            violation(
                "coin_symbols_unrecorded",
                "VH7",
                "the Horus track map is unknown: record how many coin symbols the marker "
                "reached or passed ({start} to {end})",
                start=player.horus,
                end=player.horus + eyes,
            )
        ]
    return _track_consistency(
        state.horus_obs, player.horus, player.symbols, eyes, recorded, "VH7", "coin symbol", "Horus"
    )


def _track_consistency(
    obs: dict[int, int] | Any,
    start: int,
    have: int,
    steps: int,
    got: int,
    rule: str,
    what: str,
    track: str,
) -> list[Violation]:
    end, total = start + steps, have + got
    if got > steps:
        return [
            violation(
                "track_fact_impossible",
                rule,
                "{steps} space(s) on the {track} track cannot pass {got} {what}s",
                steps=steps,
                got=got,
                what=what,
                track=track,
            )
        ]
    for space, seen in obs.items():
        if (
            (space < end and seen > total)
            or (space > end and seen < total)
            or (space == end and seen != total)
        ):
            return [
                violation(
                    "track_fact_inconsistent",
                    rule,
                    "{total} {what}s up to {track} space {end} contradicts "
                    "{seen} up to space {space}",
                    total=total,
                    what=what,
                    track=track,
                    end=end,
                    seen=seen,
                    space=space,
                )
            ]
    return []


def horus_changes(
    state: TerraState, player: PlayerState, eyes: int, recorded: int | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(player changes, state changes) of gaining ``eyes`` Horus eyes (R2, VH6/VH7)."""
    if state.ctx.options.version < 2:
        return {"coins": player.coins + eyes}, {}
    if eyes == 0:
        return {}, {}
    spaces = state.tracks.get("horus_track.coin_spaces")
    end = player.horus + eyes
    if spaces is not None:
        passed = sum(1 for s in spaces if player.horus < s <= end)
        changed: dict[str, Any] = {}
    else:
        passed = recorded or 0
        changed = {"horus_obs": {**state.horus_obs, end: player.symbols + passed}}
    mine = {"horus": end, "symbols": player.symbols + passed, "coins": player.coins + 2 * passed}
    return mine, changed


def apply_horus(state: TerraState, colour: int, eyes: int, recorded: int | None) -> TerraState:
    """Ver1: eyes are coins (R2). Ver2+: the marker advances and symbols pay 2 coins (VH6/7)."""
    mine, changed = horus_changes(state, state.players[colour], eyes, recorded)
    if changed:
        state = evolve(state, **changed)
    return state.with_player(colour, **mine) if mine else state


# ---- Nile boat and palms (VN5, VN12, S11; G3) ------------------------------------------
def boat_goal(state: TerraState) -> int | None:
    return state.tracks.get("nile_track.goal_space")


def boat_steps(state: TerraState, colour: int, wanted: int) -> int:
    goal = state.tracks.get("nile_track.goal_space")  # boat_goal(state)
    here = state.players[colour].boat
    return wanted if goal is None else max(0, min(wanted, goal - here))


def check_palms(
    state: TerraState, colour: int, steps: int, recorded: int | None
) -> list[Violation]:
    player = state.players[colour]
    spaces = state.tracks.get("nile_track.palm_spaces")
    if spaces is not None:
        expected = sum(1 for s in spaces if s <= player.boat + steps)
        if recorded is not None and recorded != expected:
            return [
                violation(
                    "palms_mismatch",
                    "S11",
                    "a boat on Nile space {space} has reached {expected} palm(s), not {n}",
                    space=player.boat + steps,
                    expected=expected,
                    n=recorded,
                )
            ]
        return []
    if recorded is None or player.palms is None:
        return []
    if recorded < player.palms:
        return [
            violation(
                "track_fact_impossible",
                "S11",
                "palms reached cannot fall from {have} to {n}",
                have=player.palms,
                n=recorded,
            )
        ]
    return _track_consistency(
        state.palm_obs,
        player.boat,
        player.palms,
        steps,
        recorded - player.palms,
        "S11",
        "palm",
        "Nile",
    )


def boat_changes(
    state: TerraState, player: PlayerState, steps: int, recorded: int | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(player changes, state changes) of moving the boat ``steps`` spaces (VN5, VN12)."""
    if steps <= 0:
        return {}, {}
    end = player.boat + steps
    spaces = state.tracks.get("nile_track.palm_spaces")
    changed: dict[str, Any] = {}
    if spaces is not None:
        palms: int | None = sum(1 for s in spaces if s <= end)
    else:
        palms = recorded
        if palms is not None:
            changed["palm_obs"] = {**state.palm_obs, end: palms}
    arrived = state.arrivals.get(end, 0) + 1
    changed["arrivals"] = {**state.arrivals, end: arrived}
    return {"boat": end, "boat_arrival": arrived, "palms": palms}, changed


def apply_boat(state: TerraState, colour: int, steps: int, recorded: int | None) -> TerraState:
    mine, changed = boat_changes(state, state.players[colour], steps, recorded)
    if not mine:
        return state
    state = evolve(state, **changed).with_player(colour, **mine)
    return note_unknown_palms(state, mine["palms"])


def note_unknown_palms(state: TerraState, palms: int | None) -> TerraState:
    if palms is not None or state.tracks.get("nile_track.palm_spaces") is not None:
        return state
    return state.note(
        "palms_unknown",
        f"{KEY}:S11",
        "S11 palms reached",
        "no Nile map and no recorded palm count: Nile points need the judge's count",
    )
