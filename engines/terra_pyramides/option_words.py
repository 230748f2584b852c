"""The words of Terra Pyramides' options and presets, in English and Japanese, for the
organizer's event form (``engine.option_controls``, ``engines/core/option_forms.py``):
each preset's name (``RULE_SETS``) and each option as ``(label, choices)`` (``OPTIONS``;
choices None: the core's words for a yes/no switch). The ambiguities' letters are those of
the rules reference's §11 (first reading: the preferred one). Every text is
``(English, Japanese)``.
"""

_MISSION = {
    None: ("no mission (a competitive game)", "ミッションなし（対戦）"),
    1: ("mission 1", "ミッション1"),
    2: ("mission 2", "ミッション2"),
    3: ("mission 3", "ミッション3"),
}

RULE_SETS = {
    "version_1": ("Version 1 (the base game)", "バージョン1（基本ゲーム）"),
    "version_2": ("Version 2: Horus and grave goods", "バージョン2：ホルスと副葬品"),
    "version_3": ("Version 3: the Nile and the oasis", "バージョン3：ナイル川とオアシス"),
    "symbol_variant": ("Version 1 with the symbol variant", "バージョン1＋記号ヴァリアント"),
    "open_stacks": ("Version 1 with open stacks", "バージョン1＋表向きの山ヴァリアント"),
    "mission_1": ("Mission 1 (cooperative or solo)", "ミッション1（協力・ソロ）"),
    "mission_2": ("Mission 2 (cooperative or solo)", "ミッション2（協力・ソロ）"),
    "mission_3": ("Mission 3 (cooperative or solo)", "ミッション3（協力・ソロ）"),
}

