"""Public pages with the Django client: content, release rules, languages, search."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tournaments.public.models import PublicSettings
from tournaments.results.models import ProblemReport

pytestmark = pytest.mark.django_db


def url(name: str, language: str = "en", **kwargs) -> str:
    with translation.override(language):
        return reverse(f"tournaments:{name}", kwargs=kwargs)


def get(client, name: str, language: str = "en", query: str = "", **kwargs) -> str:
    response = client.get(url(name, language, **kwargs) + query)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_event_home_shows_games_rounds_and_now(client, world):
    html = get(client, "event-detail", slug=world.event.slug)
    assert "Imhotep" in html
    assert "Round 2 is being played." in html
    assert "0 of 2 table results confirmed." in html
    assert "Round 1" in html and "Round 3" not in html  # draft round not listed
    ja = get(client, "event-detail", "ja", slug=world.event.slug)
    assert "イムホテップ" in ja and "第2回戦を対戦中です。" in ja


def test_seating_of_a_draft_round_is_not_found(client, world):
    response = client.get(url("seating", slug=world.event.slug, number=3))
    assert response.status_code == 404


def test_current_seating_redirects_to_the_published_round(client, world):
    response = client.get(url("seating-current", slug=world.event.slug))
    assert response.status_code == 302
    assert response["Location"] == url("seating", slug=world.event.slug, number=2)


def test_seating_lists_players_in_seat_order(client, world):
    html = get(client, "seating", slug=world.event.slug, number=2)
    table_1 = html[html.index('id="table-1"') : html.index('id="table-2"')]
    names = re.findall(r'data-name="([^"]+)"', table_1)
    assert names == ["佐藤 葵", "伊藤 陽菜", "高橋 結衣", "山本 凛"]


@pytest.mark.parametrize(
    "query", ["いとう", "イトウ", "ito", "Itou", "ITŌ", "伊藤", "ひな", "hina", "ｲﾄｳ"]
)
def test_find_my_table_by_name_kana_or_romaji(client, world, query):
    html = get(client, "seating", slug=world.event.slug, number=2, query=f"?q={query}")
    hits = html[html.index('id="hits"') : html.index('id="live"')]
    assert "伊藤 陽菜" in hits and "Table 1" in hits and "seat 2" in hits
    assert "佐藤" not in hits


def test_find_my_table_says_when_nobody_matches(client, world):
    html = get(client, "seating", slug=world.event.slug, number=2, query="?q=zzzz")
    assert "Nobody matches" in html


def test_confirmed_sheet_result_shows_breakdown_rules_and_ranks(client, world):
    html = get(client, "table-result", slug=world.event.slug, number=1, table=1)
    outcome = world.confirmed_sheet.outcome
    for category in outcome["categories"]:
        # The rule id as the rulebook prints it ([S1]), not with the engine's key.
        printed = category["rule"].rpartition(":")[2]
        assert escape(category["en"]) in html and f"[{printed}]" in html
        assert f"[{category['rule']}]" not in html
    for tiebreak in outcome["tiebreaks"]:
        assert escape(tiebreak["en"]) in html
    ja = get(client, "table-result", "ja", slug=world.event.slug, number=1, table=1)
    assert outcome["categories"][0]["ja"] in ja


def test_unconfirmed_result_is_not_shown(client, world):
    html = get(client, "table-result", slug=world.event.slug, number=2, table=1)
    assert "No confirmed result yet." in html
    assert 'class="data result"' not in html


def test_move_log_viewer_steps_through_the_replay(client, world):
    base = {"slug": world.event.slug, "number": 1, "table": 2}
    total = len(world.confirmed_log.payload["moves"])
    html = get(client, "table-result", query="?step=3", **base)
    assert f"Move 3 of {total}" in html
    assert 'aria-current="step"' in html
    assert "?step=2" in html and "?step=4" in html
    end = get(client, "table-result", query=f"?step={total}", **base)
    assert f"Move {total} of {total}" in end
    # A step past the log's end is no page (issue 26: every value made a render).
    path = url("table-result", "en", **base)
    assert client.get(f"{path}?step={total + 1}").status_code == 404


def test_player_page_lists_rounds_with_score_placement_and_chart(client, world):
    reg = world.registrations[0]
    html = get(client, "player", slug=world.event.slug, registration_id=reg.pk)
    line = world.confirmed_sheet.outcome["players"][0]
    assert f'<td class="num">{line["total"]}</td>' in html
    assert "<svg" in html and "After round 1: rank" in html
    assert "pending" in html  # round 2: submitted but not confirmed
    assert html.count("<tr>") == 3  # header + rounds 1 and 2, never the draft round 3


def test_standings_show_every_metric_and_filter_by_club(client, world):
    html = get(client, "standings", slug=world.event.slug)
    snapshot = world.event.standings_snapshots.get()
    shorts = {"tp": "TP", "firsts": "1st", "sos": "SoS", "score_share": "SS", "score_ratio": "SR"}
    shorts["h2h"] = "H2H"
    for name in snapshot.standings["precedence"]:
        assert f"<dt>{shorts[name]}</dt>" in html
    assert html.count('<th scope="row">') == 8
    filtered = get(client, "standings", slug=world.event.slug, query="?club=ナイル会")
    assert filtered.count('<th scope="row">') == 2


def test_standings_column_headings_are_japanese_with_every_metric(
    client, world, django_capture_on_commit_callbacks
):
    """Every column heading and legend term of a /ja/ standings page is Japanese, with
    the full name as the heading's title; /en/ keeps its abbreviations."""
    from tests.tournaments.public.conftest import every_metric_config, write_snapshot
    from tournaments.public.render import METRIC_SHORT

    with django_capture_on_commit_callbacks(execute=True):  # the page cache follows
        write_snapshot(world.event, 1, config=every_metric_config())
    columns = r'<th scope="col" class="num(?: extra)?"><abbr title="([^"]+)">([^<]+)</abbr>'
    ja = get(client, "standings", "ja", slug=world.event.slug)
    headings = re.findall(columns, ja)
    assert len(headings) == len(METRIC_SHORT) + 1  # game_points and game_points:imhotep
    latin = [(short, title) for title, short in headings if re.search("[A-Za-z]", short)]
    assert latin == []
    assert [t for t, _short in headings if re.search("[A-Za-z]", t)] == []  # titles too
    legend = re.findall(r"<dt>([^<]+)</dt>", ja)
    assert legend == [short for _title, short in headings]
    en = get(client, "standings", "en", slug=world.event.slug)
    assert [short for _title, short in re.findall(columns, en)][:5] == [
        "TP", "SoS", "SR", "H2H", "1st"
    ]  # fmt: skip


