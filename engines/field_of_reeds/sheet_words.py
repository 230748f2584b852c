# ruff: noqa: E501  (the rule sentences are kept whole, one per line)
"""How the score-sheet form asks for Field of Reeds' fields (pure data; see
engines/tameri/sheet_words.py for what each entry means; ``blank``: a number box that starts
empty, sent only when typed, for a value needed only at times; ``subtotal_only``: asked
only when the event's judges enter subtotals)."""

from __future__ import annotations

ENTRY = {
    "distance": {"unknown": True},  # spaces still to go: a judge may not have counted them
    "points": {"unknown": True},
    "shabti": {"unknown": True},  # only the T2 tiebreak uses it
    "black_to": {"folded": True},
    "reused": {"folded": True},
    "djeds_complete": {"folded": True},
    "total": {"folded": True},  # a cross-check of the score track
    # Asked by the subtotal entry only (a detailed sheet works them out from the colours).
    "djed_points": {"subtotal_only": True},
    # The T2 tiebreak: needed only where totals tie, so the box starts empty (= not recorded)
    # rather than at a 0 the sheet would then claim.
    "djeds_on_sheet": {"subtotal_only": True, "blank": True},
}


# Words a judge reads on the sheet form, as (English, Japanese): labels by field name,
# row titles of lists ("Level 2"), the printed names of choices, and hints that depend on
# the event's board sides. The pages pick the language (tournaments/results/forms.py).
LABELS = {
    "levels": ("Levels", "レベル"),
    "reached": ("Reached the watcher space", "監視者マスに到達した"),
    "distance": ("Spaces still to go", "監視者マスまでの残りマス数"),
    "djeds": (
        "Djeds moved to the sheet, by space colour",
        "得点シートに移したジェド柱（マスの色ごと）",
    ),
    "black_to": ("Where the black-space Djeds went", "黒マスのジェド柱の移動先"),
    "reused": (
        "Djeds taken back from the sheet to place again",
        "得点シートから戻して置き直したジェド柱",
    ),
    "djeds_complete": (
        "All Djeds of this level are known",
        "このレベルのジェド柱はすべて分かっている",
    ),
    "djed_points": ("Djed bonus at this level", "このレベルのジェド柱ボーナス"),
    "points": ("Points from cards at this level", "このレベルのカードによる得点"),
    "shabti": ("Shabti", "身代わり人形"),
    "total": ("Score track at the end (cross-check)", "終了時の得点トラック（照合用）"),
    "djeds_on_sheet": (
        "Djeds on the player sheet at the end (needed for a tie)",
        "終了時にプレイヤーシートにあるジェド柱の数（同点のときに必要）",
    ),
    "red": ("Red", "赤"),
    "blue": ("Blue", "青"),
    "yellow": ("Yellow", "黄"),
    "black": ("Black", "黒"),
    "watcher": ("Watcher space", "監視者マス"),
}
ITEM_LABELS = {
    "levels": ("Level", "レベル"),
}

# The rule behind a field, one tap away on the form: (rule id, English, Japanese).
HELP = {
    "reused": (
        "Q11",
        "With the Djed supply empty, a player may take Djeds back from their sheet to place them again.",
        "ジェド柱のサプライが空のとき、得点シートから自分のジェド柱を戻して置き直せます。",
    ),
    "points": (
        "S1",
        "The points the cards gave during this level, less the points paid for cards (may be below 0).",
        "このレベルの間にカードで得た点から、カードで支払った点を引いた値です（マイナスもあります）。",
    ),
    "black_to": (
        "S3",
        "Djeds on black spaces go to any colour's area of the sheet, the player's choice; left closed, the engine picks the best.",
        "黒マスのジェド柱は得点シートの好きな色の欄に移せます（プレイヤーの選択）。開かなければエンジンが最も有利な移動先を選びます。",
    ),
    "djed_points": (
        "S4",
        "The points the player sheet's formula gave for the Djeds on it when this level was scored (level 1: one per Djed; level 2: per colour; level 3: 4 per red-blue-yellow set).",
        "この階層の貢献点計算でプレイヤーシートの計算式がシート上のジェド柱に与えた点です（第1階層：1個1点、第2階層：色ごと、第3階層：赤青黄1セット4点）。",
    ),
    "djeds_on_sheet": (
        "T2",
        "Ties are broken by more Djeds placed (on the player sheet), then more shabti; left empty, a tie it would break is shared.",
        "同点のときは配置したジェド柱（プレイヤーシート上）が多い方、次に身代わり人形が多い方が上位です。空欄のままなら、それで決まる同点は同順位になります。",
    ),
    "distance": (
        "S4",
        "Spaces the piece still had to go to reach the watcher space when the level was scored.",
        "レベルの得点計算のとき、監視者マスまで残っていたマス数です。",
    ),
}


# The subtotal entry an organizer may choose for the event (console: score sheet entry):
# each level's Djed bonus, as the player sheet's printed formula gives it and the score
# track moves by it (7-2), and the Djeds on the sheet at the end (the T2 tiebreak), instead
# of every level's Djeds by the colour of their space (up to 5 counts per level and player).
SUBTOTAL = {
    "hides": ("djeds", "black_to", "reused"),
    "asks": ("djed_points", "djeds_on_sheet"),
    "gives_up": (
        (
            "Each level's Djed bonus is taken as written, not worked out from the Djeds by colour (S3, S4); only whether some sheet of that many Djeds can score it is checked (level 1: one point per Djed; level 2: the per-colour table; level 3: 4 per set).",
            "各階層のジェド柱ボーナスは色ごとのジェド柱から計算せず、書かれた値のまま受け取ります（S3、S4）。確認するのは、その数のジェド柱でその点が取れるかだけです（第1階層：1個1点、第2階層：色ごとの表、第3階層：1セット4点）。",
        ),
        (
            "Djeds on black spaces and on the level-3 watcher space are not assigned to a colour to the player's best advantage (S3, G14).",
            "黒マスと第3階層の監視者マスのジェド柱を、プレイヤーに最も有利な色へ割り当てることはしません（S3、G14）。",
        ),
        (
            "A Djed on the level-3 watcher space is not checked to belong to a player who reached it, nor to be the only one (M16, L7).",
            "第3階層の監視者マスのジェド柱が、到達したプレイヤーのものか、1個だけかは確認しません（M16、L7）。",
        ),
        (
            "The level-2 arrival is checked against the Djeds on the sheet, not the Djeds on that board (L11); Djeds taken back from the sheet are not checked (Q11, L6).",
            "第2階層の到達は、そのボードのジェド柱ではなくシート上のジェド柱の数で確認します（L11）。シートから戻したジェド柱は確認しません（Q11、L6）。",
        ),
        (
            "Djeds on the sheet at the end are needed only where totals tie (T2); left empty, the bonuses are checked against 12 Djeds and such a tie is shared.",
            "終了時のシート上のジェド柱の数は同点のときだけ必要です（T2）。空欄なら、ボーナスは12個を上限に確認し、その同点は同順位になります。",
        ),
    ),
}


def shown(name: str, options: dict, index: int | None) -> bool:
    """The watcher-space Djed is on level 3 only (M16)."""
    return index == 2 if name == "watcher" else True
