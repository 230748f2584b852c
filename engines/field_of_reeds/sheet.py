"""The end-of-game score sheet: per level what a judge sees at each level scoring.

Per player and level: whether the piece reached the watcher space, the distance still
needed otherwise, the Djeds moved from the board to the sheet by the colour of their space
(``black`` for black spaces, ``watcher`` for the level-3 watcher space), optionally where
the black ones went (``black_to``; otherwise the engine assigns them to the player's best
advantage), Djeds taken back from the sheet under Q11 (``reused``), and the level's net
in-game points from cards (gains minus point costs). Plus the shabti held at the end and,
optionally, the final score-track position (``total``) as a cross-check.

Subtotal entry (the organizer's choice for the event, ``sheet_words.SUBTOTAL``): instead of
the Djeds by colour, each level's Djed bonus as the player sheet's printed formula gave it
(``djed_points``, S4) and the Djeds on the sheet at the end (``djeds_on_sheet``, the T2
tiebreak). The engine then checks each bonus against what some sheet of that many Djeds
can score (``scoring.possible_djed_bonus``), not the colours it cannot see.
"""

from __future__ import annotations

from pydantic import Field

from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Unchecked, Violation
from engines.field_of_reeds import scoring
from engines.field_of_reeds.scoring import COLOURS, LevelInput


class ColourCounts(Model):
    red: int = Field(0, ge=0)
    blue: int = Field(0, ge=0)
    yellow: int = Field(0, ge=0)

    def as_tuple(self) -> scoring.Sheet:
        return (self.red, self.blue, self.yellow)


class DjedCounts(ColourCounts):
    black: int = Field(0, ge=0)
    watcher: int = Field(0, ge=0, le=1)  # level 3 only (M16); its sheet area is G14


class SheetLevel(Model):
    reached: bool
    distance: int | None = Field(None, ge=0)
    djeds: DjedCounts = DjedCounts()
    # Subtotal entry: the level's Djed bonus as written (S4), instead of ``djeds``.
    djed_points: int | None = Field(None, ge=0)
    black_to: ColourCounts | None = None
    reused: ColourCounts | None = None
    djeds_complete: bool = True  # False: some Djeds of the level are not known (S3)
    # Net points from cards this level; required (0 is a record, not a default), None: not
    # known (e.g. a card's printed facts were missing).
    points: int | None


class SheetPlayer(Model):
    levels: list[SheetLevel] = Field(min_length=3, max_length=3)
    shabti: int | None = Field(ge=0)  # required; None: not known (only T2 uses it)
    # Djeds on the player sheet at the end (T2): the tiebreak of a subtotal entry, a
    # cross-check of the colours otherwise; None: not recorded.
    djeds_on_sheet: int | None = Field(None, ge=0)
    total: int | None = Field(None, ge=0)  # the score track at the end, as a cross-check


class Sheet(Model):
    players: list[SheetPlayer] = Field(min_length=1)


def _v(code: str, rule: str, message: str, path: str, **params: object) -> Violation:
    return Violation(code, f"field_of_reeds:{rule}", message, params, path=path)


