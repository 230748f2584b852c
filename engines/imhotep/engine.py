"""The Imhotep engine: wiring of options, moves, rules and scoring into the framework."""

from __future__ import annotations

from pydantic import TypeAdapter, ValidationError

from engines.core.editions import Edition
from engines.core.engine import EngineMeta, GameEngine, Scored
from engines.core.types import Violation
from engines.imhotep import effects, rules
from engines.imhotep.components import CARDS, PYRAMID_A_SPACES
from engines.imhotep.messages_ja import MESSAGES_JA
from engines.imhotep.moves import MOVE_ADAPTER, Move
from engines.imhotep.options import PRESETS, Options
from engines.imhotep.scoring import CATEGORIES, TIEBREAKS, EndPosition, score_end
from engines.imhotep.sheet import Sheet, end_position
from engines.imhotep.state import State


def end_of_play(state: State) -> EndPosition:
    n = state.n
    opts = state.ctx.options
    present: list[set[str]] = [set() for _ in range(n)]
    if opts.sides.pyramid == "A":
        counted = (
            state.pyramid
            if opts.wrath_counts_pyramid_overflow
            else state.pyramid[:PYRAMID_A_SPACES]
        )
        pyramid_total = len(state.pyramid)
    else:
        counted = [s for p in state.pyramids_b for s in p]
        if opts.wrath_counts_pyramid_overflow:
            counted += list(state.pyramid_overflow)
        pyramid_total = sum(map(len, state.pyramids_b)) + len(state.pyramid_overflow)
    for site, owners in (("pyramid", counted), ("temple", state.temple), ("burial", state.burial)):
        for seat in owners:
            present[seat].add(site)
    for seat in range(n):
        if state.obelisk[seat]:
            present[seat].add("obelisk")
    for seat, _ in state.obelisks_b:
        present[seat].add("obelisk")
    return EndPosition(
        track=[
            None if unknown else score
            for score, unknown in zip(state.score, state.unknown_track, strict=True)
        ],
        sled=list(state.sled),
        burial=state.burial,
        obelisk=list(state.obelisk),
        hands=[{CARDS[i]: c for i, c in enumerate(hand) if c} for hand in state.hands],
        site_stones={
            "pyramid": pyramid_total,
            "temple": len(state.temple),
            "burial": len(state.burial),
            "obelisk": sum(state.obelisk) + 3 * len(state.obelisks_b),
        },
        missing=[
            frozenset(m for m in ("pyramid", "temple", "burial", "obelisk") if m not in present[s])
            for s in range(n)
        ],
    )


MOVES_ADAPTER = TypeAdapter(list[Move])


