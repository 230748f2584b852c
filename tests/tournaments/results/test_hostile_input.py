"""Hostile input (issue 21): each is answered with a 4xx naming the field, and nothing
changes — no row, no version number, no status."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.results.helpers import (
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    user,
)
from tournaments.events.access import Actor
from tournaments.results.models import ActionLog, ResultSubmission, Ruling
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db


def api(account) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=account).key}")
    return client


def state(event):
    """Everything a refused write must leave as it was."""
    return (
        list(
            ResultSubmission.objects.filter(table__round__event=event)
            .order_by("pk")
            .values_list("pk", "version", "status")
        ),
        Ruling.objects.filter(event=event).count(),
        ActionLog.objects.filter(event=event).count(),
    )


@pytest.fixture
def two_tables():
    event = make_event("imhotep")
    first, second = make_table(event), make_table(event)
    head = user("head", event, "head_judge")
    judge = Actor(judge_table_id=second.pk)
    other = svc.result_submit(
        table_id=second.pk, actor=judge, kind="sheet", payload=imhotep_sheet()
    ).submission
    return event, first, second, head, other


def test_a_ruling_for_another_tables_submission_is_refused(two_tables):
    event, first, _second, head, other = two_tables
    before = state(event)
    response = api(head).post(
        f"/api/tables/{first.pk}/rulings/",
        {"kind": "engine_override", "reason": "r", "submission_id": other.pk,
         "placements": [1, 2, 3], "resolution": "confirm"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["field"] == "submission_id"
    assert state(event) == before


def test_a_ruling_for_an_unknown_submission_is_refused(two_tables):
    event, first, _second, head, _other = two_tables
    before = state(event)
    response = api(head).post(
        f"/api/tables/{first.pk}/rulings/",
        {"kind": "variant_interpretation", "reason": "r", "submission_id": 987654},
        format="json",
    )
    assert response.status_code == 400 and "submission_id" in response.json()["message"]
    assert state(event) == before


@pytest.mark.parametrize("bad", [{"id": 1}, [1], "1", True])
def test_judge_page_confirm_with_a_submission_id_that_is_not_a_number(client, two_tables, bad):
    event, _first, second, _head, other = two_tables
    before = state(event)
    response = client.post(
        f"/en/judge/{second.judge_token}/confirm",
        json.dumps({"submission_id": bad, "registration_id": seat_registrations(second)[0]}),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "submission_id" in response.json()["message"]
    assert state(event) == before


def test_a_move_log_naming_another_game_is_refused(two_tables):
    event, first, _second, head, _other = two_tables
    before = state(event)
    response = api(head).post(
        f"/api/tables/{first.pk}/results/",
        {"kind": "log", "payload": {"game": "tameri", "moves": []}},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "payload.game"
    assert state(event) == before


def test_an_oversized_draft_is_refused_and_does_not_block_the_pending_confirmation(two_tables):
    event, _first, second, _head, pending = two_tables
    judge = user("judge", event, "table_judge", table=second)
    before = state(event)
    # 2.5 MB never reaches a view: the request-size limit answers 413 first.
    huge = {**imhotep_sheet(), "notes": "x" * 2_500_000}
    entry = {"kind": "sheet", "payload": huge, "base_version": 1}
    judge_api = api(judge)
    response = judge_api.post(f"/api/tables/{second.pk}/drafts/", entry, format="json")
    assert response.status_code == 413
    # 300 KB passes that limit; the service's payload limit (256 KB) refuses it by name.
    entry["payload"] = {**imhotep_sheet(), "notes": "x" * 300_000}
    response = judge_api.post(f"/api/tables/{second.pk}/drafts/", entry, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "result.too_large" and body["field"] == "payload"
    assert state(event) == before
    # The refused draft took no version: the pending result can still be confirmed.
    actor = Actor(judge_table_id=second.pk)
    for rid in seat_registrations(second):
        svc.result_confirm(submission_id=pending.pk, actor=actor, registration_id=rid)
    pending.refresh_from_db()
    assert pending.status == "confirmed"


def test_a_one_megabyte_ruling_reason_is_refused(two_tables):
    event, _first, second, head, other = two_tables
    before = state(event)
    ruling = {
        "kind": "variant_interpretation",
        "reason": "x" * 1_000_000,
        "submission_id": other.pk,
    }
    url = f"/api/tables/{second.pk}/rulings/"
    head_api = api(head)
    assert head_api.post(url, ruling, format="json").status_code == 413  # request-size limit
    ruling["reason"] = "x" * 10_000  # within the request limit, over the reason's 2,000
    response = head_api.post(url, ruling, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "reason"
    assert state(event) == before


@pytest.mark.parametrize(
    "form",
    [
        {"action": "confirm", "submission": "abc"},
        {"action": "confirm", "submission": "1e10"},
        {"action": "rule", "kind": "penalty_points", "points": "1e10", "reason": "slow play"},
        {"action": "rule", "kind": "penalty_points", "points": "abc", "reason": "slow play"},
        {"action": "rule", "kind": "engine_override", "placements": "1e10,abc", "reason": "r"},
        {"action": "correct", "kind": "sheet", "payload": "{}", "base_version": "1e10",
         "reason": "r"},
    ],
)  # fmt: skip
def test_console_table_form_values_that_are_not_numbers(client, form):
    from tests.tournaments.console.test_archive import played_event

    event, organizer_user = played_event(rounds=1, players=8)
    client.force_login(organizer_user)
    table = event.rounds.get(number=1).tables.order_by("number").first()
    if "points" in form:
        form = {**form, "registration": table.seats.first().registration_id}
    before = state(event)
    response = client.post(f"/en/console/{event.slug}/rounds/1/tables/{table.number}/", form)
    assert response.status_code == 400
    assert state(event) == before
