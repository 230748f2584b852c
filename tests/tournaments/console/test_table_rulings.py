"""Rulings and corrections from the console table page, with reasons in the audit trail."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.console.test_archive import played_event
from tournaments.results.models import ActionLog, ResultSubmission, Ruling

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    event, user = played_event(rounds=1, players=8)
    client.force_login(user)
    table = event.rounds.get(number=1).tables.order_by("number").first()
    url = f"/en/console/{event.slug}/rounds/1/tables/{table.number}/"
    return event, table, url


def test_penalty_ruling_needs_a_reason_and_lands_in_the_audit_trail(client, setup):
    event, table, url = setup
    player = table.seats.first().registration_id
    form = {"action": "rule", "kind": "penalty_points", "registration": player, "points": "1"}
    client.post(url, {**form, "reason": " "})
    assert not Ruling.objects.filter(table=table).exists()
    client.post(url, {**form, "reason": "slow play, second warning"})
    ruling = Ruling.objects.get(table=table)
    assert ruling.kind == "penalty_points" and ruling.points == 1
    page = client.get(url).content.decode()
    assert "— ruling" in page and "slow play, second warning" in page


def test_correction_is_entered_on_the_phone_form_not_as_json(client, setup):
    """The console's table page sends the head judge to the table's sheet form (the
    judge page, logged in); the correction saved there is a new confirmed version."""
    event, table, url = setup
    page = client.get(url).content.decode()
    assert 'name="payload"' not in page and '<textarea name="payload"' not in page
    form_url = f"/en/judge/tables/{table.pk}/"
    assert f'href="{form_url}"' in page
    sheet_form = client.get(form_url).content.decode()
    assert 'id="correction-panel"' in sheet_form and 'id="sheet-form"' in sheet_form
    confirmed = ResultSubmission.objects.get(table=table, status="confirmed")
    payload = json.loads(json.dumps(confirmed.payload))
    payload["players"][0]["track"] += 7
    answer = client.post(
        f"{form_url}correct",
        json.dumps(
            {"payload": payload, "base_version": confirmed.version,
             "reason": "track misread at table"}
        ),
        content_type="application/json",
    )  # fmt: skip
    assert answer.status_code == 201
    latest = ResultSubmission.objects.filter(table=table).order_by("-version").first()
    assert latest.version == confirmed.version + 1 and latest.status == "confirmed"
    confirmed.refresh_from_db()
    assert confirmed.status != "confirmed"
    reasons = [e.data.get("reason", "") for e in ActionLog.objects.filter(table=table)]
    assert any("track misread" in r for r in reasons)


def test_a_json_correction_posted_to_the_console_is_refused(client, setup):
    event, table, url = setup
    confirmed = ResultSubmission.objects.get(table=table, status="confirmed")
    answer = client.post(
        url,
        {"action": "correct", "kind": "sheet", "base_version": confirmed.version,
         "payload": json.dumps(confirmed.payload), "reason": "typo"},
    )  # fmt: skip
    assert answer.status_code == 400
    assert ResultSubmission.objects.filter(table=table).count() == 1


def test_discard_with_reason(client, setup):
    event, table, url = setup
    confirmed = ResultSubmission.objects.get(table=table, status="confirmed")
    client.post(url, {"action": "discard", "submission": confirmed.pk, "reason": "wrong table"})
    confirmed.refresh_from_db()
    assert confirmed.status == "discarded"
    assert "wrong table" in client.get(url).content.decode()
