# ruff: noqa: E501  (Japanese templates read best unbroken)
"""Japanese templates for the framework's own violation codes (same ``{params}``).

Engines add their game codes in their own ``messages_ja``; ``GameEngine.localize`` looks
there first, then here. Pydantic's shape errors share one template (``malformed.*``).
"""

CORE_MESSAGES_JA = {
    "malformed.document": "文書はJSONオブジェクトでなければなりません",
    "malformed.envelope": "文書には得点表か手順記録のどちらか一方が必要です",
    "malformed.game": "この文書は「{want}」ではなく「{got}」のものです",
    "malformed.json": "JSONとして読み込めません",
    "setup.unknown_preset": "プリセット「{preset}」はありません。使えるのは {known} です",
    "setup.player_count": "{game_ja}のプレイ人数は{lo}～{hi}人です（{n}人ではありません）",
    "setup.duplicate_player": "プレイヤー名が重複しています",
    "setup.unknown_edition": "{game}に版データ「{name}」はありません。同梱の版：{known_list}",
}
MALFORMED_JA = "{where}：入力の形式が正しくありません"

# Pydantic's error types (``malformed.<type>``) in Japanese; ``{where}`` is the path in
# words (``engines.core.parsing.where_ja``), the other params come from pydantic's context.
MALFORMED_TYPES_JA = {
    "missing": "{where}：必須の項目がありません",
    "extra_forbidden": "{where}：この項目は使えません",
    "int_type": "{where}：整数を記入してください",
    "int_parsing": "{where}：整数を記入してください",
    "int_from_float": "{where}：整数を記入してください（小数は使えません）",
    "float_type": "{where}：数を記入してください",
    "float_parsing": "{where}：数を記入してください",
    "bool_type": "{where}：はい・いいえで記入してください",
    "bool_parsing": "{where}：はい・いいえで記入してください",
    "string_type": "{where}：文字列を記入してください",
    "list_type": "{where}：一覧（配列）で記入してください",
    "tuple_type": "{where}：一覧（配列）で記入してください",
    "dict_type": "{where}：項目の組（オブジェクト）で記入してください",
    "model_type": "{where}：項目の組（オブジェクト）で記入してください",
    "model_attributes_type": "{where}：項目の組（オブジェクト）で記入してください",
    "greater_than_equal": "{where}：{ge}以上の値にしてください",
    "greater_than": "{where}：{gt}より大きい値にしてください",
    "less_than_equal": "{where}：{le}以下の値にしてください",
    "less_than": "{where}：{lt}未満の値にしてください",
    "too_short": "{where}：{min_length}個以上必要です",
    "too_long": "{where}：{max_length}個までです",
    "literal_error": "{where}：使える値ではありません",
    "union_tag_invalid": "{where}：この種類の記録はありません",
    "union_tag_not_found": "{where}：記録の種類がありません",
    "value_error": "{where}：値が正しくありません",
    "enum": "{where}：使える値ではありません",
    "json_invalid": "{where}：JSONとして読めません",
}

# Terms every engine's parameters may use.
CORE_TERMS_JA = {
    "moves": "手順記録",
    "sheet": "得点表",
    "options": "オプション",
    "players": "プレイヤー",
    "default": "標準",
}

# Japanese item and reason of the framework's own ``unchecked`` entries, by code.
CORE_UNCHECKED_JA = {
    "core.undecided_order": (
        "{a}と{b}の順位",
        "タイブレーク「{what_ja}」の前まで同点で、{unknown_list}のその値が不明なため、"
        "同順位とします",
    ),
}
