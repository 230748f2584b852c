"""The words of Tameri's options and presets, in English and Japanese, for the organizer's
event form (``engine.option_controls``, ``engines/core/option_forms.py``): each preset's
name (``RULE_SETS``) and each option as ``(label, choices)`` (``OPTIONS``; choices None:
the core's words for a yes/no switch). Every text is ``(English, Japanese)``.
"""

RULE_SETS = {
    "standard": ("Standard", "標準"),
    "board_glyph_always": (
        "The board's glyph counts for every card (A3 b)",
        "ボードのヒエログリフをすべてのカードで使う（A3 b）",
    ),
}

OPTIONS = {
    "board_glyph_reference": (
        ("The board's glyph (A3)", "ボードのヒエログリフ（A3）"),
        {
            "first_card": ("only for the season's first card", "季節の最初のカードだけに使う"),
            "every_card": (
                "for every card, instead of the previous card",
                "すべてのカードで、直前のカードの代わりに使える",
            ),
        },
    ),
    "face_down_weather": (
        ("Weather on a face-down card may be used (A4)", "裏向きのカードの天候効果を使える（A4）"),
        None,
    ),
    "offering_points": (
        (
            "Points of an offering of 5 by the 2-for-1 exchange (A5)",
            "2対1の交換を使った5個の供物の得点（A5）",
        ),
        {
            "slots": ("different kinds, at most 4, plus 1", "異なる種類の数（最大4）＋1"),
            "count": ("the number of resources plus 1", "資源の個数＋1"),
        },
    ),
    "five_removal": (
        ("Five spheres of one colour on a ramp (A1)", "傾斜路に同じ色の球が5個（A1）"),
        {
            "bottom": (
                "remove the ramp's bottom sphere, whatever its colour",
                "色に関係なく傾斜路のいちばん下の球を取り除く",
            ),
            "bottom_of_colour": (
                "remove the bottom sphere of that colour",
                "その色のいちばん下の球を取り除く",
            ),
        },
    ),
}
