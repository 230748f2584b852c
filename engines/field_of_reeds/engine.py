"""The Field of Reeds engine: wiring of the models and rule functions into the framework."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from engines.core.engine import EngineMeta, GameContext, GameEngine, Scored
from engines.field_of_reeds import generate, rules, scoring
from engines.field_of_reeds.messages_ja import MESSAGES_JA
from engines.field_of_reeds.moves import MOVE_ADAPTER, Move
from engines.field_of_reeds.options import PRESETS, Options
from engines.field_of_reeds.sheet import Sheet, score_sheet
from engines.field_of_reeds.state import State

_MOVE_LIST: TypeAdapter[list[Move]] = TypeAdapter(list[Move])

# Unchecked items that concern the score (the rest concern move legality only).
SCORING_RULES = {
    f"field_of_reeds:{r}" for r in ("S3", "S4", "S5", "G6", "G7", "G11", "G2", "M19", "L11")
}


class FieldOfReedsEngine(GameEngine[Options, State, Move, Sheet]):
    meta = EngineMeta(
        key="field_of_reeds",
        name_en="Field of Reeds",
        name_ja="イアルの野",
        min_players=2,  # G1: the rulebook states no minimum; 2 is our tournament policy
        max_players=4,
        version="0.1.0",
        rules_reference="shared/rules/field_of_reeds.md",
        presets=PRESETS,
    )
    options_model = Options
    sheet_model = Sheet
    move_adapter = MOVE_ADAPTER
    categories = scoring.CATEGORIES
    tiebreaks = scoring.TIEBREAKS
    messages_ja = MESSAGES_JA
    input_rules = (
        (r"^\$\.sheet\.players\[\d+\]\.levels$", "F1"),  # a game is three levels
        (r"\.levels\[\d+\]\.points$", "S0"),
        (r"\.levels\[\d+\]\.distance$", "S5"),
        (r"\.levels\[\d+\]\.djeds\.watcher$", "L7"),
        (r"\.levels\[\d+\]\.(djeds|black_to|reused)\b", "S3"),
        (r"^\$\.sheet\.players\[\d+\]\.shabti$", "T2"),
        (r"^\$\.sheet\.players\[\d+\]\.total$", "S1"),
        (r"^\$\.moves\[\d+\]\.packets\b", "F3"),
    )

    def parse_moves(self, records: Sequence[Any]) -> list[Move]:
        """One pydantic call for the whole log (a third faster); on any error fall back to
        the framework's per-record parsing, which names each bad path."""
        try:
            return _MOVE_LIST.validate_python(list(records))
        except ValidationError:
            return super().parse_moves(records)

    def setup(self, ctx: GameContext[Options]) -> State:
        return rules.setup(ctx)

    # The rule functions themselves (no extra frame on the replay's hot path).
    check = staticmethod(rules.check)  # type: ignore[assignment]
    next_state = staticmethod(rules.next_state)  # type: ignore[assignment]

    def legal_moves(self, state: State) -> Iterator[Move]:
        return generate.legal_moves(state)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def score_state(self, state: State) -> Scored:
        keys = [c.key for c in self.categories]
        breakdown = [{k: p.breakdown.get(k) for k in keys} for p in state.players]
        tiebreak = [scoring.tiebreak_key(sum(p.sheet), p.shabti) for p in state.players]
        unchecked = [u for u in state.unchecked if u.rule in SCORING_RULES]
        return Scored(breakdown, tiebreak, unchecked, notes=state.notes)

    def score_sheet_model(self, ctx: GameContext[Options], sheet: Sheet) -> Scored:
        return score_sheet(ctx, sheet)


ENGINE = FieldOfReedsEngine()
