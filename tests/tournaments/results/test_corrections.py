"""Disputes and corrections: a correction the engine refuses saves nothing and leaves the
dispute open; the head judge corrects through the same form (JSON endpoint of the judge
page); the player sees the sheet values they confirm and an acknowledgement after a
dispute."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.results.helpers import (
    as_user,
    imhotep_sheet,
    make_event,
    make_table,
    user,
)
from tournaments.events.access import Actor
from tournaments.results.models import ResultSubmission
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def disputed_table():
    event = make_event("imhotep")
    table = make_table(event)
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload=imhotep_sheet(),
    ).submission  # fmt: skip
    reg = table.seats.order_by("position").first().registration
    svc.result_dispute(submission_id=sub.pk, actor=Actor(registration=reg), reason="burial")
    return event, table, sub


def test_an_invalid_correction_is_refused_and_the_dispute_stays_open():
    event, table, sub = disputed_table()
    head = as_user(user("head", event, "head_judge"))
    bad = imhotep_sheet()
    bad["players"][0]["sled"] = 9
    with pytest.raises(svc.InvalidCorrection) as refused:
        svc.result_correct(
            table_id=table.pk, actor=head, kind="sheet", payload=bad, base_version=1,
            reason="sled misread",
        )  # fmt: skip
    assert refused.value.extra["violations"][0]["path"] == "$.sheet.players[0].sled"
    table.refresh_from_db()
    sub.refresh_from_db()
    assert table.status == "disputed" and sub.status == "disputed"
    assert ResultSubmission.objects.count() == 1  # no draft was written


def test_head_judge_corrects_from_the_judge_page_in_the_page_language(client):
    event, table, sub = disputed_table()
    client.force_login(user("head", event, "head_judge"))
    url = f"/ja/judge/tables/{table.pk}/correct"
    page = client.get(f"/ja/judge/tables/{table.pk}/").content.decode()
    assert 'id="correction-panel"' in page and "判定員長による訂正" in page
    bad = imhotep_sheet()
    bad["players"][0]["sled"] = 9
    refused = post(client, url, {"payload": bad, "base_version": 1, "reason": "x"})
    assert refused.status_code == 422
    body = refused.json()
    assert "保存されていません" in body["message"]
    assert body["violations"][0]["text"] == "5以下にしてください。"
    table.refresh_from_db()
    assert table.status == "disputed"
    no_reason = post(client, url, {"payload": imhotep_sheet(), "base_version": 1, "reason": ""})
    assert no_reason.status_code == 400 and "理由" in no_reason.json()["message"]
    fixed = imhotep_sheet(tracks=(30, 18, 25))
    done = post(client, url, {"payload": fixed, "base_version": 1, "reason": "track misread"})
    assert done.status_code == 201 and done.json()["saved"]["status"] == "confirmed"
    table.refresh_from_db()
    assert table.status == "confirmed"


def test_a_judge_who_is_not_head_judge_cannot_correct(client):
    _event, table, _sub = disputed_table()
    response = post(client, f"/ja/judge/{table.judge_token}/correct",
                    {"payload": imhotep_sheet(), "base_version": 1, "reason": "x"})  # fmt: skip
    assert response.status_code == 403
    assert "ここでは" in response.json()["message"]  # said in Japanese, not the English


def test_player_sees_the_sheet_values_and_is_acknowledged_after_a_dispute(client):
    event = make_event("imhotep")
    table = make_table(event)
    svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload=imhotep_sheet(),
    )  # fmt: skip
    sub = ResultSubmission.objects.get()
    token = table.seats.order_by("position").first().registration.private_token
    page = client.get(f"/ja/judge/player/{token}/").content.decode()
    assert "確認する得点表の値" in page
    assert "石材置き場の石材の数" in page and "埋葬室" in page  # labels of the form, in Japanese
    answer = client.post(f"/ja/judge/player/{token}/results/{sub.pk}/",
                         {"action": "dispute", "reason": "burial count"})  # fmt: skip
    assert answer.status_code == 302 and answer["Location"].endswith(f"/{sub.pk}/disputed/")
    ack = client.get(answer["Location"]).content.decode()
    assert "異議を受け付けました" in ack and f"/ja/judge/player/{token}/" in ack
    english = client.get(answer["Location"].replace("/ja/", "/en/")).content.decode()
    assert "Dispute recorded" in english


def test_a_result_with_unknown_printed_values_is_accepted_but_decides_no_rank(client):
    """Nile Murals' rank points are lost from the rulebook: until the organizer enters
    them, the player sees the totals as incomplete and no rank."""
    event = make_event("nile_murals")
    table = make_table(event, players=2)
    sheet = {"players": [{"combo": 5, "area": 10, "miss": -1}, {"combo": 3, "area": 8, "miss": 0}]}
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=sheet
    ).submission
    assert sub.status == "submitted"  # accepted
    assert any(p["complete"] is False for p in sub.outcome["players"])
    token = table.seats.order_by("position").first().registration.private_token
    page = client.get(f"/ja/judge/player/{token}/").content.decode()
    assert " + ?" in page and "値が入力されるまで順位は決まりません" in page
    assert "順位 1" not in page
