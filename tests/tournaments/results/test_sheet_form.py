"""Issue 28: the judge's sheet form asks in taps for closed sets, starts every count at 0,
offers "unknown" only as an explicit choice, and speaks in a judge's words."""

from __future__ import annotations

import pytest
from django.utils import translation

import engines
from tournaments.results.forms import JudgeForm, Node, form_options, judge_form, sheet_summary


def form(game: str, players: int = 4, subtotal: bool = False, **overrides) -> JudgeForm:
    engine = engines.get_engine(game)
    with translation.override("ja"):
        return judge_form(
            game,
            engine.sheet_schema(),
            [f"P{i}" for i in range(1, players + 1)],
            form_options(engine, None, overrides or None),
            subtotal=subtotal,
        )


def find(nodes: list[Node], key: str) -> Node:
    for node in nodes:
        if node.key == key:
            return node
        inner = [c for item in node.children for c in (item.children or [item])]
        try:
            return find(node.children + inner, key)
        except LookupError:
            continue
    raise LookupError(key)


def player(f: JudgeForm) -> list[Node]:
    return f.players[0][1].children


def test_tameri_building_symbols_are_a_tally_of_the_seven_symbols_not_free_text():
    """Trap 1: an empty text box was dropped from the body, and "なし" scored a building."""
    node = find(player(form("tameri")), "building_symbols")
    assert node.kind == "tally"
    assert [v for v, _ in node.choices] == [f"s{i}" for i in range(1, 8)]
    assert node.choices[0][1] == "記号1"


def test_tameri_glyphs_are_chips_with_japanese_names():
    hand = find(player(form("tameri")), "hand")
    left = find(hand.children, "left")
    assert left.kind == "multi"
    assert dict(left.choices)["ankh"] == "アンク"


def test_terra_pyramides_colours_are_chips_in_japanese_where_they_score():
    mission = form("terra_pyramides", players=1, version=1, mission=3)
    colour = find(player(mission), "colour")
    assert colour.kind == "choice" and colour.other
    assert dict(colour.choices)["red"] == "赤"
    # Outside the missions a pyramid's colour scores nothing: the sheet does not ask.
    with pytest.raises(LookupError):
        find(player(form("terra_pyramides", version=3)), "colour")


def test_imhotep_burial_chamber_is_seat_buttons_in_order():
    burial = find(form("imhotep").table, "burial")
    assert burial.kind == "sequence"
    assert burial.label == "埋葬室" and burial.help_rule == "P4" and "左の列" in burial.help


def test_every_count_starts_at_zero_and_unknown_is_a_choice():
    """Trap 3: a blank box meant 0 in some places and "unknown" in others."""
    nodes = player(form("tameri"))
    assert find(nodes, "play_points").start == 0
    assert find(nodes, "resources").start == 0
    priest = find(nodes, "priest_card_points")
    assert priest.start == 0 and priest.unknown
    assert not find(nodes, "play_points").unknown  # required: never unknown
    assert find(nodes, "pharaoh_points").folded  # an alternative: asked when opened
    assert find(find(nodes, "hand").children, "number").start is None  # no card 0: typed


def test_labels_speak_a_judges_words_not_rule_ids_or_arithmetic():
    level = find(player(form("field_of_reeds")), "levels").children[0].children
    texts = [n.label for n in level] + [c.label for n in level for c in n.children]
    assert not [t for t in texts if "Q11" in t or "引いた" in t]
    points = find(level, "points")
    assert points.help and points.help_rule == "S1"


def test_a_value_marked_unknown_reads_unknown_for_the_player():
    f = form("tameri", players=1)
    sheet = {"players": [{"play_points": 3, "priest_card_points": None}]}
    with translation.override("ja"):
        lines = dict(sheet_summary(f, sheet)["players"][0][1])
    assert lines["司祭カードの得点"] == "不明（シートに書かれていない）"


def test_subtotal_entry_asks_the_subtotals_instead_of_the_detail():
    nodes = player(form("tameri", subtotal=True))
    for hidden in ("revealed", "hand"):
        with pytest.raises(LookupError):
            find(nodes, hidden)
    for asked in ("pharaoh_points", "remaining_offerings", "hand_glyph_points"):
        assert not find(nodes, asked).folded


def test_terra_pyramides_subtotal_entry_asks_the_score_track_points_instead_of_the_detail():
    nodes = player(form("terra_pyramides", subtotal=True, version=3))
    for hidden in ("foundations", "pyramids", "oasis_track", "palms", "boat", "cards"):
        with pytest.raises(LookupError):
            find(nodes, hidden)
    asked = ("foundation_points", "pyramid_points", "oasis_points", "nile_points",
             "strategy_card_points")  # fmt: skip
    for name in asked:
        node = find(nodes, name)
        assert not node.folded and node.start == 0
    assert find(nodes, "pyramid_points").label == "ピラミッドの得点"
    # Every-value entry keeps the detail and folds the points away as alternatives.
    detail = player(form("terra_pyramides", version=3))
    assert find(detail, "pyramids").kind == "rows"
    assert all(find(detail, name).folded for name in asked)
    # Version 1 has no oasis, Nile or cards (VN2): their points are not asked.
    base = player(form("terra_pyramides", subtotal=True, version=1))
    assert [n.key for n in base] == ["foundation_points", "pyramid_points", "blocks", "coins"]


def test_field_of_reeds_subtotal_entry_asks_each_levels_djed_bonus():
    nodes = player(form("field_of_reeds", subtotal=True))
    for hidden in ("djeds", "black_to", "reused"):
        with pytest.raises(LookupError):
            find(nodes, hidden)
    bonus = find(nodes, "djed_points")
    assert not bonus.folded and bonus.start == 0 and bonus.label.startswith("このレベルの")
    # The tiebreak count is needed only where totals tie: its box starts empty, not at a 0
    # the sheet would then claim.
    placed = find(nodes, "djeds_on_sheet")
    assert not placed.folded and placed.start is None
    detail = player(form("field_of_reeds"))  # every value: the engine works the bonus out
    assert find(detail, "djeds").kind == "group"
    for subtotal_only in ("djed_points", "djeds_on_sheet"):
        with pytest.raises(LookupError):
            find(detail, subtotal_only)
