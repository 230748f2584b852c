# ruff: noqa: E501  (Japanese templates read best unbroken)
"""Japanese templates for the framework's own violation codes (same ``{params}``).

Engines add their game codes in their own ``messages_ja``; ``GameEngine.localize`` looks
there first, then here. Pydantic's shape errors share one template (``malformed.*``).
"""

CORE_MESSAGES_JA = {
    "malformed.document": "文書はJSONオブジェクトでなければなりません",
    "malformed.envelope": '文書には "sheet"（得点表）か "moves"（手順記録）のどちらか一方が必要です',
    "malformed.game": "この文書は {want!r} ではなく {got!r} のものです",
    "malformed.json": "JSONを読み込めません: {error}",
    "setup.unknown_preset": "プリセット {preset!r} はありません。使えるのは {known} です",
    "setup.player_count": "{game} のプレイ人数は{lo}～{hi}人です（{n}人ではありません）",
    "setup.duplicate_player": "プレイヤー名が重複しています",
    "setup.unknown_edition": "{game} に版データ {name!r} はありません。同梱の版: {known}",
}
MALFORMED_JA = "{path}: 入力の形式が正しくありません（{detail}）"
