"""The printed values Field of Reeds' rulebook text lost, in words (pure data).

An organizer copies them from a printed copy on the console's short screen
(tournaments/console/services/lost_values.py); the screen lists those the bundled edition
leaves unknown. Each entry: the edition's dotted ``path``, its ``label`` and ``meaning`` as
(English, Japanese), the ``rule`` (shared/rules/field_of_reeds.md) that prints it, and the
bounds a printed value keeps (``minimum`` / ``maximum``, None: open).
"""

from __future__ import annotations

from typing import Any


def _penalty(spaces: int) -> dict[str, Any]:
    return {
        "path": f"penalty_by_distance.{spaces}",
        "label": (
            f"Movement penalty, {spaces} spaces short",
            f"移動ペナルティ（あと{spaces}マス）",
        ),
        "meaning": (
            f"Points lost at a level's end by a player still {spaces} spaces from the watcher "
            "space (a negative number or 0), as printed in the penalty table.",
            f"階層の終わりに見張りのマスまであと{spaces}マス残っているプレイヤーの失点"
            "（負の数または0）。ペナルティ表に印刷されている値です。",
        ),
        "rule": "S5",
        "minimum": None,
        "maximum": 0,
    }


LOST_VALUES: tuple[dict[str, Any], ...] = (
    {
        "path": "level2_table.4",
        "label": (
            "Level 2: points for 4 Djeds of one colour",
            "第2階層：同じ色のジェド4個の得点",
        ),
        "meaning": (
            "From the level-2 table printed on the player sheet (the text gives 0, 0, 1, 3, "
            "?, 10 for 0 to 5 Djeds).",
            "プレイヤーシートに印刷された第2階層の表から（ルールの文章ではジェド0～5個で "
            "0、0、1、3、?、10）。",
        ),
        "rule": "S3",
        "minimum": 0,
        "maximum": None,
    },
    *(_penalty(spaces) for spaces in range(4, 9)),
)
