"""Name search keys: kana/katakana/half-width/romaji fold to the same hiragana key."""

from __future__ import annotations

import pytest

from tournaments.events.kana import name_matches, romaji_to_hiragana, search_key, sort_key
from tournaments.public.chart import rank_chart


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("さとう", "さと"),
        ("サトウ", "さと"),
        ("ｻﾄｳ", "さと"),
        ("Sato", "さと"),
        ("satou", "さと"),
        ("Satō", "さと"),
        ("shouta", "しょた"),
        ("syouta", "しょた"),
        ("tsumugi", "つむぎ"),
        ("tumugi", "つむぎ"),
        ("kanna", "かんな"),
        ("shin'ichi", "しんいち"),
        ("kenta", "けんた"),
        ("itto", "いっと"),
        ("ＳＡＴＯ", "さと"),
    ],
)
def test_search_key_folds_scripts_and_long_vowels(typed, key):
    assert search_key(typed) == key


def test_romaji_keeps_what_it_cannot_convert():
    assert romaji_to_hiragana("x") == "x"


def test_name_matches_written_name_reading_and_parts():
    assert name_matches("佐藤", "佐藤 葵", "さとう あおい")
    assert name_matches("aoi", "佐藤 葵", "さとう あおい")
    assert name_matches("アオイ", "佐藤 葵", "さとう あおい")
    assert name_matches("sato aoi", "佐藤 葵", "さとう あおい")
    assert not name_matches("suzuki", "佐藤 葵", "さとう あおい")
    assert not name_matches("   ", "佐藤 葵", "さとう あおい")
    assert name_matches("alice", "Alice Smith", "")


def test_sort_key_orders_by_reading_in_gojuon_order():
    people = [
        ("渡辺 颯太", "わたなべ そうた"),
        ("伊藤 陽菜", "イトウ ヒナ"),
        ("佐藤 葵", "さとう あおい"),
    ]
    ordered = sorted(people, key=lambda p: sort_key(*p))
    assert [p[0] for p in ordered] == ["伊藤 陽菜", "佐藤 葵", "渡辺 颯太"]


def test_rank_chart_puts_rank_one_on_top():
    chart = rank_chart([(1, 4), (2, 1), (3, 2)], field_size=8)
    ys = [p.y for p in chart.points]
    assert ys[1] == chart.top_y and ys[0] > ys[2] > ys[1]
    assert [p.x for p in chart.points] == sorted(p.x for p in chart.points)
    assert rank_chart([], 8) is None
