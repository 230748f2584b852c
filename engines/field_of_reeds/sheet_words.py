# ruff: noqa: E501  (the rule sentences are kept whole, one per line)
"""How the score-sheet form asks for Field of Reeds' fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

ENTRY = {
    "distance": {"unknown": True},  # spaces still to go: a judge may not have counted them
    "points": {"unknown": True},
    "shabti": {"unknown": True},  # only the T2 tiebreak uses it
    "black_to": {"folded": True},
    "reused": {"folded": True},
    "djeds_complete": {"folded": True},
    "total": {"folded": True},  # a cross-check of the score track
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
    "points": ("Points from cards at this level", "このレベルのカードによる得点"),
    "shabti": ("Shabti", "身代わり人形"),
    "total": ("Score track at the end (cross-check)", "終了時の得点トラック（照合用）"),
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
    "distance": (
        "S4",
        "Spaces the piece still had to go to reach the watcher space when the level was scored.",
        "レベルの得点計算のとき、監視者マスまで残っていたマス数です。",
    ),
}


def shown(name: str, options: dict, index: int | None) -> bool:
    """The watcher-space Djed is on level 3 only (M16)."""
    return index == 2 if name == "watcher" else True
