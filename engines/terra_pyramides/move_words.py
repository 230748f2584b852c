# ruff: noqa: E501  (one entry per line reads best as a table)
"""The words of Terra Pyramides's move log, in English and Japanese: each move type's name and
the sentence an entered move reads back as, each field's label and each choice's name.

``engines.core.move_forms`` builds the step forms of the judge's page from the log schema
and these words, and reads a logged move as a sentence (``engine.move_sentences``). Each
text is ``(English, Japanese)``; the Japanese follows the terms of ``messages_ja``.
"""

NESTED = True  # records with lists, squares and maps (else one flat form per move)

MOVES = {
    "setup": (
        ("Game setup", "ゲームの準備"),
        (
            "Setup: start tiles {start_tiles}; foundations {foundations}",
            "準備：初期配置のタイル {start_tiles}／基礎タイル {foundations}",
        ),
    ),
    "place_tile": (
        ("Place a stair tile", "階段タイルの配置"),
        ("Tile placed on {square}, stairs {stairs}", "{square}にタイルを配置、階段は{stairs}向き"),
    ),
    "choose_line": (("Choose a line", "列の選択"), ("Line chosen: {axis}", "列の選択：{axis}")),
    "move_worker": (
        ("Move a worker", "労働者駒の移動"),
        ("Worker moved from {origin} to {target}", "労働者駒を{origin}から{target}へ移動"),
    ),
    "return_worker": (
        ("Return a worker", "労働者駒の回収"),
        ("Worker returned from {square}", "{square}の労働者駒を回収"),
    ),
    "build": (
        ("Build a pyramid level", "ピラミッドの建設"),
        ("Builds on {square}, paying {payment}", "{payment} を支払い{square}に建設"),
    ),
    "buy_worker": (
        ("Buy a worker", "労働者駒の購入"),
        ("Buys a worker onto {target}", "労働者駒を購入して{target}に配置"),
    ),
    "buy_block": (("Buy a block", "ブロックの購入"), ("Buys a block", "ブロックを購入")),
    "convert": (
        ("Convert blocks into a white block", "白のブロックへの交換"),
        ("Converts {payment} into a white block", "{payment} を白のブロック1個に交換"),
    ),
    "reorder_stack": (
        ("Reorder a stack", "山札の並べ替え"),
        ("Reorders stack {stack}", "山 {stack} を並べ替え"),
    ),
    "buy_grave_good": (("Buy a grave good", "副葬品の購入"), ("Buys a grave good", "副葬品を購入")),
    "move_boat": (("Move the boat", "舟の移動"), ("Moves the boat", "舟を移動")),
    "buy_card": (
        ("Buy a strategy card", "戦略カードの購入"),
        ("Buys the card {card}", "戦略カード「{card}」を購入"),
    ),
    "surround_bonus": (
        ("Surround bonus", "囲みのボーナス"),
        ("Surround bonus at {site}", "{site}の囲みのボーナス"),
    ),
    "refill": (
        ("Take a new hand tile", "手札のタイルの補充"),
        ("Takes a tile from stack {stack}", "山 {stack} からタイルを補充"),
    ),
    "end_turn": (("End the turn", "手番を終える"), ("Ends the turn", "手番を終了")),
}

FIELDS = {
    "start_tiles": ("Start tiles", "初期配置の階段タイル"),
    "foundations": ("Foundations", "基礎タイル"),
    "hand_stacks": ("Stack of each player's hand tile", "各プレイヤーの手札のタイルを取った山"),
    "open_stacks": ("Open stacks (variant)", "表向きの山（ヴァリアント）"),
    "square": ("Square", "マス"),
    "tile": ("Symbols on the tile", "タイルの記号"),
    "stairs": ("Stairs point", "階段の向き"),
    "stack": ("Stack", "山"),
    "workers": ("Worker symbols", "労働者の記号"),
    "blocks": ("Material symbols (one per block)", "建築資材の記号（ブロック1個ごと）"),
    "eyes": ("Horus eyes", "ホルスの目"),
    "grave_goods": ("Grave goods", "埋葬品"),
    "coins": ("Coins", "コイン"),
    "oases": ("Oases", "オアシス"),
    "nile": ("Nile", "ナイル川"),
    "value": ("Printed value", "印刷された値"),
    "facing": ("What the stairs face", "階段が向いているもの"),
    "kind": ("Kind", "種類"),
    "foundation": ("Foundation revealed", "公開された基礎タイル"),
    "square_symbol": ("Symbol on the square", "マスの記号"),
    "ignore_symbol": ("Ignore the symbol (pay 1 coin)", "記号を無視する（1コイン支払う）"),
    "axis": ("Direction of the line", "列の方向"),
    "squares": ("Squares of the line", "列のマス"),
    "oasis_item": ("What the oasis pictures", "オアシスに描かれたもの"),
    "take_white": ("Take a white block", "白のブロックを取る"),
    "coin_symbols": ("Coin symbols reached or passed", "到達または通過したコインの記号"),
    "palms_reached": ("Palms reached by the boat", "船が到達したヤシの木の数"),
    "blocks_unavailable": (
        "Block colours the supply could not give",
        "ストックから取れなかったブロックの色",
    ),
    "origin": ("From square", "移動元のマス"),
    "target": ("To square", "移動先のマス"),
    "player": ("Player (return at any time)", "プレイヤー（いつでも回収できる場合）"),
    "colour": ("Colour", "色"),
    "payment": ("Blocks paid", "支払ったブロック"),
    "card": ("Strategy card", "戦略カード"),
    "site": ("Site", "建設地"),
    "oasis_items": ("What each surrounding oasis pictures", "囲んでいる各オアシスに描かれたもの"),
    "search": ("Searched the stack (1 coin)", "山の中から選んだ（1コイン）"),
}

