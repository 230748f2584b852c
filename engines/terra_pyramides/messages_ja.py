# ruff: noqa: E501  (one Japanese sentence per line reads better than split strings)
"""Japanese message templates by violation code (same ``{params}`` as the English ones).

Where one code is raised with different parameters, the Japanese text uses only the
parameters every occurrence has.
"""

MESSAGES_JA: dict[str, str] = {
    # flow and setup
    "game_over": "ゲームは終了しています。これ以上の手は記録できません",
    "setup_first": "最初の記録はゲームの準備（setup）でなければなりません",
    "out_of_order": "{move} は今は実行できません（手番の段階: {phase}）",
    "wrong_phase": "今は労働者駒を手元に戻せません",
    "setup_start_tiles": "初期配置の階段タイルは4枚必要です（{n}枚ではありません）",
    "setup_start_stacks": "初期配置の4枚は異なる山から取ります",
    "setup_foundations": "準備で配置する基礎タイルは{want}枚です（{n}枚ではありません）",
    "setup_squares": "準備で使うマスはすべて異なる必要があります",
    "setup_hands": "{n}人のプレイヤーがそれぞれ手札のタイルを1枚受け取ります",
    "setup_open_stacks": "表向きの山ヴァリアントの山の指定が正しくありません",
    "setup_not_start_square": "{sq} は初期配置マスではありません",
    "setup_stairs": "{sq} の初期タイルの階段は隣接する建設地に向けます",
    "setup_not_site": "{sq} は建設地ではありません",
    "setup_nile_foundation_missing": "{sq} はナイル川マスの隣の建設地です。バージョン3の準備で基礎タイルを置きます",
    "setup_faced_foundation_missing": "{sq} は初期配置タイルが向いている建設地です。バージョン3の準備で基礎タイルを置きます",
    "setup_foundation_extra": "{sq} は初期配置タイルが向いている建設地でも、ナイル川マスの隣の建設地でもありません",
    "facing_not_first_site": "{sq} の階段は {target} より先に建設地 {nearer} を向いています",
    "stack_empty": "山 {stack} にはタイルが残っていません",
    # M1/M2 tile placement
    "no_hand_tile": "手札のタイルがありません",
    "square_taken": "マス {sq} にはすでにタイルがあります",
    "square_forbidden": "{kind} のマスにはタイルを置けません",
    "off_board": "マス {sq} はボードの外です",
    "stairs_not_facing": "{sq} から{stairs}向きの階段は {target} を向いていません（{reading}）",
    "facing_mismatch": "{target} の状態が記録（{claimed}）と一致しません",
    "facing_not_site": "階段は建設地かピラミッドに向けます。{target} は {kind} です",
    "no_foundations_left": "基礎タイルの山が空です",
    "foundation_required": "階段が空の建設地に直接隣接しています。基礎タイルを配置しなければなりません",
    "foundation_not_allowed": "基礎タイルを置けるのは階段が直接向いている空の建設地だけです",
    "foundation_not_adjacent": "基礎タイルはタイルの縦横に隣接する建設地に置きます",
    "foundation_not_empty_site": "{sq} は空の建設地ではありません",
    "not_symbol_variant": "シンボルを無視するのはシンボルヴァリアントだけです",
    "symbol_mismatch": "{want} のタイルホルダーのタイルは {want} のマスに置きます（{shown} ではありません）",
    # M3 line
    "line_squares_unrecorded": "ボードの配置図がないため、列のマスとその内容を記録してください",
    "line_not_straight": "選んだマスは1本の{axis}の列になっていません",
    "line_misses_tile": "列にはこの手番で配置したタイルが含まれていなければなりません",
    "line_crosses_site": "列は建設地 {sq} で遮られます",
    "line_off_board": "{sq} はボードの外です",
    "line_square_mismatch": "{sq} は {actual} で、{claimed} ではありません",
    "line_too_long": "列に含まれるタイルは最大{max}枚です（{n}枚ではありません）",
    "line_cut_short": "列は {sq} へ続きます。列は次の建設地かボードの端まで続きます",
    "nile_before_v3": "ナイル川マスはバージョン3の面にしかありません",
    "oasis_item_misplaced": "アイテムを得られるのはバージョン3のオアシスマスだけです",
    "white_not_allowed": "白ブロックを選べるのは埋葬品1つと建築資材1つのタイルだけです",
    "palms_before_v3": "船とヤシの木はバージョン3だけです",
    # M6 workers
    "no_worker_there": "{sq} にはこの手番に置いた労働者駒がありません",
    "not_straight": "労働者駒は縦・横・斜めの一直線にしか動けません",
    "not_a_foundation": "{sq} には基礎タイルもピラミッドもありません",
    "site_taken": "{sq} には他のプレイヤーの労働者駒があります",
    "not_own_pyramid": "労働者駒は自分のピラミッドにしか移動できません",
    "site_full": "{sq} にはすでに労働者駒が3個あります",
    "foundation_not_empty": "移動できるのは空の基礎タイルか新たに配置した基礎タイルだけです",
    "path_blocked": "労働者駒は {sq}（{what}）を越えられません",
    "first_turn_one_site": "最初の手番では1ヶ所の基礎タイルにしか移動できません",
    "no_such_player": "席 {seat} はありません",
    "not_your_turn": "労働者駒を戻せるのは自分の手番だけです（A22）",
    "no_own_worker": "{sq} にそのプレイヤーの労働者駒はありません",
    # M7 / end of turn
    "refill_missing": "手番を終える前にタイルホルダーからタイルを1枚取ります",
    "coin_cap": "手番終了時のお金は4金までです（{n}金）",
    "block_cap": "手番終了時の建築資材ブロックは7個までです（{n}個）",
    # tracks
    "coin_symbols_without_advance": "ホルス神の眼を得ていないのでコインのシンボルには到達しません（記録 {n}）",
    "coin_symbols_mismatch": "マーカーは {start} から {end} までに {expected} 個のコインのシンボルを通過します（{n} ではありません）",
    "coin_symbols_unrecorded": "ホルストラックの配置が不明です。{start} から {end} までに到達・通過したコインのシンボルの数を記録してください",
    "track_fact_impossible": "トラックの記録があり得ない値です",
    "track_fact_inconsistent": "トラックの記録が以前の記録と矛盾します",
    "palms_mismatch": "ナイル川の {space} マスの船が到達したヤシの木は {expected} 本です（{n} ではありません）",
    # M8-M10 actions
    "not_enough_coins": "お金が足りません",
    "build_needs_three": "建設には自分の労働者駒3個がその建設地に必要です",
    "colour_required": "新しいピラミッドの色を指定してください",
    "colour_fixed": "このピラミッドは {colour} です",
    "wrong_block_count": "階層{level}には建築資材ブロックが{level}個必要です（{paid}個ではありません）",
    "wrong_block_colour": "{colour} か白のブロックで支払います（{c} ではありません）",
    "not_enough_blocks": "{c} のブロックが足りません",
    "no_top_left": "ピラミッド最上部が残っていません",
    "pyramid_complete": "このピラミッドはこれ以上高くできません",
    "no_worker_piece": "購入できる労働者駒がありません",
    "convert_two": "変換は任意の2ブロックを白のブロック1個にします",
    "convert_same_colour": "変換する2ブロックは同じ色でなければなりません（A5）",
    # Ver2 / Ver3
    "needs_version_2": "これはバージョン2からのルールです",
    "needs_version_3": "これはバージョン3だけのルールです",
    "boat_at_goal": "船はすでにゴールにいます",
    "card_gone": "{card} の戦略カードはボードの横にありません",
    "card_needs_5_points": "戦略カードはホルストラックで5ポイント以上から購入できます",
    "surround_no_owner": "{sq} には労働者駒がありません",
    "not_surrounded": "{sq} の周囲にはまだ空のマスがあります",
    "surround_bonus_mismatch": "{sq} の周囲のタイルが示すボーナスは {want} です（記録: {got}）",
    "surround_twice": "{sq} はすでに囲まれています",
    "unavailable_not_in_line": "この列には、サプライ不足として記録された{colour}の建築資材のシンボルがありません",
    "block_supply_short": "サプライの建築資材ブロックは{left}個で、{n}個は置けません。ブロックを置けなかったシンボルを記録してください",
    "block_colour_supply": "{colour}のブロックはサプライに{left}個、シンボルは{n}個です（記録: {got}個獲得）",
    "block_supply_empty": "サプライに白の建築資材ブロックが残っていません",
    "no_level_piece_left": "ピラミッド階層がすべて使われています（{total}個）",
    "surround_not_completed": "この手番のタイルは、労働者駒のいる {sq} を囲み終えていません（ボーナスは囲み終えた時に1回だけ）",
    "surround_bonus_missing": "この手番のタイルが {sq} を完全に囲みました。ボーナスを記録してください",
    "surround_v3_only": "このボーナスはバージョン3だけです",
    # score sheet
    "sheet_players": "得点表には{want}人分の記入が必要です",
    "sheet_name": "席 {seat} は {want} です（{got} ではありません）",
    "too_many_sites": "{n}ヶ所の建設地には労働者駒{w}個より多く必要です",
    "missions_only": "'built' はミッション専用です",
    "negative": "負の値は記入できません",
    "card_twice": "{card} のカードはすでに席 {seat} が所有しています",
    "arrival_twice": "2隻の船が同時に到着することはできません",
    "setup.player_count": "対戦は2〜4人です（{n}人ではありません）",
    "setup.mission_version": "ミッションは基本ゲーム（バージョン1）で遊びます",
    "boat_arrival_unmoved": "マス0の船は動いていないので、到着順はありません",
    "boat_arrival_zero": (
        "ナイル川のマス{space}の船は動いています。そのマスへの到着順は1以上です"
        "（記録がなければ省略してください）"
    ),
    "surround_oasis_items": (
        "アイテムを得られるのは、囲んだバージョン3のオアシスマスだけです"
        "（オアシス{oases}マスにアイテム{n}個）"
    ),
    "sites_claimed_low": (
        "このプレイヤーの労働者駒がいる建設地は{n}か所なので、獲得した建設地は{n}以上です"
        "（{got}ではありません）"
    ),
    "boat_past_goal": "ナイル川のトラックはマス{goal}で終わります。船はマス{space}にはいられません",
}
