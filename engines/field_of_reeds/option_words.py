"""The words of Field of Reeds' options and presets, in English and Japanese, for the
organizer's event form (``engine.option_controls``, ``engines/core/option_forms.py``):
each preset's name (``RULE_SETS``) and each option as ``(label, choices)`` (``OPTIONS``;
choices None: the core's words for a yes/no switch; a list's choices name its items).
Every text is ``(English, Japanese)``.
"""

_SIDE = {"front": ("front", "表"), "back": ("back", "裏")}

RULE_SETS = {
    "standard": ("Standard", "標準"),
    "beginner": (
        "Beginners: 1 shabti to start, may stop moving (V1, V2)",
        "初心者：身代わり人形1個で開始、移動を途中でやめられる（V1、V2）",
    ),
    "general": ("General: shuffle the fresh packet (V3)", "一般：配られた束を切り混ぜる（V3）"),
    "advanced": (
        "Advanced: reorder and pass every packet (V4)",
        "上級：毎回束を並べ替えて回す（V4）",
    ),
}

OPTIONS = {
    "board_sides.0": (("Board 1 (V0)", "ボード1（V0）"), _SIDE),
    "board_sides.1": (("Board 2 (V0)", "ボード2（V0）"), _SIDE),
    "board_sides.2": (("Board 3 (V0)", "ボード3（V0）"), _SIDE),
    "beginner_shabti": (
        ("Everyone starts with 1 shabti (V1)", "全員が身代わり人形1個で開始（V1）"),
        None,
    ),
    "beginner_shabti_seats": (
        (
            "Only these seats start with 1 shabti (V1, beginners)",
            "この席だけ身代わり人形1個で開始（V1、初心者）",
        ),
        {n: (f"seat {n}", f"{n}番席") for n in range(1, 5)},
    ),
    "beginner_free_stop": (
        ("A player may stop moving with value left (V2)", "値が残っていても移動をやめられる（V2）"),
        None,
    ),
    "initial_shuffle": (
        ("Shuffle a fresh 7-card packet (V3)", "配られた7枚の束を切り混ぜる（V3）"),
        None,
    ),
    "advanced_reorder": (
        ("Reorder and pass each packet before picking (V4)", "取る前に束を並べ替えて回す（V4）"),
        None,
    ),
}
