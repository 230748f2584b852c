"""Level scoring (S1–S6): the ``score_level`` record at the end of each level."""

from __future__ import annotations

from engines.core.types import Violation
from engines.field_of_reeds import board as B
from engines.field_of_reeds import scoring
from engines.field_of_reeds.common import V, note, wrong_phase
from engines.field_of_reeds.moves import ScoreLevel
from engines.field_of_reeds.scoring import COLOURS
from engines.field_of_reeds.state import Player, SpaceInfo, State
from engines.field_of_reeds.state import evolve as replace


def check_score_level(state: State, move: ScoreLevel) -> list[Violation]:
    out = wrong_phase(state, move, "score", "S1")
    if out:
        return out
    for name in ("distance", "black_to"):
        values = getattr(move, name)
        if values is not None and len(values) != state.n:
            return [V("score_level_seats", "S1", "{field} needs one entry per seat", field=name)]
    for seat, player in enumerate(state.players):
        d = None if move.distance is None else move.distance[seat]
        if player.reached and d not in (None, 0):
            out.append(
                V(
                    "distance_with_arrival",
                    "S5",
                    "seat {seat} reached the top: no distance",
                    seat=seat + 1,
                )
            )
        if not player.reached and d is not None:
            if d < 1:
                out.append(
                    V(
                        "zero_distance",
                        "S5",
                        "seat {seat} did not reach the top: distance is at least 1",
                        seat=seat + 1,
                    )
                )
            computed = B.distance_to_watcher(state, player.space)
            if computed is not None and computed != d:
                out.append(
                    V(
                        "distance_mismatch",
                        "S5",
                        "seat {seat} is {computed} spaces short, not {d}",
                        seat=seat + 1,
                        computed=computed,
                        d=d,
                    )
                )
        choice = None if move.black_to is None else move.black_to[seat]
        if choice is not None:
            free = sum(
                1 for s, c in state.djeds.values() if s == seat and c in ("black", "watcher")
            )
            if sum(choice.as_tuple()) != free:
                out.append(
                    V(
                        "black_assignment",
                        "S3",
                        "seat {seat} has {free} black-space Djeds, the choice places {got}",
                        seat=seat + 1,
                        free=free,
                        got=sum(choice.as_tuple()),
                    )
                )
    return out


def apply_score_level(state: State, move: ScoreLevel) -> State:
    """Score the level for every player (S1–S6), then start the next level or end the game."""
    unchecked = state.unchecked
    notes = list(state.notes)
    udjat_supply = state.udjat_supply
    players = []
    for seat, p in enumerate(state.players):
        player, unchecked, udjat_supply = _score_player(
            state, move, seat, p, (unchecked, notes, udjat_supply)
        )
        players.append(player)
    state = replace(
        state,
        players=tuple(players),
        udjat_supply=udjat_supply,
        unchecked=unchecked,
        djeds={},
        notes=tuple(notes),
    )
    if state.level == 3:
        return replace(state, phase="over")
    return _next_level(state)


def _score_player(state: State, move: ScoreLevel, seat: int, p: Player, held: tuple) -> tuple:
    """One player's level: Djeds onto the sheet (S3), Djed bonus (S4), movement (S5), the
    arrival Udjat (G11). ``held`` is (unchecked, notes, udjat supply); ``notes`` is
    appended to; returns (the player after the level, unchecked, udjat supply)."""
    unchecked, notes, udjat_supply = held
    ed = state.ctx.edition
    level = state.level
    name = state.ctx.players[seat]
    colours = [c for s, c in state.djeds.values() if s == seat]
    free = sum(1 for c in colours if c in ("black", B.WATCHER))
    unknown = sum(1 for c in colours if c is None)
    sheet, added, guessed_now, bonus_unknown, unchecked = _djeds_to_sheet(
        state, move, seat, p, colours, (unchecked, notes)
    )
    bonus, unchecked = _djed_bonus(state, p, name, sheet, (bonus_unknown, unknown), unchecked)
    guessed_at = p.sheet_guessed_at
    distance = None if move.distance is None else move.distance[seat]
    if distance is None and not p.reached:
        distance = B.distance_to_watcher(state, p.space)
    low = p.level_low if p.level_start is None else None
    result = scoring.score_level(
        level,
        p.level_start,
        scoring.LevelInput(p.level_play, p.reached, distance, bonus),
        ed,
        low,
    )
    if f"l{level}_penalty" in result.unknown:
        unchecked = note(
            unchecked,
            "movement_penalty",
            "S5",
            "{player}: level {level} movement penalty",
            "distance left or its penalty is not known (S5, G7)",
            player=name,
            level=level,
        )
    udjat = p.udjat
    if p.reached and scoring.arrival_bonus(level, ed)[1]:
        if udjat_supply > 0:
            udjat_supply -= 1
            udjat += 1
        else:
            unchecked = note(
                unchecked,
                "arrival_udjat",
                "G11",
                "{player}: level {level} arrival Udjat",
                "the Udjat supply is empty (G11)",
                player=name,
                level=level,
            )
    row = {
        "reached": p.reached,
        "djeds": {
            **{c: colours.count(c) for c in COLOURS},
            "black": colours.count("black"),
            "watcher": colours.count(B.WATCHER),
        },
        "points": p.level_play,
    }
    if free and not guessed_now:  # a guessed pick is not the judge's record
        row["black_to"] = dict(zip(COLOURS, added, strict=True))
    if not p.reached:
        row["distance"] = distance
    if p.djeds_uncertain:
        row["djeds_complete"] = False
    if any(p.reused):
        row["reused"] = dict(zip(COLOURS, p.reused, strict=True))
    player = replace(
        p,
        history=(*p.history, row),
        reused=(0, 0, 0),
        sheet=sheet,
        points=result.running,
        level_start=result.running,
        level_low=result.low,
        level_play=0,
        udjat=udjat,
        breakdown={**p.breakdown, **result.points},
        sheet_guessed_at=level if guessed_now and guessed_at is None else guessed_at,
    )
    return player, unchecked, udjat_supply


