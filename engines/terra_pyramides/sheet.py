"""The end-of-game score sheet: what a judge copies from the table, and its consistency checks.

One entry per player in seat order (a mission has one entry: the shared colour). Counts a
version does not use must stay at their defaults.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any

from pydantic import ConfigDict, Field

from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Unchecked, Violation
from engines.terra_pyramides.moves import Card, Colour
from engines.terra_pyramides.options import (
    BLOCK_CAP,
    CARD_OTHER_POINTS,
    CARD_OWNED_POINTS,
    COIN_CAP,
    MISSION_WORKERS,
    STRATEGY_CARDS,
    TOPS_PER_PLAYER,
    WORKERS_BY_PLAYERS,
    TerraPyramidesOptions,
)
from engines.terra_pyramides.scoring import Facts, Pyramid, pyramid_value, unique_leader

KEY = "terra_pyramides"
# Strict numbers: a judge's true/false or "3" is a wrong entry, not the number 1 or 3.
Small = Annotated[int, Field(ge=0, le=999, strict=True)]
PIECES_PER_COLOUR = 16  # C2, inferred (64 pieces in 4 colours); as rules.PIECES_PER_COLOUR
MISSION_TOPS = 8  # VC3: a mission may use every colour's 2 tops


class SheetModel(Model):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class SheetPyramid(SheetModel):
    level: int = Field(ge=1, le=5)
    colour: Colour | None = None
    foundation_value: int | None = Field(default=None, ge=1, le=99)


class SheetBoat(SheetModel):
    space: Small = 0
    # 1 = first boat to arrive on its space, 2 = second, ...; left out: not recorded
    # (unknown, never "never moved"). A boat on space 0 never moved and has none.
    arrival: int | None = Field(default=None, ge=0, le=4)


class SheetPlayer(SheetModel):
    # Each ``*_points`` field is the subtotal entry (sheet_words.SUBTOTAL): the points that
    # category moved the score marker, as the Horus track showed them, instead of the
    # detail before it (the engine works them out from the detail otherwise).
    name: str | None = None
    foundations: list[
        Annotated[int, Field(ge=1, le=99, strict=True)]
    ] = []  # values of occupied foundations
    foundation_points: Small | None = None  # S2: instead of `foundations`
    pyramids: list[SheetPyramid] = []  # pyramids carrying the player's worker
    pyramid_points: Small | None = None  # S3: instead of `pyramids`
    built: list[SheetPyramid] = []  # missions: every pyramid built (VC3/VC5 goals)
    blocks: Small = 0
    coins: Small = 0
    horus_track: Small = 0  # Ver2+: Horus-track points before final scoring
    grave_goods: Small = 0
    oasis_track: Small = 0
    oasis_points: Small | None = None  # S10: instead of `oasis_track` x highest level
    palms: Small | None = 0  # palm trees the boat reached
    boat: SheetBoat = SheetBoat()
    sites_claimed: Small | None = None  # only under A17 "ever_claimed"
    nile_points: Small | None = None  # S11: instead of sites x `palms`
    cards: list[Card] = []
    strategy_card_points: Small | None = None  # S12: instead of `cards` and the boats


# Subtotal field -> (the category it gives, its rule, the detail fields it stands for).
SUBTOTALS = {
    "foundation_points": ("foundations", "S2", ("foundations",)),
    "pyramid_points": ("pyramids", "S3", ("pyramids",)),
    "oasis_points": ("oasis", "S10", ("oasis_track", "pyramids")),
    "nile_points": ("nile", "S11", ("palms", "foundations", "pyramids")),
    "strategy_card_points": ("strategy_cards", "S12", ("cards", "boat")),
}


class TerraSheet(SheetModel):
    players: list[SheetPlayer] = Field(min_length=1, max_length=4)


def _bad(path: str, code: str, rule: str, message: str, **params: object) -> Violation:
    return Violation(code, f"{KEY}:{rule}", message, params, path=path)


def check_sheet(
    opts: TerraPyramidesOptions,
    names: tuple[str, ...],
    sheet: TerraSheet,
    tracks: dict[str, Any] | None = None,
) -> list[Facts]:
    """The sheet's facts, or IllegalMove naming every entry a replay could not reach;
    ``tracks`` are the edition's track maps (``facts.read_tracks``) where known."""
    want = 1 if opts.mission is not None else len(names)
    if len(sheet.players) != want:
        raise IllegalMove(
            [
                _bad(
                    "$.sheet.players",
                    "sheet_players",
                    "I4",
                    "the sheet needs {want} player entries",
                    want=want,
                )
            ]
        )
    problems: list[Violation] = []
    workers = MISSION_WORKERS if opts.mission is not None else WORKERS_BY_PLAYERS[len(names)]
    if opts.a8_bought_worker == "new_piece":
        # A8 (b): a bought worker is one of the colour's unused pieces (as the replay's
        # reserve): the pieces not handed out as workers or score markers (C21.10, VH5).
        markers = 1 if opts.version == 1 else 2
        workers += max(0, PIECES_PER_COLOUR - workers - markers)
    seen_cards: dict[str, int] = {}
    # Worked out once per sheet: the caps a late surround bonus may exceed (G15), and the
    # edition's Nile track (checked only where it is known).
    coins_capped = not late_gains_uncapped(opts)
    blocks_capped = coins_capped or opts.version != 3
    nile_map = {
        k: v
        for k in ("nile_track.goal_space", "nile_track.palm_spaces")
        if (v := (tracks or {}).get(k)) is not None
    }
    for i, p in enumerate(sheet.players):
        at = f"$.sheet.players[{i}]"
        if opts.mission is None and p.name is not None and p.name != names[i]:
            problems.append(
                _bad(
                    f"{at}.name",
                    "sheet_name",
                    "I4",
                    "the sheet lists players in seat order: player {number} is {want}, not {got}",
                    number=i + 1,
                    want=names[i],
                    got=p.name,
                )
            )
        if p.coins > COIN_CAP and coins_capped:
            problems.append(
                _bad(
                    f"{at}.coins",
                    "coin_cap",
                    "L1",
                    "at most 4 coins at the end of a turn, not {n}",
                    n=p.coins,
                )
            )
        if p.blocks > BLOCK_CAP and blocks_capped:
            problems.append(
                _bad(
                    f"{at}.blocks",
                    "block_cap",
                    "L2",
                    "at most 7 blocks at the end of a turn, not {n}",
                    n=p.blocks,
                )
            )
        if len(p.foundations) + len(p.pyramids) > workers:
            problems.append(
                _bad(
                    f"{at}.foundations",
                    "too_many_sites",
                    "L7",
                    "{n} occupied sites need more than the {w} workers",
                    n=len(p.foundations) + len(p.pyramids),
                    w=workers,
                )
            )
        occupied = len(p.foundations) + len(p.pyramids)
        if p.sites_claimed is not None and p.sites_claimed < occupied:
            problems.append(
                _bad(
                    f"{at}.sites_claimed",
                    "sites_claimed_low",
                    "S11",
                    "{n} sites carry this player's workers, so at least {n} were claimed, "
                    "not {got}",
                    n=occupied,
                    got=p.sites_claimed,
                )
            )
        tops = sum(1 for q in p.pyramids if q.level == 5)
        if opts.mission is None and tops > TOPS_PER_PLAYER:
            problems.append(
                _bad(
                    f"{at}.pyramids",
                    "no_top_left",
                    "L8",
                    "only 2 level-5 pyramids per player, not {n}",
                    n=tops,
                )
            )
        if opts.mission == 3 and any(q.level > 4 for q in [*p.pyramids, *p.built]):
            problems.append(
                _bad(f"{at}.built", "pyramid_complete", "VC5", "mission 3 pyramids stop at level 4")
            )
        if opts.mission is None and p.built:
            problems.append(
                _bad(f"{at}.built", "missions_only", "VC3", "'built' is only for missions")
            )
        if opts.version < 2:
            for field in ("horus_track", "grave_goods"):
                if getattr(p, field):
                    problems.append(
                        _bad(
                            f"{at}.{field}",
                            "needs_version_2",
                            "S1",
                            "{field} exists from Ver2",
                            field=field,
                        )
                    )
        if opts.version < 3:
            for field in (
                "oasis_track", "palms", "cards", "oasis_points", "nile_points",
                "strategy_card_points",
            ):  # fmt: skip
                if getattr(p, field):
                    problems.append(
                        _bad(
                            f"{at}.{field}",
                            "needs_version_3",
                            "VN2",
                            "{field} exists only in Ver3",
                            field=field,
                        )
                    )
            if p.boat.space or p.boat.arrival:
                problems.append(
                    _bad(f"{at}.boat", "needs_version_3", "VN4", "boats exist only in Ver3")
                )
        elif (
            p.palms is not None
            and "space" in p.boat.model_fields_set  # a sheet may give palms without the boat
            and p.palms > p.boat.space
        ):
            problems.append(
                _bad(
                    f"{at}.palms",
                    "track_fact_impossible",
                    "S11",
                    "{steps} space(s) on the Nile track cannot pass {got} palms",
                    steps=p.boat.space,
                    got=p.palms,
                )
            )
        if opts.version == 3 and nile_map:
            problems.extend(_nile_map_problems(at, p, nile_map))
        if opts.version == 3 and p.boat.space == 0 and p.boat.arrival:
            problems.append(
                _bad(
                    f"{at}.boat.arrival",
                    "boat_arrival_unmoved",
                    "S12",
                    "a boat on space 0 never moved, so it has no arrival order",
                )
            )
        elif opts.version == 3 and p.boat.space and p.boat.arrival == 0:
            problems.append(
                _bad(
                    f"{at}.boat.arrival",
                    "boat_arrival_zero",
                    "S12",
                    "a boat on Nile space {space} has moved: its arrival order on that space "
                    "is 1 or more (leave it out if nobody noted it)",
                    space=p.boat.space,
                )
            )
        if opts.version >= 2 and p.horus_track < 0:
            problems.append(_bad(f"{at}.horus_track", "negative", "S7", "negative track"))
        for j, card in enumerate(p.cards):
            if card in seen_cards:
                problems.append(
                    _bad(
                        f"{at}.cards[{j}]",
                        "card_twice",
                        "VN13",
                        "the {card} card is already owned by {owner}",
                        card=card,
                        owner=names[seen_cards[card]],
                    )
                )
            seen_cards[card] = i
        if opts.version == 3 and p.cards and p.horus_track < 5:
            problems.append(
                _bad(
                    f"{at}.cards",
                    "card_needs_5_points",
                    "VN13",
                    "cards are bought from 5 Horus-track points",
                )
            )
    if opts.version == 3:
        taken: dict[tuple[int, int], int] = {}
        for i, p in enumerate(sheet.players):
            if p.boat.space and p.boat.arrival:
                key = (p.boat.space, p.boat.arrival)
                if key in taken:
                    problems.append(
                        _bad(
                            f"$.sheet.players[{i}].boat.arrival",
                            "arrival_twice",
                            "S12",
                            "two boats cannot arrive at the same time",
                        )
                    )
                taken[key] = i
    problems.extend(subtotal_problems(opts, names, sheet, workers))
    if problems:
        raise IllegalMove(problems)
    facts = [facts_from_sheet(p) for p in sheet.players]
    mismatches = _subtotal_mismatches(opts, names, sheet, facts)
    if mismatches:
        raise IllegalMove(mismatches)
    return facts


