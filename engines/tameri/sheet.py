"""The score-sheet path: points during play plus every season-end and game-end input.

A judge fills one entry per player (seat order). Where the sheet carries the raw inputs
(screen contents revealed at each season end, the building symbols, the hand) the engine
computes the points itself; where it carries only points it checks what can be checked.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from engines.core.engine import GameContext, Scored
from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Unchecked, Violation
from engines.tameri import scoring
from engines.tameri.components import (
    ACTION_CARD_NUMBERS,
    GLYPH_TYPES,
    RESOURCES,
    SEASONS,
    SET_POINTS,
    TEMPLE_CARD_NUMBERS,
)

NonNeg = Annotated[int, Field(ge=0)]


class ResourceCounts(Model):
    barley: NonNeg = 0
    papyrus: NonNeg = 0
    flax: NonNeg = 0
    fruit: NonNeg = 0

    def as_dict(self) -> dict[str, int]:
        return {r: getattr(self, r) for r in RESOURCES}


class SeasonEntry(Model):
    """One season end (F9) for one player."""

    revealed: ResourceCounts | None = None  # F9.4: screen contents revealed, before discards
    pharaoh_points: NonNeg | None = None  # only when the revealed counts were not written down
    final_glyph: bool  # F9.2 / S4: required, a "no" is a record too
    building_points: NonNeg | None = None  # F9.3 / S5: printed season-end texts are lost (G2)


class HandCard(Model):
    number: Annotated[int, Field(ge=1)]
    left: list[str] = Field(default_factory=list)
    right: list[str] = Field(default_factory=list)


class Leftovers(Model):
    """S11: what is left in the personal supply (never the screen; L3)."""

    resources: NonNeg
    deben: NonNeg
    silt: NonNeg


class SheetPlayer(Model):
    # Required (as final_glyph, building_symbols, leftovers): a field left off is not a 0.
    play_points: NonNeg  # S1/S2: everything scored during turns
    seasons: list[SeasonEntry] = Field(min_length=SEASONS, max_length=SEASONS)
    remaining_offerings: NonNeg | None = None  # S7: total behind the screen after season 3
    building_symbols: list[str]  # S8: one entry per building ([] for none)
    priest_card_points: NonNeg | None = None  # S9: card texts lost (G5)
    hand: list[HandCard] | None = None  # S10 / T2
    hand_glyph_points: NonNeg | None = None  # when the hand was not transcribed
    hand_glyph_counts: dict[str, NonNeg] | None = None  # glyph -> count over both sides
    highest_card: Annotated[int, Field(ge=1)] | None = None  # T2 when the hand was not transcribed
    leftovers: Leftovers


class TameriSheet(Model):
    players: list[SheetPlayer]


def _v(code: str, rule: str, message: str, path: str, **params: Any) -> Violation:
    return Violation(code, f"tameri:{rule}", message, params, path=path)


def score_sheet(ctx: GameContext, sheet: TameriSheet) -> Scored:
    n = ctx.n_players
    violations: list[Violation] = []
    unchecked: list[Unchecked] = []
    if len(sheet.players) != n:
        raise IllegalMove(
            [
                _v(
                    "sheet.player_count",
                    "I3",
                    "the sheet has {got} players, the document names {want}",
                    "$.sheet.players",
                    got=len(sheet.players),
                    want=n,
                )
            ]
        )
    base = "$.sheet.players"
    rows: list[dict[str, int | None]] = [
        {c.key: None for c in scoring.CATEGORIES} for _ in range(n)
    ]
    for seat, p in enumerate(sheet.players):
        rows[seat]["play"] = p.play_points
        rows[seat]["final_glyph"] = sum(
            scoring.final_glyph_points(s.final_glyph) for s in p.seasons
        )
        building_pts = [s.building_points for s in p.seasons]
        if any(b is None for b in building_pts):
            unchecked.append(
                Unchecked.of(
                    "sheet.season_end_building_points",
                    "tameri:S5",
                    "{player}: season-end building points",
                    "not written on the sheet; the building texts are not in the rules (G2)",
                    path=f"{base}[{seat}].seasons",
                    player=ctx.players[seat],
                )
            )
        else:
            rows[seat]["season_buildings"] = sum(b or 0 for b in building_pts)

    _score_pharaoh(ctx, sheet, rows, violations, unchecked)
    for seat, p in enumerate(sheet.players):
        path = f"{base}[{seat}]"
        rows[seat]["building_sets"] = _building_sets(p, path, violations)
        rows[seat]["priest_cards"] = p.priest_card_points
        if p.priest_card_points is None:
            unchecked.append(
                Unchecked.of(
                    "sheet.priest_card_points",
                    "tameri:S9",
                    "{player}: priest card points",
                    "not written on the sheet; the priest card texts are not in the rules (G5)",
                    path=f"{path}.priest_card_points",
                    player=ctx.players[seat],
                )
            )
        lo = p.leftovers
        rows[seat]["leftovers"] = scoring.leftover_points(lo.resources, lo.deben, lo.silt)
    table_symbols = {s for p in sheet.players for s in p.building_symbols}
    if len(table_symbols) > len(SET_POINTS) - 1:
        violations.append(
            _v(
                "sheet.too_many_symbols_table",
                "S8",
                "{got} different building symbols over all players; the game has 7",
                base,
                got=len(table_symbols),
            )
        )
    tiebreak = _score_hands(ctx, sheet, rows, violations, unchecked)
    if violations:
        raise IllegalMove(violations)
    notes = ["S8: building sets scored by the best split (the engine's optimum; A11)."]
    # A tie the highest card cannot decide (one is not on the sheet) is shared and held
    # incomplete by the core ranking (an unknown never decides a rank).
    return Scored(breakdown=rows, tiebreak=tiebreak, unchecked=unchecked, notes=notes)


def _score_pharaoh(ctx, sheet, rows, violations, unchecked) -> None:
    """S6 per season from the revealed screens; S7 from what stays after season 3."""
    n = ctx.n_players
    base = "$.sheet.players"
    pharaoh = [0] * n
    pharaoh_known = [True] * n
    kept: list[dict[str, int]] | None = None  # screens after the previous season's discards
    for s in range(SEASONS):
        entries = [p.seasons[s] for p in sheet.players]
        if all(e.revealed is not None for e in entries):
            screens = [e.revealed.as_dict() for e in entries]
            if kept is not None:
                for seat in range(n):
                    for res in RESOURCES:
                        if screens[seat][res] < kept[seat][res]:
                            violations.append(
                                _v(
                                    "sheet.offerings_shrank",
                                    "S6",
                                    "{res} behind the screen went from {before} kept after "
                                    "season {prev} to {after} revealed: offerings never leave "
                                    "the screen except by the majority discard",
                                    f"{base}[{seat}].seasons[{s}].revealed.{res}",
                                    res=res,
                                    before=kept[seat][res],
                                    after=screens[seat][res],
                                    prev=s,
                                )
                            )
            points, kept, _ = scoring.season_majorities(screens)
            for seat, e in enumerate(entries):
                if e.pharaoh_points is not None and e.pharaoh_points != points[seat]:
                    violations.append(
                        _v(
                            "sheet.pharaoh_mismatch",
                            "S6",
                            "season {season}: the revealed offerings give {want} majority "
                            "points, the sheet says {got}",
                            f"{base}[{seat}].seasons[{s}].pharaoh_points",
                            season=s + 1,
                            want=points[seat],
                            got=e.pharaoh_points,
                        )
                    )
                pharaoh[seat] += points[seat]
            continue
        kept = None
        for seat, e in enumerate(entries):
            if e.pharaoh_points is None:
                pharaoh_known[seat] = False
                unchecked.append(
                    Unchecked.of(
                        "sheet.pharaoh_unknown",
                        "tameri:S6",
                        "{player}: Pharaoh majorities of season {season+1}",
                        "neither the revealed offerings of every player nor the points are "
                        "on the sheet",
                        path=f"{base}[{seat}].seasons[{s}]",
                        player=ctx.players[seat],
                        season=s,
                    )
                )
            elif e.pharaoh_points > 2 * len(RESOURCES):
                violations.append(
                    _v(
                        "sheet.pharaoh_too_high",
                        "S6",
                        "season {season}: {got} majority points; at most 2 per type, 8 in all",
                        f"{base}[{seat}].seasons[{s}].pharaoh_points",
                        season=s + 1,
                        got=e.pharaoh_points,
                    )
                )
            else:
                pharaoh[seat] += e.pharaoh_points
                unchecked.append(
                    Unchecked.of(
                        "sheet.pharaoh_as_written",
                        "tameri:S6",
                        "{player}: Pharaoh majorities of season {season+1}",
                        "points taken as written: not every player's revealed offerings are "
                        "on the sheet",
                        path=f"{base}[{seat}].seasons[{s}].pharaoh_points",
                        player=ctx.players[seat],
                        season=s,
                    )
                )
    for seat in range(n):
        rows[seat]["pharaoh"] = pharaoh[seat] if pharaoh_known[seat] else None

    totals: list[int | None] = [p.remaining_offerings for p in sheet.players]
    if kept is not None:
        derived = [sum(k.values()) for k in kept]
        for seat, given in enumerate(totals):
            if given is not None and given != derived[seat]:
                violations.append(
                    _v(
                        "sheet.remaining_mismatch",
                        "S7",
                        "after the season-3 majorities {want} offerings stay behind the "
                        "screen, the sheet says {got}",
                        f"{base}[{seat}].remaining_offerings",
                        want=derived[seat],
                        got=given,
                    )
                )
        totals = list(derived)
    if any(t is None for t in totals):
        unchecked.append(
            Unchecked.of(
                "sheet.remaining_offerings",
                "tameri:S7",
                "remaining offerings",
                "a player's remaining offerings are not on the sheet, so the S7 majority "
                "cannot be decided",
                path=f"{base}",
            )
        )
        return
    for seat, pts in enumerate(scoring.remaining_offerings([t or 0 for t in totals])):
        rows[seat]["remaining_offerings"] = pts


def _building_sets(p: SheetPlayer, path: str, violations) -> int | None:
    if len(set(p.building_symbols)) > len(SET_POINTS) - 1:
        violations.append(
            _v(
                "sheet.too_many_symbols",
                "S8",
                "{got} different building symbols; the game has 7",
                f"{path}.building_symbols",
                got=len(set(p.building_symbols)),
            )
        )
        return None
    return scoring.building_set_points(p.building_symbols)


def _score_hands(ctx, sheet, rows, violations, unchecked) -> list[list[int | None]]:
    """S10 and T2 from the transcribed hands, or from the points and card number written."""
    base = "$.sheet.players"
    tiebreak: list[list[int | None]] = []
    seen: dict[int, int] = {}
    glyphs: set[str] = set()
    for seat, p in enumerate(sheet.players):
        path = f"{base}[{seat}]"
        if p.hand is None:
            points = p.hand_glyph_points
            if p.hand_glyph_counts is not None:
                glyphs.update(p.hand_glyph_counts)
                counted = max(p.hand_glyph_counts.values(), default=0)
                if points is not None and points != counted:
                    violations.append(
                        _v(
                            "sheet.hand_glyph_mismatch",
                            "S10",
                            "the hand shows {want} of its most common glyph, the sheet says {got}",
                            f"{path}.hand_glyph_points",
                            want=counted,
                            got=points,
                        )
                    )
                points = counted
            rows[seat]["hand_glyphs"] = points
            if points is None:
                unchecked.append(
                    Unchecked.of(
                        "sheet.hand_glyphs",
                        "tameri:S10",
                        "{player}: hand glyphs",
                        "neither the hand nor its glyph points are on the sheet",
                        path=f"{path}.hand",
                        player=ctx.players[seat],
                    )
                )
            if p.highest_card is not None:
                _check_card_number(p.highest_card, f"{path}.highest_card", violations)
            tiebreak.append([p.highest_card])
            continue
        if len(p.hand) < 4:
            violations.append(
                _v(
                    "sheet.hand_too_small",
                    "T3",
                    "a hand at game end holds at least 4 cards, this one {got}",
                    f"{path}.hand",
                    got=len(p.hand),
                )
            )
        for i, card in enumerate(p.hand):
            _check_card_number(card.number, f"{path}.hand[{i}].number", violations)
            if card.number in seen:
                violations.append(
                    _v(
                        "sheet.duplicate_card",
                        "L19",
                        "card {number} appears twice; card numbers are unique",
                        f"{path}.hand[{i}].number",
                        number=card.number,
                    )
                )
            seen[card.number] = seat
            glyphs.update(card.left, card.right)
        points = scoring.hand_glyph_points((c.left, c.right) for c in p.hand)
        if p.hand_glyph_points is not None and p.hand_glyph_points != points:
            violations.append(
                _v(
                    "sheet.hand_glyph_mismatch",
                    "S10",
                    "the hand shows {want} of its most common glyph, the sheet says {got}",
                    f"{path}.hand_glyph_points",
                    want=points,
                    got=p.hand_glyph_points,
                )
            )
        highest = max(c.number for c in p.hand) if p.hand else None
        if p.highest_card is not None and highest is not None and p.highest_card != highest:
            violations.append(
                _v(
                    "sheet.highest_card_mismatch",
                    "T2",
                    "the highest card in the hand is {want}, the sheet says {got}",
                    f"{path}.highest_card",
                    want=highest,
                    got=p.highest_card,
                )
            )
        rows[seat]["hand_glyphs"] = points
        tiebreak.append([highest])
    if len(glyphs) > GLYPH_TYPES:
        violations.append(
            _v(
                "sheet.too_many_glyphs",
                "H1",
                "{got} different glyph names in the hands; the game has 4 glyph types",
                base,
                got=len(glyphs),
            )
        )
    numbers = [t[0] for t in tiebreak]
    for seat, num in enumerate(numbers):
        if num is not None and numbers.count(num) > 1 and sheet.players[seat].hand is None:
            violations.append(
                _v(
                    "sheet.duplicate_card",
                    "L19",
                    "card {number} appears twice; card numbers are unique",
                    f"{base}[{seat}].highest_card",
                    number=num,
                )
            )
    return tiebreak


def _check_card_number(number: int, path: str, violations: list[Violation]) -> None:
    if number in ACTION_CARD_NUMBERS or number in TEMPLE_CARD_NUMBERS:
        return
    violations.append(
        _v(
            "sheet.card_number_range",
            "C10",
            "no card is numbered {number}: action cards are 1-99, temple cards 201-299",
            path,
            number=number,
        )
    )
