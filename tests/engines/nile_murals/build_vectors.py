"""Writes vectors/*.json: the reference's worked examples (X1-X6) as data.

Run once by hand (``.venv/bin/python tests/engines/nile_murals/build_vectors.py``); the
files are committed and read by test_vectors.py. Kept so the long Example 2 prefix (a
game played down to its last six deck cards) can be regenerated and reviewed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.engines.nile_murals.helpers import Log  # noqa: E402

OUT = HERE / "vectors"


def write(name: str, vector: dict) -> None:
    (OUT / f"{name}.json").write_text(json.dumps(vector, ensure_ascii=False, indent=1) + "\n")


def x1_shadow() -> None:
    text = [  # rules X1 table, with the rulebook's wording as source
        (None, 37, False, "毎手番、1枚目はどのカードでも置けます (first card of a turn)"),
        (None, 99, False, "毎手番、1枚目はどのカードでも置けます (first card of a turn)"),
        (22, 82, False, "22の次に、同じ縦の列の82 (same column)"),
        (22, 25, False, "22の次に、同じ横の列の25 (same row)"),
        (25, 37, True, "例1 A: もし25の直後に37を引いていたなら、ミス"),
        (25, 8, False, "例1 A: 25, 08"),
        (8, 37, False, "例1 A: 08, 37"),
        (22, 62, False, "例1 B: 22, then 62 from hand"),
        (62, 81, False, "例1 B: 62, 81"),
        (81, 95, True, "例1 B: 95はミスです"),
        (95, "any", False, "例1 C: 一番下の列なので次は必ずミスしません (bottom row)"),
        (69, "any", False, "例1 C: 一番右の列なので次も必ずミスしません (right column)"),
        (69, 64, False, "例1 C: 69, 64"),
        (64, 45, False, "例1 C: 64, then 45 from hand"),
    ]
    derived = [  # rules X1 "derived checks, not printed in the rulebook"
        (0, 11, True, "derived: both digits greater"),
        (0, 10, False, "derived: same column"),
        (0, 1, False, "derived: same row"),
        (88, 99, True, "derived: both digits greater"),
        (18, 29, True, "derived: both digits greater"),
        (19, 28, False, "derived: right column casts no shadow"),
    ]
    pairs = [{"prev": p, "card": n, "forbidden": f, "source": s} for p, n, f, s in text + derived]
    write("x1_shadow_rule", {"id": "X1", "rule": "M2", "kind": "shadow", "pairs": pairs})
    # M2.3: only the previous card counts (45 is in 00's shadow, but 40 came just before).
    log = Log("A", "B").deal(90, 91).deck(0).deck(50).deck(40).deck(45, miss=False)
    write(
        "x1_only_previous_card_counts",
        {
            "id": "X1-M2.3",
            "rule": "M2",
            "kind": "replay",
            "note": "4枚目は3枚目の右下に置けませんが、1・2枚目の場所は気にしません",
            "doc": log.doc(),
            "checkpoints": [
                {
                    "after": 5,
                    "state": {
                        "seat": "A",
                        "k": 4,
                        "sheet_has": [0, 50, 40, 45],
                        "players": {"A": {"miss": 0}},
                    },
                }
            ],
        },
    )


def x2_example_1() -> None:
    log = (
        Log("A", "B", "C")
        .deal(10, 11, 45)
        # A: 25, 08, 37 from the deck, stop; 3 cards -> 1 card, taken from the deck.
        .deck(25)
        .deck(8)
        .deck(37)
        .stop()
        .draw(50)
        # B: ankh 22 from the deck, draws 62 at once, plays it, 81, then 95 misses.
        .deck(22)
        .draw(62)
        .hand(62)
        .deck(81)
        .deck(95, miss=True)
        # C: takes the missed 95 from the discard, 69, 64 completes an area III, 45 from hand.
        .discard(95)
        .deck(69)
        .deck(64, area="III")
        .hand(45)
        .stop()
        .draw(12)
    )
    write(
        "x2_example_1",
        {
            "id": "X2",
            "rule": "M1",
            "kind": "replay",
            "note": "rules X2 (例1); starting hands and the bonus-draw cards 50 and 12 are chosen "
            "for the vector (the rulebook does not give them)",
            "doc": log.doc(),
            "checkpoints": [
                {
                    "after": 6,
                    "state": {
                        "seat": "A",
                        "phase": "draw",
                        "k": 3,
                        "players": {"A": {"combo": 0, "miss": 0, "hand": [10]}},
                    },
                },
                {
                    "after": 7,
                    "state": {
                        "seat": "B",
                        "k": 0,
                        "players": {"A": {"combo": 0, "miss": 0, "hand": [10, 50]}},
                    },
                },
                {"after": 9, "state": {"seat": "B", "k": 1, "players": {"B": {"hand": [11, 62]}}}},
                {
                    "after": 12,
                    "state": {
                        "seat": "C",
                        "k": 0,
                        "discard": [95],
                        "sheet_has": [22, 62, 81],
                        "players": {"B": {"combo": 0, "miss": -1, "hand": [11]}},
                    },
                },
                {
                    "after": 18,
                    "state": {
                        "seat": "A",
                        "k": 0,
                        "discard": [],
                        "sheet_has": [25, 8, 37, 22, 62, 81, 95, 69, 64, 45],
                        "players": {
                            "A": {"combo": 0, "area": 0, "miss": 0, "hand": [10, 50]},
                            "B": {"combo": 0, "area": 0, "miss": -1, "hand": [11]},
                            "C": {"combo": 1, "area": 3, "miss": 0, "hand": [12]},
                        },
                    },
                },
            ],
        },
    )
    miss = Log("A", "B", "C").deal(10, 11, 45).deck(25).deck(37, miss=True)
    write(
        "x2_example_1_counterfactual",
        {
            "id": "X2-A-counterfactual",
            "rule": "M5",
            "kind": "replay",
            "note": "もし25の直後に37を引いていたなら、ミスでした",
            "doc": miss.doc(),
            "checkpoints": [
                {
                    "after": 4,
                    "state": {
                        "seat": "B",
                        "k": 0,
                        "discard": [37],
                        "players": {"A": {"combo": 0, "miss": -1, "hand": [10]}},
                    },
                }
            ],
        },
    )


def x3_example_2() -> None:
    """例2: play a 3-player game (start player C) down to six deck cards, then the example."""
    log = Log("C", "A", "B").deal(0, 96, 98)  # seat order C, A, B; C starts
    log.hand(0).deck(1).stop()  # C: k=2, no bonus; C's hand is now empty
    log.deck(2).stop().draw(97)  # A: k=1 -> 1 card
    log.deck(3).stop().draw(99)  # B
    log.deck(4).deck(5).stop()  # C
    log.deck(6).deck(7).stop()  # A
    log.deck(8).stop().draw(89)  # B: now holds 98, 99, 89
    pool = [c for c in range(9, 89) if c not in (22, 23)]
    turns = [pool[i : i + 2] for i in range(0, len(pool), 2)]
    turns.insert(5, "ankh")
    for turn in turns:
        if turn == "ankh":  # 22 is an ankh card (rulebook): its draw is compulsory (M7)
            log.deck(22).draw(23).hand(23).stop()
        else:
            for card in turn:
                log.deck(card)
            log.stop()
    start = len(log.moves)
    # A: six deck cards (the 6th empties the deck; the discard is empty), then 96 and 97
    # from hand, stop: 8 cards -> +3 and 1 card, but nothing is left to draw.
    for card in (90, 91, 92, 93, 94, 95):
        log.deck(card, player="A")
    log.hand(96, player="A").hand(97, player="A").stop(player="A")
    # B: one card from hand completes an area (value recorded by the judge), stops holding 2.
    log.hand(98, player="B", area="I").stop(player="B")
    # C and A hold nothing and are skipped (F5); B, the last player with cards, plays on (M12).
    log.hand(99, player="B").stop(player="B")
    log.hand(89, player="B")  # the last card: the turn and the game end (E1)
    write(
        "x3_example_2",
        {
            "id": "X3",
            "rule": "M11",
            "kind": "replay",
            "note": f"rules X3 (例2). Moves before index {start} bring a game to the example's "
            "position; the area value I of B's card is the vector's recorded fact",
            "doc": log.doc(),
            "checkpoints": [
                {
                    "after": start - 1,
                    "state": {
                        "seat": "A",
                        "k": 0,
                        "deck_size": 6,
                        "discard": [],
                        "players": {
                            "A": {"hand": [96, 97]},
                            "B": {"hand": [89, 98, 99]},
                            "C": {"hand": []},
                        },
                    },
                },
                {"after": start + 5, "state": {"seat": "A", "k": 6, "deck_size": 0}},
                {
                    "after": start + 8,
                    "state": {"seat": "B", "k": 0, "players": {"A": {"combo": 3, "hand": []}}},
                },
                {
                    "after": start + 10,
                    "state": {
                        "seat": "B",
                        "k": 0,
                        "players": {"B": {"area": 1, "hand": [89, 99]}, "C": {"hand": []}},
                    },
                },
                {
                    "after": start + 12,
                    "state": {"seat": "B", "k": 0, "players": {"B": {"hand": [89]}}},
                },
                {
                    "after": start + 13,
                    "state": {
                        "phase": "over",
                        "game_over": True,
                        "players": {"C": {"combo": 0}, "A": {"combo": 3}, "B": {"combo": 0}},
                    },
                },
            ],
        },
    )


def x4_x5_sheets() -> None:
    write(
        "x4_rank_points",
        {
            "id": "X4",
            "rule": "S5",
            "kind": "sheet",
            "note": "コンボトラックの10のマスにA, 9にB・C, 8にD: Aが1位で6点, B・Cが2位で4点ずつ, "
            "Dが4位で0点. Area and Miss values are the vector's; their printed points "
            "are unknown in the default edition",
            "doc": {
                "game": "nile_murals",
                "players": ["A", "B", "C", "D"],
                "sheet": {
                    "players": [
                        {"combo": 10, "area": 6, "miss": -2},
                        {"combo": 9, "area": 6, "miss": -1},
                        {"combo": 9, "area": 5, "miss": 0},
                        {"combo": 8, "area": 3, "miss": -3},
                    ]
                },
            },
            "expect": {
                "points": {
                    "combo": [6, 4, 4, 0],
                    "area": [None, None, None, 0],
                    "miss": [None, None, None, 0],
                },
                "unchecked_items": ["area rank points", "miss rank points"],
            },
        },
    )
    write(
        "x5_tiebreak_sum",
        {
            "id": "X5",
            "rule": "T2",
            "kind": "sheet",
            "note": "コンボ・エリア・ミスの各トラックのコマが10・6・-2のマスにあれば、10+6-2=14",
            "doc": {
                "game": "nile_murals",
                "players": ["A", "B"],
                "sheet": {
                    "players": [
                        {"combo": 10, "area": 6, "miss": -2},
                        {"combo": 10, "area": 6, "miss": -3},
                    ]
                },
            },
            # The default edition lost the Miss points of 1st and 2nd: which of A and B
            # leads is unknown, so they share rank 1 (T2 is only reached on equal totals;
            # test_scoring checks it with supplied points).
            "expect": {"tiebreak": [[14], [13]], "ranks": [1, 1], "points": {"combo": [6, 6]}},
        },
    )


def x6_combo_bonus() -> None:
    write(
        "x6_combo_bonus_table",
        {
            "id": "X6",
            "rule": "S1",
            "kind": "combo_bonus",
            "note": "k=1 1 card; k=2 nothing; k=3 1 card; k=4 +1 & 1 card; k=8 +3 & 1 card; "
            "5, 6, 7, 9, 10: points from the chart, cards unknown (null)",
            "table": {
                "1": [0, 1],
                "2": [0, 0],
                "3": [0, 1],
                "4": [1, 1],
                "5": [0, None],
                "6": [2, None],
                "7": [0, None],
                "8": [3, 1],
                "9": [0, None],
                "10": [5, None],
            },
        },
    )

    # M10: a 2-card bonus taken as the deck's top card, looked at, then a discard card.
    def log(edition=None):
        return (
            Log("A", "B", edition=edition)
            .deal(10, 11)
            .deck(30)
            .deck(41, miss=True)  # A misses: 41 goes to the discard
            .deck(50)
            .deck(51)
            .deck(52)
            .deck(53)
            .deck(54)
            .stop()  # B: 5 cards
            .draw(60)
            .draw(41, source="discard")
            .deck(0)
        )  # A's turn begins

    write(
        "x6_bonus_draw_deck_then_discard",
        {
            "id": "X6-M10",
            "rule": "M10",
            "kind": "replay",
            "note": "例: ボーナスがカード2枚のとき、まず山札を1枚引き、その内容を見てから、"
            "次に場札を"
            "引きました. With the default edition the count for 5 cards is unknown, so the "
            "draws are accepted and listed as unchecked",
            "doc": log().doc(),
            "checkpoints": [
                {
                    "after": 12,
                    "state": {
                        "seat": "A",
                        "k": 1,
                        "discard": [],
                        "players": {"B": {"hand": [11, 41, 60]}},
                        "unchecked_items": ["ankh cards", "area completions", "combo bonus cards"],
                    },
                }
            ],
        },
    )
    write(
        "x6_bonus_draw_made_up_edition",
        {
            "id": "X6-M10-edition",
            "rule": "M10",
            "kind": "replay",
            "note": "the same draws with the made-up test edition (5 cards -> 2 cards): checked",
            "doc": log(edition="@made_up").doc(),
            "checkpoints": [
                {
                    "after": 12,
                    "state": {
                        "seat": "A",
                        "k": 1,
                        "discard": [],
                        "players": {"B": {"hand": [11, 41, 60]}},
                        "unchecked_items": [],
                    },
                }
            ],
        },
    )


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    x1_shadow()
    x2_example_1()
    x3_example_2()
    x4_x5_sheets()
    x6_combo_bonus()
    print("wrote", sorted(p.name for p in OUT.glob("*.json")))
