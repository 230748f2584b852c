"""Issue 28 trap 4: a refused Submit replaces the table's draft instead of adding a
version, and an organizer confirms a submitted version while a newer draft is typed."""

from __future__ import annotations

import pytest

from tests.tournaments.results.helpers import (
    as_user,
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    user,
)
from tournaments.events.access import Actor
from tournaments.results.models import ActionLog, ResultSubmission
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return make_table(make_event("imhotep"), players=3)


def judge(table) -> Actor:
    return Actor(judge_table_id=table.pk, remote_addr="192.0.2.7")


def refused_sheet() -> dict:
    sheet = imhotep_sheet()
    sheet["players"][1]["sled"] = 6  # L1: a sled holds at most five stones
    return sheet


def submit(table, payload, base_version, key):
    return svc.result_submit(
        table_id=table.pk,
        actor=judge(table),
        kind="sheet",
        payload=payload,
        base_version=base_version,
        idempotency_key=key,
    ).submission


def test_refused_submits_replace_one_draft_and_the_fix_is_version_two(table):
    first = submit(table, refused_sheet(), 0, "try-1")
    assert (first.version, first.status) == (1, "draft")
    second_try = refused_sheet()
    second_try["players"][0]["sled"] = 7
    again = submit(table, second_try, 1, "try-2")
    assert again.pk == first.pk and again.version == 1
    assert again.payload == second_try  # the latest try is what the draft holds
    assert {v["path"] for v in again.violations} >= {"$.sheet.players[0].sled"}
    fixed = submit(table, imhotep_sheet(), 1, "try-3")
    assert (fixed.version, fixed.status) == (2, "submitted")
    assert ResultSubmission.objects.filter(table=table).count() == 2
    # Every try stays in the audit trail.
    assert ActionLog.objects.filter(action="result.draft_saved").count() == 2
    # A resend of the second try is answered from the draft it wrote, not written again.
    resent = svc.result_submit(
        table_id=table.pk, actor=judge(table), kind="sheet", payload=second_try,
        base_version=1, idempotency_key="try-2",
    )  # fmt: skip
    assert not resent.created


def test_a_refused_submit_after_a_submitted_version_is_a_new_draft(table):
    done = submit(table, imhotep_sheet(), 0, "a")
    refused = submit(table, refused_sheet(), 1, "b")
    assert refused.version == 2 and refused.status == "draft"
    done.refresh_from_db()
    assert done.status == "submitted"


def test_organizer_confirms_the_submitted_version_while_a_newer_draft_exists(table):
    done = submit(table, imhotep_sheet(), 0, "a")
    submit(table, refused_sheet(), 1, "b")  # the judge is still changing the sheet
    organizer = user("org", table.round.event, "organizer")
    svc.result_confirm(submission_id=done.pk, actor=as_user(organizer))
    done.refresh_from_db()
    assert done.status == "confirmed"


def test_a_player_does_not_confirm_values_the_judge_is_changing(table):
    done = submit(table, imhotep_sheet(), 0, "a")
    submit(table, refused_sheet(), 1, "b")
    with pytest.raises(svc.VersionConflict):
        svc.result_confirm(
            submission_id=done.pk, actor=judge(table), registration_id=seat_registrations(table)[0]
        )
