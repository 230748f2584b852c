"""The Tameri engine: wiring of options, moves, rules, scoring and the score sheet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, ClassVar

from pydantic import Field, TypeAdapter, ValidationError

from engines.core.editions import Edition
from engines.core.engine import EngineMeta, GameContext, GameEngine, Scored
from engines.core.errors import MalformedInput, SetupError
from engines.core.parsing import Model, parse_model, strict_adapter
from engines.core.types import Unchecked, Violation
from engines.tameri import scoring
from engines.tameri.components import SETUP_SPHERES, SPHERES, TEMPLES
from engines.tameri.legal import legal_moves
from engines.tameri.messages_ja import MESSAGES_JA
from engines.tameri.moves import MOVE_ADAPTER, BuildingFacts, CardFacts, Move, Resource
from engines.tameri.options import PRESETS, TameriOptions
from engines.tameri.rules import resolve
from engines.tameri.sheet import TameriSheet, score_sheet
from engines.tameri.state import State, initial_state


class TameriEngine(GameEngine):
    meta: ClassVar[EngineMeta] = EngineMeta(
        key="tameri",
        name_en="Tameri",
        name_ja="タメリ",
        # The box says 1-4, but the rulebook text has no solo rules (G1): 2-4 only.
        min_players=2,
        max_players=4,
        version="0.1.0",
        rules_reference="shared/rules/tameri.md",
        presets=PRESETS,
    )
    options_model = TameriOptions
    sheet_model = TameriSheet
    move_adapter = MOVE_ADAPTER
    categories = scoring.CATEGORIES
    tiebreaks = scoring.TIEBREAKS
    messages_ja = MESSAGES_JA
    input_rules = (
        (r"^\$\.sheet\.players\[\d+\]\.play_points$", "S1"),
        (r"\.seasons$", "F9"),  # one entry per season end
        (r"\.seasons\[\d+\]\.final_glyph$", "S4"),
        (r"\.seasons\[\d+\]\.building_points$", "S5"),
        (r"\.seasons\[\d+\]\.(revealed|pharaoh_points)\b", "S6"),
        (r"\.remaining_offerings$", "S7"),
        (r"\.building_symbols\b", "S8"),
        (r"\.priest_card_points$", "S9"),
        (r"\.(hand|hand_glyph_points|hand_glyph_counts)\b", "S10"),
        (r"\.highest_card$", "T2"),
        (r"\.leftovers\b", "S11"),
    )

    def __init__(self) -> None:
        self._last: tuple[Any, Any, Any] | None = None

    def context(self, doc: Any) -> GameContext:
        # G1: refuse a solo game with the reason, before the generic player-count check.
        players = doc.get("players") if isinstance(doc, dict) else getattr(doc, "players", None)
        if isinstance(players, list) and len(players) == 1:
            raise SetupError(
                [
                    Violation(
                        "setup.no_solo_rules",
                        "tameri:G1",
                        "the Tameri rulebook text has no solo rules; 2 to 4 players only",
                        path="$.players",
                    )
                ]
            )
        return super().context(doc)

    def setup(self, ctx: GameContext) -> State:
        cards, buildings, lengths = edition_facts(ctx.edition)
        totals = sphere_totals(ctx.edition)
        layout = market_layout(ctx.edition)
        unknown = [c for c, x in zip(SPHERES, totals, strict=True) if x is None]
        unchecked: tuple[Unchecked, ...] = ()
        if unknown:
            unchecked = (
                Unchecked.of(
                    "sphere_supply",
                    "tameri:G11",
                    "sphere supply: {kinds}",
                    "the box's sphere counts are not printed (G11): a sphere taken from an "
                    "empty supply (W3, M5, M6, FX4) cannot be caught",
                    kinds=", ".join(unknown),
                    spheres=unknown,
                ),
            )
        supply = tuple(
            None if x is None else x - u for x, u in zip(totals, SETUP_SPHERES, strict=True)
        )
        return initial_state(ctx).but(
            cards=cards,
            buildings=buildings,
            temple_lengths=lengths,
            supply=supply,
            market_layout=layout,
            unchecked=unchecked,
        )

    def validate_edition(self, edition: Edition) -> list[Violation]:
        try:
            edition_facts(edition)
            sphere_totals(edition)
            market_layout(edition)
        except MalformedInput as err:
            return list(err.violations)
        return []

    def _resolve(self, state: State, move: Any) -> tuple[list[Violation], State | None]:
        last = self._last
        if last is not None and last[0] is state and last[1] is move:
            return last[2]  # type: ignore[no-any-return]
        result = resolve(state, move)
        self._last = (state, move, result)
        return result

    def parse_moves(self, records: Any) -> list[Any]:
        # One pydantic call for the whole log; on any error the base class names each path.
        try:
            return MOVE_LIST.validate_python(records)  # type: ignore[no-any-return]
        except ValidationError:
            return super().parse_moves(records)

    def dump_move(self, move: Any) -> dict[str, Any]:
        # Defaults left out keep judges' logs short; parse_move restores them.
        return self.move_adapter.dump_python(  # type: ignore[no-any-return]
            move, mode="json", exclude_none=True, exclude_defaults=True
        )

    def fold(self, state: State, moves: Any, start_index: int = 0) -> Any:
        """The base class's fold, with one ``resolve`` per move instead of check + apply."""
        applied = 0
        for offset, move in enumerate(moves):
            violations, after = resolve(state, move)
            if violations:
                index = start_index + offset
                return self._report(state, applied, tuple(v.at(index=index) for v in violations))
            state = after  # type: ignore[assignment]
            applied += 1
        return self._report(state, applied, ())

    def check(self, state: State, move: Any) -> list[Violation]:
        return list(self._resolve(state, move)[0])

    def next_state(self, state: State, move: Any) -> State:
        errors, after = self._resolve(state, move)
        if errors or after is None:
            raise ValueError(f"next_state on an illegal move: {errors}")
        return after

    def legal_moves(self, state: State) -> Iterator[Any]:
        return legal_moves(state)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def score_state(self, state: State) -> Scored:
        rows, tiebreak = [], []
        unchecked = list(state.unchecked)  # what the replay could not verify, then scoring
        screens = [sum(p.screen) for p in state.players]
        remaining = scoring.remaining_offerings(screens)
        for seat, p in enumerate(state.players):
            name = state.ctx.players[seat]
            symbols = [getattr(state.buildings.get(b), "symbol", None) for b in p.buildings]
            sets = None if None in symbols else scoring.building_set_points(symbols)  # type: ignore[arg-type]
            if sets is None:
                unchecked.append(
                    Unchecked.of(
                        "building_sets",
                        "tameri:S8",
                        "{player}: building sets",
                        "a building's symbol is not recorded (G2)",
                        player=name,
                    )
                )
            hand = [state.cards.get(c) for c in p.hand]
            glyphs = None
            if all(c is not None and c.left is not None and c.right is not None for c in hand):
                glyphs = scoring.hand_glyph_points((c.left, c.right) for c in hand)  # type: ignore[union-attr]
            else:
                unchecked.append(
                    Unchecked.of(
                        "hand_glyphs",
                        "tameri:S10",
                        "{player}: hand glyphs",
                        "a card's glyphs in hand are not recorded (G6)",
                        player=name,
                    )
                )
            if p.priest_card_points is None:
                unchecked.append(
                    Unchecked.of(
                        "priest_card_points",
                        "tameri:S9",
                        "{player}: priest card points",
                        "not recorded (G5)",
                        player=name,
                    )
                )
            if p.season_buildings is None:
                unchecked.append(
                    Unchecked.of(
                        "season_end_building_points",
                        "tameri:S5",
                        "{player}: season-end building points",
                        "not recorded (G2)",
                        player=name,
                    )
                )
            rows.append(
                {
                    "play": p.play,
                    "final_glyph": p.final_glyph,
                    "season_buildings": p.season_buildings,
                    "pharaoh": p.pharaoh,
                    "remaining_offerings": remaining[seat],
                    "building_sets": sets,
                    "priest_cards": p.priest_card_points,
                    "hand_glyphs": glyphs,
                    "leftovers": scoring.leftover_points(sum(p.res), p.deben, p.silt),
                }
            )
            tiebreak.append([max(p.hand, default=None)])
        return Scored(
            breakdown=rows,
            tiebreak=tiebreak,
            unchecked=unchecked,
            notes=["S8: building sets scored by the best split (A11)."],
        )

    def score_sheet_model(self, ctx: GameContext, sheet: TameriSheet) -> Scored:
        return score_sheet(ctx, sheet)