def _written_only(p: SheetPlayer, field: str) -> bool:
    """The player's subtotal ``field`` is written and the detail it stands for is not."""
    if getattr(p, field) is None:
        return False
    return not set(SUBTOTALS[field][2]) <= p.model_fields_set


def _subtotal_mismatches(
    opts: TerraPyramidesOptions, names: tuple[str, ...], sheet: TerraSheet, facts: list[Facts]
) -> list[Violation]:
    """A subtotal written beside the detail it stands for must be what the detail gives
    (as Tameri's pharaoh points beside the revealed offerings)."""
    from engines.terra_pyramides.scoring import score

    if not any(f.subtotals for f in facts):
        return []  # every-value entry: nothing to compare
    detail = [replace(f, subtotals=()) for f in facts]
    rows = score(opts, detail, names).breakdown
    # The cards' achievers need every player's detail (S12): compared only then.
    cards_known = all(
        "cards" in p.model_fields_set and not any(_written_only(p, k) for k in SUBTOTALS)
        for p in sheet.players
    )
    out = []
    for i, p in enumerate(sheet.players):
        for field, (category, rule, _needs) in SUBTOTALS.items():
            got = getattr(p, field)
            if got is None or _written_only(p, field):
                continue
            if field == "strategy_card_points" and not cards_known:
                continue
            want = rows[i][category]
            if want is not None and want != got:
                out.append(
                    _bad(
                        f"$.sheet.players[{i}].{field}",
                        "subtotal_mismatch",
                        rule,
                        "the sheet's detail gives {want} points here, not {got}",
                        want=want,
                        got=got,
                    )
                )
    return out


