"""The words of Imhotep's options and presets, in English and Japanese, for the organizer's
event form (``engine.option_controls``, ``engines/core/option_forms.py``).

``RULE_SETS``: each preset's name. ``OPTIONS``: each option (a dotted path into
``options.Options``) as ``(label, choices)``; ``choices`` names each value (None: the
core's words for a yes/no switch). Every text is ``(English, Japanese)``.
"""

_SIDE = {"A": ("side A", "A面"), "B": ("side B (V1-V5)", "B面（V1〜V5）")}

RULE_SETS = {
    "standard": ("Standard: every board on side A", "標準：すべてのボードがA面"),
    "all-b": ("Every board on side B", "すべてのボードがB面"),
    "pharaohs-wrath": ("Standard with Pharaoh's Wrath (V6)", "標準＋ファラオの怒り（V6）"),
}

OPTIONS = {
    "sides.market": (("Market board", "市場のボード"), _SIDE),
    "sides.pyramid": (("Pyramid board", "ピラミッドのボード"), _SIDE),
    "sides.temple": (("Temple board", "神殿のボード"), _SIDE),
    "sides.burial": (("Burial chamber board", "埋葬室のボード"), _SIDE),
    "sides.obelisk": (("Obelisk board", "オベリスクのボード"), _SIDE),
    "pharaohs_wrath": (
        (
            "Pharaoh's Wrath (V6): -5 for a player with no stone on a monument",
            "ファラオの怒り（V6）：石材のない建造物があるプレイヤーは−5点",
        ),
        None,
    ),
    "wrath_counts_pyramid_overflow": (
        (
            "Pharaoh's Wrath: stones beside the Pyramid count as on it",
            "ファラオの怒り：ピラミッドからあふれた石材もピラミッドに置いたとみなす",
        ),
        None,
    ),
    "statue_scoring": (
        ("Statue points (G11)", "偶像の得点（G11）"),
        {
            "table": (
                "as the card's table: 1, 3, 6, 10, 15, then +2 each",
                "カードの表のとおり：1・3・6・10・15、以降1枚につき+2",
            ),
            "text": (
                "as the rule text: +2 each from the 5th",
                "ルール本文のとおり：5枚目から1枚につき+2",
            ),
        },
    ),
    "allow_quarry_zero": (
        (
            "Taking 0 stones from the quarry is an action (G14)",
            "石切り場から0個取るのも手番の行動として認める（G14）",
        ),
        None,
    ),
}
