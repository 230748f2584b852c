"""The Nile Murals engine: wiring of the rule modules into the framework's GameEngine."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from engines.core.editions import Edition
from engines.core.engine import EngineMeta, GameContext, GameEngine, Scored
from engines.core.types import Unchecked, Violation
from engines.nile_murals import rules, transitions
from engines.nile_murals.messages_ja import MESSAGES_JA
from engines.nile_murals.moves import MOVE_ADAPTER, Move
from engines.nile_murals.options import PRESETS, Options
from engines.nile_murals.printed import edition_problems, load_printed
from engines.nile_murals.scoring import CATEGORIES, TIEBREAKS, score_tracks
from engines.nile_murals.sheet import Sheet, raise_if_inconsistent
from engines.nile_murals.state import ALL_CARDS, State

LOG_ADAPTER: TypeAdapter[list[Any]] = TypeAdapter(list[Move])


class NileMuralsEngine(GameEngine[Options, State, Any, Sheet]):
    meta = EngineMeta(
        key="nile_murals",
        name_en="Nile Murals",
        name_ja="ナイルの壁画",
        min_players=2,
        max_players=4,
        version="1.0.0",
        rules_reference="shared/rules/nile_murals.md",
        presets=PRESETS,
    )
    options_model = Options
    sheet_model = Sheet
    move_adapter = MOVE_ADAPTER
    categories = CATEGORIES
    tiebreaks = TIEBREAKS
    messages_ja = MESSAGES_JA
    # The rule a wrong shape or range breaks (card 100, a track value of true, area "IV").
    input_rules = (
        (r"^\$\.moves\[\d+\]\.card$", "L5"),  # each number 00-99 once
        (r"^\$\.moves\[\d+\]\.area$", "M6"),  # an area's value I, II or III
        (r"^\$\.moves\[\d+\]\.ankh$", "M7"),
        (r"^\$\.moves\[\d+\]\.miss$", "M5"),
        (r"^\$\.sheet\.players$", "S4"),  # one row of tracks per player
        (r"^\$\.sheet\.players\[\d+\]\.(combo|area|miss)$", "L6"),  # whole numbers, laps
    )
    record_input_rules = (
        ("place", r"\.source$", "M1"),
        ("draw", r"\.source$", "M10"),
    )

    def parse_moves(self, records: Sequence[Any]) -> list[Any]:
        """All records in one pydantic call (a third of a replay's parsing time); on any
        error the base class parses record by record to name each bad path."""
        try:
            return LOG_ADAPTER.validate_python(list(records))
        except ValidationError:
            return super().parse_moves(records)

    def validate_edition(self, edition: Edition) -> list[Violation]:
        return edition_problems(edition)

    def setup(self, ctx: GameContext[Options]) -> State:
        """SU1-SU7: all 100 cards in the deck; starting cards follow as ``deal`` records."""
        printed = load_printed(ctx.edition)
        n = ctx.n_players
        return State(
            ctx=ctx,
            printed=printed,
            phase="deal",
            seat=0,
            deck=ALL_CARDS,
            discard=0,
            sheet=0,
            hands=(0,) * n,
            combo=(0,) * n,
            area=(0,) * n,
            miss=(0,) * n,
            ankh_yes=printed.ankh_mask,
        )

    # The rule functions themselves (no extra frame per move on the replay's hot path).
    check = staticmethod(rules.check)  # type: ignore[assignment]
    next_state = staticmethod(transitions.next_state)  # type: ignore[assignment]

    def legal_moves(self, state: State) -> Iterator[Any]:
        return rules.legal_moves(state)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def score_state(self, state: State) -> Scored:
        return score_tracks(state.ctx, state.printed, state.track_values())

    def state_unchecked(self, state: State) -> tuple[Unchecked, ...]:
        return state.unchecked

    def score_sheet_model(self, ctx: GameContext[Options], sheet: Sheet) -> Scored:
        printed = load_printed(ctx.edition)
        deck_only = ctx.options.shadowed_hand_or_discard == "illegal"
        raise_if_inconsistent(ctx.n_players, printed, sheet, deck_only)
        # As row.model_dump(), read field by field (a third of the cost for three ints).
        values = [{"combo": row.combo, "area": row.area, "miss": row.miss} for row in sheet.players]
        return score_tracks(ctx, printed, values)


ENGINE = NileMuralsEngine()
