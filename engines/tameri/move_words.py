# ruff: noqa: E501  (one entry per line reads best as a table)
"""The words of Tameri's move log, in English and Japanese: each move type's name and
the sentence an entered move reads back as, each field's label and each choice's name.

``engines.core.move_forms`` builds the step forms of the judge's page from the log schema
and these words, and reads a logged move as a sentence (``engine.move_sentences``). Each
text is ``(English, Japanese)``; the Japanese follows the terms of ``messages_ja``.
"""

NESTED = True  # records with lists, squares and maps (else one flat form per move)

MOVES = {
    "setup": (
        ("Game setup: ramps and buildings", "ゲームの準備：傾斜路と建物"),
        (
            "Setup: fields beside the ramps {ramps}; buildings {buildings}",
            "準備：傾斜路の隣の耕作地 {ramps}／建物 {buildings}",
        ),
    ),
    "draft_deal": (
        ("Deal the draft hands", "ドラフトの配布"),
        ("Draft hands dealt: {hands}", "ドラフトの配布：{hands}"),
    ),
    "draft_pick": (
        ("Keep a draft card", "ドラフトの選択"),
        ("{seat} keeps card {card}", "{seat}がカード {card} を選択"),
    ),
    "first_farmer": (
        ("Place the first farmer", "最初の農民の配置"),
        (
            "{seat} places the first farmer on {field}, space {space}",
            "{seat}が最初の農民を{field}の{space}番のマスに配置",
        ),
    ),
    "nile_reveal": (
        ("Reveal the Nile cards", "ナイルのカードの公開"),
        ("Nile cards revealed: {cards}", "ナイルのカードの公開：{cards}"),
    ),
    "weather": (
        ("Weather phase", "天候フェーズ"),
        ("Weather: spheres on the ramps {drops}", "天候：傾斜路に落ちた球 {drops}"),
    ),
    "play_card": (
        ("Play a card", "カードのプレイ"),
        ("{seat} plays card {card}", "{seat}がカード {card} をプレイ"),
    ),
    "reveal": (
        ("Reveal the played card", "カードの公開"),
        ("{seat} reveals the played card", "{seat}がプレイしたカードを公開"),
    ),
    "card_facts": (
        ("Printed facts of cards seen", "見えたカードの印刷内容"),
        ("Printed facts of cards seen: {cards}", "見えたカードの印刷内容：{cards}"),
    ),
    "card_weather": (
        ("Weather effect of the card", "カードの天候効果"),
        (
            "{seat} uses weather effect {effect} of the card",
            "{seat}がカードの天候効果 {effect} を使用",
        ),
    ),
    "extra_weather": (
        ("Extra weather action", "追加の天候効果"),
        ("{seat}: {kind}", "{seat}：{kind}"),
    ),
    "farmer": (
        ("Farmer", "農民"),
        (
            "{seat} places a farmer on {field}, space {space}",
            "{seat}が農民を{field}の{space}番のマスに配置",
        ),
    ),
    "merchant": (
        ("Merchant", "商人"),
        (
            "{seat} places the merchant on market space {space}: {mode}",
            "{seat}が商人を市場の{space}番のマスに配置：{mode}",
        ),
    ),
    "architect": (
        ("Architect", "建築士"),
        ("{seat} uses the architect: {buy}", "{seat}が建築士を使用：{buy}"),
    ),
    "priest": (
        ("Priest", "司祭"),
        (
            "{seat} sends a priest to {temple}, paying {pay}",
            "{seat}が {pay} を支払い、司祭を{temple}の神殿へ",
        ),
    ),
    "harvest": (("Harvest", "収穫"), ("{seat} harvests {fields}", "{seat}が {fields} を収穫")),
    "sphinx": (
        ("Sphinx", "スフィンクス"),
        ("{seat} builds at the sphinx", "{seat}がスフィンクスを建設"),
    ),
    "decorator": (
        ("Decorator", "装飾家"),
        ("{seat} places the decorator on space {space}", "{seat}が装飾家を{space}番のマスに配置"),
    ),
    "offering": (
        ("Offering", "供物"),
        ("{seat} offers {resources}", "{seat}が {resources} を供物として捧げる"),
    ),
    "glyph_completion": (
        ("Glyph completion", "ヒエログリフの完成"),
        (
            "{seat} completes the glyphs with building {building}, paying {pay}",
            "{seat}が建物 {building} で {pay} を支払いヒエログリフを完成",
        ),
    ),
    "effect": (
        ("Immediate effect", "即時効果"),
        (
            "{seat} applies an effect from {source}: {gains}",
            "{seat}が{source}の効果を適用：{gains}",
        ),
    ),
    "take_nile": (
        ("Take a Nile card", "ナイルのカードの獲得"),
        ("{seat} takes Nile card {card}", "{seat}がナイルのカード {card} を獲得"),
    ),
    "season_end": (
        ("Season end", "季節の終わり"),
        (
            "Season end: building points {building_points}",
            "季節の終わり：建物の得点 {building_points}",
        ),
    ),
    "game_end": (
        ("Game end", "ゲームの終わり"),
        (
            "Game end: priest card points {priest_card_points}",
            "ゲームの終わり：司祭カードの得点 {priest_card_points}",
        ),
    ),
}

