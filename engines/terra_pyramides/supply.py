"""Supply limits (L8, L9; gaps G8, G9): blocks, coins and pyramid level pieces.

Only what the seed prints is enforced. The component list prints 32 material blocks
(建築資材ブロック：32), 42 pyramid level pieces (ピラミッド階層：42) and 24 money tokens
(お金トークン：24). Not printed: the blocks per colour, the level pieces per level or
colour, whether the tops are among the 42, and the money denominations (so the coin value
of the 24 tokens). Those are edition data (``supply.*``), null = unknown: an organizer may
supply them, and until then what they would check is listed under ``unchecked``.

- Blocks: the supply holds ``supply.blocks`` minus the blocks every player holds (blocks
  paid for a level go back, M8.2). A line whose symbols the supply cannot all serve needs
  the judge's record of the symbols left without a block (``blocks_unavailable``, G8: "a
  supply shortage is logged as none available"); the engine checks that record against the
  total and, when known, the counts per colour. Buying a block (M9.3) needs one left.
- Level pieces: every pyramid of level L uses L pieces, its level-5 piece being a top (L8).
  Whether the tops are among the 42 is not stated, so the check that holds under both
  readings is enforced: at most 42 pieces of levels 1-4 in play. Per-level counts
  (``supply.level_pieces``) are checked when an edition gives them.
- Coins: with a known coin value of the supply (``supply.coins``) a gain the supply cannot
  cover gives only what is left (G15 engine reading, noted); unknown by default.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from engines.core.types import Violation
from engines.terra_pyramides.facts import KEY, violation
from engines.terra_pyramides.state import TerraState, evolve

NON_TOP_LEVELS = 4  # levels 1-4; level 5 is a pyramid top (C10, L8)


def read_supply(edition: Any) -> dict[str, Any]:
    """The supply figures an edition knows (once per game, into ``TerraState.tracks``)."""
    out: dict[str, Any] = {}
    for key in ("supply.blocks", "supply.coins", "supply.pyramid_levels"):
        value = edition.get(key)
        out[key] = int(value) if value is not None else None
    by_colour = edition.get("supply.blocks_by_colour")
    out["supply.blocks_by_colour"] = (
        {str(c): int(n) for c, n in by_colour.items()} if by_colour is not None else None
    )
    levels = edition.get("supply.level_pieces")
    out["supply.level_pieces"] = (
        {int(level): int(n) for level, n in levels.items()} if levels is not None else None
    )
    return out


# (edition key, what is unknown, why and what follows, rule) for supply figures not printed.
UNKNOWN_SUPPLY = (
    (
        "supply.coins",
        "L9 coin supply",
        "24 money tokens are printed but not their denominations (G9): a coin shortage "
        "is not checked",
        "L9",
    ),
    (
        "supply.blocks_by_colour",
        "L9 blocks per colour",
        "only the total of 32 blocks is printed (G8): a shortage of one colour is taken "
        "from the judge's record (blocks_unavailable)",
        "L9",
    ),
    (
        "supply.level_pieces",
        "L8 pyramid level pieces per level and colour",
        "only the total of 42 level pieces is printed (G8): the total is checked, "
        "a shortage of one level or colour is not",
        "L8",
    ),
)


def note_unknowns(state: TerraState) -> TerraState:
    """At setup: list the supply figures the edition does not know."""
    for key, what, why, rule in UNKNOWN_SUPPLY:
        if state.tracks.get(key) is None:
            state = state.note(f"supply_unknown.{key.split('.', 1)[1]}", f"{KEY}:{rule}", what, why)
    return state


# ---- blocks ----------------------------------------------------------------------------------
def held_blocks(state: TerraState) -> int:
    return sum([sum(p.blocks.values()) for p in state.players])


def blocks_left(state: TerraState) -> int | None:
    total = state.tracks.get("supply.blocks")
    return None if total is None else total - held_blocks(state)


def colour_left(state: TerraState, colour: str) -> int | None:
    by_colour = state.tracks.get("supply.blocks_by_colour")
    if by_colour is None:
        return None
    return by_colour.get(colour, 0) - sum(p.blocks.get(colour, 0) for p in state.players)


def check_line_blocks(
    state: TerraState, gains: Sequence[str], unavailable: Sequence[str]
) -> list[Violation]:
    """L9: the symbols the supply could not serve, against the supply (G8 record)."""
    wanted, missing = Counter(gains), Counter(unavailable)
    if missing - wanted:
        return [
            violation(
                "unavailable_not_in_line",
                "L9",
                "the line shows no {colour} block symbol to go without",
                colour=sorted(missing - wanted)[0],
            )
        ]
    out: list[Violation] = []
    left = blocks_left(state)
    served = len(gains) - len(unavailable)
    if left is not None and served > left:
        out.append(
            violation(
                "block_supply_short",
                "L9",
                "the supply holds {left} block(s), not {n}: record the symbols left without one",
                left=left,
                n=served,
            )
        )
    if state.tracks.get("supply.blocks_by_colour") is not None:
        # While the total does not run short, each colour is served as far as it lasts;
        # when it does, which symbols go without is the judge's record.
        total_binds = left is not None and len(gains) > left
        for colour in sorted(wanted):
            have = colour_left(state, colour)
            assert have is not None
            got = wanted[colour] - missing[colour]
            if got > have or (not total_binds and got < min(wanted[colour], max(have, 0))):
                out.append(
                    violation(
                        "block_colour_supply",
                        "L9",
                        "{left} {colour} block(s) are left for {n} symbol(s); recorded {got}",
                        left=max(have, 0),
                        colour=colour,
                        n=wanted[colour],
                        got=got,
                    )
                )
    return out


def shortfall(state: TerraState, gains: Sequence[str]) -> tuple[str, ...]:
    """The fewest symbols the supply cannot serve (for playouts: a judge's record)."""
    wanted = Counter(gains)
    missing: Counter[str] = Counter()
    if state.tracks.get("supply.blocks_by_colour") is not None:
        for colour, n in wanted.items():
            have = max(colour_left(state, colour) or 0, 0)
            if n > have:
                missing[colour] = n - have
    left = blocks_left(state)
    over = len(gains) - sum(missing.values()) - (left if left is not None else len(gains))
    for colour in reversed(gains):
        if over <= 0:
            break
        if missing[colour] < wanted[colour]:
            missing[colour] += 1
            over -= 1
    return tuple(sorted(missing.elements()))


def check_buy_block(state: TerraState) -> list[Violation]:
    """M9.3: the bought block is a white one from the supply."""
    left, white = blocks_left(state), colour_left(state, "white")
    if (left is not None and left <= 0) or (white is not None and white <= 0):
        return [violation("block_supply_empty", "L9", "no white block is left in the supply")]
    return []


def check_convert_white(state: TerraState, paid_white: int) -> list[Violation]:
    """M10: 2 blocks go back, 1 white comes out (the total never runs short; white may)."""
    white = colour_left(state, "white")
    if white is not None and white + paid_white <= 0:
        return [violation("block_supply_empty", "L9", "no white block is left in the supply")]
    return []


# ---- pyramid level pieces ----------------------------------------------------------------------
def check_level_piece(state: TerraState, level: int) -> list[Violation]:
    """L8: a level piece for the ``level`` about to be built (levels 1-4; tops elsewhere)."""
    if level > NON_TOP_LEVELS:
        return []
    total = state.tracks.get("supply.pyramid_levels")
    levels = [s.level for s in state.sites.values() if s.level > 0]
    if total is not None and sum(min(n, NON_TOP_LEVELS) for n in levels) >= total:
        return [
            violation(
                "no_level_piece_left",
                "L8",
                "all {total} pyramid level pieces are in play",
                total=total,
            )
        ]
    per_level = state.tracks.get("supply.level_pieces")
    if per_level is not None and level in per_level:
        used = sum(1 for n in levels if n >= level)
        if used >= per_level[level]:
            return [
                violation(
                    "no_level_piece_left",
                    "L8",
                    "all {total} level-{level} pieces are in play",
                    total=per_level[level],
                    level=level,
                )
            ]
    return []


# ---- coins -----------------------------------------------------------------------------------
def clamp_coins(state: TerraState, gainers: Iterable[int]) -> TerraState:
    """G15: with a known coin supply, a gain beyond it gives only what was left."""
    total = state.tracks.get("supply.coins")
    if total is None:
        return state
    excess = sum(p.coins for p in state.players) - total
    if excess <= 0:
        return state
    players = list(state.players)
    for colour in gainers:
        cut = min(excess, players[colour].coins)
        players[colour] = evolve(players[colour], coins=players[colour].coins - cut)
        excess -= cut
    state = evolve(state, players=tuple(players))
    return state.note(
        "coin_supply_empty",
        f"{KEY}:L9",
        "G15 coin supply empty",
        "the coin supply ran out: the gainer received only what was left (engine reading)",
    )
