"""Results scored while a printed value was unknown ("n + ?") are scored again once the
organizer enters it (issue 16; results/services/rescore.py).

A Nile Murals sheet under the default edition loses the Area and Miss rank points (G2).
Entering them on the organizer's short screen re-scores the confirmed table: the entry
and its confirmation stay, the outcome becomes complete, the standings follow, the public
page shows no "?", and the action log says why. A value that makes an accepted result
impossible leaves it as it was, flagged for the head judge."""

from __future__ import annotations

import pytest

from tests.japanese_pages import CONSOLE_ALLOWED, english_in, page_texts
from tests.tournaments.results.helpers import as_user, make_event, make_table, user
from tournaments.console.services.edition_data import edition_fill
from tournaments.events.access import Actor
from tournaments.results.models import ActionLog, ResultSubmission
from tournaments.results.services import results as svc
from tournaments.results.services.rescore import results_rescore
from tournaments.standings.models import StandingsSnapshot

pytestmark = pytest.mark.django_db

# Combo 5 vs 3 (printed: 1st 6, 2nd 4); Area 10 vs 8 and Miss -1 vs 0 (points lost).
SHEET = {"players": [{"combo": 5, "area": 10, "miss": -1}, {"combo": 3, "area": 8, "miss": 0}]}
# What the organizer reads off the printed sheet (made up for the test, entered as such).
RANK_POINTS = {
    "value:rank_points.area.0": "5",
    "value:rank_points.area.1": "3",
    "value:rank_points.area.2": "1",
    "value:rank_points.miss.0": "4",
    "value:rank_points.miss.1": "2",
    "value:rank_points.miss.2": "1",
}


@pytest.fixture
def confirmed(client, django_capture_on_commit_callbacks):
    """A confirmed "n + ?" Nile Murals table of a default-edition event; the organizer
    logged in."""
    event = make_event("nile_murals")
    table = make_table(event, players=2)
    head = as_user(user("head", event, "head_judge"))
    with django_capture_on_commit_callbacks(execute=True):
        sub = svc.result_submit(
            table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=SHEET
        ).submission
        svc.result_confirm(submission_id=sub.pk, actor=head)
    sub.refresh_from_db()
    assert sub.status == "confirmed"
    assert [p["complete"] for p in sub.outcome["players"]] == [False, False]
    client.force_login(user("nadia", event, "organizer"))
    return sub


def _enter(client, sub, values, captured):
    event = sub.table.round.event
    with captured(execute=True):
        answer = client.post(
            f"/ja/console/tools/{event.slug}/editions/nile_murals/lost/",
            {**values, "source": "organizer: printed sheet"},
        )
    assert answer.status_code == 302, answer.content.decode()[:2000]


def _public_table(client, sub, lang="ja") -> str:
    table = sub.table
    path = (
        f"/{lang}/events/{table.round.event.slug}/rounds/{table.round.number}"
        f"/tables/{table.number}/"
    )
    page = client.get(path)
    assert page.status_code == 200
    return page.content.decode()


def _console_table(client, sub) -> str:
    table = sub.table
    path = (
        f"/ja/console/{table.round.event.slug}/rounds/{table.round.number}/tables/{table.number}/"
    )
    return client.get(path).content.decode()


