"""Full flows through the judge pages (HTML + their JSON endpoints) for two games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from tests.tournaments.results.helpers import (
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    terra_sheet,
    user,
)
from tournaments.results.models import ResultSubmission
from tournaments.results.selectors import seat_names
from tournaments.standings.models import StandingsSnapshot

pytestmark = pytest.mark.django_db


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


GAMES = {
    "imhotep": (3, imhotep_sheet, "$.sheet.players[2].sled", "$.sheet.burial"),
    "terra_pyramides": (
        2,
        terra_sheet,
        "$.sheet.players[1].coins",
        "$.sheet.players[0].foundations",
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_judge_enters_a_sheet_and_players_confirm_on_the_device(
    client, game, django_capture_on_commit_callbacks
):
    players, sheet, field_path, other_path = GAMES[game]
    event = make_event(game)
    table = make_table(event, players=players)
    base = f"/ja/judge/{table.judge_token}/"

    page = client.get(base)
    assert page.status_code == 200
    html = page.content.decode()
    # The form is built from the engine's sheet schema, one fieldset per seat in order.
    assert f'data-path="{field_path}"' in html and f'data-path="{other_path}"' in html
    names = [s.registration.player.display_name for s in table.seats.order_by("position")]
    assert [html.index(n) for n in names] == sorted(html.index(n) for n in names)
    assert "結果を提出" in html  # Japanese page

    # Live totals: the engine scores without saving anything.
    preview = post(client, base + "preview", {"payload": sheet()}).json()
    assert preview["violations"] == [] and len(preview["outcome"]["players"]) == players
    assert not ResultSubmission.objects.exists()

    with django_capture_on_commit_callbacks(execute=True):
        saved = post(client, base + "entry", {"action": "submit", "kind": "sheet",
                     "payload": sheet(), "base_version": 0, "idempotency_key": "x1"})  # fmt: skip
    assert saved.status_code == 201
    state = saved.json()
    assert state["current"]["status"] == "submitted" and state["latest_version"] == 1
    sub_id = state["current"]["id"]
    with django_capture_on_commit_callbacks(execute=True):
        for rid in seat_registrations(table):
            state = post(client, base + "confirm", {"submission_id": sub_id,
                         "registration_id": rid}).json()  # fmt: skip
    assert state["current"]["status"] == "confirmed"
    assert client.get(base + "state").json()["table_status"] == "confirmed"
    assert StandingsSnapshot.objects.filter(event=event).latest().after_round == 1


def test_errors_come_back_beside_their_fields_in_both_languages(client):
    event = make_event("imhotep")
    table = make_table(event)
    bad = imhotep_sheet()
    bad["burial"] = [1, 9]
    body = post(client, f"/en/judge/{table.judge_token}/entry",
                {"action": "submit", "kind": "sheet", "payload": bad}).json()  # fmt: skip
    assert body["saved"]["status"] == "draft"
    violation = next(v for v in body["saved"]["violations"] if v["path"] == "$.sheet.burial[1]")
    assert violation["rule"] == "imhotep:P4"
    assert violation["message"] and violation["message_ja"]
    assert violation["text"] == violation["message"]  # the page's language (/en/)
    page = client.get(f"/en/judge/{table.judge_token}/").content.decode()
    assert 'data-path="$.sheet.burial"' in page and "Submit result" in page
    ja = post(client, f"/ja/judge/{table.judge_token}/preview", {"payload": bad}).json()
    in_ja = next(v for v in ja["violations"] if v["path"] == "$.sheet.burial[1]")
    assert in_ja["text"] == violation["message_ja"]


def test_shape_errors_read_as_sentences_in_the_page_language(client):
    """No JSON path, no pydantic text: a sled of 6 reads "5以下" beside the field."""
    table = make_table(make_event("imhotep"))
    bad = imhotep_sheet()
    bad["players"][0]["sled"] = 6
    del bad["players"][1]["track"]
    for lang, most, required in (("ja", "5以下", "必須"), ("en", "At most 5.", "Required.")):
        body = post(client, f"/{lang}/judge/{table.judge_token}/preview", {"payload": bad}).json()
        by_path = {v["path"]: v["text"] for v in body["violations"]}
        assert most in by_path["$.sheet.players[0].sled"]
        assert required in by_path["$.sheet.players[1].track"]
        for text in by_path.values():
            assert "$." not in text and "Input should" not in text and "Field required" not in text


def test_stale_entry_from_the_page_is_a_conflict(client):
    table = make_table(make_event("imhotep"))
    url = f"/ja/judge/{table.judge_token}/entry"
    entry = {"action": "draft", "kind": "sheet", "payload": imhotep_sheet(), "base_version": 0}
    assert post(client, url, entry).status_code == 201
    response = post(client, url, dict(entry, action="submit"))
    assert response.status_code == 409 and response.json()["current_version"] == 1


def test_resent_entry_with_the_same_key_is_not_duplicated(client):
    table = make_table(make_event("imhotep"))
    url = f"/ja/judge/{table.judge_token}/entry"
    entry = {"action": "submit", "kind": "sheet", "payload": imhotep_sheet(),
             "idempotency_key": "offline-1"}  # fmt: skip
    assert post(client, url, entry).status_code == 201
    again = post(client, url, entry)
    assert again.status_code == 200 and again.json()["created"] is False
    assert ResultSubmission.objects.count() == 1


def test_move_log_step_checks_and_import(client):
    doc = json.loads(Path("engines/imhotep/examples/imhotep-4p-log.json").read_text())
    table = make_table(make_event("imhotep", policy="none"), players=4)
    base = f"/en/judge/{table.judge_token}/"
    page = client.get(base).content.decode()
    assert "Add step" in page and "Import JSON" in page
    # Step by step: the first six moves are legal, an impossible load is flagged at step 6.
    steps = [{k: v for k, v in m.items() if k != "by"} for m in doc["moves"]]
    ok = post(client, base + "log-check", {"moves": steps[:6]}).json()
    assert ok["ok"] and ok["moves_applied"] == 6 and not ok["game_over"]
    sail = {"type": "sail", "ship": 0, "site": "market"}  # ship 0 holds too few stones yet
    bad = post(client, base + "log-check", {"moves": steps[:6] + [sail]}).json()
    assert not bad["ok"] and bad["violations"][0]["index"] == 6
    # Import of the whole document: checked to the end, then submitted as a log.
    full = post(client, base + "log-check", {"moves": doc}).json()
    assert full["ok"] and full["game_over"] and full["outcome"]
    saved = post(client, base + "entry", {"action": "submit", "kind": "log", "payload": doc}).json()
    assert saved["current"]["status"] == "confirmed" and saved["current"]["kind"] == "log"


def test_judge_url_is_scoped_to_its_table(client):
    event = make_event("imhotep")
    mine, other = make_table(event), make_table(event)
    entry = {"action": "submit", "kind": "sheet", "payload": imhotep_sheet()}
    other_sub = post(client, f"/ja/judge/{other.judge_token}/entry", entry).json()
    response = post(client, f"/ja/judge/{mine.judge_token}/confirm",
                    {"submission_id": other_sub["current"]["id"],
                     "registration_id": seat_registrations(other)[0]})  # fmt: skip
    assert response.status_code == 404
    assert client.get("/ja/judge/not-a-real-token/").status_code == 404


def test_logged_in_table_judge_sees_only_their_tables(client):
    event = make_event("imhotep")
    mine, other = make_table(event), make_table(event)
    account = user("tj", event, "table_judge", table=mine)
    client.force_login(account)
    assert client.get(f"/ja/judge/tables/{mine.pk}/").status_code == 200
    assert client.get(f"/ja/judge/tables/{other.pk}/").status_code == 404
    listing = client.get("/ja/judge/").content.decode()
    assert f"/ja/judge/tables/{mine.pk}/" in listing and f"/judge/tables/{other.pk}/" not in listing
    saved = post(client, f"/ja/judge/tables/{mine.pk}/entry",
                 {"action": "submit", "kind": "sheet", "payload": imhotep_sheet()})  # fmt: skip
    assert saved.status_code == 201
    assert ResultSubmission.objects.get().submitted_by == account


def test_player_confirms_and_disputes_on_their_private_page(client):
    event = make_event("imhotep")
    table = make_table(event)
    post(client, f"/ja/judge/{table.judge_token}/entry",
         {"action": "submit", "kind": "sheet", "payload": imhotep_sheet()})  # fmt: skip
    seat = table.seats.order_by("position").first()
    token = seat.registration.private_token
    page = client.get(f"/ja/judge/player/{token}/").content.decode()
    assert "この結果を確認しました" in page
    sub = ResultSubmission.objects.get()
    client.post(f"/ja/judge/player/{token}/results/{sub.pk}/", {"action": "confirm"})
    assert sub.confirmations.get().registration_id == seat.registration_id
    client.post(f"/ja/judge/player/{token}/results/{sub.pk}/",
                {"action": "dispute", "reason": "burial count"})  # fmt: skip
    sub.refresh_from_db()
    assert sub.status == "disputed"


def test_table_qr_code_encodes_the_private_judge_url(client):
    table = make_table(make_event("imhotep"))
    response = client.get(f"/ja/judge/{table.judge_token}/qr.svg")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<?xml") and b"<svg" in response.content
    assert client.get("/ja/judge/no-such-token/qr.svg").status_code == 404


LOGIN_ROLES = {
    "organizer": True, "head_judge": True, "table_judge": True, "player": True,
    "other_table_judge": False, "other_player": False, "unrelated_user": False, "public": False,
}  # fmt: skip


@pytest.mark.parametrize("role", LOGIN_ROLES)
def test_logged_in_page_endpoints_by_role(client, role):
    """The page's JSON endpoints after login, for every role (the token URL is scoped by
    its token; see test_judge_url_is_scoped_to_its_table)."""
    from tests.tournaments.factories import RegistrationFactory
    from tournaments.events.models import Registration

    event = make_event("imhotep")
    table = make_table(event)
    other = make_table(event, round_=table.round)
    seat1 = Registration.objects.get(pk=seat_registrations(table)[0])
    accounts = {
        "organizer": lambda: user("o", event, "organizer"),
        "head_judge": lambda: user("h", event, "head_judge"),
        "table_judge": lambda: user("t", event, "table_judge", table=table),
        "other_table_judge": lambda: user("t2", event, "table_judge", table=other),
        "player": lambda: user("p", event, "player", registration=seat1),
        "other_player": lambda: user(
            "p2", event, "player", registration=RegistrationFactory(event=event)
        ),
        "unrelated_user": lambda: user("u"),
        "public": lambda: None,
    }
    account = accounts[role]()
    if account is not None:
        client.force_login(account)
    base = f"/ja/judge/tables/{table.pk}/"
    entry = post(client, base + "entry", {"action": "submit", "kind": "sheet",
                 "payload": imhotep_sheet()})  # fmt: skip
    page = client.get(base)
    if LOGIN_ROLES[role]:
        assert entry.status_code == 201 and page.status_code == 200
        sub_id = entry.json()["current"]["id"]
        confirm = post(client, base + "confirm", {"submission_id": sub_id,
                       "registration_id": seat1.pk})  # fmt: skip
        assert confirm.status_code == 200
    else:
        assert entry.status_code == 404  # the table's existence is not revealed
        assert page.status_code in (302, 404)  # anonymous: to the login page
        assert not ResultSubmission.objects.exists()


def test_log_check_returns_the_sentence_the_page_shows(client):
    """One reading of a move (issue 27 item 4): the server sends each step's sentence, in
    the page's language, with the seated players' names; the script has no copy of it."""
    doc = json.loads(Path("engines/imhotep/examples/imhotep-4p-log.json").read_text())
    table = make_table(make_event("imhotep", policy="none"), players=4)
    names = seat_names(table)
    engine = engines.get_engine("imhotep")
    for lang in ("ja", "en"):
        base = f"/{lang}/judge/{table.judge_token}/"
        steps = [{**m, "by": names[doc["players"].index(m["by"])]} if "by" in m else m
                 for m in doc["moves"][:8]]  # fmt: skip
        report = post(client, base + "log-check", {"moves": steps}).json()
        assert report["sentences"] == engine.move_sentences(steps, names, lang)
        seat = doc["players"].index(doc["moves"][7]["by"])  # "Chie loads ...": the seat's name
        assert report["sentences"][7].startswith(names[seat])
        # A whole imported document: its own player names read as the seats.
        whole = post(client, base + "log-check", {"moves": {**doc, "moves": doc["moves"][:8]}})
        assert whole.json()["sentences"] == report["sentences"]
    script = Path("tournaments/results/static/judge/step_form.js").read_text()
    assert "function shown" not in script and "describe" not in script
