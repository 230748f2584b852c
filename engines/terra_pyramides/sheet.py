"""The end-of-game score sheet: what a judge copies from the table, and its consistency checks.

One entry per player in seat order (a mission has one entry: the shared colour). Counts a
version does not use must stay at their defaults.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from engines.core.errors import IllegalMove
from engines.core.parsing import Model
from engines.core.types import Violation
from engines.terra_pyramides.moves import Card, Colour
from engines.terra_pyramides.options import (
    BLOCK_CAP,
    COIN_CAP,
    MISSION_WORKERS,
    TOPS_PER_PLAYER,
    WORKERS_BY_PLAYERS,
    TerraPyramidesOptions,
)
from engines.terra_pyramides.scoring import Facts, Pyramid

KEY = "terra_pyramides"
Small = Annotated[int, Field(ge=0, le=999)]


class SheetPyramid(Model):
    level: int = Field(ge=1, le=5)
    colour: Colour | None = None
    foundation_value: int | None = Field(default=None, ge=1, le=99)


class SheetBoat(Model):
    space: Small = 0
    arrival: int | None = Field(default=0, ge=0, le=4)  # 1 = first on its space; 0 = never moved


class SheetPlayer(Model):
    name: str | None = None
    foundations: list[Annotated[int, Field(ge=1, le=99)]] = []  # values of occupied foundations
    pyramids: list[SheetPyramid] = []  # pyramids carrying the player's worker
    built: list[SheetPyramid] = []  # missions: every pyramid built (VC3/VC5 goals)
    blocks: Small = 0
    coins: Small = 0
    horus_track: Small = 0  # Ver2+: Horus-track points before final scoring
    grave_goods: Small = 0
    oasis_track: Small = 0
    palms: Small | None = 0  # palm trees the boat reached
    boat: SheetBoat = SheetBoat()
    sites_claimed: Small | None = None  # only under A17 "ever_claimed"
    cards: list[Card] = []


class TerraSheet(Model):
    players: list[SheetPlayer] = Field(min_length=1, max_length=4)


def _bad(path: str, code: str, rule: str, message: str, **params: object) -> Violation:
    return Violation(code, f"{KEY}:{rule}", message, params, path=path)


def check_sheet(
    opts: TerraPyramidesOptions, names: tuple[str, ...], sheet: TerraSheet
) -> list[Facts]:
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
    seen_cards: dict[str, int] = {}
    for i, p in enumerate(sheet.players):
        at = f"$.sheet.players[{i}]"
        if opts.mission is None and p.name is not None and p.name != names[i]:
            problems.append(
                _bad(
                    f"{at}.name",
                    "sheet_name",
                    "I4",
                    "seat {seat} is {want}, not {got}",
                    seat=i + 1,
                    want=names[i],
                    got=p.name,
                )
            )
        if p.coins > COIN_CAP:
            problems.append(
                _bad(
                    f"{at}.coins",
                    "coin_cap",
                    "L1",
                    "at most 4 coins at the end of a turn, not {n}",
                    n=p.coins,
                )
            )
        if p.blocks > BLOCK_CAP:
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
            for field in ("oasis_track", "palms", "cards"):
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
        if opts.version >= 2 and p.horus_track < 0:
            problems.append(_bad(f"{at}.horus_track", "negative", "S7", "negative track"))
        for j, card in enumerate(p.cards):
            if card in seen_cards:
                problems.append(
                    _bad(
                        f"{at}.cards[{j}]",
                        "card_twice",
                        "VN13",
                        "the {card} card is already owned by seat {seat}",
                        card=card,
                        seat=seen_cards[card] + 1,
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
    if problems:
        raise IllegalMove(problems)
    return [facts_from_sheet(p) for p in sheet.players]


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
        boat_arrival=p.boat.arrival,
        cards=tuple(p.cards),
        sites_claimed=p.sites_claimed,
        built=tuple(
            Pyramid(q.level, q.colour, q.foundation_value) for q in (p.built or p.pyramids)
        ),
    )
