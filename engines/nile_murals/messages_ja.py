"""Japanese message templates by violation code (same ``{params}`` as the English ones).

English-only params (such as ``where`` or ``how``) are left out of the Japanese text.
"""

# Japanese terms for identifiers in message parameters (GameEngine.localize).
TERMS_JA = {
    "how:after the 10th card": "10枚目のカードの後に",
    "how:with a miss": "ミスで",
    "how:with the last card of the game": "ゲーム最後のカードで",
    "how:when the player stopped": "ストップを宣言して",
    "how:": "",
    "deck": "山札",
    "discard": "捨て札",
    "hand": "手札",
    "a miss": "ミス",
    "illegal": "置けないカード",
    "miss": "ミス",
    "does": "完成させる",
    "does not": "完成させない",
    "combo": "コンボ",
    "area": "エリア",
}

MESSAGES_JA = {
    "game_over": "ゲームは終了しています（全カードがシートに置かれています）",
    "deal_pending": "まず各プレイヤーが山札から最初の手札を1枚引きます（{player}がまだです）",
    "deal_after_setup": "最初の手札は配り終えています。引く・置く記録にしてください",
    "card_already_placed": "カード{card:02d}はすでにシートに置かれています",
    "empty_source": "選んだ場所は空なので、そこからは引けません",
    "card_not_in_deck": "カード{card:02d}は山札にありません",
    "card_not_in_discard": "カード{card:02d}は場札にありません",
    "card_not_in_hand": "カード{card:02d}はこのプレイヤーの手札にありません",
    "unknown_player": "「{player}」はこのゲームの参加者ではありません",
    "turn_already_ended": "この手番は{how}すでに終了しています",
    "player_skipped": "{player}は手札がないため、山札と場札がなくなった後は手番が飛ばされます",
    "not_your_turn": "今は{actor}の手番です（{player}ではありません）",
    "ankh_draw_missing": (
        "カード{card:02d}はアンクカードです。続ける前に山札か場札を{owed}枚引いてください"
    ),
    "bonus_draws_missing": "{k}枚のコンボボーナスはカード{n}枚です。あと{owed}枚引いてください",
    "too_many_bonus_draws": (
        "前の手番のボーナスは引き終えています（{k}枚のコンボボーナスはカード{n}枚）"
    ),
    "deck_card_must_be_placed": (
        "山札から引いたカードは、すぐに置くかミスになります。手札にはできません"
    ),
    "draw_not_due": "アンクやボーナスで引く場面ではありません。場札は取ったらシートに置きます",
    "stop_before_placing": "パスはできません。最低1枚は置かなければなりません",
    "shadowed_card": "カード{card:02d}は{prev:02d}の右下（影）なので、手札・場札から選べません",
    "miss_fact_mismatch": "カード{card:02d}のミスの記録が、置けない区域の規則と合いません",
    "ankh_fact_mismatch": (
        "カード{card:02d}がアンクカードかどうかの記録が、エディションや前の記録と合いません"
    ),
    "too_many_ankh_cards": "アンクカードは{n}枚です。{card:02d}を加えると多すぎます",
    "area_fact_mismatch": "カード{card:02d}のエリア完成の記録が、印刷情報と合いません",
    "too_many_area_completions": "{n}のエリアはすべて完成済みです（各エリアの完成は1回だけ）",
    "sheet.player_count": "スコアシートの行数{got}がプレイヤー数{n}と合いません",
    "sheet.negative_track": "コンボ・エリアトラックは0未満になりません",
    "sheet.positive_miss": "ミストラックは0, -1, -2…と進みます。0より大きくなりません",
    "sheet.area_sum": (
        "各エリアは1回ずつ完成するので、エリアの値の合計は{want}です（{got}ではありません）"
    ),
    "sheet.too_many_misses": (
        "ミスは山札から引いたカードでしか起きず、山札は補充されないので、{n}人のゲームでは"
        "ミスは合計{most}回までです（{got}回ではありません）"
    ),
    "sheet.combo_too_high": (
        "コンボトラックの合計{got}は多すぎます。ミスのない手番で置いた{placed}枚から"
        "得られるコンボボーナスは最大{most}点です"
    ),
    "setup.edition_printed": (
        "{key}はルールブックに{printed}と印刷されています。版データで補えるのは"
        "失われた値だけで、印刷された値は変えられません（{got}）"
    ),
    "stop_after_miss": (
        "{player}の手番はミスで終わっています。今のやめるは{actor}のパスになり、パスはできません"
    ),
    "no_bonus_after_miss": (
        "{player}の手番はミスで終わったので、コンボボーナスはなく、カードは引けません"
    ),
    "bonus_draws_missing_lost_count": (
        "{k}枚のコンボボーナスのカードの絵の枚数は失われています（1~4枚）。"
        "少なくとも{n}枚（山札と場札にある分まで）引くので、あと{owed}枚引いてください"
    ),
    "too_many_bonus_draws_lost_count": (
        "前の手番のボーナスは引き終えています。{k}枚のコンボボーナスの印刷された枚数は"
        "失われていて、ルールの範囲（1~4枚）と山札・場札で引けるのは{n}枚までです"
    ),
    "setup.edition": (
        "版データの値が、印刷された部品の値として成り立ちません（パスの項目を確認してください）"
    ),
}

# The names of the log's and the sheet's fields, for a shape error's path in words.
FIELDS_JA = {
    "type": "種類",
    "card": "カード",
    "player": "プレイヤー",
    "source": "取った場所",
    "ankh": "アンク",
    "area": "エリア",
    "miss": "ミス",
    "combo": "コンボ",
}

# Japanese item and reason of each ``unchecked`` entry, by code (same params as English).
UNCHECKED_JA = {
    "ankh_unknown": (
        "アンクカード",
        "カード{cards}がアンクカードかどうかは版データにも記録にもないため、アンクの引き"
        "(M7)は確認していません(アンクの引きとして受け入れたカード: {drawn})",
    ),
    "area_completions": (
        "エリアの完成",
        "カード{cards}の配置でエリアが完成したかどうかは版データのエリア図にも記録にもありません"
        "(完成{count}回のうち{done}回が分かっています)",
    ),
    "area_values": (
        "エリアの価値",
        "カード{cards}の配置で完成したエリアの印刷された価値(Ⅰ〜Ⅲ)は版データにも記録にもありません",
    ),
    "combo_bonus_cards": (
        "コンボボーナスのカード",
        "{k}枚配置した後に引いた枚数: {draws}(10枚目のアンクの引きを含む: {ankh}、山札と"
        "捨て札が尽きた: {short})。{k}枚の場合の印刷された枚数は不明です(G1)。"
        "表の枚数は1つなのに引いた枚数が異なる: {differ}",
    ),
    "rank_points_undecided": (
        "{track}トラックの順位点",
        "{track}トラックの値がすべては分からないため、順位を決められません",
    ),
    "rank_points_lost": (
        "{track}トラックの順位点",
        "{track}トラックの{rank}位に印刷された点数は版データにも記録にもありません(G2)",
    ),
}