MOVE_LIST = TypeAdapter(list[Move])
CARD_LIST = TypeAdapter(list[CardFacts])
BUILDING_LIST = TypeAdapter(list[BuildingFacts])
TEMPLE_LENGTHS = strict_adapter(dict[str, Annotated[int, Field(ge=4)] | None])


def edition_facts(edition: Edition) -> tuple[dict, dict, tuple]:
    """Card lists and temple lengths an organizer supplied (null in the default edition)."""
    cards = parse_model(CARD_LIST, edition.get("cards.action", []), "$.edition.values.cards.action")
    buildings = parse_model(
        BUILDING_LIST, edition.get("cards.buildings", []), "$.edition.values.cards.buildings"
    )
    lengths = parse_model(
        TEMPLE_LENGTHS,
        edition.get("board.temple_lengths", {}),
        "$.edition.values.board.temple_lengths",
    )
    return (
        {c.number: c for c in cards},
        {b.id: b for b in buildings},
        tuple(lengths.get(t) for t in TEMPLES),
    )


class MarketLayout(Model):
    """G9 as an organizer transcribes it: the stalls (id -> resource type) and, for each
    market space in order (space 1 first), the two stalls beside it."""

    stalls: dict[str, Resource]
    spaces: list[Annotated[list[str], Field(min_length=2, max_length=2)]] = Field(min_length=1)