def _pyramid_sums(count: int, tops: int, top_level: int, reading: str) -> set[int]:
    """Every S3 total that at most ``count`` pyramids reach, at most ``tops`` of them at
    level 5 (L8), none above ``top_level``."""
    lower = {pyramid_value(level, reading) for level in range(1, min(top_level, 4) + 1)}
    reach = [{0}]  # reach[m]: the totals of at most m pyramids below level 5
    for _ in range(count):
        reach.append(reach[-1] | {a + v for a in reach[-1] for v in lower})
    if top_level < 5:
        return reach[count]
    top = pyramid_value(5, reading)
    return {a + k * top for k in range(min(tops, count) + 1) for a in reach[count - k]}


def subtotal_problems(
    opts: TerraPyramidesOptions, names: tuple[str, ...], sheet: TerraSheet, workers: int
) -> list[Violation]:
    """What the engine still checks when categories are written as subtotals (the score
    track's points) instead of their detail; the README lists what it gives up."""
    out: list[Violation] = []
    players = sheet.players
    tops = TOPS_PER_PLAYER if opts.mission is None else MISSION_TOPS
    top_level = 4 if opts.mission == 3 else 5
    for i, p in enumerate(players):
        at = f"$.sheet.players[{i}]"
        has_foundation = bool(p.foundations) or bool(p.foundation_points)
        if _written_only(p, "pyramid_points"):
            room = max(0, workers - (len(p.foundations) or int(has_foundation)))
            if p.pyramid_points not in _pyramid_sums(room, tops, top_level, opts.a10_pyramid_value):
                out.append(
                    _bad(
                        f"{at}.pyramid_points",
                        "pyramid_points_impossible",
                        "S3",
                        "no {n} pyramids (at most {tops} of them level 5) are worth {got} points",
                        n=room,
                        tops=tops,
                        got=p.pyramid_points,
                    )
                )
        has_pyramid = bool(p.pyramids) or bool(p.pyramid_points)
        if opts.mission in (1, 3) and not p.built and p.pyramid_points and not p.pyramids:
            # The mission's goal counts the pyramids built by level (VC3, VC5): points
            # alone do not say whether it was met.
            out.append(
                _bad(
                    f"{at}.built",
                    "subtotal_needed",
                    "VC3",
                    "{field} is needed: {because} written as points leave it unknown",
                    field="built",
                    because="pyramid_points",
                )
            )
        if p.oasis_points and not has_pyramid and _written_only(p, "oasis_points"):
            out.append(
                _bad(
                    f"{at}.oasis_points",
                    "oasis_without_pyramid",
                    "S10",
                    "oasis points are the oasis track times the highest pyramid's level: "
                    "0 without a pyramid, not {got}",
                    got=p.oasis_points,
                )
            )
        claimed = opts.a17_sites_count == "ever_claimed"
        no_site = p.sites_claimed == 0 if claimed else not (has_pyramid or has_foundation)
        if p.nile_points and no_site and _written_only(p, "nile_points"):
            out.append(
                _bad(
                    f"{at}.nile_points",
                    "nile_without_site",
                    "S11",
                    "Nile points are the sites held times the palms reached: "
                    "0 without a site, not {got}",
                    got=p.nile_points,
                )
            )
        if opts.version == 3:
            written = [
                f for f in ("foundation_points", "pyramid_points", "oasis_points", "nile_points")
                if _written_only(p, f)
            ]  # fmt: skip
            # The details a written subtotal stands for feed other categories: the highest
            # level (S10), the sites (S11) and every card's achiever (S12).
            needed = {
                "oasis_points": {"pyramid_points"} & set(written),
                "nile_points": set()
                if claimed
                else {"foundation_points", "pyramid_points"} & set(written),
                "strategy_card_points": set(written),
            }
            for field, because in needed.items():
                if because and getattr(p, field) is None:
                    out.append(
                        _bad(
                            f"{at}.{field}",
                            "subtotal_needed",
                            SUBTOTALS[field][1],
                            "{field} is needed: {because} written as points leave it unknown",
                            field=field,
                            because=", ".join(sorted(because)),
                        )
                    )
    if opts.version == 3:
        out.extend(_card_point_problems(opts, players))
    return out


