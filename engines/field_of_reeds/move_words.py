# ruff: noqa: E501  (one entry per line reads best as a table)
"""The words of Field of Reeds's move log, in English and Japanese: each move type's name and
the sentence an entered move reads back as, each field's label and each choice's name.

``engines.core.move_forms`` builds the step forms of the judge's page from the log schema
and these words, and reads a logged move as a sentence (``engine.move_sentences``). Each
text is ``(English, Japanese)``; the Japanese follows the terms of ``messages_ja``.
"""

NESTED = True  # records with lists, squares and maps (else one flat form per move)

MOVES = {
    "deal": (
        ("Deal the draft packets", "カード配布"),
        ("Draft packets dealt: {packets}", "ドラフトカードの配布：{packets}"),
    ),
    "reorder": (
        ("Reorder a draft packet (advanced rule)", "ドラフトカードの並べ替え（上級ルール）"),
        ("{seat} reorders the packet: {order}", "{seat}がドラフトカードを並べ替え：{order}"),
    ),
    "pick": (
        ("Take a card from the packet", "カード取得"),
        ("{seat} takes card {card}", "{seat}がカード {card} を取得"),
    ),
    "udjat_take": (
        ("Take an Udjat eye card", "ウジャトの眼カードの獲得"),
        (
            "{seat} takes an Udjat eye card, discarding {discard}",
            "{seat}が {discard} を捨ててウジャトの眼カードを獲得",
        ),
    ),
    "udjat_use": (
        ("Use an Udjat eye card", "ウジャトの眼カードの使用"),
        ("{seat} uses an Udjat eye card: {gain}", "{seat}がウジャトの眼カードを使用：{gain}"),
    ),
    "play": (
        ("Play god cards and move", "神様カードのプレイと移動"),
        ("{seat} plays {cards} and enters {path}", "{seat}が {cards} をプレイし、{path} に進む"),
    ),
    "pass": (("Pass", "パス"), ("{seat} passes", "{seat}がパス")),
    "score_level": (
        ("Score the level", "階層の貢献点計算"),
        ("The level is scored", "階層の貢献点を計算"),
    ),
    "reveal": (
        ("Reveal a card (its printed facts)", "カードの公開（印刷内容）"),
        ("Card {card} is revealed", "カード {card} を公開"),
    ),
}

FIELDS = {
    "seat": ("Player", "プレイヤー"),
    "packets": ("Draft packets (one per player)", "ドラフトカード（プレイヤーごとに1束）"),
    "excluded": ("Cards excluded (exclusion icon)", "除外したカード（除外アイコン）"),
    "facts": ("Printed facts of the cards (optional)", "カードの印刷内容（任意）"),
    "attribute": ("Attribute icons", "属性アイコン"),
    "value": ("Value", "値"),
    "cost_shabti": ("Cost in shabti", "コスト（身代わり人形）"),
    "cost_points": ("Cost in points", "コスト（貢献点）"),
    "djed_before": ("Djeds before moving", "移動前に置くジェド柱"),
    "djed_after": ("Djeds after moving", "移動後に置くジェド柱"),
    "gain_shabti": ("Shabti gained", "獲得する身代わり人形"),
    "gain_points": ("Points gained", "獲得する貢献点"),
    "exclusion": ("Exclusion icon", "除外アイコン"),
    "level": ("Level icon", "階層の追加アイコン"),
    "special": ("Other printed effect", "その他の印刷された効果"),
    "order": ("The packet in its new order", "並べ替えた後のドラフトカード"),
    "card": ("Card", "カード"),
    "slot": (
        "Unknown card dealt after a reshuffle (?1, ?2, ...)",
        "切り混ぜ後に配られた不明カード（?1, ?2, ...）",
    ),
    "discard": ("Cards discarded", "捨てたカード"),
    "gain": ("Gain", "獲得するもの"),
    "cards": ("Cards played", "プレイした神様カード"),
    "id": ("Card", "カード"),
    "printed": ("Printed facts (if not known yet)", "印刷内容（まだ分からない場合）"),
    "choose": ("Attribute taken", "獲得した属性"),
    "go_back_to": ("Space after going back 1 (X+1 card)", "1マス戻った後のマス（X+1のカード）"),
    "path": ("Spaces entered, in order", "進んだマス（順に）"),
    "stop_neighbours": ("Spaces next to the final space", "止まったマスの隣のマス"),
    "reuse_from": ("Sheet area a Djed is taken back from", "ジェド柱を取り戻すシートの区画"),
    "space": ("Space", "マス"),
    "colour": ("Space colour", "マスの色"),
    "cost": ("Cost icons", "コストのアイコン"),
    "resource": ("Resource icon", "資源アイコン"),
    "black_with": ("Attributes that paid the black icons", "黒のアイコンに支払った属性"),
    "djed_resource": (
        "Place a Djed on the Djed resource space",
        "ジェド柱資源マスにジェド柱を置く",
    ),
    "distance": ("Spaces still to go", "監視者マスまでの残りマス数"),
    "black_to": ("Where the black-space Djeds went", "黒マスのジェド柱の割り当て"),
    "red": ("Red", "赤"),
    "blue": ("Blue", "青"),
    "yellow": ("Yellow", "黄"),
}

# The title of one row of a list ("Space 2"); a list of one entry per player is titled
# by the players' names instead (PER_SEAT).
ITEMS = {
    "excluded": ("Card", "カード"),
    "attribute": ("Icon", "アイコン"),
    "order": ("Card", "カード"),
    "discard": ("Card", "カード"),
    "cards": ("Card", "カード"),
    "path": ("Space", "マス"),
    "stop_neighbours": ("Space", "マス"),
    "cost": ("Icon", "アイコン"),
    "black_with": ("Icon", "アイコン"),
    "facts": ("Card", "カード"),
}

# Lists of lists: the title of an entry of the inner list.
INNER_ITEMS = {
    "packets": ("Card", "カード"),
}

# Lists with one entry per player, in seat order.
PER_SEAT = ["black_to", "distance", "packets"]

# Fields naming a player by number, and the number of the first seat.
SEAT_NUMBERS = {"seat": 1}

# Squares are [row, column] from 0; the table counts rows and columns from 1.
SQUARES = False

# Open choices the schema leaves as any word (the values the rulebook names).
OPEN_CHOICES = {}

# Recorded chance and printed facts: the engine's menu for these is made up (it does not
# know the table's cards), so the form does not narrow their values to it.
FACT_MOVES = ["deal", "score_level", "reveal"]

# Chance the rules fix but for what is revealed later: the scribe offers the engine's
# record without these fields (a deal is 7 cards to each player, as fresh cards; their
# printed facts are entered by a ``reveal`` when the table sees them).
RULE_FILLED = {"deal": ["facts"]}

# Recorded facts the scribe never offers from the engine's made-up menu: only the form.
FORM_ONLY = ["reveal"]

# A value's name, the same in every field of this game.
CHOICES = {
    "red": ("Red", "赤"),
    "blue": ("Blue", "青"),
    "yellow": ("Yellow", "黄"),
    "black": ("Black", "黒"),
    "shabti": ("Shabti", "身代わり人形"),
    "djed": ("Djed", "ジェド柱"),
    "none": ("none", "なし"),
}