class ImhotepEngine(GameEngine):
    meta = EngineMeta(
        key="imhotep",
        name_en="Imhotep",
        name_ja="イムホテップ",
        min_players=2,
        max_players=4,
        version="1.0.0",
        rules_reference="shared/rules/imhotep.md",
        presets=PRESETS,
    )
    options_model = Options
    sheet_model = Sheet
    move_adapter = MOVE_ADAPTER
    categories = CATEGORIES
    tiebreaks = TIEBREAKS
    messages_ja = MESSAGES_JA
    # The rule a wrong shape or range breaks (a quarry count of 100, a sled of 6, a ship 5).
    input_rules = (
        (r"^\$\.moves\[\d+\]\.ships\b", "F2"),  # the round card's 4 ships, 1-4 spaces
        (r"^\$\.moves\[\d+\]\.min_loads\b", "L4"),
        (r"^\$\.moves\[\d+\]\.site$", "M3"),
        (r"^\$\.sheet\.players$", "I4"),  # 2-4 players, one row each
        (r"^\$\.sheet\.players\[\d+\]\.sled$", "L1"),
        (r"^\$\.sheet\.players\[\d+\]\.obelisk$", "S5"),
        (r"^\$\.sheet\.players\[\d+\]\.obelisks_erected$", "V5"),
        (r"^\$\.sheet\.players\[\d+\]\.missing_monuments\b", "V6"),
        (r"^\$\.sheet\.burial\b", "P4"),
    )
    record_input_rules = (
        ("quarry", r"\.count$", "M1"),
        ("load", r"\.(ship|space)$", "M2"),
        ("sail", r"\.ship$", "M3"),
        ("reveal", r"\.card$", "F3"),
        ("draw", r"\.card$", "K1"),
        ("take", r"\.(card|keep)$", "K1"),
        ("play_lever", r"\.(ship|order)\b", "K5.1"),
        ("play_hammer", r"\.(take|ship|space)$", "K5.2"),
        ("play_sail", r"\.(ship|space)$", "K5.3"),
        ("play_chisel", r"\.loads\b", "K5.4"),
        ("place_pyramid", r"\.(pyramid|points|bonus|take|load)\b", "V2"),
        ("temple_reward", r"\.(bonus|take)$", "V3"),
    )

    def parse_moves(self, records):
        """All records in one pydantic call (the common, valid case is ~3x faster); on any
        error, the framework's per-record parse names every bad path."""
        try:
            return MOVES_ADAPTER.validate_python(records)
        except ValidationError:
            return super().parse_moves(records)

    def setup(self, ctx):
        return effects.initial_state(ctx)

    # The rule hooks are plain functions of (state, move): bound directly, one call less
    # per record in a replay.
    check = staticmethod(rules.check)
    next_state = staticmethod(effects.next_state)
    legal_moves = staticmethod(rules.legal_moves)

    def is_over(self, state) -> bool:
        return state.phase == "over"

    def score_state(self, state) -> Scored:
        scored = score_end(state.ctx, end_of_play(state), state.printed)
        # What play could not verify (unknown printed values) belongs to the outcome too.
        return Scored(
            breakdown=scored.breakdown,
            tiebreak=scored.tiebreak,
            unchecked=(*state.unchecked, *scored.unchecked),
            notes=scored.notes,
            ranks=scored.ranks,
        )

    def score_sheet_model(self, ctx, sheet) -> Scored:
        return score_end(ctx, end_position(ctx, sheet), ctx.edition.get)

    def validate_edition(self, edition: Edition) -> list[Violation]:
        out = []
        points = edition.values.get("pyramid_a", {}).get("points")
        if points is not None and len(points) != PYRAMID_A_SPACES:
            out.append(
                Violation(
                    "setup.edition_shape",
                    "imhotep:G4",
                    "pyramid_a.points needs 14 values, not {n}",
                    {"n": len(points)},
                    path="$.edition.values.pyramid_a.points",
                )
            )
        deck = edition.values.get("market", {}).get("deck", {})
        unknown = sorted(set(deck) - set(CARDS))
        if unknown:
            out.append(
                Violation(
                    "setup.edition_shape",
                    "imhotep:C7",
                    "unknown market cards in the edition: {cards}",
                    {"cards": ", ".join(unknown)},
                    path="$.edition.values.market.deck",
                )
            )
        out.extend(round_card_set_problems(edition))
        return out


BOX_SHIPS = (4, 4, 3, 3, 3, 2, 2, 1)  # rulebook §4-1 (C5)


def round_card_set_problems(edition: Edition) -> list[Violation]:
    """A supplied round-card set (U6, G2): 7 cards of 4 ships each, every card buildable
    from the 8 ships in the box."""
    out = []
    for n in ("2", "3", "4"):
        cards = edition.get(f"round_cards.{n}")
        if cards is None:
            continue
        ok = (
            isinstance(cards, list)
            and len(cards) == 7
            and all(
                isinstance(card, list)
                and len(card) == 4
                and all(type(c) is int and 1 <= c <= 4 for c in card)
                and all(card.count(c) <= BOX_SHIPS.count(c) for c in card)
                for card in cards
            )
        )
        if not ok:
            out.append(
                Violation(
                    "setup.edition_shape",
                    "imhotep:U6",
                    "round_cards.{n} needs the 7 cards of that player count, each 4 ship "
                    "capacities the box holds (two 4s, three 3s, two 2s, one 1)",
                    {"n": n},
                    path=f"$.edition.values.round_cards.{n}",
                )
            )
    return out


ENGINE = ImhotepEngine()