def _card_point_problems(
    opts: TerraPyramidesOptions, players: list[SheetPlayer]
) -> list[Violation]:
    """S12 with written card points: 10 or 20 a card, one achiever a card, and the cards
    whose achiever the sheet still shows (grave goods; Horus eyes gained, A18) go to them."""
    written = [p.strategy_card_points for p in players]
    if all(w is None for w in written):
        return []
    out: list[Violation] = []
    if any(w is None for w in written):
        missing = next(i for i, w in enumerate(written) if w is None)
        return [
            _bad(
                f"$.sheet.players[{missing}].strategy_card_points",
                "card_points_partial",
                "S12",
                "strategy cards are scored for the whole table: write every player's "
                "card points, or none",
            )
        ]
    known = {"grave_goods": unique_leader([p.grave_goods for p in players])}
    if opts.a18_horus_card_measure == "eyes_gained":
        known["horus_eyes"] = unique_leader([p.horus_track for p in players])
    others = len(STRATEGY_CARDS) - len(known)  # achievers the subtotals do not show
    for i, got in enumerate(written):
        led = sum(1 for who in known.values() if who == i)
        low = CARD_OTHER_POINTS * led
        high = CARD_OWNED_POINTS * (led + others)
        if got % CARD_OTHER_POINTS:
            out.append(
                _bad(f"$.sheet.players[{i}].strategy_card_points", "card_points_not_tens", "S12",
                     "a strategy card gives 10 or 20 points: {got} is not a sum of them",
                     got=got)
            )  # fmt: skip
        elif not low <= got <= high:
            out.append(
                _bad(
                    f"$.sheet.players[{i}].strategy_card_points",
                    "card_points_out_of_range",
                    "S12",
                    "this player achieves {led} of the cards the sheet shows and at most "
                    "{others} others: {low} to {high} card points, not {got}",
                    led=led,
                    others=others,
                    low=low,
                    high=high,
                    got=got,
                )
            )
    achievable = sum(1 for who in known.values() if who is not None) + others
    total = sum(w or 0 for w in written)
    if not out and total > CARD_OWNED_POINTS * achievable:
        out.append(
            _bad(
                "$.sheet.players",
                "card_points_table_too_high",
                "S12",
                "each card has one achiever: the table's card points are at most {most}, "
                "not {total}",
                most=CARD_OWNED_POINTS * achievable,
                total=total,
            )
        )
    return out


