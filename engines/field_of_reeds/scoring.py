"""Level scoring (S1–S6) and the final ranking (T1–T2) as pure functions.

Everything here works on plain ints and tuples so the score-sheet path and the move-log
replay share one implementation. A printed value the edition does not know (f(4) on the
level-2 table, penalties for 4 or more spaces) yields ``None`` — never a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from engines.core.editions import Edition
from engines.core.types import Category, Tiebreak

COLOURS: tuple[str, str, str] = ("red", "blue", "yellow")
LEVELS = (1, 2, 3)
PARTS = ("play", "arrival", "djed", "penalty")

Sheet = tuple[int, int, int]  # Djeds in the red, blue, yellow areas of a player sheet

_PART_NAMES = {
    "play": ("in-game points (cards)", "ゲーム中の得点（カード）", "S0"),
    "arrival": ("arrival bonus", "到達ボーナス", "S2"),
    "djed": ("Djed bonus", "ジェド柱ボーナス", "S4"),
    "penalty": ("movement penalty", "移動ペナルティ", "S5"),
}

CATEGORIES: tuple[Category, ...] = (
    Category("start", "starting point", "初期貢献点", "field_of_reeds:P3"),
    *(
        Category(
            f"l{level}_{part}",
            f"level {level}: {_PART_NAMES[part][0]}",
            f"第{level}階層：{_PART_NAMES[part][1]}",
            f"field_of_reeds:{_PART_NAMES[part][2]}",
        )
        for level in LEVELS
        for part in PARTS
    ),
)

TIEBREAKS: tuple[Tiebreak, ...] = (
    Tiebreak(
        "djeds", "Djeds placed (on the player sheet)", "配置したジェド柱の数", "field_of_reeds:T2"
    ),
    Tiebreak("shabti", "shabti held", "身代わり人形の数", "field_of_reeds:T2"),
)


_VALUES: dict[int, tuple[object, dict[object, object]]] = {}
_ABSENT = object()


def _memo(edition: Edition) -> dict[object, object]:
    """The memo of values derived from ``edition.values`` (dotted keys: printed values;
    tuple keys: derived tables). The entry keeps its values object alive, so an id is
    never reused meanwhile."""
    values = edition.values
    entry = _VALUES.get(id(values))
    if entry is None or entry[0] is not values:
        if len(_VALUES) > 256:
            _VALUES.clear()
        entry = _VALUES[id(values)] = (values, {})
    return entry[1]


def edition_value(edition: Edition, key: str, default: object = None) -> object:
    """``edition.get(key, default)``, memoised per ``edition.values`` object.

    Every replay resolves a new Edition, but a bundled edition's values dict is shared and
    read-only (core editions.py), so each printed value is looked up once, not once per
    use.
    """
    memo = _memo(edition)
    value = memo.get(key, _ABSENT)
    if value is _ABSENT:
        value = memo[key] = edition.get(key)
    return default if value is None else value


def _tables(edition: Edition) -> tuple[list, int | None, int]:
    """(level-2 table, its cap, level-3 set points), read once per edition values."""
    memo = _memo(edition)
    tables = memo.get(("tables",))
    if tables is None:
        tables = memo[("tables",)] = (
            edition.get("level2_table") or [],
            edition.get("level2_cap"),
            edition.get("level3_set_points", 4),
        )
    return tables  # type: ignore[return-value]


def level2_points(n: int, edition: Edition) -> int | None:
    """f(n) of the level-2 table: printed up to 5, capped at 10 for 5 or more (Q16, L12)."""
    table, cap, _ = _tables(edition)
    if n < len(table):
        return table[n]
    return cap


def djed_bonus(level: int, sheet: Sheet, edition: Edition) -> int | None:
    """7-2 ② Djed bonus on the whole sheet (S4)."""
    if level == 1:
        return sum(sheet)
    if level == 2:  # f(n) per colour, as level2_points (the tables read once)
        table, cap, _ = _tables(edition)
        size = len(table)
        total = 0
        for n in sheet:
            points = table[n] if n < size else cap
            if points is None:
                return None
            total += points
        return total
    return _tables(edition)[2] * min(sheet)


def possible_djed_bonus(level: int, points: int, low: int, high: int, edition: Edition) -> bool:
    """Whether some sheet of ``low`` to ``high`` Djeds scores ``points`` as the level's Djed
    bonus (S4): the check a subtotal entry keeps. An unprinted level-2 value (f(4), G6) is
    never guessed: it may be anything from 0 to the printed cap of 10 (L12, Q16), so a sheet
    that needs it allows every bonus in that range."""
    if level == 1:
        return low <= points <= high
    table, cap, set_points = _tables(edition)
    for red in range(high + 1):
        for blue in range(high - red + 1):
            for yellow in range(max(0, low - red - blue), high - red - blue + 1):
                sheet = (red, blue, yellow)
                if level == 3:
                    if set_points * min(sheet) == points:
                        return True
                    continue
                least = most = 0
                for n in sheet:
                    value = table[n] if n < len(table) else cap
                    if value is None:  # not printed: between nothing and the cap
                        if cap is None:
                            return True
                        most += cap
                    else:
                        least, most = least + value, most + value
                if least <= points <= most:
                    return True
    return False


def arrival_bonus(level: int, edition: Edition) -> tuple[int, int]:
    """7-1 (S2): points and Udjat eye cards for a player who reached the watcher space."""
    return (
        edition_value(edition, f"arrival_points.{level}", 0),  # type: ignore[return-value]
        edition_value(edition, f"arrival_udjat.{level}", 0),
    )


def movement_penalty(distance: int, edition: Edition) -> int | None:
    """7-3 (S5): points lost for being ``distance`` spaces short (0 = reached: no penalty)."""
    if distance <= 0:
        return 0
    return edition_value(edition, f"penalty_by_distance.{distance}")  # type: ignore[return-value]


@dataclass(frozen=True)
class BlackChoice:
    added: Sheet  # how many black-space Djeds go to red, blue, yellow
    bonus: int | None  # the level's Djed bonus with that choice; None when it is not known
    depends_on_unknown: bool  # some choice's bonus this level is an unknown printed value
    # The pick itself may be wrong: a choice's value now, or (to break a tie now) at the
    # next level, is not printed. The sheet it leaves, and later levels' bonuses, are then
    # a guess.
    guessed: bool = False


def _next_level_value(level: int, sheet: Sheet, edition: Edition) -> int | None:
    if level >= 3:
        return 0
    return djed_bonus(level + 1, sheet, edition)


def compositions(total: int) -> list[Sheet]:
    """Every way to split ``total`` black Djeds over red, blue, yellow."""
    return [(r, b, total - r - b) for r in range(total + 1) for b in range(total - r + 1)]


def best_black_assignment(level: int, fixed: Sheet, black: int, edition: Edition) -> BlackChoice:
    """The player's best choice for Djeds from black spaces (S3, X12); see ``_best_black``.

    A pure function of its arguments and the edition's values, so it is memoised per
    edition values object (a replay and a sheet ask it 4 times per level).
    """
    memo = _memo(edition)
    key = ("best", level, fixed, black)
    choice = memo.get(key)
    if choice is None:
        choice = memo[key] = _best_black(level, fixed, black, edition)
    return choice  # type: ignore[return-value]


def _best_black(level: int, fixed: Sheet, black: int, edition: Edition) -> BlackChoice:
    """The player's best choice for Djeds from black spaces (S3, X12).

    "Best advantage" = the highest Djed bonus of this level (the seed's own example picks
    the colour that scores most now); ties go to the choice worth most under the next
    level's formula, then to red before blue before yellow (a deterministic order).

    An unprinted value (f(4) at level 2, G6) is never ranked as if known: when a choice's
    bonus this level is unknown, the best bonus is unknown too (``bonus`` None); when the
    tie between the best choices hangs on an unknown next-level value, the pick is a guess.
    """
    best: tuple[tuple[int, int, Sheet], BlackChoice] | None = None
    unknown_now = False
    scored = []
    for added in compositions(black):
        sheet = (fixed[0] + added[0], fixed[1] + added[1], fixed[2] + added[2])
        bonus = djed_bonus(level, sheet, edition)
        later = _next_level_value(level, sheet, edition)
        if bonus is None:
            unknown_now = True
        scored.append((bonus, later))
        key = (-1 if bonus is None else bonus, -1 if later is None else later, added)
        if best is None or key > best[0]:
            best = (key, BlackChoice(added, bonus, False))
    assert best is not None
    choice = best[1]
    if black == 0:
        return choice
    top = choice.bonus
    unknown_later = any(later is None for bonus, later in scored if bonus == top)
    return BlackChoice(
        choice.added,
        None if unknown_now else choice.bonus,
        unknown_now,
        unknown_now or unknown_later,
    )


def brute_force_black_assignment(level: int, fixed: Sheet, black: int, edition: Edition) -> Sheet:
    """Reference for tests: try every colour for every single black Djed (3**black)."""
    best_key, best_added = None, (0, 0, 0)
    for colours in product(range(3), repeat=black):
        added = tuple(colours.count(i) for i in range(3))
        sheet = tuple(f + a for f, a in zip(fixed, added, strict=True))
        bonus = djed_bonus(level, sheet, edition)  # type: ignore[arg-type]
        later = _next_level_value(level, sheet, edition)  # type: ignore[arg-type]
        key = (-1 if bonus is None else bonus, -1 if later is None else later, added)
        if best_key is None or key > best_key:
            best_key, best_added = key, added
    return best_added  # type: ignore[return-value]


@dataclass(frozen=True)
class LevelInput:
    """What one player's level scoring needs (the sheet path and the replay both build it)."""

    play: int | None  # net in-game points of the level from cards (S0): gains minus costs
    reached: bool
    distance: int | None  # shortest spaces still needed; None unknown; ignored if reached
    djed: int | None  # Djed bonus of the level (already computed on the sheet)


