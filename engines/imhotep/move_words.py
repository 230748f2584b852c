# ruff: noqa: E501  (one entry per line reads best as a table)
"""The words of Imhotep's move log, in English and Japanese: each move type's name and
the sentence an entered move reads back as, each field's label and each choice's name.

``engines.core.move_forms`` builds the step forms of the judge's page from the log schema
and these words, and reads a logged move as a sentence (``engine.move_sentences``). Each
text is ``(English, Japanese)``; the Japanese follows the terms of ``messages_ja``.
"""

NESTED = False  # records with lists, squares and maps (else one flat form per move)

MOVES = {
    "round": (
        ("Round card", "ラウンドカード"),
        ("Round card: ships of {ships} spaces", "ラウンドカード：船の大きさ {ships}"),
    ),
    "reveal": (
        ("Market card revealed", "市場カードの公開"),
        ("Market card revealed: {card}", "市場カードを公開：{card}"),
    ),
    "draw": (
        ("Card drawn from the market deck", "市場の山札から引いたカード"),
        ("Card drawn from the deck: {card}", "山札から引いたカード：{card}"),
    ),
    "quarry": (
        ("Take stones from the quarry", "石切り場から石材を取る"),
        ("{by} takes {count} stones from the quarry", "{by}が石切り場から石材を{count}個取る"),
    ),
    "load": (
        ("Load a stone", "石材を船に積む"),
        (
            "{by} loads a stone onto ship {ship}, space {space}",
            "{by}が船{ship}の{space}番目の場所に石材を積む",
        ),
    ),
    "sail": (
        ("Sail a ship", "船を出航させる"),
        ("{by} sails ship {ship} to the {site}", "{by}が船{ship}を{site}へ出航させる"),
    ),
    "play_lever": (
        ("Play Lever", "てこを使う"),
        (
            "{by} plays Lever: ship {ship} to the {site}, unloading {order}",
            "{by}がてこを使う：船{ship}を{site}へ、荷降ろしの順 {order}",
        ),
    ),
    "play_hammer": (
        ("Play Hammer", "ハンマーを使う"),
        (
            "{by} plays Hammer: takes {take}, loads ship {ship}, space {space}",
            "{by}がハンマーを使う：石材を{take}個取り、船{ship}の{space}番目に積む",
        ),
    ),
    "play_sail": (
        ("Play Sail", "帆を使う"),
        (
            "{by} plays Sail: loads ship {ship}, space {space}, sails to the {site}",
            "{by}が帆を使う：船{ship}の{space}番目に積み、{site}へ出航させる",
        ),
    ),
    "play_chisel": (
        ("Play Chisel", "のみを使う"),
        ("{by} plays Chisel: loads {loads}", "{by}がのみを使う：{loads}に積む"),
    ),
    "pass": (("Pass", "パス"), ("{by} passes", "{by}がパスする")),
    "take": (
        ("Take a market card", "市場カードを取る"),
        ("{by} takes {card}", "{by}が{card}を取る"),
    ),
    "place_pyramid": (
        ("Place on the pyramid", "ピラミッドに置く"),
        ("{by} places a stone on pyramid {pyramid}", "{by}がピラミッド{pyramid}に石材を置く"),
    ),
    "temple_reward": (
        ("Temple reward", "神殿の報酬"),
        ("{by} takes the temple reward", "{by}が神殿の報酬を受け取る"),
    ),
    "printed": (
        ("Printed value read off a component", "コンポーネントから読み取った印刷値"),
        ("Printed value {key}: {value}", "印刷値 {key}：{value}"),
    ),
}

FIELDS = {
    "ships": ("Ship sizes (spaces, e.g. 4 3 2 2)", "船の大きさ（場所の数、例：4 3 2 2）"),
    "min_loads": ("Stones each ship needs before it may sail", "出航に必要な石材の数（船ごと）"),
    "card": ("Card", "カード"),
    "count": ("Stones", "石材の数"),
    "ship": ("Ship", "船"),
    "space": ("Space", "場所"),
    "site": ("Site", "行き先"),
    "order": ("Unloading order (spaces, e.g. 2 1 3)", "荷降ろしの順（場所の番号、例：2 1 3）"),
    "take": ("Stones taken", "取った石材の数"),
    "loads": ("Stones loaded", "積んだ石材"),
    "keep": ("Card kept (from a pair)", "残したカード（2枚のうち）"),
    "pyramid": ("Pyramid", "ピラミッド"),
    "points": ("Printed points", "印刷された得点"),
    "bonus": ("Printed bonus", "印刷されたボーナス"),
    "load": ("Stone loaded by the bonus", "ボーナスで積んだ石材"),
    "key": ("Which printed value", "どの印刷値か"),
    "value": ("Value", "値"),
    "by": ("Player", "プレイヤー"),
}

# A value's name by field.
CHOICES = {
    ("card", "pyramid_decoration"): ("Pyramid Decoration", "ピラミッドの装飾"),
    ("card", "temple_decoration"): ("Temple Decoration", "神殿の装飾"),
    ("card", "burial_decoration"): ("Burial Chamber Decoration", "埋葬室の装飾"),
    ("card", "obelisk_decoration"): ("Obelisk Decoration", "オベリスクの装飾"),
    ("card", "statue"): ("Statue", "偶像"),
    ("card", "lever"): ("Lever", "てこ"),
    ("card", "hammer"): ("Hammer", "ハンマー"),
    ("card", "sail"): ("Sail", "出航"),
    ("card", "chisel"): ("Chisel", "のみ"),
    ("card", "entrance"): ("Entrance", "エントランス"),
    ("card", "sarcophagus"): ("Sarcophagus", "石棺"),
    ("card", "paved_path"): ("Paved Path", "舗装された道"),
    ("card", "pair"): ("A pair of cards", "2枚組のカード"),
    ("site", "market"): ("Market", "市場"),
    ("site", "pyramid"): ("Pyramid", "ピラミッド"),
    ("site", "temple"): ("Temple", "神殿"),
    ("site", "burial"): ("Burial Chamber", "埋葬室"),
    ("site", "obelisk"): ("Obelisk", "オベリスク"),
}

# A field whose choices are named like another's.
CHOICES_SAME_FOR = {"keep": "card"}

# 0-based indices the table calls 1, 2, 3...
ONE_BASED = {"order", "pyramid", "space", "ship"}

# Fields naming the player who acts: a choice among the seated players.
SEAT_FIELDS = {"by", "player"}
