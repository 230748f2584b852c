"""The words of Nile Murals' options and presets, in English and Japanese, for the
organizer's event form (``engine.option_controls``, ``engines/core/option_forms.py``):
each preset's name (``RULE_SETS``) and each option as ``(label, choices)`` (``OPTIONS``;
choices None: the core's words for a yes/no switch). Every text is ``(English, Japanese)``.
"""

RULE_SETS = {
    "standard": ("Standard", "標準"),
    "shadowed_choice_is_miss": (
        "A shadowed card chosen is a miss (G7)",
        "影のカードを選んだらミス扱い（G7）",
    ),
    "no_combo_on_final_turn": (
        "No Combo points on the final turn (G8)",
        "最後の手番はコンボの得点なし（G8）",
    ),
}

OPTIONS = {
    "shadowed_hand_or_discard": (
        (
            "A shadowed card chosen from the hand or the discard (G7)",
            "手札や捨て札から影のカードを選んだとき（G7）",
        ),
        {
            "illegal": ("not allowed: the player chooses again", "認めない：選び直す"),
            "miss": ("scored as a miss", "ミスとして扱う"),
        },
    ),
    "combo_on_final_turn": (
        (
            "The turn that places the last card takes its Combo points (G8)",
            "最後のカードを置いた手番もコンボの得点を得る（G8）",
        ),
        None,
    ),
}