def _nile_map_problems(at: str, p: SheetPlayer, tracks: dict[str, Any]) -> list[Violation]:
    """With the edition's Nile track: the boat stops at the goal (L12), and the palms
    reached are the palm spaces up to the boat (S11), as in a replay."""
    out = []
    goal, palms = tracks.get("nile_track.goal_space"), tracks.get("nile_track.palm_spaces")
    if goal is not None and p.boat.space > goal:
        out.append(
            _bad(
                f"{at}.boat.space",
                "boat_past_goal",
                "L12",
                "the Nile track ends at space {goal}; a boat cannot stand on {space}",
                goal=goal,
                space=p.boat.space,
            )
        )
    elif palms is not None and p.palms is not None and "space" in p.boat.model_fields_set:
        expected = sum(1 for s in palms if s <= p.boat.space)
        if p.palms != expected:
            out.append(
                _bad(
                    f"{at}.palms",
                    "palms_mismatch",
                    "S11",
                    "a boat on Nile space {space} has reached {expected} palm(s), not {n}",
                    space=p.boat.space,
                    expected=expected,
                    n=p.palms,
                )
            )
    return out


def late_gains_uncapped(opts: TerraPyramidesOptions) -> bool:
    """G15 "own_next_turn": coins (and, in Ver3, oasis-item blocks) a surround bonus gives a
    player during someone else's turn are capped only at the end of that player's own next
    turn; after their last turn nothing caps them, so the replay can end above L1/L2."""
    return opts.version >= 2 and opts.mission is None and opts.g15_surround_cap == "own_next_turn"