def score_sheet(ctx, sheet: Sheet):  # noqa: ANN001 - GameContext[Options]
    from engines.core.engine import Scored

    edition = ctx.edition
    problems: list[Violation] = []
    if len(sheet.players) != ctx.n_players:
        problems.append(
            _v(
                "sheet.player_count",
                "P3",
                "the sheet has {got} players, the document names {want}",
                "$.sheet.players",
                got=len(sheet.players),
                want=ctx.n_players,
            )
        )
        raise IllegalMove(problems)
    for level in scoring.LEVELS:
        if not any(p.levels[level - 1].reached for p in sheet.players):
            problems.append(
                _v(
                    "sheet.no_arrival",
                    "S1",
                    "level {level} is scored only when someone reached its watcher space",
                    "$.sheet.players",
                    level=level,
                )
            )
    max_djeds = edition.get("djeds_per_player", 12)
    problems.extend(_watcher_djed_problems(ctx, sheet))
    breakdown, tiebreak, unchecked, notes = [], [], [], []
    for seat, player in enumerate(sheet.players):
        base = f"$.sheet.players[{seat}]"
        running: int | None = edition.get("start_points", 1)
        low = running or 0
        points: dict[str, int | None] = {"start": running}
        on_sheet = (0, 0, 0)
        guessed_at: int | None = None  # the level whose black-Djed pick was a guess
        # Subtotal entry: the player's Djed bonuses are written, level by level (S4).
        subtotal = any(row.djed_points is not None for row in player.levels)
        if subtotal:
            problems.extend(_subtotal_problems(ctx, seat, player, max_djeds))
        for level, row in zip(scoring.LEVELS, player.levels, strict=True):
            at = f"{base}.levels[{level - 1}]"
            need = edition.get(f"watcher_djeds_required.{level}")
            own = sum(row.djeds.as_tuple()) + row.djeds.black + row.djeds.watcher
            if not subtotal and row.reached and row.djeds_complete and need and own < need:
                problems.append(
                    _v(
                        "sheet.watcher_condition",
                        "L11",
                        "{player} reached the watcher space of level {level} with {own} "
                        "own Djeds on that board; entry needs {need}",
                        f"{at}.djeds",
                        player=ctx.players[seat],
                        level=level,
                        own=own,
                        need=need,
                    )
                )
            if row.reached and row.distance not in (None, 0):
                problems.append(
                    _v(
                        "sheet.distance_with_arrival",
                        "S5",
                        "a player who reached the top has no distance left (got {distance})",
                        f"{at}.distance",
                        distance=row.distance,
                    )
                )
            if not row.reached and row.distance == 0:
                problems.append(
                    _v(
                        "sheet.zero_distance",
                        "S5",
                        "distance 0 means the player reached the top; set reached",
                        f"{at}.distance",
                    )
                )
            if row.djeds.watcher and level != 3:
                problems.append(
                    _v(
                        "sheet.watcher_djed",
                        "L7",
                        "Djeds stand on a watcher space only on level 3",
                        f"{at}.djeds.watcher",
                    )
                )
            if subtotal:
                bonus = row.djed_points
            elif row.reused is not None:
                for i, colour in enumerate(COLOURS):
                    if row.reused.as_tuple()[i] > on_sheet[i]:
                        problems.append(
                            _v(
                                "sheet.reuse_exceeds_sheet",
                                "L6",
                                "{n} {colour} Djeds taken back from the sheet, {have} there (Q11)",
                                f"{at}.reused.{colour}",
                                n=row.reused.as_tuple()[i],
                                colour=colour,
                                have=on_sheet[i],
                            )
                        )
                on_sheet = tuple(
                    max(0, a - b) for a, b in zip(on_sheet, row.reused.as_tuple(), strict=True)
                )  # type: ignore[assignment]
            fixed = tuple(a + b for a, b in zip(on_sheet, row.djeds.as_tuple(), strict=True))
            free = row.djeds.black + row.djeds.watcher
            if subtotal:
                pass  # the bonus is written; the colours it came from are not on the sheet
            elif row.black_to is not None:
                if sum(row.black_to.as_tuple()) != free:
                    problems.append(
                        _v(
                            "sheet.black_assignment",
                            "S3",
                            "black_to places {got} Djeds but {want} stood on black/watcher spaces",
                            f"{at}.black_to",
                            got=sum(row.black_to.as_tuple()),
                            want=free,
                        )
                    )
                added = row.black_to.as_tuple()
                bonus = scoring.djed_bonus(
                    level, tuple(a + b for a, b in zip(fixed, added, strict=True)), edition
                )  # type: ignore[arg-type]
            else:
                choice = scoring.best_black_assignment(level, fixed, free, edition)  # type: ignore[arg-type]
                added, bonus = choice.added, choice.bonus
                if free:
                    notes.append(
                        f"{ctx.players[seat]}: level {level} black-space Djeds assigned "
                        f"red {added[0]}, blue {added[1]}, yellow {added[2]} (best advantage, S3)"
                    )
                if choice.guessed:
                    unchecked.append(
                        Unchecked.of(
                            "black_djed_assignment",
                            "field_of_reeds:S3",
                            "{player}: level {level} black-Djed assignment",
                            "the best choice hangs on the level-2 value for 4 Djeds, which is "
                            "not printed (G6); record black_to",
                            path=f"{at}.black_to",
                            player=ctx.players[seat],
                            level=level,
                        )
                    )
                    if guessed_at is None:
                        guessed_at = level
            if row.djeds.watcher:
                notes.append(
                    f"{ctx.players[seat]}: level-3 watcher Djed handled like a black one (G14)"
                )
            if not subtotal:
                on_sheet = tuple(a + b for a, b in zip(fixed, added, strict=True))  # type: ignore[assignment]
            if not subtotal and sum(on_sheet) > max_djeds:
                problems.append(
                    _v(
                        "sheet.too_many_djeds",
                        "L6",
                        "{n} Djeds on the sheet after level {level}; a player has {max}",
                        f"{at}.djeds",
                        n=sum(on_sheet),
                        level=level,
                        max=max_djeds,
                    )
                )
            if row.points is None:
                unchecked.append(
                    Unchecked.of(
                        "sheet.points",
                        "field_of_reeds:S0",
                        "{player}: level {level} in-game points",
                        "not recorded on the sheet",
                        path=f"{at}.points",
                        player=ctx.players[seat],
                        level=level,
                    )
                )
            elif running is not None and running + row.points < 0:  # costs never go below 0
                problems.append(
                    _v(
                        "sheet.negative_score",
                        "L8",
                        "in-game points {points} would take the score from {running} below 0",
                        f"{at}.points",
                        points=row.points,
                        running=running,
                    )
                )
            if subtotal:
                if bonus is None:
                    unchecked.append(
                        Unchecked.of(
                            "sheet.djed_points_unknown",
                            "field_of_reeds:S4",
                            "{player}: level {level} Djed bonus",
                            "not recorded on the sheet",
                            path=f"{at}.djed_points",
                            player=ctx.players[seat],
                            level=level,
                        )
                    )
            elif guessed_at is not None and guessed_at < level:
                bonus = None
                unchecked.append(
                    Unchecked.of(
                        "djed_bonus_guessed",
                        "field_of_reeds:S4",
                        "{player}: level {level} Djed bonus",
                        "the sheet's colours hang on the level-{guessed_at} black-Djed "
                        "assignment, which is not known (G6)",
                        path=f"{at}.djeds",
                        player=ctx.players[seat],
                        level=level,
                        guessed_at=guessed_at,
                    )
                )
            elif not row.djeds_complete:
                bonus = None
                unchecked.append(
                    Unchecked.of(
                        "sheet.djeds_incomplete",
                        "field_of_reeds:S3",
                        "{player}: level {level} Djeds",
                        "the sheet says some Djeds of this level are not known",
                        path=f"{at}.djeds_complete",
                        player=ctx.players[seat],
                        level=level,
                    )
                )
            elif bonus is None:
                unchecked.append(
                    Unchecked.of(
                        "djed_bonus_unprinted",
                        "field_of_reeds:S4",
                        "{player}: level {level} Djed bonus",
                        "the level-2 value for 4 Djeds of one colour is not printed (G6)",
                        path=f"{at}.djeds",
                        player=ctx.players[seat],
                        level=level,
                    )
                )
            result = scoring.score_level(
                level,
                running,
                LevelInput(row.points, row.reached, row.distance, bonus),
                edition,
                low,
            )
            running, low = result.running, result.low
            points.update(result.points)
            notes.extend(f"{ctx.players[seat]}: {n}" for n in result.notes)
            if f"l{level}_penalty" in result.unknown:
                item = "{player}: level {level} movement penalty"
                at_distance = f"{at}.distance"
                name = ctx.players[seat]
                if row.distance is None:
                    found = Unchecked.of(
                        "sheet.distance_unknown",
                        "field_of_reeds:S5",
                        item,
                        "distance left not recorded",
                        path=at_distance,
                        player=name,
                        level=level,
                    )
                elif row.distance <= 3:
                    found = Unchecked.of(
                        "sheet.penalty_floor",
                        "field_of_reeds:S5",
                        item,
                        "the score before the penalty is unknown, so the 0 floor cannot be applied",
                        path=at_distance,
                        player=name,
                        level=level,
                    )
                else:
                    found = Unchecked.of(
                        "sheet.penalty_unprinted",
                        "field_of_reeds:S5",
                        item,
                        "the penalty for {distance} spaces short is not printed (G7)",
                        path=at_distance,
                        player=name,
                        level=level,
                        distance=row.distance,
                    )
                unchecked.append(found)
        known = None if any(v is None for v in points.values()) else sum(points.values())  # type: ignore[misc]
        if player.total is not None and known is not None and player.total != known:
            problems.append(
                _v(
                    "sheet.total_mismatch",
                    "S1",
                    "the score track shows {total}, the levels add up to {computed}",
                    f"{base}.total",
                    total=player.total,
                    computed=known,
                )
            )
        if subtotal:
            placed = player.djeds_on_sheet
        else:
            placed = sum(on_sheet)
            if player.djeds_on_sheet is not None and player.djeds_on_sheet != placed:
                problems.append(
                    _v(
                        "sheet.djeds_on_sheet_mismatch",
                        "S3",
                        "{n} Djeds on the sheet at the end, the levels put {computed} there",
                        f"{base}.djeds_on_sheet",
                        n=player.djeds_on_sheet,
                        computed=placed,
                    )
                )
        breakdown.append(points)
        tiebreak.append(scoring.tiebreak_key(placed, player.shabti))
    if problems:
        raise IllegalMove(problems)
    return Scored(breakdown=breakdown, tiebreak=tiebreak, unchecked=unchecked, notes=notes)


