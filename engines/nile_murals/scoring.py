"""End scoring (S4-S6, T1-T3, V1, V2): one function for both the replay and the sheet path.

Each track ranks the players by their true value including laps (S4, G6), sharing ranks on
equal values (1, 2, 2, 4). A rank earns the printed points of that track (S5); 4th place
earns 0 (V2); a 2-player game never reaches 3rd (V1). Points the edition does not know are
``None`` with an ``Unchecked``, never a guess. The tiebreak (T2) is the sum of the three
track values; the base class applies it only between equal totals (T1) and leaves players
still equal sharing the rank (T3).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.engine import GameContext, Scored
from engines.core.ranking import ranks_with_unknowns
from engines.core.types import Category, Tiebreak, Unchecked, frozen_instance
from engines.nile_murals.printed import TRACKS, Printed

CATEGORIES = (
    Category("combo", "Combo track rank points", "コンボトラック順位点", "nile_murals:S5"),
    Category("area", "Area track rank points", "エリアトラック順位点", "nile_murals:S5"),
    Category("miss", "Miss track rank points", "ミストラック順位点", "nile_murals:S5"),
)
TIEBREAKS = (
    Tiebreak(
        "track_sum",
        "Sum of the three track values (Combo + Area + Miss)",
        "3つのコマのマスの数字の合計",
        "nile_murals:T2",
    ),
)
TRACK_NAMES = {"combo": "Combo", "area": "Area", "miss": "Miss"}
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def rank_points(printed: Printed, track: str, rank: int, n_players: int) -> int | None:
    if rank >= 4:
        return 0  # V2: 4th place scores 0 (only reachable with 4 players)
    if n_players == 2 and rank >= 3:  # V1: cannot happen (two players rank 1 or 2)
        return 0
    return printed.rank_points[track][rank - 1]


def score_tracks(
    ctx: GameContext, printed: Printed, values: Sequence[dict[str, int | None]]
) -> Scored:
    n = len(values)
    breakdown: list[dict[str, int | None]] = [{} for _ in range(n)]
    # What each player's unknown points are: the same rank of a track whose printed
    # points are lost is the same unknown number for everyone on it (T1 ranks on it).
    unknown: list[list[tuple[str, int | None]]] = [[] for _ in range(n)]
    unchecked: list[Unchecked] = []
    notes: list[str] = []
    for track in TRACKS:
        column = [v[track] for v in values]
        if None in column:  # values are ints or None
            for seat, row in enumerate(breakdown):
                row[track] = None
                unknown[seat].append((track, -seat - 1))  # the rank itself is unknown
            unchecked.append(
                frozen_instance(  # as Unchecked(...), without a setattr call per field
                    Unchecked,
                    item=f"{track} rank points",
                    reason=f"the {TRACK_NAMES[track]} track values are not all known, so its "
                    "ranks cannot be decided",
                    rule="nile_murals:S4",
                    path=None,
                    index=None,
                    code="rank_points_undecided",
                    params={"track": track},
                )
            )
            continue
        # Competition ranks of plain ints: 1 + how many values are greater, which is where
        # a value first appears in the column sorted high to low.
        ordered = sorted(column, reverse=True)
        ranks = [ordered.index(x) + 1 for x in column]
        missing = set()
        for seat, rank in enumerate(ranks):
            points = rank_points(printed, track, rank, n)
            breakdown[seat][track] = points
            if points is None:
                missing.add(rank)
                unknown[seat].append((track, rank))
        for rank in sorted(missing):
            unchecked.append(
                frozen_instance(  # as Unchecked(...), without a setattr call per field
                    Unchecked,
                    item=f"{track} rank points",
                    reason=f"the points printed for {ORDINAL[rank]} place on the "
                    f"{TRACK_NAMES[track]} track are neither in the edition data nor supplied (G2)",
                    rule="nile_murals:S5",
                    path=None,
                    index=None,
                    code="rank_points_lost",
                    params={"track": track, "rank": rank},
                )
            )
        order = sorted(range(n), key=ranks.__getitem__)
        players = ctx.players
        notes.append(
            f"{TRACK_NAMES[track]}: "
            + ", ".join([f"{ORDINAL[ranks[s]]} {players[s]} ({column[s]})" for s in order])
        )
    tiebreak = []
    for v in values:
        parts = [v[t] for t in TRACKS]
        tiebreak.append([None if None in parts else sum(parts)])
    opts = ctx.options
    notes.append(
        "G7: a shadowed card from hand or discard is "
        + ("an illegal move" if opts.shadowed_hand_or_discard == "illegal" else "a miss")
        + "; G8: the game-ending turn "
        + ("takes" if opts.combo_on_final_turn else "does not take")
        + " its Combo points"
    )
    ranks = ranks_with_unknowns(breakdown, tiebreak, unknown)
    if ranks is not None:
        notes.append(
            "ranks: players whose order depends on points or values that are unknown share "
            "the rank (T1, T2); the result is incomplete"
        )
    return frozen_instance(  # as Scored(...), without a setattr call per field
        Scored,
        breakdown=breakdown,
        tiebreak=tiebreak,
        unchecked=unchecked,
        notes=notes,
        ranks=ranks,
    )
