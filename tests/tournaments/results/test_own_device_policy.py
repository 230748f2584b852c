"""The "players confirm on their own device" policy (issue 21): a photographed table card
(the judge link) confirms for nobody; each player confirms with their private link."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.results.helpers import (
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    user,
)
from tournaments.events.access import Actor, NotAllowed
from tournaments.events.models import Registration
from tournaments.results.models import ConfirmationPolicy
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def pending():
    event = make_event("imhotep", policy=ConfirmationPolicy.PLAYERS_OWN_DEVICE)
    table = make_table(event)
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload=imhotep_sheet(),
    ).submission  # fmt: skip
    return event, table, sub


def test_the_judge_link_confirms_for_nobody(client, pending):
    _event, table, sub = pending
    assert sub.confirmations_required == 3
    response = client.post(
        f"/en/judge/{table.judge_token}/confirm",
        json.dumps({"submission_id": sub.pk, "registration_id": seat_registrations(table)[0]}),
        content_type="application/json",
    )
    assert response.status_code == 403
    assert "own device" in response.json()["message"]
    assert not sub.confirmations.exists()


def test_a_logged_in_table_judge_cannot_hand_over_the_device_either(pending):
    event, table, sub = pending
    judge = user("judge", event, "table_judge", table=table)
    with pytest.raises(NotAllowed):
        svc.result_confirm(
            submission_id=sub.pk,
            actor=Actor(user=judge),
            registration_id=seat_registrations(table)[0],
        )


def test_each_player_confirms_with_their_private_link(client, pending):
    _event, table, sub = pending
    for rid in seat_registrations(table):
        token = Registration.objects.get(pk=rid).private_token
        response = client.post(f"/en/judge/player/{token}/results/{sub.pk}/", {"action": "confirm"})
        assert response.status_code == 302
    sub.refresh_from_db()
    assert sub.status == "confirmed"


def test_a_head_judge_still_confirms_outright(pending):
    event, _table, sub = pending
    head = user("head", event, "head_judge")
    svc.result_confirm(submission_id=sub.pk, actor=Actor(user=head))
    sub.refresh_from_db()
    assert sub.status == "confirmed"


def test_the_console_says_what_each_policy_trusts(client):
    from tests.tournaments.console.helpers import organizer

    client.force_login(organizer())
    page = client.get("/en/console/new/").content.decode()
    assert 'id="policy-trusts"' in page
    assert "printed on the table card" in page and "private link" in page
    page = client.get("/ja/console/new/").content.decode()
    assert "印刷" in page  # the Japanese text, not the English one