def _subtotal_problems(ctx, seat: int, player: SheetPlayer, max_djeds: int) -> list[Violation]:  # noqa: ANN001
    """What a subtotal entry (each level's Djed bonus, the Djeds on the sheet at the end)
    still lets the engine check: no colours beside the bonuses (one or the other); at most
    ``max_djeds`` Djeds (L6), which stay on the sheet (S3); level 1's bonus is the Djeds on
    the sheet, so an arrival needs its watcher Djeds there (L11), and level 2's arrival puts
    its Djeds on the sheet too (L11, up to the player's 12: Q11 reuse); every bonus one that
    some sheet of that many Djeds scores (S4)."""
    edition = ctx.edition
    base = f"$.sheet.players[{seat}]"
    out: list[Violation] = []
    for level, row in zip(scoring.LEVELS, player.levels, strict=True):
        if row.djeds != DjedCounts() or row.black_to is not None or row.reused is not None:
            out.append(
                _v(
                    "sheet.subtotal_with_djeds",
                    "S4",
                    "level {level}: enter the Djeds by colour or the level's Djed bonus, not both",
                    f"{base}.levels[{level - 1}].djed_points",
                    level=level,
                )
            )
    if out:
        return out
    first = player.levels[0]
    at1 = f"{base}.levels[0].djed_points"
    low = 0  # the fewest Djeds on the sheet after level 2
    if first.djed_points is not None:
        low = first.djed_points  # level 1: one point per Djed on the sheet (S4)
        need = edition.get("watcher_djeds_required.1")
        if first.reached and first.djeds_complete and need and low < need:
            out.append(
                _v(
                    "sheet.watcher_condition",
                    "L11",
                    "{player} reached the watcher space of level {level} with {own} "
                    "own Djeds on that board; entry needs {need}",
                    at1,
                    player=ctx.players[seat],
                    level=1,
                    own=low,
                    need=need,
                )
            )
        if low > max_djeds:
            out.append(
                _v(
                    "sheet.too_many_djeds",
                    "L6",
                    "{n} Djeds on the sheet after level {level}; a player has {max}",
                    at1,
                    n=low,
                    level=1,
                    max=max_djeds,
                )
            )
            return out
    second = player.levels[1]
    need = edition.get("watcher_djeds_required.2")
    if second.reached and second.djeds_complete and need:
        # Its own Djeds on the level-2 board join the sheet; with the supply empty some came
        # from the sheet (Q11), and then all 12 are on it after the level.
        low = min(low + need, max_djeds)
    placed = player.djeds_on_sheet
    if placed is not None and placed > max_djeds:
        out.append(
            _v(
                "sheet.too_many_djeds",
                "L6",
                "{n} Djeds on the sheet after level {level}; a player has {max}",
                f"{base}.djeds_on_sheet",
                n=placed,
                level=3,
                max=max_djeds,
            )
        )
        return out
    if placed is not None and placed < low:
        out.append(
            _v(
                "sheet.djeds_on_sheet_low",
                "S3",
                "{n} Djeds on the sheet at the end, but the levels put at least {need} there "
                "and they stay",
                f"{base}.djeds_on_sheet",
                n=placed,
                need=low,
            )
        )
        return out
    high = max_djeds if placed is None else placed
    for level in (2, 3):
        row = player.levels[level - 1]
        if row.djed_points is None:
            continue
        fewest = low if level == 2 or placed is None else placed
        if not scoring.possible_djed_bonus(level, row.djed_points, fewest, high, edition):
            out.append(
                _v(
                    "sheet.djed_points_impossible",
                    "S4",
                    "no sheet of {lo} to {hi} Djeds scores {points} at level {level}",
                    f"{base}.levels[{level - 1}].djed_points",
                    points=row.djed_points,
                    level=level,
                    lo=fewest,
                    hi=high,
                )
            )
    return out