MARKET_PATH = "$.edition.values.board.market_stalls"


def market_layout(
    edition: Edition,
) -> tuple[tuple[tuple[str, str], tuple[str, str]], ...] | None:
    raw = edition.get("board.market_stalls")
    if raw is None:
        return None
    layout = parse_model(MarketLayout, raw, MARKET_PATH)
    out = []
    for k, (a, b) in enumerate(layout.spaces):
        if a not in layout.stalls or b not in layout.stalls or a == b:
            raise MalformedInput(
                [
                    Violation(
                        "edition.market",
                        "tameri:G9",
                        "market space {space} must lie between two different listed stalls",
                        {"space": k + 1},
                        path=f"{MARKET_PATH}.spaces[{k}]",
                    )
                ]
            )
        out.append(((a, b), (layout.stalls[a], layout.stalls[b])))
    return tuple(out)


def sphere_totals(edition: Edition) -> tuple[int | None, int | None, int | None]:
    """C3/G11: the box's sphere counts (sun, water, silt); null = not printed. A count must
    cover the setup (U3: 2 sun spheres per ramp, 2 silt spheres per river space)."""
    raw = edition.get("sphere_supply", {}) or {}
    out: list[int | None] = []
    for colour, need in zip(SPHERES, SETUP_SPHERES, strict=True):
        value = raw.get(colour) if isinstance(raw, dict) else None
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or value < need
        ):
            raise MalformedInput(
                [
                    Violation(
                        "edition.sphere_supply",
                        "tameri:U3",
                        "sphere_supply.{colour} must be a whole number of at least {need} "
                        "(the setup places {need}), or null",
                        {"colour": colour, "need": need},
                        path=f"$.edition.values.sphere_supply.{colour}",
                    )
                ]
            )
        out.append(value)
    return out[0], out[1], out[2]


ENGINE = TameriEngine()
