"""What the engine could not check reads in the page's language on every page that shows a
result (issue 18, section 5): the public table page and its API answer, the judge's table
page (its state and live preview), the player's confirm page and the console's table page.

A Nile Murals sheet with the default edition leaves the rank points the rulebook lost
unchecked; a Terra Pyramides boat without its arrival leaves the boat's points unchecked.
Each entry is stored with its Japanese (as a violation keeps ``message_ja``); a result
stored before entries had codes keeps showing its stored English."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.results.helpers import as_user, make_event, make_table, user
from tests.tournaments.results.test_translations import english_in, page_texts
from tournaments.events.access import Actor
from tournaments.results.models import ResultSubmission
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db

NILE_SHEET = {"players": [{"combo": 5, "area": 10, "miss": -1}, {"combo": 3, "area": 8, "miss": 0}]}
NILE_JA = "エリアトラックの順位点"  # the item of the area track's lost rank points
NILE_EN = "area rank points"
# The heading says what these are: values that were unknown (issue 28), not a failure of the
# engine's ("not verified by the engine").
UNKNOWN_HEADING = {"ja": "不明だった値", "en": "Values that were unknown"}


def _names(table) -> tuple[str, ...]:
    return (
        table.round.event.name,
        *(s.registration.player.display_name for s in table.seats.all()),
    )


@pytest.fixture
def confirmed():
    """A confirmed Nile Murals result with lost rank points, in a public event."""
    event = make_event("nile_murals")
    table = make_table(event, players=2)
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=NILE_SHEET
    ).submission
    head = as_user(user("head", event, "head_judge"))
    svc.result_confirm(submission_id=sub.pk, actor=head)
    sub.refresh_from_db()
    assert sub.outcome["unchecked"], "the default edition lost these rank points"
    return sub


def test_each_entry_is_stored_with_its_japanese(confirmed):
    entry = next(u for u in confirmed.outcome["unchecked"] if u["params"]["track"] == "area")
    assert entry["code"] == "rank_points_lost"
    assert entry["item"] == NILE_EN and entry["item_ja"] == NILE_JA
    assert "1位" in entry["reason_ja"] and "1st place" in entry["reason"]


def _public_path(sub, lang: str) -> str:
    table = sub.table
    return (
        f"/{lang}/events/{table.round.event.slug}/rounds/{table.round.number}"
        f"/tables/{table.number}/"
    )


def _heading(html: str) -> str:
    return html.split('id="unchecked-heading">', 1)[1].split("</h2>", 1)[0]


def _section(html: str) -> str:
    return html.split('id="unchecked-heading"', 1)[1].split("</section>", 1)[0]


def test_public_table_page_in_each_language(client, confirmed):
    ja = client.get(_public_path(confirmed, "ja")).content.decode()
    assert NILE_JA in _section(ja) and NILE_EN not in ja
    assert UNKNOWN_HEADING["ja"] in _heading(ja)
    assert english_in(page_texts(_section(ja))) == []
    # The whole page: the rule ids read as printed (S5), never with the engine's key.
    assert english_in(page_texts(ja), _names(confirmed.table)) == []
    en = client.get(_public_path(confirmed, "en")).content.decode()
    assert NILE_EN in _section(en) and NILE_JA not in en
    assert "[S5]" in _section(en)
    assert UNKNOWN_HEADING["en"] in _heading(en) and "Not verified" not in en


def test_public_api_gives_code_params_and_the_requests_language(client, confirmed):
    table = confirmed.table
    path = (
        f"/api/events/{table.round.event.slug}/rounds/{table.round.number}/tables/{table.number}/"
    )
    ja = client.get(path, headers={"Accept-Language": "ja"})
    en = client.get(path, headers={"Accept-Language": "en"})
    area = next(u for u in ja.json()["unchecked"] if u["params"].get("track") == "area")
    assert area["code"] == "rank_points_lost" and area["rule"] == "nile_murals:S5"
    assert area["item"] == NILE_JA and "1位" in area["reason"]
    area_en = next(u for u in en.json()["unchecked"] if u["params"].get("track") == "area")
    assert area_en["item"] == NILE_EN
    # One version, two languages: a client switching language never gets a 304 for it.
    assert ja["ETag"] != en["ETag"]
    again = client.get(path, headers={"Accept-Language": "en", "If-None-Match": ja["ETag"]})
    assert again.status_code == 200 and again.json()["unchecked"][0]["item"] != NILE_JA


def test_judge_page_state_and_preview_in_each_language(client):
    table = make_table(make_event("nile_murals"), players=2)
    for lang, want, other in (("ja", NILE_JA, NILE_EN), ("en", NILE_EN, NILE_JA)):
        body = client.post(
            f"/{lang}/judge/{table.judge_token}/preview",
            json.dumps({"payload": NILE_SHEET}),
            content_type="application/json",
        ).json()
        items = [u["item_text"] for u in body["outcome"]["unchecked"]]
        assert want in items and other not in items, lang
        texts = [f"{u['item_text']}: {u['reason_text']}" for u in body["outcome"]["unchecked"]]
        if lang == "ja":
            assert english_in(texts) == []
    svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=NILE_SHEET
    )
    for lang, want in (("ja", NILE_JA), ("en", NILE_EN)):
        state = client.get(f"/{lang}/judge/{table.judge_token}/state").json()
        assert want in [u["item_text"] for u in state["current"]["outcome"]["unchecked"]]
        # The page's script lists them under a heading of the page's language, and the
        # state the page starts from (its config) says them in that language too.
        html = client.get(f"/{lang}/judge/{table.judge_token}/").content.decode()
        words = json.loads(_script(html, "judge-text"))
        assert words["unchecked"].startswith(UNKNOWN_HEADING[lang]), words["unchecked"]
        current = json.loads(_script(html, "judge-config"))["state"]["current"]
        assert want in [u["item_text"] for u in current["outcome"]["unchecked"]]


def _script(html: str, element_id: str) -> str:
    return html.split(f'id="{element_id}"', 1)[1].split(">", 1)[1].split("</script>", 1)[0]


def test_player_confirm_page_in_each_language(client):
    event = make_event("nile_murals")
    table = make_table(event, players=2)
    svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=NILE_SHEET
    )
    token = table.seats.order_by("position").first().registration.private_token
    ja = client.get(f"/ja/judge/player/{token}/").content.decode()
    assert NILE_JA in ja and NILE_EN not in ja
    assert english_in(page_texts(ja), _names(table)) == []
    assert f"<h3>{UNKNOWN_HEADING['ja']}" in ja
    en = client.get(f"/en/judge/player/{token}/").content.decode()
    assert NILE_EN in en and NILE_JA not in en
    assert f"<h3>{UNKNOWN_HEADING['en']}" in en and "Not verified" not in en


def test_console_table_page_in_each_language(client, confirmed):
    table = confirmed.table
    organizer = user("organizer", table.round.event, "organizer")
    client.force_login(organizer)
    path = f"{table.round.event.slug}/rounds/{table.round.number}/tables/{table.number}/"
    ja = client.get(f"/ja/console/{path}").content.decode()
    assert NILE_JA in ja.split('id="unchecked"', 1)[1] and NILE_EN not in ja
    # The same heading as the public and judge pages, with the version it was read from.
    version = confirmed.version
    heading_ja = f"{UNKNOWN_HEADING['ja']}（エンジンは確かめていません）・第{version}版"
    assert f"<h2>{heading_ja}</h2>" in ja
    en = client.get(f"/en/console/{path}").content.decode()
    assert NILE_EN in en.split('id="unchecked"', 1)[1] and NILE_JA not in en
    heading_en = f"{UNKNOWN_HEADING['en']} (not checked by the engine), version {version}"
    assert f"<h2>{heading_en}</h2>" in en and "Not verified" not in en


def test_terra_pyramides_boats_without_arrival_read_in_each_language(client):
    """Two boats share the lead and nobody recorded which arrived first: the Nile card."""
    event = make_event("terra_pyramides", options_overrides={"version": 3})
    table = make_table(event, players=2)
    sheet = {
        "players": [
            {"blocks": 3, "coins": 1, "boat": {"space": 4}},
            {"blocks": 2, "coins": 1, "boat": {"space": 4}},
        ]
    }
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=sheet
    ).submission
    assert [u["code"] for u in sub.outcome["unchecked"]] == ["nile_card"]
    token = table.seats.order_by("position").first().registration.private_token
    ja = client.get(f"/ja/judge/player/{token}/").content.decode()
    assert "到着順が分かりません" in ja and "arrival order" not in ja
    assert english_in(page_texts(ja), _names(table)) == []
    en = client.get(f"/en/judge/player/{token}/").content.decode()
    assert "the arrival order is unknown" in en


def test_a_result_stored_before_entries_had_codes_keeps_its_text(client, confirmed):
    stored = {"item": "scroll bonus", "reason": "the rulebook is silent", "rule": "x:S9"}
    coded = dict(confirmed.outcome["unchecked"][0])
    for key in ("item_ja", "reason_ja"):  # stored with a code, before the Japanese was kept
        coded.pop(key)
    outcome = {**confirmed.outcome, "unchecked": [stored, coded]}
    ResultSubmission.objects.filter(pk=confirmed.pk).update(outcome=outcome)
    ja = _section(client.get(_public_path(confirmed, "ja")).content.decode())
    assert "scroll bonus" in ja and "the rulebook is silent" in ja  # nothing to say it with
    assert coded["item"] not in ja and "順位点" in ja  # said by the engine from its code


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_judge_page_script_lists_them_in_each_language(live_server, browser):  # noqa: F811
    """table.js draws the list under the totals from the state the page starts with."""
    table = make_table(make_event("nile_murals"), players=2)
    svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=NILE_SHEET
    )
    for lang, want, other in (("ja", NILE_JA, NILE_EN), ("en", NILE_EN, NILE_JA)):
        page = browser.new_context(locale="ja-JP" if lang == "ja" else "en-GB").new_page()
        page.goto(f"{live_server.url}/{lang}/judge/{table.judge_token}/")
        page.wait_for_selector("#totals ul.unchecked li")
        lines = page.locator("#totals ul.unchecked li").all_inner_texts()
        assert any(want in line for line in lines) and not any(other in x for x in lines)
        assert all("S5" in line and "nile_murals" not in line for line in lines), lines
        if lang == "ja":
            assert english_in(lines) == []
        page.context.close()
