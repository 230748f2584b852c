# ruff: noqa: E501  (the sentences are kept whole, one per line)
"""How the score-sheet form asks for Tameri's fields (pure data; the judge pages ask).

``ENTRY`` says, per sheet field name: ``unknown`` — the value may be left unknown, as an
explicit choice (the rulebook lost the printed text it comes from); ``folded`` — an
alternative to a field the engine derives (asked only when the judge opens it);
``choices`` — the closed set the rules give, as (value, English, Japanese); ``repeat`` —
a value may be picked more than once (one building per tap).
"""

from __future__ import annotations

from engines.tameri.components import SET_POINTS

# H1: 4 glyph types. The rulebook does not name them; these are the engine's names.
GLYPHS = (("ankh", "Ankh", "アンク"), ("sun", "Sun", "太陽"), ("reed", "Reed", "葦"),
          ("eye", "Eye", "目"))  # fmt: skip
# S8: 7 set symbols (top right of a building card); their pictures are not in the text (G2).
BUILDING_SYMBOLS = tuple((f"s{i}", f"Symbol {i}", f"記号{i}") for i in range(1, len(SET_POINTS)))

ENTRY = {
    "building_symbols": {"choices": BUILDING_SYMBOLS, "repeat": True},
    "left": {"choices": GLYPHS},
    "right": {"choices": GLYPHS},
    "building_points": {"unknown": True},  # S5: the building texts are lost (G2)
    "priest_card_points": {"unknown": True},  # S9: the priest card texts are lost (G5)
    "pharaoh_points": {"folded": True},  # instead of the revealed offerings
    "remaining_offerings": {"folded": True},  # derived from the season-3 offerings
    "hand_glyph_points": {"folded": True},  # instead of the hand
    "hand_glyph_counts": {"folded": True},
    "highest_card": {"folded": True},
}


# Words a judge reads on the sheet form, as (English, Japanese): labels by field name,
# row titles of lists ("Level 2"), the printed names of choices, and hints that depend on
# the event's board sides. The pages pick the language (tournaments/results/forms.py).
LABELS = {
    "play_points": ("Points during play", "プレイ中の得点"),
    "seasons": ("Season ends", "季節の終わり"),
    "revealed": ("Resources revealed behind the screen", "ついたての裏から公開した資源"),
    "pharaoh_points": (
        "Pharaoh points (only if the resources were not written)",
        "ファラオの得点（資源を記録しなかった場合のみ）",
    ),
    "final_glyph": ("Final glyph matched", "最後のヒエログリフが一致した"),
    "building_points": ("Building points at this season end", "この季節の終わりの建物の得点"),
    "remaining_offerings": ("Remaining offerings", "残りの供物"),
    "building_symbols": ("Building symbols (one per building)", "建物シンボル（建物ごとに1つ）"),
    "priest_card_points": ("Priest card points", "司祭カードの得点"),
    "hand": ("Hand cards", "手札"),
    "number": ("Card number", "カード番号"),
    "left": ("Left glyphs", "左側のヒエログリフ"),
    "right": ("Right glyphs", "右側のヒエログリフ"),
    "hand_glyph_points": (
        "Hand glyph points (only if the hand was not written)",
        "手札のヒエログリフの得点（手札を記録しなかった場合のみ）",
    ),
    "hand_glyph_counts": ("Hand glyphs per type", "手札のヒエログリフ（種類ごとの数）"),
    "highest_card": (
        "Highest card in hand (only if the hand was not written)",
        "手札で最も大きいカード（手札を記録しなかった場合のみ）",
    ),
    "leftovers": ("Left in the personal supply", "個人のストックに残ったもの"),
    "barley": ("Barley", "大麦"),
    "papyrus": ("Papyrus", "パピルス"),
    "flax": ("Flax", "亜麻"),
    "fruit": ("Fruit", "果物"),
    "resources": ("Resources", "資源"),
    "deben": ("Deben", "デベン"),
    "silt": ("Silt", "シルト"),
}
ITEM_LABELS = {
    "seasons": ("Season", "季節"),
    "building_symbols": ("Building", "建物"),
    "hand": ("Card", "カード"),
    "hand_glyph_counts": ("Glyph", "ヒエログリフ"),
}

# The subtotal entry an organizer may choose for the event (console: score sheet entry):
# the Pharaoh majorities per season, the offerings left after season 3, the hand's glyph
# points and its highest card, as the score track and the hand show them, instead of every
# screen count (12 per player) and every hand card with its glyphs.
SUBTOTAL = {
    "hides": ("revealed", "hand"),
    "asks": ("pharaoh_points", "remaining_offerings", "hand_glyph_points", "highest_card"),
    "gives_up": (
        (
            "Pharaoh majorities are taken as written, not worked out from the revealed offerings (S6).",
            "ファラオのマジョリティ点は公開された供物から計算せず、書かれた値のまま受け取ります（S6）。",
        ),
        (
            "Offerings behind the screen are not checked to never shrink between seasons (S6).",
            "ついたての供物が季節の間に減っていないかは確認しません（S6）。",
        ),
        (
            "The offerings left after season 3 are taken as written (S7).",
            "季節3の後に残った供物は書かれた値のまま受け取ります（S7）。",
        ),
        (
            "The hand is not checked for at least 4 cards, unique card numbers or at most 4 glyph types (T3, L19, H1); only each highest card is (a card's number, and no two players naming the same card).",
            "手札が4枚以上か、カード番号が重複しないか、ヒエログリフが4種類以内かは確認しません（T3、L19、H1）。確認するのは各プレイヤーの最大のカードだけです（カード番号として正しいか、2人が同じカードを書いていないか）。",
        ),
    ),
}