def sheet_unchecked(
    opts: TerraPyramidesOptions, names: tuple[str, ...], sheet: TerraSheet
) -> list[Unchecked]:
    """Caps the sheet cannot check: a value above L1/L2 is legal only through a surround
    bonus after the player's last turn, which the sheet does not show."""
    out = []
    if late_gains_uncapped(opts):
        for i, p in enumerate(sheet.players):
            over = {
                what: n
                for n, cap, what, counts in (
                    (p.coins, COIN_CAP, "coins", True),
                    (p.blocks, BLOCK_CAP, "blocks", opts.version == 3),
                )
                if counts and n > cap
            }
            if over:
                out.append(
                    Unchecked.of(
                        "late_caps",
                        f"{KEY}:L1",
                        "{player}: {over} at the end",
                        "above the end-of-turn cap: legal only if a surround bonus paid them "
                        "after this player's last turn (G15 own_next_turn), which a sheet "
                        "does not show",
                        path=f"$.sheet.players[{i}]",
                        player=names[i],
                        over=" and ".join(f"{n} {what}" for what, n in over.items()),
                        counts=over,
                    )
                )
    return out


def facts_from_sheet(p: SheetPlayer) -> Facts:
    return Facts(
        foundations=tuple(p.foundations),
        pyramids=tuple(Pyramid(q.level, q.colour, q.foundation_value) for q in p.pyramids),
        blocks=p.blocks,
        coins=p.coins,
        horus=p.horus_track,
        grave_goods=p.grave_goods,
        oasis=p.oasis_track,
        palms=p.palms,
        boat_space=p.boat.space,
        boat_arrival=0 if p.boat.space == 0 else p.boat.arrival,
        cards=tuple(p.cards),
        sites_claimed=p.sites_claimed,
        built=tuple(
            Pyramid(q.level, q.colour, q.foundation_value) for q in (p.built or p.pyramids)
        ),
        subtotals=tuple(
            (category, getattr(p, field))
            for field, (category, _rule, _needs) in SUBTOTALS.items()
            if getattr(p, field) is not None
        ),
    )