def _djeds_to_sheet(
    state: State, move: ScoreLevel, seat: int, p: Player, colours: list, held: tuple
) -> tuple:
    """S3: the level's Djeds join the sheet's colour areas; black-space and watcher Djeds go
    where the judge recorded (``black_to``), else to the best advantage. ``held`` is
    (unchecked, notes); returns (sheet, added, guessed, bonus unknown, unchecked)."""
    unchecked, notes = held
    level = state.level
    name = state.ctx.players[seat]
    on_sheet = p.sheet
    fixed = (
        on_sheet[0] + colours.count("red"),
        on_sheet[1] + colours.count("blue"),
        on_sheet[2] + colours.count("yellow"),
    )
    free = sum(1 for c in colours if c in ("black", B.WATCHER))
    choice = None if move.black_to is None else move.black_to[seat]
    guessed_now = bonus_unknown = False
    if choice is not None:
        added = choice.as_tuple()
    else:
        best = scoring.best_black_assignment(level, fixed, free, state.ctx.edition)  # type: ignore[arg-type]
        added = best.added
        if free:
            notes.append(
                f"{name}: level {level} black-space Djeds assigned red {added[0]}, "
                f"blue {added[1]}, yellow {added[2]} (best advantage, S3)"
            )
        if best.guessed:
            guessed_now = True
            bonus_unknown = best.depends_on_unknown
            unchecked = note(
                unchecked,
                "black_djed_assignment",
                "S3",
                "{player}: level {level} black-Djed assignment",
                "the best choice hangs on the level-2 value for 4 Djeds, which is not "
                "printed (G6); record black_to",
                player=name,
                level=level,
            )
    sheet = (fixed[0] + added[0], fixed[1] + added[1], fixed[2] + added[2])
    return sheet, added, guessed_now, bonus_unknown, unchecked


def _djed_bonus(
    state: State, p: Player, name: str, sheet: tuple, unknowns: tuple, unchecked: tuple
) -> tuple[int | None, tuple]:
    """S4: the Djed bonus of the sheet; None, with its note, when it cannot be known.
    ``unknowns`` is (the best assignment hung on an unprinted value, Djeds of unknown
    colour)."""
    bonus_unknown, unknown = unknowns
    level = state.level
    bonus = scoring.djed_bonus(level, sheet, state.ctx.edition)  # type: ignore[arg-type]
    if bonus_unknown:
        bonus = None
    guessed_at = p.sheet_guessed_at
    if guessed_at is not None:
        bonus = None
        unchecked = note(
            unchecked,
            "djed_bonus_guessed",
            "S4",
            "{player}: level {level} Djed bonus",
            "the sheet's colours hang on the level-{guessed_at} black-Djed assignment, "
            "which is not known (G6)",
            player=name,
            level=level,
            guessed_at=guessed_at,
        )
    elif p.djeds_uncertain:
        bonus = None
        unchecked = note(
            unchecked,
            "djeds_uncertain",
            "S3",
            "{player}: level {level} Djeds",
            "cards with unknown facts were played: Djeds they placed are not known (S3)",
            player=name,
            level=level,
        )
    elif unknown:
        bonus = None
        unchecked = note(
            unchecked,
            "djed_colours",
            "S3",
            "{player}: level {level} Djed colours",
            "the colour of a space holding a Djed is not known (S3)",
            player=name,
            level=level,
        )
    elif bonus is None:
        unchecked = note(
            unchecked,
            "djed_bonus_unprinted",
            "S4",
            "{player}: level {level} Djed bonus",
            "the level-2 table value for 4 Djeds of one colour is not printed (G6)",
            player=name,
            level=level,
        )
    return bonus, unchecked


def _next_level(state: State) -> State:
    """The next level starts: pieces back on the start space, the next start player, the
    spaces learned on this level's board forgotten."""
    watcher_cost = (
        state.spaces.get(B.WATCHER, SpaceInfo()).cost or B.printed_space(state, B.WATCHER).cost
    )
    return replace(
        state,
        level=state.level + 1,
        phase="deal",
        start_seat=(state.start_seat + 1) % state.n,
        players=tuple(
            replace(p, space=B.START, reached=False, djeds_uncertain=False) for p in state.players
        ),
        spaces={},
        used_resources=frozenset(),
        prev_watcher_cost=watcher_cost,
        round_reached=False,
    )
