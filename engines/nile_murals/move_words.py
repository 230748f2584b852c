# ruff: noqa: E501  (one entry per line reads best as a table)
"""The words of Nile Murals's move log, in English and Japanese: each move type's name and
the sentence an entered move reads back as, each field's label and each choice's name.

``engines.core.move_forms`` builds the step forms of the judge's page from the log schema
and these words, and reads a logged move as a sentence (``engine.move_sentences``). Each
text is ``(English, Japanese)``; the Japanese follows the terms of ``messages_ja``.
"""

NESTED = False  # records with lists, squares and maps (else one flat form per move)

MOVES = {
    "deal": (
        ("Deal a starting card", "最初のカードを配る"),
        ("{player} is dealt card {card}", "{player}にカード{card}を配る"),
    ),
    "place": (
        ("Place a card", "カードを置く"),
        (
            "{player} places card {card} from the {source}",
            "{player}が{source}からカード{card}を置く",
        ),
    ),
    "stop": (
        ("End the turn", "手番を終える"),
        ("{player} ends the turn", "{player}が手番を終える"),
    ),
    "draw": (
        ("Draw a card", "カードを引く"),
        (
            "{player} draws card {card} from the {source}",
            "{player}が{source}からカード{card}を引く",
        ),
    ),
}

FIELDS = {
    "card": ("Card number", "カード番号"),
    "player": ("Player", "プレイヤー"),
    "source": ("From", "取った場所"),
    "ankh": ("The card shows an ankh", "カードにアンクがある"),
    "area": ("Area value printed on the card", "カードに印刷されたエリアの値"),
    "miss": ("Missed (no free square)", "ミス（置けるマスがない）"),
}

# A value's name by field.
CHOICES = {
    ("source", "deck"): ("deck", "山札"),
    ("source", "hand"): ("hand", "手札"),
    ("source", "discard"): ("discard pile", "場札置場"),
    ("area", "none"): ("none", "なし"),
}

# A field whose choices are named like another's.
CHOICES_SAME_FOR: dict[str, str] = {}

# 0-based indices the table calls 1, 2, 3...
ONE_BASED: set[str] = set()

# Fields naming the player who acts: a choice among the seated players.
SEAT_FIELDS = {"by", "player"}

# Printed facts the edition does not hold (which cards show an ankh, which complete an
# area), asked by the judge's scribe once the card is chosen: per move type, questions in
# order, each answer the fields it sets (a miss sets no area: the card is not placed).
SCRIBE_ASKS = {
    "place": (
        (
            ("The card shows an ankh?", "カードにアンクはありますか"),
            (
                ({"ankh": False}, ("No ankh", "アンクなし")),
                ({"ankh": True}, ("Ankh", "アンクあり")),
            ),
        ),
        (
            (
                "Area value printed on the card, or a miss",
                "カードに印刷されたエリアの値、またはミス",
            ),
            (
                ({"area": "none"}, ("No area", "エリアなし")),
                ({"area": "I"}, ("Area I", "エリア I")),
                ({"area": "II"}, ("Area II", "エリア II")),
                ({"area": "III"}, ("Area III", "エリア III")),
                ({"miss": True}, ("Missed (no free square)", "ミス（置けるマスがない）")),
            ),
        ),
    ),
}
