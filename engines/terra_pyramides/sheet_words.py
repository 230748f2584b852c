# ruff: noqa: E501  (the sentences are kept whole, one per line)
"""How the score-sheet form asks for Terra Pyramides' fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

# C12: the colours the rulebook names (blue, red, grey); others are typed in "other".
COLOURS = (("red", "Red", "赤"), ("blue", "Blue", "青"), ("grey", "Grey", "灰色"))

ENTRY = {
    "colour": {"choices": COLOURS, "other": True},
    "arrival": {"unknown": True},  # left out: the order on the space was not recorded
    "sites_claimed": {"unknown": True},
    # The score track's points per category: alternatives to the detail (asked outright
    # when the organizer chose subtotal entry, SUBTOTAL below).
    "foundation_points": {"folded": True},
    "pyramid_points": {"folded": True},
    "oasis_points": {"folded": True},
    "nile_points": {"folded": True},
    "strategy_card_points": {"folded": True},
}


# Words a judge reads on the sheet form, as (English, Japanese): labels by field name,
# row titles of lists ("Level 2"), the printed names of choices, and hints that depend on
# the event's board sides. The pages pick the language (tournaments/results/forms.py).
LABELS = {
    "foundations": ("Occupied foundations (values)", "ワーカーのいる基礎タイル（価値）"),
    "pyramids": ("Pyramids with your worker", "自分のワーカーがいるピラミッド"),
    "built": ("Pyramids built (missions)", "建てたピラミッド（ミッション）"),
    "level": ("Level", "レベル"),
    "colour": ("Colour", "色"),
    "foundation_value": ("Foundation value", "基礎タイルの価値"),
    "blocks": ("Blocks", "ブロック"),
    "coins": ("Coins", "コイン"),
    "horus_track": ("Horus track", "ホルストラック"),
    "grave_goods": ("Grave goods", "埋葬品"),
    "oasis_track": ("Oasis track", "オアシストラック"),
    "palms": ("Palms reached by the boat", "船が到達したヤシの木の数"),
    "boat": ("Boat", "船"),
    "space": ("Boat space", "船のマス"),
    "arrival": ("Boat arrival order on its space", "船がそのマスに到着した順番"),
    "sites_claimed": ("Sites ever claimed", "獲得したことのある建設地"),
    "cards": ("Cards owned", "持っているカード"),
    "foundation_points": ("Foundation points", "基礎タイルの得点"),
    "pyramid_points": ("Pyramid points", "ピラミッドの得点"),
    "oasis_points": ("Oasis points", "オアシスの得点"),
    "nile_points": ("Nile points", "ナイル川の得点"),
    "strategy_card_points": ("Strategy card points", "戦略カードの得点"),
}
ITEM_LABELS = {
    "foundations": ("Foundation", "基礎タイル"),
    "pyramids": ("Pyramid", "ピラミッド"),
    "built": ("Pyramid", "ピラミッド"),
}
OPTION_LABELS = {
    ("cards", "grave_goods"): ("Grave goods", "埋葬品"),
    ("cards", "horus_eyes"): ("Horus eye", "ホルス神の眼"),
    ("cards", "oasis"): ("Oasis", "オアシス"),
    ("cards", "nile"): ("Nile", "ナイル川"),
    ("cards", "highest_pyramid"): ("Highest pyramid", "最高階層のピラミッド"),
    ("cards", "most_pyramids"): ("Most pyramids", "最多のピラミッド"),
}


# Fields each version adds (S1/VN2/VN4); a field not here is in every version.
SINCE_VERSION = {"horus_track": 2, "grave_goods": 2, "oasis_track": 3, "palms": 3, "boat": 3,
                 "cards": 3, "oasis_points": 3, "nile_points": 3,
                 "strategy_card_points": 3}  # fmt: skip


def shown(name: str, options: dict, index: int | None) -> bool:
    """Only fields the event's version and mission have (the engine refuses the rest)."""
    if name == "name":
        return False  # the seat names the player
    if name in ("built", "colour"):
        # A pyramid's colour scores only in the missions (VC3: six colours at value 35);
        # a competitive sheet does not ask for it (the engine takes one if sent).
        return options.get("mission") is not None
    if name == "sites_claimed":
        return options.get("a17_sites_count") == "ever_claimed"
    return options.get("version", 1) >= SINCE_VERSION.get(name, 1)


def shared_seat(options: dict) -> bool:
    """A mission has one entry: the shared colour (VC)."""
    return options.get("mission") is not None


# The subtotal entry an organizer may choose for the event (console: score sheet entry):
# the points each final-scoring step moves the marker on the Horus track (the rulebook's
# "move your point marker forward by the sum") for foundations, pyramids, oasis, Nile and
# strategy cards, instead of every foundation, pyramid, palm, boat and card. The counts
# the engine needs across players (Horus track, grave goods) and the leftovers stay.
SUBTOTAL = {
    "hides": ("foundations", "pyramids", "oasis_track", "palms", "boat", "cards", "sites_claimed"),
    "asks": (
        "foundation_points",
        "pyramid_points",
        "oasis_points",
        "nile_points",
        "strategy_card_points",
    ),
    "gives_up": (
        (
            "Foundation points are taken as written, not added up from each occupied foundation (S2), and occupied sites are not counted against the workers (L7).",
            "基礎タイルの得点は各基礎タイルの数字から合計せず、書かれた値のまま受け取ります（S2）。建設地の数が労働者駒の数を超えていないかも確認しません（L7）。",
        ),
        (
            "Pyramid points are taken as written; only that some pyramids the workers can hold, at most 2 of them level 5, are worth them is checked (S3, L8).",
            "ピラミッドの得点は書かれた値のまま受け取ります。確認するのは、労働者駒で持てる数のピラミッド（階層5は2個まで）でその得点になるかだけです（S3、L8）。",
        ),
        (
            "Oasis points are taken as written, not worked out from the oasis track and the highest pyramid (S10); only that they are 0 without a pyramid is checked.",
            "オアシスの得点はオアシストラックと最も高いピラミッドから計算せず、書かれた値のまま受け取ります（S10）。ピラミッドがなければ0点かどうかだけ確認します。",
        ),
        (
            "Nile points are taken as written, not worked out from the sites and the palms reached (S11); the boat's space, the palms it passed and the end of the Nile are not checked (S11, L12); only that they are 0 without a site is.",
            "ナイル川の得点は建設地の数と到達したヤシの木から計算せず、書かれた値のまま受け取ります（S11）。船のマス、通過したヤシの木、ナイル川のゴールも確認しません（S11、L12）。",
        ),
        (
            "Strategy card points are taken as written: the achievers of the oasis, Nile, highest-pyramid and most-pyramids cards, the boats' arrival order and who owns which card are not checked (S12, VN13); only 10 or 20 a card, one achiever a card and the grave-goods and Horus-eye leaders are.",
            "戦略カードの得点は書かれた値のまま受け取ります。オアシス・ナイル川・最高階層のピラミッド・最多のピラミッドの達成者、船の到着順、どのカードを誰が持っているかは確認しません（S12、VN13）。確認するのは、1枚10点か20点か、1枚の達成者は1人か、埋葬品とホルス神の眼の達成者だけです。",
        ),
    ),
}
