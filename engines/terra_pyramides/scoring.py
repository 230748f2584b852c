"""Final scoring (S2-S13), shared by the replay and the score-sheet paths.

Both paths reduce a player to ``Facts`` (what stands on the board and the tracks at the end,
S14's snapshot); ``score`` turns the facts into points per category. The formulas are
small pure functions so property tests can compare them with brute-force versions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core.engine import Scored
from engines.core.ranking import ranks_with_unknowns
from engines.core.types import Category, Unchecked
from engines.terra_pyramides.options import (
    CARD_OTHER_POINTS,
    CARD_OWNED_POINTS,
    LEVEL_VALUES,
    MISSION_2_THRESHOLD,
    STRATEGY_CARDS,
    TerraPyramidesOptions,
    readings,
)

KEY = "terra_pyramides"


def _rule(r: str) -> str:
    return f"{KEY}:{r}"


CATEGORIES = (
    Category("horus_track", "Horus track (in game)", "ホルストラック（ゲーム中）", _rule("S7")),
    Category("foundations", "Foundations", "基礎タイル", _rule("S2")),
    Category("pyramids", "Pyramids", "ピラミッド", _rule("S3")),
    Category("grave_goods", "Grave goods", "埋葬品", _rule("S8")),
    Category("oasis", "Oasis", "オアシス", _rule("S10")),
    Category("nile", "Nile", "ナイル川", _rule("S11")),
    Category("strategy_cards", "Strategy cards", "戦略カード", _rule("S12")),
    Category("blocks", "Blocks", "建築資材ブロック", _rule("S4")),
    Category("coins", "Coins", "お金", _rule("S4")),
)


@dataclass(frozen=True)
class Pyramid:
    level: int
    colour: str | None = None
    foundation_value: int | None = None  # only needed under A11 "scores too"


@dataclass(frozen=True)
class Facts:
    """One colour's end-of-game snapshot (S14)."""

    foundations: tuple[int, ...] = ()  # printed values of foundations carrying its workers
    pyramids: tuple[Pyramid, ...] = ()  # pyramids carrying its worker
    blocks: int = 0
    coins: int = 0
    horus: int = 0  # Ver2+: in-game Horus-track points (= eyes gained, A13)
    grave_goods: int = 0
    oasis: int = 0
    palms: int | None = 0
    boat_space: int = 0
    boat_arrival: int | None = 0  # order of arrival on its space; 0 = never moved
    cards: tuple[str, ...] = ()
    sites_claimed: int | None = None  # A17 "ever_claimed"
    built: tuple[Pyramid, ...] = ()  # every pyramid the colour built (missions)
    # Categories the judge wrote as the points the score track showed (subtotal entry),
    # by category name: they replace what the facts above would give.
    subtotals: tuple[tuple[str, int], ...] = ()


# ---- pure formulas ------------------------------------------------------------------------
def pyramid_value(level: int, reading: str = "top_level") -> int:
    """S3 with A10: the top level's value, or the sum of the levels' values."""
    if reading == "sum_of_levels":
        return sum(LEVEL_VALUES[i] for i in range(1, level + 1))
    return LEVEL_VALUES[level]


def grave_goods_points(counts: Sequence[int]) -> list[int]:
    """S8: your count plus the difference to every player with fewer."""
    return [g + sum(g - h for h in counts if h < g) for g in counts]


