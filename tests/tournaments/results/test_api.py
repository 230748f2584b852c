"""Full flows through the API for two games; error bodies; the OpenAPI document."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.results.helpers import (
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    terra_sheet,
    user,
)
from tournaments.events.models import Registration
from tournaments.results.models import ActionLog
from tournaments.standings.models import StandingsSnapshot

pytestmark = pytest.mark.django_db


def client_for(account) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=account).key}")
    return client


GAMES = {
    "imhotep": (3, imhotep_sheet, lambda s: s["players"][0].__setitem__("sled", 6),
                "$.sheet.players[0].sled"),
    "terra_pyramides": (2, terra_sheet, lambda s: s["players"][0].__setitem__("coins", 5),
                        "$.sheet.players[0].coins"),
}  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_full_flow_through_the_api(game, django_capture_on_commit_callbacks):
    players, sheet, spoil, bad_path = GAMES[game]
    event = make_event(game)
    table = make_table(event, players=players)
    regs = seat_registrations(table)
    judge = client_for(user("judge", event, "table_judge", table=table))
    player_clients = [
        client_for(user(f"p{i}", event, "player", registration=Registration.objects.get(pk=r)))
        for i, r in enumerate(regs)
    ]
    url = f"/api/tables/{table.pk}/results/"

    # 1. An invalid entry is kept as a draft with the engine's violation beside its path.
    bad = sheet()
    spoil(bad)
    response = judge.post(url, {"kind": "sheet", "payload": bad, "idempotency_key": "a"},
                          format="json")  # fmt: skip
    assert response.status_code == 422
    body = response.json()
    assert body["status"] == "draft" and body["version"] == 1
    assert body["violations"][0]["path"] == bad_path
    assert {"code", "rule", "message"} <= set(body["violations"][0])

    # 2. A stale edit (made from version 0) is refused, not overwritten.
    response = judge.post(url, {"kind": "sheet", "payload": sheet(), "base_version": 0},
                          format="json")  # fmt: skip
    assert response.status_code == 409
    assert response.json()["code"] == "result.version_conflict"
    assert response.json()["current_version"] == 1

    # 3. The corrected entry, sent twice with one key (a retry on flaky Wi-Fi).
    entry = {"kind": "sheet", "payload": sheet(), "base_version": 1, "idempotency_key": "b"}
    with django_capture_on_commit_callbacks(execute=True):
        first = judge.post(url, entry, format="json")
    again = judge.post(url, entry, format="json")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    sub = first.json()
    assert sub["status"] == "submitted" and sub["outcome"]["game"] == game

    # 4. Each player confirms from their own account.
    with django_capture_on_commit_callbacks(execute=True):
        for client in player_clients:
            response = client.post(f"/api/results/{sub['id']}/confirm/", {}, format="json")
            assert response.status_code == 200, response.json()
    assert response.json()["status"] == "confirmed"

    # 5. Public standings reflect the confirmed result.
    standings = APIClient().get(f"/api/events/{event.slug}/standings/").json()
    assert standings["after_round"] == 1 and len(standings["rows"]) == players
    winner = next(p for p in sub["outcome"]["players"] if p["rank"] == 1)
    assert standings["rows"][0]["registration"] == regs[winner["seat"] - 1]

    history = judge.get(f"/api/tables/{table.pk}/history/").json()
    assert [(h["version"], h["status"]) for h in history] == [(2, "confirmed"), (1, "draft")]
    assert ActionLog.objects.filter(table=table, action="result.confirmation").count() == players


def test_correction_through_the_api_reruns_standings(django_capture_on_commit_callbacks):
    event = make_event("imhotep", policy="none")
    table = make_table(event)
    a, b, c = seat_registrations(table)
    head = client_for(user("head", event, "head_judge"))
    with django_capture_on_commit_callbacks(execute=True):
        head.post(f"/api/tables/{table.pk}/results/",
                  {"kind": "sheet", "payload": imhotep_sheet()}, format="json")  # fmt: skip
    before = StandingsSnapshot.objects.filter(event=event).latest()
    assert before.rows[0]["registration"] == c
    with django_capture_on_commit_callbacks(execute=True):
        response = head.post(
            f"/api/tables/{table.pk}/corrections/",
            {"kind": "sheet", "payload": imhotep_sheet(tracks=(20, 30, 25)), "base_version": 1,
             "reason": "B's track read as 18, was 30"},
            format="json",
        )  # fmt: skip
    assert response.status_code == 201 and response.json()["status"] == "confirmed"
    after = StandingsSnapshot.objects.filter(event=event).latest()
    assert after.version > before.version and after.rows[0]["registration"] == b


def test_move_log_through_the_api():
    import json
    from pathlib import Path

    doc = json.loads(Path("engines/imhotep/examples/imhotep-4p-log.json").read_text())
    event = make_event("imhotep", policy="none")
    table = make_table(event, players=4)
    head = client_for(user("head", event, "head_judge"))
    response = head.post(f"/api/tables/{table.pk}/results/",
                         {"kind": "log", "payload": doc}, format="json")  # fmt: skip
    assert response.status_code == 201, response.json()["violations"]
    body = response.json()
    assert body["status"] == "confirmed" and body["outcome"]["players"][0]["name"] == "Aiko"
    # An illegal step is reported with its index.
    broken = dict(doc, moves=doc["moves"][:6] + [{"type": "load", "ship": 9, "space": 0}])
    response = head.post(f"/api/tables/{table.pk}/corrections/",
                         {"kind": "log", "payload": broken, "base_version": 1, "reason": "x"},
                         format="json")  # fmt: skip
    assert response.status_code == 422
    first = response.json()["violations"][0]
    assert first.get("index") == 6 or first.get("path", "").startswith("$.moves[6]")


def test_openapi_schema_documents_the_results_api(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json() if response["Content-Type"].endswith("json") else None
    text = response.content.decode()
    for path in (
        "/api/tables/{table_id}/results/",
        "/api/results/{submission_id}/confirm/",
        "/api/tables/{table_id}/rulings/",
        "/api/tables/{table_id}/corrections/",
    ):
        assert path in text  # fmt: skip
    if schema:
        assert "tokenAuth" in schema["components"]["securitySchemes"]


def test_anonymous_writes_are_refused():
    event = make_event("imhotep")
    table = make_table(event)
    response = APIClient().post(
        f"/api/tables/{table.pk}/results/",
        {"kind": "sheet", "payload": imhotep_sheet()},
        format="json",
    )
    assert response.status_code == 401