# The title of one row of a list ("Space 2"); a list of one entry per player is titled
# by the players' names instead (PER_SEAT).
ITEMS = {
    "start_tiles": ("Start tile", "初期配置のタイル"),
    "foundations": ("Foundation", "基礎タイル"),
    "squares": ("Square", "マス"),
    "oasis_items": ("Oasis", "オアシス"),
    "hand_stacks": ("Player", "プレイヤー"),
    "blocks": ("Block", "ブロック"),
    "blocks_unavailable": ("Block", "ブロック"),
    "payment": ("Colour", "色"),
}

# Lists of lists: the title of an entry of the inner list.
INNER_ITEMS = {}

# Lists with one entry per player, in seat order.
PER_SEAT = ["hand_stacks"]

# Fields naming a player by number, and the number of the first seat.
SEAT_NUMBERS = {"player": 0}

# Squares are [row, column] from 0; the table counts rows and columns from 1.
SQUARES = True

# Open choices the schema leaves as any word (the values the rulebook names).
OPEN_CHOICES = {
    "colour": ["white", "red", "blue", "grey", "yellow", "green", "black"],
    "blocks": ["white", "red", "blue", "grey", "yellow", "green", "black"],
    "blocks_unavailable": ["white", "red", "blue", "grey", "yellow", "green", "black"],
    "payment": ["white", "red", "blue", "grey", "yellow", "green", "black"],
}

# Recorded chance and printed facts: the engine's menu for these is made up (it does not
# know the table's cards), so the form does not narrow their values to it.
FACT_MOVES = ["choose_line", "place_tile", "setup", "surround_bonus"]

# Parts of a legal record that the table reveals (``field`` or ``field.part``): the
# engine's menu gives the legal placements (square, stairs, what they face) with stand-in
# tile symbols and foundation values; the scribe narrows by the placement and the judge
# enters what the placed tile and a turned foundation show.
REVEALED = {"place_tile": ["tile", "foundation.value"]}

# A value's name, the same in every field of this game.
CHOICES = {
    "white": ("White", "白"),
    "red": ("Red", "赤"),
    "blue": ("Blue", "青"),
    "grey": ("Grey", "灰色"),
    "yellow": ("Yellow", "黄"),
    "green": ("Green", "緑"),
    "black": ("Black", "黒"),
    "up": ("up", "上"),
    "down": ("down", "下"),
    "left": ("left", "左"),
    "right": ("right", "右"),
    "horizontal": ("Horizontal", "横"),
    "vertical": ("Vertical", "縦"),
    "diagonal": ("Diagonal (down to the right)", "斜め（右下がり）"),
    "anti_diagonal": ("Diagonal (up to the right)", "斜め（右上がり）"),
    "site": ("Building site", "建設地"),
    "foundation": ("Foundation", "基礎タイル"),
    "pyramid": ("Pyramid", "ピラミッド"),
    "tile": ("Tile", "タイル"),
    "empty": ("Square without a tile", "タイルのないマス"),
    "oasis": ("Oasis", "オアシス"),
    "nile": ("Nile", "ナイル川"),
    "sphinx": ("Sphinx", "スフィンクス"),
    "scarab": ("Scarab", "スカラベ"),
    "none": ("No symbol", "記号なし"),
    "grave_goods": ("Grave goods", "埋葬品"),
    "horus_eyes": ("Horus eyes", "ホルスの目"),
    "highest_pyramid": ("Highest pyramid", "最高階層のピラミッド"),
    "most_pyramids": ("Most pyramids", "最多のピラミッド"),
}