FIELDS = {
    "seat": ("Player", "プレイヤー"),
    "ramps": ("Fields beside each ramp", "各傾斜路の隣の耕作地"),
    "buildings": ("Buildings (bottom first)", "建物（下から順に）"),
    "start_glyphs": ("Start glyphs", "開始時のヒエログリフ"),
    "end_glyphs": ("End glyphs", "終了時のヒエログリフ"),
    "temple_lengths": ("Temple track lengths", "神殿トラックの長さ"),
    "id": ("Building", "建物"),
    "cost": ("Cost: pictured resources", "コスト：描かれた資源"),
    "cost_any": ("Cost: resources of any type", "コスト：任意の種類の資源"),
    "symbol": ("Symbol", "シンボル"),
    "immediate": ("Has an immediate effect", "即時効果がある"),
    "hands": ("Draft hands", "ドラフトの手札"),
    "number": ("Card number", "カード番号"),
    "left": ("Left glyphs", "左側のヒエログリフ"),
    "right": ("Right glyphs", "右側のヒエログリフ"),
    "top": ("Top actions", "上段のアクション"),
    "bottom": ("Bottom actions", "下段のアクション"),
    "weather": ("Weather effects", "天候効果"),
    "resources": ("Resources", "資源"),
    "card": ("Card number", "カード番号"),
    "field": ("Field", "耕作地"),
    "space": ("Space", "マス"),
    "cards": ("Cards", "カード"),
    "deck_empty": ("The deck ran out", "山札が尽きた"),
    "tile": ("Weather tile", "天候タイル"),
    "drops": ("Spheres on each ramp (landing order)", "各傾斜路に落ちた球（落ちた順）"),
    "hidden": ("Spheres that stayed inside the pyramid", "ピラミッドの中に残った球"),
    "from_pyramid": (
        "Spheres that came out of the pyramid from earlier",
        "以前からピラミッドの中にあって出てきた球",
    ),
    "face_down": ("Face down", "裏向き"),
    "effect": ("Weather effect (1 or 2)", "天候効果（1か2）"),
    "ramp": ("Ramp", "傾斜路"),
    "colour": ("Sphere", "球"),
    "released": ("Spheres that fell out of the pyramid", "ピラミッドから落ちた球"),
    "kind": ("Action", "アクション"),
    "to_board": ("Onto the player board", "個人ボードへ"),
    "source": ("From", "取った場所"),
    "relocate": ("Farmers moved", "移動した農民"),
    "to": ("To field", "移動先の耕作地"),
    "mode": ("Mode", "方法"),
    "pay": ("Paid", "支払ったもの"),
    "stalls": ("Stalls", "露店"),
    "others": ("Other players' gains", "他のプレイヤーが得たもの"),
    "resource": ("Resource", "資源"),
    "buy": ("Building bought", "購入した建物"),
    "position": ("Position (1 = bottom)", "位置（1が一番下）"),
    "new_card": ("Building revealed into the top space", "一番上に公開された建物"),
    "substitution": ("Paid through a building", "建物の効果で支払い"),
    "building": ("Building", "建物"),
    "instead_of": ("Instead of", "本来の支払い"),
    "paid": ("Paid", "支払ったもの"),
    "temple": ("Temple", "神殿"),
    "fields": ("Fields harvested", "収穫した耕作地"),
    "ref": ("Which one (for example ptah:3)", "どの効果か（神殿と番号など、印刷どおり）"),
    "gains": ("What the effect gave", "効果で得たもの"),
    "deben": ("Deben", "デベン"),
    "silt": ("Silt", "シルト"),
    "vp": ("Victory points", "勝利点"),
    "priest_cards": ("Priest cards", "司祭カード"),
    "temple_cards": ("Temple cards", "神殿カード"),
    "unlock": ("Unlocked", "解放した"),
    "remove_spheres": ("Spheres removed", "取り除いた球"),
    "temple_advance": ("Temple advance", "神殿トラックの前進"),
    "steps": ("Steps", "歩数"),
    "extra_action": ("Extra action", "追加のアクション"),
    "building_points": ("Building points", "建物の得点"),
    "final_glyph": ("Final glyph matched", "最後のヒエログリフが一致した"),
    "new_building": ("New building revealed", "公開された新しい建物"),
    "priest_card_points": ("Priest card points", "司祭カードの得点"),
    "barley": ("Barley", "大麦"),
    "papyrus": ("Papyrus", "パピルス"),
    "flax": ("Flax", "亜麻"),
    "fruit": ("Fruit", "果物"),
}