def _watcher_djed_problems(ctx, sheet: Sheet) -> list[Violation]:  # noqa: ANN001
    """A Djed on the level-3 watcher space (G14) stands where its owner's piece stood
    (M16): only a player who reached it; and one Djed per space for everyone (L7)."""
    out = []
    first: int | None = None
    for seat, player in enumerate(sheet.players):
        row = player.levels[2]
        if not row.djeds.watcher:
            continue
        at = f"$.sheet.players[{seat}].levels[2].djeds.watcher"
        if not row.reached:
            out.append(
                _v(
                    "sheet.watcher_djed_not_reached",
                    "M16",
                    "{player} has a Djed on the level-3 watcher space but never reached it",
                    at,
                    player=ctx.players[seat],
                )
            )
        if first is not None:
            out.append(
                _v(
                    "sheet.watcher_djed_twice",
                    "L7",
                    "{player} and {other} both have a Djed on the level-3 watcher space; "
                    "a space holds one Djed",
                    at,
                    player=ctx.players[seat],
                    other=ctx.players[first],
                )
            )
        else:
            first = seat
    return out


def sheet_of(state) -> dict:  # noqa: ANN001 - a finished State
    """The score sheet a judge would fill in for a replayed game (same outcome by design)."""
    players = []
    for p in state.players:
        row: dict = {"levels": [dict(level) for level in p.history], "shabti": p.shabti}
        if p.points is not None:
            row["total"] = p.points
        players.append(row)
    return {"players": players}
