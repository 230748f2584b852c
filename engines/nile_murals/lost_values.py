"""The printed values Nile Murals' rulebook text lost, in words (pure data).

An organizer copies them from a printed copy on the console's short screen
(tournaments/console/services/lost_values.py); the screen lists those the bundled edition
leaves unknown. Each entry: the edition's dotted ``path``, its ``label`` and ``meaning`` as
(English, Japanese), the ``rule`` (shared/rules/nile_murals.md) that prints it, and the
bounds a printed value keeps (``minimum`` / ``maximum``, None: open).
"""

from __future__ import annotations

from typing import Any

from engines.nile_murals.sheet_words import LABELS

_PLACES = (("1st", "1位"), ("2nd", "2位"), ("3rd", "3位"))


def _rank(track: str, place: int) -> dict[str, Any]:
    track_en, track_ja = LABELS[track]
    place_en, place_ja = _PLACES[place]
    return {
        "path": f"rank_points.{track}.{place}",
        "label": (
            f"{track_en}: points for {place_en} place",
            f"{track_ja}：{place_ja}の得点",
        ),
        "meaning": (
            "Printed on the score sheet beside the track. Every player of that rank scores it.",
            "得点シートのトラック横に印刷されています。その順位のプレイヤー全員が得ます。",
        ),
        "rule": "S5",
        "minimum": 0,
        "maximum": None,
    }


def _combo_cards(cards: int) -> dict[str, Any]:
    return {
        "path": f"combo_bonus.{cards}.cards",
        "label": (
            f"Combo Bonus for {cards} cards: cards drawn",
            f"コンボボーナス（{cards}枚）：引くカードの枚数",
        ),
        "meaning": (
            f"The card icons printed on the Combo Bonus chart at {cards} cards placed in one "
            "turn (0 to 4).",
            f"1手番に{cards}枚置いたときにコンボボーナス表に印刷されているカードの絵の数（0～4）。",
        ),
        "rule": "S1",
        "minimum": 0,
        "maximum": 4,
    }


LOST_VALUES: tuple[dict[str, Any], ...] = (
    *(_rank(track, place) for track in ("combo", "area", "miss") for place in range(3)),
    *(_combo_cards(cards) for cards in range(1, 11)),
)