def test_standings_freeze_hides_later_results(client, world, django_capture_on_commit_callbacks):
    from tests.tournaments.public.conftest import write_snapshot

    assert "No standings yet" not in get(client, "standings", slug=world.event.slug)
    with django_capture_on_commit_callbacks(execute=True):  # commit → version bump
        write_snapshot(world.event, 2)
        PublicSettings.objects.create(event=world.event, standings_frozen_after_round=0)
    html = get(client, "standings", slug=world.event.slug)
    assert "No standings yet" in html
    table = get(client, "table-result", slug=world.event.slug, number=1, table=1)
    assert "not released yet" in table


def test_private_page_check_in_and_report(client, world, django_capture_on_commit_callbacks):
    reg = world.registrations[3]
    reg.status = "registered"
    with django_capture_on_commit_callbacks(execute=True):  # commit → the cached page is stale
        reg.save()
    page = client.get(url("private", token=reg.private_token))
    assert page.status_code == 200
    assert page["Cache-Control"] == "private, no-store"
    assert page["Referrer-Policy"] == "no-referrer"
    assert "Check in" in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(url("private-check-in", token=reg.private_token))
    reg.refresh_from_db()
    assert reg.status == "checked_in"
    after = client.get(done["Location"]).content.decode()
    assert "You are checked in." in after and 'action="' in after
    assert ">Check in</button>" not in after
    client.post(url("private-report", token=reg.private_token), {"message": "Missing tile"})
    report = ProblemReport.objects.get()
    assert report.registration == reg and report.table.round == world.round2


def test_private_page_lists_results_to_confirm(client, world):
    reg = world.registrations[0]  # seated at round 2 table 1 (submitted result)
    html = client.get(url("private", token=reg.private_token)).content.decode()
    assert "Results to confirm" in html and "Round 2, table 1" in html
    assert f'href="/en/judge/player/{reg.private_token}/"' in html  # the confirm flow


def test_unknown_private_token_is_not_found(client, world):
    assert client.get(url("private", token="not-a-token")).status_code == 404


def test_language_links_point_at_the_same_page(client, world):
    html = get(client, "standings", "ja", slug=world.event.slug)
    assert f'href="{url("standings", "en", slug=world.event.slug)}"' in html


def test_move_log_reads_as_sentences_naming_the_seated_players(client, world):
    """The viewer's moves are sentences in the page's language (the judge page's words),
    never the record's JSON; the log's own player names read as the seated players."""
    from tests.japanese_pages import english_in, page_texts

    table = world.confirmed_log.table
    seated = [s.registration.player.display_name for s in table.seats.order_by("position")]
    log_names = world.confirmed_log.payload["players"]
    assert log_names != seated  # the example log names its players itself
    base = {"slug": world.event.slug, "number": 1, "table": table.number}
    html = get(client, "table-result", language="ja", query="?step=8", **base)
    moves = html[html.index('<section class="moves"') :]
    assert "{&quot;" not in moves and '{"' not in moves and "&quot;type&quot;" not in moves
    assert seated[0] in moves and not any(name in moves for name in log_names)
    found = english_in(page_texts(moves), names=tuple(seated))
    assert found == []
