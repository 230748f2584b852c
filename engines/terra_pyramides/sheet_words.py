"""How the score-sheet form asks for Terra Pyramides' fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

# C12: the colours the rulebook names (blue, red, grey); others are typed in "other".
COLOURS = (("red", "Red", "赤"), ("blue", "Blue", "青"), ("grey", "Grey", "灰色"))

ENTRY = {
    "colour": {"choices": COLOURS, "other": True},
    "arrival": {"unknown": True},  # left out: the order on the space was not recorded
    "sites_claimed": {"unknown": True},
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
                 "cards": 3}  # fmt: skip


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
