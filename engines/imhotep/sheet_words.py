# ruff: noqa: E501  (the rule sentences are kept whole, one per line)
"""How the score-sheet form asks for Imhotep's fields (pure data; see
engines/tameri/sheet_words.py for what each entry means)."""

from __future__ import annotations

ENTRY = {
    # P4: the burial chamber is filled in order; the judge taps each stone's seat in turn.
    "burial": {"sequence": "seats"},
}


# Words a judge reads on the sheet form, as (English, Japanese): labels by field name,
# row titles of lists ("Level 2"), the printed names of choices, and hints that depend on
# the event's board sides. The pages pick the language (tournaments/results/forms.py).
LABELS = {
    "track": ("Score track", "得点表示板の得点"),
    "sled": ("Stones on the sled", "石材置き場の石材の数"),
    "obelisk": ("Obelisk stones", "オベリスクの石材"),
    "obelisks_erected": ("Obelisks erected", "建てたオベリスク"),
    "cards": ("Cards held", "保有カード"),
    "missing_monuments": ("Monuments without stones", "石材のない建造物"),
    "burial": ("Burial chamber", "埋葬室"),
    "pyramid_stones": ("Stones on the pyramid", "ピラミッドの石材"),
    "temple_stones": ("Stones on the temple", "神殿の石材"),
}
ITEM_LABELS = {
    "burial": ("Stone", "石材"),
}
OPTION_LABELS = {
    ("cards", "pyramid_decoration"): ("Pyramid Decoration", "ピラミッドの装飾"),
    ("cards", "temple_decoration"): ("Temple Decoration", "神殿の装飾"),
    ("cards", "burial_decoration"): ("Burial Chamber Decoration", "埋葬室の装飾"),
    ("cards", "obelisk_decoration"): ("Obelisk Decoration", "オベリスクの装飾"),
    ("cards", "statue"): ("Statue", "偶像"),
    ("cards", "lever"): ("Lever", "てこ"),
    ("cards", "hammer"): ("Hammer", "ハンマー"),
    ("cards", "sail"): ("Sail", "出航"),
    ("cards", "chisel"): ("Chisel", "のみ"),
    ("missing_monuments", "pyramid"): ("Pyramid", "ピラミッド"),
    ("missing_monuments", "temple"): ("Temple", "神殿"),
    ("missing_monuments", "burial"): ("Burial Chamber", "埋葬室"),
    ("missing_monuments", "obelisk"): ("Obelisk", "オベリスク"),
}
SIDE_HINTS = {
    ("obelisk", "A"): ("Side A: stones in your obelisk stack", "A面：自分のオベリスクに積んだ石材"),
    ("obelisk", "B"): (
        "Side B: your stones still waiting beside the board",
        "B面：ボードの横でまだ待っている自分の石材",
    ),
}

# The rule behind a field, one tap away on the form: (rule id, English, Japanese).
HELP = {
    "burial": (
        "P4",
        "The burial chamber fills the left column top to bottom, then the next column; tap each stone's seat in that order.",
        "埋葬室は左の列の上から下へ、次に右の列へと埋まります。その順に、各石材の持ち主の席をタップします。",
    ),
}


def shown(name: str, options: dict, index: int | None) -> bool:
    """Only fields the event's board sides and options have (the engine refuses the rest:
    V5/V6)."""
    sides = options.get("sides") or {}
    if name == "obelisks_erected":
        return sides.get("obelisk") == "B"
    if name == "missing_monuments":
        return bool(options.get("pharaohs_wrath"))
    return True