def test_entered_rank_points_rescore_a_confirmed_table(
    client, confirmed, django_capture_on_commit_callbacks
):
    event = confirmed.table.round.event
    assert "?" in _public_table(client, confirmed)
    assert 'id="table-incomplete"' in _console_table(client, confirmed)
    snapshots = StandingsSnapshot.objects.filter(event=event).count()

    _enter(client, confirmed, RANK_POINTS, django_capture_on_commit_callbacks)

    confirmed.refresh_from_db()
    assert confirmed.status == "confirmed" and confirmed.payload == SHEET
    players = confirmed.outcome["players"]
    assert [p["complete"] for p in players] == [True, True]
    # Seat 1: Combo 1st 6 + Area 1st 5 + Miss 2nd 2; seat 2: 4 + 3 + Miss 1st 4.
    assert [p["total"] for p in players] == [13, 11]
    assert [p["rank"] for p in players] == [1, 2]
    assert confirmed.lines == [[1, 13], [2, 11]]
    assert confirmed.outcome["unchecked"] == []
    assert confirmed.violations == []
    assert confirmed.edition["values"]["rank_points"]["miss"] == [4, 2, 1]

    # Standings recomputed from the new outcome.
    assert StandingsSnapshot.objects.filter(event=event).count() == snapshots + 1
    snap = StandingsSnapshot.objects.filter(event=event).latest()
    seats = list(
        confirmed.table.seats.order_by("position").values_list("registration_id", flat=True)
    )
    assert {row["registration"]: row["rank"] for row in snap.rows} == {seats[0]: 1, seats[1]: 2}

    # The public page (its cache bumped) and the console no longer read "n + ?".
    public = _public_table(client, confirmed)
    assert "?" not in page_texts(public.split("<main", 1)[-1])
    assert "13" in public and "11" in public
    assert 'id="table-incomplete"' not in _console_table(client, confirmed)
    assert 'id="rescore-refused' not in _console_table(client, confirmed)
    assert (
        'id="incomplete-results"' not in client.get(f"/ja/console/{event.slug}/").content.decode()
    )

    log = ActionLog.objects.filter(submission=confirmed, action="result.rescored")
    assert log.count() == 1
    entry = log.get()
    assert entry.data["reason"] == "re-scored after printed values were entered"
    assert entry.data["status"] == "confirmed" and entry.actor == "system:rescore"
    audit = _console_table(client, confirmed)
    assert "入力された印刷値で再計算" in audit

    # Twice: nothing more changes, nothing more is logged, no standings run.
    outcome = confirmed.outcome
    with django_capture_on_commit_callbacks(execute=True):
        report = results_rescore(event.pk, "nile_murals")
    assert report.rescored == [] and report.refused == []
    confirmed.refresh_from_db()
    assert confirmed.outcome == outcome
    assert log.count() == 1
    assert StandingsSnapshot.objects.filter(event=event).count() == snapshots + 1


def test_values_partly_entered_rescore_what_they_decide(
    client, confirmed, django_capture_on_commit_callbacks
):
    """Only the Area points entered: the Miss points are still lost, the table still reads
    "n + ?" (with the Area points now counted) and the console keeps its warning."""
    area = {k: v for k, v in RANK_POINTS.items() if ".area." in k}
    _enter(client, confirmed, area, django_capture_on_commit_callbacks)
    confirmed.refresh_from_db()
    breakdowns = [p["breakdown"] for p in confirmed.outcome["players"]]
    assert [b["area"] for b in breakdowns] == [5, 3]
    assert [b["miss"] for b in breakdowns] == [None, None]
    assert [p["complete"] for p in confirmed.outcome["players"]] == [False, False]
    assert 'id="table-incomplete"' in _console_table(client, confirmed)
    assert ActionLog.objects.filter(submission=confirmed, action="result.rescored").count() == 1


def _all_areas_worth_one(event, captured) -> None:
    """The area map's values, entered on the full edition table (the board screen): every
    area worth I, so the Area tracks must add up to 12 (L11); the sheet's add up to 18."""
    areas = [{"value": 1, "squares": None} for _ in range(12)]
    with captured(execute=True):
        edition_fill(event, "nile_murals", {"areas": areas}, "organizer: test copy")


