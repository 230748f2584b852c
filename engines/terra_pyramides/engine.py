"""The Terra Pyramides engine: wiring of options, moves, rules, scoring and the sheet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from engines.core.editions import Edition
from engines.core.engine import EngineMeta, GameContext, GameEngine, Scored
from engines.core.errors import SetupError
from engines.core.types import Report, Violation
from engines.terra_pyramides import generate, rules
from engines.terra_pyramides.board import board_from_edition
from engines.terra_pyramides.facts import read_tracks
from engines.terra_pyramides.messages_ja import MESSAGES_JA
from engines.terra_pyramides.moves import MOVE_ADAPTER, MOVES_ADAPTER
from engines.terra_pyramides.options import PRESETS, TerraPyramidesOptions
from engines.terra_pyramides.scoring import CATEGORIES, Facts, Pyramid, score
from engines.terra_pyramides.sheet import TerraSheet, check_sheet, sheet_unchecked
from engines.terra_pyramides.state import TerraState

META = EngineMeta(
    key="terra_pyramides",
    name_en="Terra Pyramides",
    name_ja="テラ・ピラミデス",
    min_players=1,  # missions (VC) may be played solo; competitive games need 2-4
    max_players=4,
    version="1.0.0",
    rules_reference="shared/rules/terra_pyramides.md",
    presets=PRESETS,
)


def facts_from_state(state: TerraState) -> list[Facts]:
    """S14: one snapshot of the board and the tracks per colour."""
    out = []
    for colour, p in enumerate(state.players):
        mine = [s for s in state.sites.values() if s.owner == colour and s.workers > 0]
        out.append(
            Facts(
                foundations=tuple(s.value for s in mine if s.level == 0),
                pyramids=tuple(Pyramid(s.level, s.colour, s.value) for s in mine if s.level > 0),
                blocks=p.block_count,
                coins=p.coins,
                horus=p.horus,
                grave_goods=p.grave_goods,
                oasis=p.oasis,
                palms=p.palms,
                boat_space=p.boat,
                boat_arrival=p.boat_arrival,
                cards=p.cards,
                sites_claimed=len(p.claimed),
                built=tuple(
                    Pyramid(s.level, s.colour)
                    for s in state.sites.values()
                    if s.builder == colour and s.level > 0
                ),
            )
        )
    return out


class TerraPyramidesEngine(GameEngine[TerraPyramidesOptions, TerraState, Any, TerraSheet]):
    meta = META
    options_model = TerraPyramidesOptions
    sheet_model = TerraSheet
    move_adapter = MOVE_ADAPTER
    categories = CATEGORIES
    tiebreaks = ()  # T2: tied players share the victory
    messages_ja = MESSAGES_JA
    # The rule a wrong shape or range breaks (a sixth pyramid level, a fifth boat arrival).
    input_rules = (
        (r"^\$\.moves\[\d+\]\.(stairs|facing)\b", "M1.3"),
        (r"^\$\.moves\[\d+\]\.foundation\b", "M2"),
        (r"^\$\.moves\[\d+\]\.axis$", "M3.1"),
        (r"^\$\.moves\[\d+\]\.(squares|oasis_items)\[\d+\]\.(oasis_item\.)?blocks\b", "VN10"),
        (r"^\$\.moves\[\d+\]\.squares\[\d+\]\.oasis_item\b", "VN10"),
        (r"^\$\.moves\[\d+\]\.oasis_items\b", "VN10"),
        (r"^\$\.moves\[\d+\]\.squares\[\d+\]\.take_white$", "VH9"),
        (r"^\$\.moves\[\d+\]\.squares\b", "M3"),
        (r"^\$\.moves\[\d+\]\.square_symbol$", "VS2"),
        (r"^\$\.moves\[\d+\]\.ignore_symbol$", "VS4"),
        (r"^\$\.moves\[\d+\]\.search$", "M7.3"),
        (r"^\$\.moves\[\d+\]\.blocks_unavailable\b", "L9"),
        (r"^\$\.moves\[\d+\]\.coin_symbols$", "VH7"),
        (r"^\$\.moves\[\d+\]\.palms_reached$", "VN12"),
        (r"^\$\.sheet\.players$", "I4"),  # 1-4 rows, one per player
        (r"^\$\.sheet\.players\[\d+\]\.name$", "I4"),
        (r"^\$\.sheet\.players\[\d+\]\.(pyramids|built)\[\d+\]\.level$", "M8.6"),
        (r"^\$\.sheet\.players\[\d+\]\.(pyramids|built)\[\d+\]\.colour$", "L10"),
        (r"^\$\.sheet\.players\[\d+\]\.(foundations|pyramids\[\d+\]\.foundation_value)\b", "S2"),
        (r"^\$\.sheet\.players\[\d+\]\.pyramids\b", "S3"),
        (r"^\$\.sheet\.players\[\d+\]\.built\b", "VC3"),
        (r"^\$\.sheet\.players\[\d+\]\.(blocks|coins)$", "S4"),
        (r"^\$\.sheet\.players\[\d+\]\.horus_track$", "S7"),
        (r"^\$\.sheet\.players\[\d+\]\.grave_goods$", "S8"),
        (r"^\$\.sheet\.players\[\d+\]\.oasis_track$", "S10"),
        (r"^\$\.sheet\.players\[\d+\]\.(palms|sites_claimed)$", "S11"),
        (r"^\$\.sheet\.players\[\d+\]\.(boat|cards)\b", "S12"),
        # Subtotal entry: the points a category moved the score marker (S2-S12).
        (r"^\$\.sheet\.players\[\d+\]\.foundation_points$", "S2"),
        (r"^\$\.sheet\.players\[\d+\]\.pyramid_points$", "S3"),
        (r"^\$\.sheet\.players\[\d+\]\.oasis_points$", "S10"),
        (r"^\$\.sheet\.players\[\d+\]\.nile_points$", "S11"),
        (r"^\$\.sheet\.players\[\d+\]\.strategy_card_points$", "S12"),
    )
    record_input_rules = (
        ("return_worker", r"\.player$", "M11"),
        ("build", r"\.payment\b", "M8.6"),  # 1-5 blocks a level
        ("convert", r"\.payment\b", "M10"),  # 2 blocks for 1 white
        ("reorder_stack", r"\.stack$", "M9.1"),
        ("refill", r"\.stack$", "M7"),
        ("buy_card", r"\.card$", "VN13"),
        ("surround_bonus", r"\.(eyes|coins|grave_goods|oases|nile)$", "VH11"),
    )

    def context(self, doc: Any) -> GameContext[TerraPyramidesOptions]:
        # The framework checks 1-4 players; which counts are allowed depends on the options.
        ctx = super().context(doc)
        check_players(ctx)
        return ctx

    def setup(self, ctx: GameContext[TerraPyramidesOptions]) -> TerraState:
        check_players(ctx)
        return rules.initial_state(ctx)

    def parse_moves(self, records: Any) -> list[Any]:
        # One pydantic call for the whole log; on any error the framework's per-move parse
        # names every bad path.
        try:
            return MOVES_ADAPTER.validate_python(records)
        except ValidationError:
            return super().parse_moves(records)

    def fold(self, state: TerraState, moves: Any, start_index: int = 0) -> Report:
        """The base class's fold (check every move, then apply it; stop at the first
        illegal one) calling the rule dispatch directly: two method calls fewer per move."""
        check, advance = rules.check, rules.next_state
        applied = 0
        for offset, move in enumerate(moves):
            violations = check(state, move)
            if violations:
                index = start_index + offset
                return self._report(state, applied, tuple(v.at(index=index) for v in violations))
            state = advance(state, move)
            applied += 1
        return self._report(state, applied, ())

    def check(self, state: TerraState, move: Any) -> list[Violation]:
        return rules.check(state, move)

    def next_state(self, state: TerraState, move: Any) -> TerraState:
        return rules.next_state(state, move)

    def legal_moves(self, state: TerraState) -> Iterator[Any]:
        return generate.legal_moves(state)

    def is_over(self, state: TerraState) -> bool:
        return state.phase == "over"

    def score_state(self, state: TerraState) -> Scored:
        scored = score(state.ctx.options, facts_from_state(state), state.ctx.players)
        return Scored(
            breakdown=scored.breakdown,
            tiebreak=scored.tiebreak,
            unchecked=(*scored.unchecked, *state.unchecked),
            notes=scored.notes,
            ranks=scored.ranks,
        )

    def score_sheet_model(
        self, ctx: GameContext[TerraPyramidesOptions], sheet: TerraSheet
    ) -> Scored:
        check_players(ctx)
        facts = check_sheet(ctx.options, ctx.players, sheet, read_tracks(ctx.edition))
        scored = score(ctx.options, facts, ctx.players)
        late = sheet_unchecked(ctx.options, ctx.players, sheet)
        if not late:
            return scored
        return Scored(
            breakdown=scored.breakdown,
            tiebreak=scored.tiebreak,
            unchecked=(*scored.unchecked, *late),
            notes=scored.notes,
            ranks=scored.ranks,
        )

    def validate_edition(self, edition: Edition) -> list[Violation]:
        problems = []
        for key in ("horus_track.coin_spaces", "nile_track.palm_spaces"):
            value = edition.get(key)
            if value is not None and not _positive_ints(value):
                problems.append(_edition_problem(key, "a list of positive track spaces"))
        for key in ("supply.blocks", "supply.coins", "supply.pyramid_levels"):
            value = edition.get(key)
            if value is not None and not _counts([value]):
                problems.append(_edition_problem(key, "a count (a whole number, 0 or more)"))
        for key in ("supply.blocks_by_colour", "supply.level_pieces"):
            value = edition.get(key)
            if value is not None and not (
                isinstance(value, dict)
                and _counts(list(value.values()))
                and (
                    key != "supply.level_pieces"
                    or all(str(k) in ("1", "2", "3", "4") for k in value)
                )
            ):
                problems.append(_edition_problem(key, "a mapping of names to counts"))
        goal = edition.get("nile_track.goal_space")
        if goal is not None and not (
            isinstance(goal, int) and not isinstance(goal, bool) and goal > 0
        ):
            problems.append(_edition_problem("nile_track.goal_space", "a positive track space"))
        for side in ("standard", "nile"):
            try:
                board_from_edition(edition.get(f"boards.{side}"), side)
            except (TypeError, ValueError, IndexError, KeyError, AttributeError):
                problems.append(
                    _edition_problem(f"boards.{side}", "rows, cols and [row, col] lists")
                )
        return problems


def _positive_ints(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value
    )


def _counts(values: list[Any]) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values)


def _edition_problem(key: str, want: str) -> Violation:
    return Violation(
        "edition.bad_value",
        None,
        "{key} must be {want}",
        {"key": key, "want": want},
        path=f"$.edition.values.{key}",
    )


def check_players(ctx: GameContext[TerraPyramidesOptions]) -> None:
    opts, n = ctx.options, ctx.n_players
    if opts.mission is None and not 2 <= n <= 4:
        raise SetupError(
            [
                Violation(
                    "setup.player_count",
                    "terra_pyramides:I4",
                    "a competitive game needs 2 to 4 players, not {n}",
                    {"n": n},
                    path="$.players",
                )
            ]
        )
    if opts.mission is not None and opts.version != 1:
        raise SetupError(
            [
                Violation(
                    "setup.mission_version",
                    "terra_pyramides:VC2",
                    "missions use the base game (version 1)",
                    {},
                    path="$.options.version",
                )
            ]
        )


ENGINE = TerraPyramidesEngine()