def unique_leader(values: Sequence[int]) -> int | None:
    """The index of the single highest value; None when the highest is shared (S12)."""
    if not values:
        return None
    best = max(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def highest_pyramid_leader(
    levels: Sequence[Sequence[int]], reading: str = "lower_than_any"
) -> int | None:
    """S12 'highest pyramid': compare the highest, then 2nd, then 3rd; still tied: nobody.

    A19 "lower_than_any": a missing pyramid is lower than any pyramid.
    A19 "compare_shorter_list": stop (nobody) once a contender has no pyramid to compare.
    """
    ranked = [sorted(ls, reverse=True) for ls in levels]
    contenders = [i for i, ls in enumerate(ranked) if ls]
    for depth in range(3):
        if len(contenders) <= 1:
            break
        if reading == "compare_shorter_list" and any(len(ranked[i]) <= depth for i in contenders):
            return None
        value = {i: ranked[i][depth] if len(ranked[i]) > depth else 0 for i in contenders}
        best = max(value.values())
        contenders = [i for i in contenders if value[i] == best]
    return contenders[0] if len(contenders) == 1 else None


def boat_leader(boats: Sequence[tuple[int, int | None]]) -> tuple[int | None, bool]:
    """S12 'Nile': furthest boat; on one space the earlier arrival leads. (leader, known)."""
    if not boats:
        return None, True
    far = max(space for space, _ in boats)
    there = [i for i, (space, _) in enumerate(boats) if space == far]
    if len(there) == 1:
        return there[0], True
    arrivals = [boats[i][1] for i in there]
    if any(a is None for a in arrivals):
        return None, False
    if any(a == 0 for a in arrivals):  # never moved: no arrival order, a true tie
        return None, True
    first = min(arrivals)  # type: ignore[type-var]
    leaders = [i for i in there if boats[i][1] == first]
    return (leaders[0] if len(leaders) == 1 else None), True


def card_points(leader: int | None, owner: int | None, n: int) -> list[int]:
    """S12: 20 to an achieving owner, 10 to an achiever who does not own the card."""
    points = [0] * n
    if leader is not None:
        points[leader] = CARD_OWNED_POINTS if owner == leader else CARD_OTHER_POINTS
    return points


# ---- the whole sheet ---------------------------------------------------------------------
def site_count(f: Facts, opts: TerraPyramidesOptions) -> int | None:
    if opts.a17_sites_count == "ever_claimed":
        return f.sites_claimed
    return len(f.foundations) + len(f.pyramids)


def score(opts: TerraPyramidesOptions, facts: Sequence[Facts], names: Sequence[str]) -> Scored:
    v = opts.version
    unchecked: list[Unchecked] = []
    rows: list[dict[str, int | None]] = []
    for i, f in enumerate(facts):
        given = dict(f.subtotals)
        foundations = sum(f.foundations)
        if opts.a11_foundation_under_pyramid_scores and "foundations" not in given:
            under = [p.foundation_value for p in f.pyramids]
            if any(x is None for x in under):
                foundations = None  # type: ignore[assignment]
                unchecked.append(
                    Unchecked.of(
                        "foundations_under_pyramids",
                        _rule("S2"),
                        "{player}: foundations under pyramids",
                        "values not recorded (A11 'scores too')",
                        player=names[i],
                    )
                )
            else:
                foundations += sum(x or 0 for x in under)
        highest = max((p.level for p in f.pyramids), default=0)
        sites = site_count(f, opts)
        if v == 3 and "nile" not in given and (f.palms is None or sites is None):
            nile = None
            unchecked.append(
                Unchecked.of(
                    "nile_points",
                    _rule("S11"),
                    "{player}: Nile points",
                    "palms reached or site count unknown",
                    player=names[i],
                )
            )
        else:
            nile = (sites or 0) * (f.palms or 0) if v == 3 else 0
        rows.append(
            {
                "horus_track": f.horus if v >= 2 else 0,
                "foundations": foundations,
                "pyramids": sum(pyramid_value(p.level, opts.a10_pyramid_value) for p in f.pyramids),
                "grave_goods": 0,
                "oasis": f.oasis * highest if v == 3 else 0,
                "nile": nile,
                "strategy_cards": 0,
                "blocks": f.blocks,
                "coins": f.coins,
            }
        )
        rows[-1].update((k, x) for k, x in given.items() if k != "strategy_cards")
    if v >= 2:
        for row, gg in zip(rows, grave_goods_points([f.grave_goods for f in facts]), strict=True):
            row["grave_goods"] = gg
    notes = readings(opts)
    if v == 3 and facts and all("strategy_cards" in dict(f.subtotals) for f in facts):
        # Subtotal entry: the card points as the score track showed them (S12).
        for row, f in zip(rows, facts, strict=True):
            row["strategy_cards"] = dict(f.subtotals)["strategy_cards"]
        notes.append("strategy cards: points as written (subtotal entry)")
    elif v == 3:
        cards, card_notes = strategy_cards(opts, names, facts, rows, unchecked)
        for row, pts in zip(rows, cards, strict=True):
            row["strategy_cards"] = pts
        notes.extend(card_notes)
    # Players whose order depends on an unknown category share the rank (never a guess).
    ranks = ranks_with_unknowns(rows, [[] for _ in rows])
    if opts.mission is not None:
        notes.append(mission_result(opts, facts[0], rows[0]))
        rows = [rows[0]] * len(names)
        ranks = [1] * len(names)
    return Scored(
        breakdown=rows, tiebreak=[[] for _ in rows], unchecked=unchecked, notes=notes, ranks=ranks
    )


def strategy_cards(
    opts: TerraPyramidesOptions,
    names: Sequence[str],
    facts: Sequence[Facts],
    rows: Sequence[dict[str, int | None]],
    unchecked: list[Unchecked],
) -> tuple[list[int | None], list[str]]:
    n = len(facts)
    owner = {c: i for i, f in enumerate(facts) for c in f.cards}
    if opts.a18_horus_card_measure == "eyes_gained":
        eyes = [f.horus for f in facts]
    else:  # the Horus track before the cards are added
        eyes = [sum(x or 0 for k, x in r.items() if k != "strategy_cards") for r in rows]
    counts = [site_count(f, opts) for f in facts]
    boat, boat_known = boat_leader([(f.boat_space, f.boat_arrival) for f in facts])
    leaders: dict[str, int | None] = {
        "grave_goods": unique_leader([f.grave_goods for f in facts]),
        "horus_eyes": unique_leader(eyes),
        "oasis": unique_leader([f.oasis for f in facts]),
        "nile": boat,
        "highest_pyramid": highest_pyramid_leader(
            [[p.level for p in f.pyramids] for f in facts], opts.a19_missing_pyramid
        ),
        "most_pyramids": unique_leader([c or 0 for c in counts]) if None not in counts else None,
    }
    # Boats sharing the lead with an unknown arrival order: one of them takes the Nile card
    # (S12), nobody knows which, so their card points are unknown, not 0.
    contenders: list[int] = []
    if not boat_known:
        far = max(f.boat_space for f in facts)
        contenders = [i for i, f in enumerate(facts) if f.boat_space == far]
        unchecked.append(
            Unchecked.of(
                "nile_card",
                _rule("S12"),
                "Nile card",
                "boats share the lead and the arrival order is unknown",
            )
        )
    if None in counts:
        unchecked.append(
            Unchecked.of(
                "most_pyramids_card",
                _rule("S12"),
                "Most pyramids card",
                "site counts unknown (A17 'ever_claimed')",
            )
        )
    total = [0] * n
    notes = []
    for card in STRATEGY_CARDS:
        pts = card_points(leaders[card], owner.get(card), n)
        total = [a + b for a, b in zip(total, pts, strict=True)]
        who = leaders[card]
        if card == "nile" and contenders:
            notes.append(f"card {card}: unknown ({' or '.join(names[i] for i in contenders)})")
            continue
        notes.append(
            f"card {card}: "
            + ("nobody (tie or unachieved)" if who is None else f"{names[who]} +{pts[who]}")
        )
    return [None if i in contenders else t for i, t in enumerate(total)], notes


def mission_result(opts: TerraPyramidesOptions, f: Facts, row: dict[str, int | None]) -> str:
    if opts.mission == 1:
        done = sum(1 for p in f.built if p.level == 5)
        ok = done >= 4
        return f"mission 1 ({'success' if ok else 'failure'}): {done} of 4 pyramids of value 60"
    if opts.mission == 2:
        total = sum(x or 0 for x in row.values())
        ok = total > MISSION_2_THRESHOLD
        return f"mission 2 ({'success' if ok else 'failure'}): {total} points, more than 275 needed"
    colours = {p.colour for p in f.built if p.level == 4}
    ok = len(colours) >= 6
    verdict = "success" if ok else "failure"
    return f"mission 3 ({verdict}): {len(colours)} of 6 colours with a value-35 pyramid"


def mission_succeeded(note: str) -> bool:
    return "(success)" in note