# The title of one row of a list ("Space 2"); a list of one entry per player is titled
# by the players' names instead (PER_SEAT).
ITEMS = {
    "ramps": ("Ramp", "傾斜路"),
    "buildings": ("Building", "建物"),
    "cards": ("Card", "カード"),
    "drops": ("Ramp", "傾斜路"),
    "relocate": ("Farmer", "農民"),
    "others": ("Player", "プレイヤー"),
    "temple_cards": ("Card", "カード"),
    "remove_spheres": ("Sphere", "球"),
    "temple_lengths": ("Temple", "神殿"),
    "pay": ("Resource", "資源"),
    "stalls": ("Stall", "露店"),
    "fields": ("Field", "耕作地"),
    "hidden": ("Sphere", "球"),
    "from_pyramid": ("Sphere", "球"),
    "released": ("Sphere", "球"),
    "left": ("Glyph", "ヒエログリフ"),
    "right": ("Glyph", "ヒエログリフ"),
    "top": ("Action", "アクション"),
    "bottom": ("Action", "アクション"),
    "weather": ("Effect", "効果"),
}

# Lists of lists: the title of an entry of the inner list.
INNER_ITEMS = {
    "ramps": ("Field", "耕作地"),
    "drops": ("Sphere", "球"),
    "hands": ("Card", "カード"),
}

# Lists with one entry per player, in seat order.
PER_SEAT = [
    "building_points",
    "end_glyphs",
    "final_glyph",
    "hands",
    "priest_card_points",
    "start_glyphs",
]

# Fields naming a player by number, and the number of the first seat.
SEAT_NUMBERS = {"seat": 1}

# Squares are [row, column] from 0; the table counts rows and columns from 1.
SQUARES = False

# Open choices the schema leaves as any word (the values the rulebook names).
OPEN_CHOICES = {}

# Recorded chance and printed facts: the engine's menu for these is made up (it does not
# know the table's cards), so the form does not narrow their values to it.
FACT_MOVES = [
    "draft_deal",
    "effect",
    "game_end",
    "nile_reveal",
    "season_end",
    "setup",
    "weather",
    "card_facts",
]

# Recorded facts the scribe never offers from the engine's made-up menu: only the form.
FORM_ONLY = ["card_facts"]

# A value's name, the same in every field of this game.
CHOICES = {
    "barley": ("Barley", "大麦"),
    "papyrus": ("Papyrus", "パピルス"),
    "flax": ("Flax", "亜麻"),
    "fruit": ("Fruit", "果物"),
    "barley_1": ("Barley field 1", "大麦の耕作地1"),
    "barley_2": ("Barley field 2", "大麦の耕作地2"),
    "papyrus_1": ("Papyrus field 1", "パピルスの耕作地1"),
    "papyrus_2": ("Papyrus field 2", "パピルスの耕作地2"),
    "flax_1": ("Flax field 1", "亜麻の耕作地1"),
    "flax_2": ("Flax field 2", "亜麻の耕作地2"),
    "fruit_1": ("Fruit field 1", "果物の耕作地1"),
    "fruit_2": ("Fruit field 2", "果物の耕作地2"),
    "sun": ("Sun", "太陽"),
    "water": ("Water", "水"),
    "silt": ("Silt", "シルト"),
    "sun_or_water": ("Sun or water", "太陽か水"),
    "amun": ("Amun", "アメン"),
    "ra": ("Ra", "ラー"),
    "ptah": ("Ptah", "プタハ"),
    "farmer": ("Farmer", "農民"),
    "merchant": ("Merchant", "商人"),
    "architect": ("Architect", "建築士"),
    "priest": ("Priest", "司祭"),
    "harvest": ("Harvest", "収穫"),
    "sphinx": ("Sphinx", "スフィンクス"),
    "decorator": ("Decorator", "装飾家"),
    "offering": ("Offering", "供物"),
    "supply": ("the supply", "サプライ"),
    "temple": ("a temple", "神殿"),
    "building": ("a building", "建物"),
    "priest_card": ("a priest card", "司祭カード"),
    "remove": ("Remove a sphere (1 deben)", "球を取り除く（1デベン）"),
    "buy_silt": ("Buy silt (2 deben)", "シルトを買う（2デベン）"),
    "place_silt": ("Place silt from the board", "ボード上のシルトを置く"),
    "trade": ("Trade", "交易"),
    "collect": ("Collect", "回収"),
}