@dataclass(frozen=True)
class LevelResult:
    points: dict[str, int | None]  # category key -> effective points (after the 0 floor)
    running: int | None  # score after the level, None if unknown
    low: int  # a lower bound of that score (unknown bonuses are never negative)
    notes: tuple[str, ...]
    unknown: tuple[str, ...]  # category keys that are None, for Unchecked entries


def score_level(
    level: int, running: int | None, data: LevelInput, edition: Edition, low: int | None = None
) -> LevelResult:
    """One level for one player: play points, then 7-1, 7-2, 7-3 in that order (S1), floor 0 (L8).

    ``low`` bounds an unknown ``running`` from below: a loss that the bound shows cannot
    reach the 0 floor is still known exactly.
    """
    out: dict[str, int | None] = {}
    low = (running if running is not None else 0) if low is None else low
    notes: list[str] = []
    unknown: list[str] = []

    def add(key: str, delta: int | None, gain: bool = False, exact: bool = False) -> None:
        nonlocal running, low
        if exact and delta is not None:  # in-game points really happened: never cut (L8)
            out[key] = delta
            running = None if running is None else running + delta
            low = max(0, low + delta)
            return
        if delta is None:
            out[key] = None
            unknown.append(key)
            running = None
            low = low if gain else 0  # an unknown gain is >= 0; an unknown loss may hit 0
            return
        if delta >= 0:
            out[key] = delta
            running = None if running is None else running + delta
            low += delta
            return
        if running is None:
            if low + delta >= 0:
                out[key] = delta  # the bound shows the floor cannot cut this loss
                low += delta
                return
            out[key] = None  # the 0 floor may or may not have cut this loss
            unknown.append(key)
            low = 0
            return
        effective = max(delta, -running)
        if effective != delta:
            notes.append(f"{key}: {delta} cut to {effective} by the 0 floor (L8)")
        out[key] = effective
        running += effective
        low = running

    add(f"l{level}_play", data.play, exact=True)
    add(f"l{level}_arrival", arrival_bonus(level, edition)[0] if data.reached else 0)
    add(f"l{level}_djed", data.djed, gain=True)
    if data.reached:
        add(f"l{level}_penalty", 0)
    elif data.distance is None:
        add(f"l{level}_penalty", None)
    else:
        add(f"l{level}_penalty", movement_penalty(data.distance, edition))
    return LevelResult(out, running, low, tuple(notes), tuple(unknown))


def tiebreak_key(djeds_on_sheet: int, shabti: int | None) -> list[int | None]:
    """T2: more Djeds placed, then more shabti; equal on both is a shared win (T2.3)."""
    return [djeds_on_sheet, shabti]


def total_of(points: Sequence[int | None]) -> int:
    return sum(p for p in points if p is not None)