def test_a_value_that_makes_a_result_invalid_flags_it_without_changing_it(
    client, confirmed, django_capture_on_commit_callbacks
):
    event = confirmed.table.round.event
    outcome, lines, edition = confirmed.outcome, confirmed.lines, confirmed.edition
    _all_areas_worth_one(event, django_capture_on_commit_callbacks)

    confirmed.refresh_from_db()
    assert confirmed.status == "confirmed"  # still counts, as confirmed
    assert confirmed.outcome == outcome and confirmed.lines == lines
    assert confirmed.edition == edition  # the edition its outcome was scored with
    assert [v["code"] for v in confirmed.violations] == ["sheet.area_sum"]
    entry = ActionLog.objects.get(submission=confirmed, action="result.rescored")
    assert entry.data["refused"] is True
    assert entry.data["reason"].startswith("printed values entered make this result invalid")

    page = _console_table(client, confirmed)
    assert 'id="rescore-refused"' in page
    flagged = page.split('id="rescore-refused"', 1)[1].split("</div>", 1)[0]
    assert "ヘッドジャッジ" in flagged and "[L11]" in flagged
    assert english_in(page_texts(page), (event.name, "nadia", "head"), CONSOLE_ALLOWED) == []
    home = client.get(f"/ja/console/{event.slug}/").content.decode()
    assert 'id="rescore-refused-results"' in home
    table = confirmed.table
    assert f"/ja/console/{event.slug}/rounds/{table.round.number}/tables/{table.number}/" in home
    assert english_in(page_texts(home), (event.name, "nadia", "head"), CONSOLE_ALLOWED) == []

    with django_capture_on_commit_callbacks(execute=True):
        report = results_rescore(event.pk, "nile_murals")
    assert report.refused == [] and report.rescored == []
    assert ActionLog.objects.filter(submission=confirmed, action="result.rescored").count() == 1


def test_drafts_and_discarded_versions_are_left_alone(django_capture_on_commit_callbacks):
    event = make_event("nile_murals")
    table = make_table(event, players=2)
    actor = Actor(judge_table_id=table.pk)
    draft = svc.result_save_draft(
        table_id=table.pk, actor=actor, kind="sheet", payload=SHEET
    ).submission
    before = draft.outcome
    with django_capture_on_commit_callbacks(execute=True):
        edition_fill(
            event, "nile_murals", {"rank_points.area.0": 5, "rank_points.area.1": 3}, "copy"
        )
    draft.refresh_from_db()
    assert draft.status == ResultSubmission.Status.DRAFT and draft.outcome == before
    assert not ActionLog.objects.filter(action="result.rescored").exists()


@pytest.mark.parametrize("status", ["submitted", "disputed"])
def test_results_not_yet_confirmed_are_rescored_in_their_state(
    status, django_capture_on_commit_callbacks
):
    event = make_event("nile_murals")
    table = make_table(event, players=2)
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=SHEET
    ).submission
    if status == "disputed":
        player = Actor(registration=table.seats.order_by("position").first().registration)
        svc.result_dispute(submission_id=sub.pk, actor=player, reason="recount the Miss track")
    values = {key.removeprefix("value:"): int(v) for key, v in RANK_POINTS.items()}
    with django_capture_on_commit_callbacks(execute=True):
        edition_fill(event, "nile_murals", values, "organizer: printed sheet")
    sub.refresh_from_db()
    assert sub.status == status
    assert sub.lines == [[1, 13], [2, 11]]


def test_an_engine_failure_leaves_the_result_alone(confirmed, monkeypatch):
    """An engine bug is not the entry's fault: no flag, no log, the outcome kept."""
    from tournaments.results.selectors import EngineVerdict, problem
    from tournaments.results.services import rescore

    def failing(table, kind, payload):
        return EngineVerdict("nile_murals", violations=[problem("result.engine_failed", "boom")])

    monkeypatch.setattr(rescore, "judge_engine_verdict", failing)
    outcome = confirmed.outcome
    report = rescore.results_rescore(confirmed.table.round.event_id, "nile_murals")
    assert report.rescored == [] and report.refused == []
    confirmed.refresh_from_db()
    assert confirmed.outcome == outcome and confirmed.violations == []
    assert not ActionLog.objects.filter(action="result.rescored").exists()