OPTIONS = {
    "version": (
        ("Version", "バージョン"),
        {
            1: ("version 1 (the base game)", "バージョン1（基本ゲーム）"),
            2: ("version 2: Horus and grave goods", "バージョン2：ホルスと副葬品"),
            3: ("version 3: the Nile and the oasis", "バージョン3：ナイル川とオアシス"),
        },
    ),
    "symbol_variant": (("Symbol variant (VS)", "記号ヴァリアント（VS）"), None),
    "open_stacks": (("Open stacks (VO)", "表向きの山ヴァリアント（VO）"), None),
    "mission": (("Cooperative or solo mission (VC)", "協力・ソロのミッション（VC）"), _MISSION),
    "a1_stair_facing": (
        ("Where a tile's stairs may point (A1)", "タイルの階段を向けられる先（A1）"),
        {
            "along_stair_direction": (
                "a site or pyramid anywhere along the stairs' line",
                "階段の向きの列にある建設地かピラミッド",
            ),
            "adjacent_only": (
                "only a site or pyramid next to the tile",
                "タイルの隣の建設地かピラミッドだけ",
            ),
        },
    ),
    "a1_faced_site_first": (
        (
            "The site faced is the first one along the stairs (A1)",
            "向いている建設地は階段の方向で最初の建設地（A1）",
        ),
        None,
    ),
    "a2_foundation_trigger": (
        (
            "Which empty site gets the forced foundation (A2)",
            "基礎タイルを置かなければならない空きの建設地（A2）",
        ),
        {
            "faced_site": ("only the site the stairs face", "階段が向いている建設地だけ"),
            "any_adjacent_site": (
                "any site next to the placed tile",
                "置いたタイルの隣のどの建設地でも",
            ),
        },
    ),
    "a3_line_extent": (
        ("The line a player chooses (A3)", "選ぶ列（A3）"),
        {
            "whole_run": ("the whole run between the blockers", "区切りの間の列全体"),
            "sub_segment": ("any part of it holding the placed tile", "置いたタイルを含む一部分"),
        },
    ),
    "a4_first_turn": (
        ("The first-turn rule applies to (A4)", "最初の手番の規則が当てはまる手番（A4）"),
        {
            "each_players_first_turn": ("each player's own first turn", "各プレイヤーの最初の手番"),
            "game_first_turn_only": ("only the game's first turn", "ゲームの最初の手番だけ"),
        },
    ),
    "a5_conversion": (
        ("Converting 2 blocks (A5)", "ブロック2個の交換（A5）"),
        {
            "any_colours": ("any 2 blocks, colours mixed", "色を問わず2個"),
            "same_colour": ("2 blocks of one colour", "同じ色の2個"),
        },
    ),
    "a6_money_cap_spending": (
        ("Spending coins above the cap of 4 (A6)", "上限4枚を超えたコインの使い道（A6）"),
        {
            "any_money_use": ("any use of money", "どのお金の使い道でも"),
            "blocks_and_workers_only": (
                "only buying blocks or workers",
                "ブロックか労働者駒の購入だけ",
            ),
        },
    ),
    "a8_bought_worker": (
        ("A bought worker comes (A8)", "購入した労働者駒（A8）"),
        {
            "from_stock": ("from the player's own stock", "手持ちから"),
            "new_piece": ("as a new piece of the player's colour", "自分の色の新しい駒"),
        },
    ),
    "a9_level1_payment": (
        ("Paying for a level-1 pyramid piece (A9)", "ピラミッド1段目の支払い（A9）"),
        {
            "chosen_colour_or_white": (
                "1 block of the chosen colour or white",
                "選んだ色か白のブロック1個",
            ),
            "any_colour": ("1 block of any colour", "どの色のブロックでも1個"),
        },
    ),
    "a10_pyramid_value": (
        ("A pyramid's value (A10)", "ピラミッドの価値（A10）"),
        {
            "top_level": ("the value of its top level", "いちばん上の段の価値"),
            "sum_of_levels": ("the sum of its levels", "すべての段の合計"),
        },
    ),
    "a11_foundation_under_pyramid_scores": (
        (
            "A foundation under a pyramid still scores (A11)",
            "ピラミッドの下の基礎タイルも得点になる（A11）",
        ),
        None,
    ),
    "a12_end_trigger": (
        ("In versions 2 and 3 the game ends (A12)", "バージョン2・3のゲーム終了（A12）"),
        {
            "last_tile_placed": (
                "when the last drawn tile is placed",
                "最後に引いたタイルを置いたとき",
            ),
            "stacks_empty": ("when the last stack empties", "最後の山がなくなったとき"),
        },
    ),
    "a14_grave_good_block": (
        (
            "The block of a grave good and material tile (A14)",
            "副葬品と資材のタイルのブロック（A14）",
        ),
        {
            "white": ("always white", "常に白"),
            "player_choice": (
                "white or the pictured colour, as the player chooses",
                "白か描かれた色をプレイヤーが選ぶ",
            ),
        },
    ),
    "a15_neighbourhood": (
        (
            "Squares around a site that must be filled to surround it (A15)",
            "建設地を囲むのに埋めるマス（A15）",
        ),
        {
            8: ("all 8 squares around it", "周りの8マス"),
            4: ("the 4 squares beside it", "上下左右の4マス"),
        },
    ),
    "a15_surround_grave_goods_in_v2": (
        (
            "Surrounding a site also pays grave goods in version 2 (A15)",
            "バージョン2でも囲むと副葬品をもらえる（A15）",
        ),
        None,
    ),
    "a16_oasis_source": (
        (
            "The oasis rule of version 3 applies to (A16)",
            "バージョン3のオアシスの規則が当てはまるもの（A16）",
        ),
        {
            "board_squares": ("the board's oasis squares", "ボードのオアシスのマス"),
            "tile_icons": ("oasis icons on stair tiles", "階段タイルのオアシスの記号"),
            "both": ("both", "両方"),
        },
    ),
    "a16_oasis_item_replaces_coin": (
        (
            "The oasis item replaces the coin instead of coming with it (A16)",
            "オアシスの品物がコインの代わりになる（コインと両方ではない）（A16）",
        ),
        None,
    ),
    "a17_sites_count": (
        ("A player's number of building sites (A17)", "プレイヤーの建設地の数（A17）"),
        {
            "occupied_foundations": (
                "foundations carrying the player's workers",
                "自分の労働者駒がいる基礎タイル",
            ),
            "ever_claimed": (
                "every site the player ever claimed",
                "これまでに獲得したすべての建設地",
            ),
        },
    ),
    "a18_horus_card_measure": (
        ('"Most Horus eyes" counts (A18)', "「ホルスの目が最多」で数えるもの（A18）"),
        {
            "eyes_gained": ("the eyes gained during the game", "ゲーム中に得た目"),
            "final_track": ("the final Horus track score", "最後のホルス・トラックの得点"),
        },
    ),
    "a19_missing_pyramid": (
        (
            "Highest pyramid, a player with fewer pyramids (A19)",
            "最も高いピラミッドで、ピラミッドが少ないプレイヤー（A19）",
        ),
        {
            "lower_than_any": (
                "a missing pyramid is lower than any",
                "ないピラミッドはどのピラミッドより低い",
            ),
            "compare_shorter_list": (
                "compare only as far as the shorter list",
                "少ないほうの数まで比べる",
            ),
        },
    ),
    "a22_return_workers": (
        ("Returning workers (A22)", "労働者駒の回収（A22）"),
        {
            "own_turn": ("during the player's own turn", "自分の手番中"),
            "any_time": (
                "at any time, other players' turns too",
                "ほかのプレイヤーの手番中もいつでも",
            ),
        },
    ),
    "a25_own_foundation_destination": (
        (
            "A worker may move onto a foundation with the player's own workers (A25)",
            "自分の労働者駒がいる基礎タイルへ移動できる（A25）",
        ),
        None,
    ),
    "g15_surround_cap": (
        (
            "Coins from surrounding a site, for a player not on turn, are capped (G15)",
            "手番でないプレイヤーが囲みで得たコインの上限の適用（G15）",
        ),
        {
            "own_next_turn": (
                "at the end of the player's own next turn",
                "そのプレイヤーの次の手番の終わり",
            ),
            "current_turn": ("at the end of the current turn", "今の手番の終わり"),
        },
    ),
    "max_tile_line": (
        ("Most tiles in a line (M3.4)", "1列のタイルの最大数（M3.4）"),
        {n: (f"{n} tiles", f"{n}枚") for n in range(1, 9)},
    ),
}
