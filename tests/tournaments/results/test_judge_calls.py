"""Judge calls (issue 17): a player's "report a problem" becomes a call on the round's
progress board (live: the board's ETag changes), on the console table page and on the
table's judge page, with the table, the player, the reason and the time; a judge of that
table (or the event's console staff) acknowledges and resolves it; open calls are counted."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.events.access import Actor, NotAllowed
from tournaments.events.models import EventRole, Round
from tournaments.results.models import ActionLog, ProblemReport
from tournaments.results.services.calls import judge_call_acknowledge, judge_call_resolve
from tournaments.seating.services import round_publish, round_seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(django_capture_on_commit_callbacks):
    organizer = get_user_model().objects.create_user("calls-org", password="pw")
    event = EventFactory(slug="calls-cup", game_key="imhotep", table_sizes=[4], status="running")
    EventRole.objects.create(user=organizer, event=event, role="organizer")
    for i in range(8):
        RegistrationFactory(event=event, player=PlayerFactory(display_name=f"C{i}"))
    rnd = Round.objects.create(event=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_seat(round_id=rnd.pk)
        round_publish(round_id=rnd.pk)
    return organizer, event, rnd


def _report(client, registration, message="Missing a stone"):
    response = client.post(f"/ja/p/{registration.private_token}/report/", {"message": message})
    assert response.status_code == 302
    return ProblemReport.objects.latest("created_at")


def test_a_report_appears_on_board_table_pages_and_judge_page(client, seated):
    organizer, event, rnd = seated
    table = rnd.tables.order_by("number").first()
    caller = table.seats.order_by("position").first().registration
    client.force_login(organizer)
    live = f"/ja/console/{event.slug}/rounds/1/board/live/"
    before = client.get(live)
    assert "呼び出し: 0" in before.content.decode()

    report = _report(client, caller, "石が足りません")
    assert report.table == table
    after = client.get(live, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]  # the poll sees it
    html = after.content.decode()
    at = timezone.localtime(report.created_at).strftime("%H:%M")  # the event's time zone
    shown = ["石が足りません", caller.player.display_name, f"{table.number}番卓", f">{at}</time>"]
    for text in [*shown, "呼び出し: 1"]:
        assert text in html, text
    assert "ジャッジ呼び出し中" in html  # the table's row is marked
    table_page = client.get(f"/ja/console/{event.slug}/rounds/1/tables/{table.number}/")
    assert "石が足りません" in table_page.content.decode()
    judge_page = client.get(f"/ja/judge/{table.judge_token}/").content.decode()
    assert "石が足りません" in judge_page
    other = rnd.tables.exclude(pk=table.pk).first()
    assert "石が足りません" not in client.get(f"/ja/judge/{other.judge_token}/").content.decode()


def test_the_tables_judge_acknowledges_then_resolves(client, seated):
    _, event, rnd = seated
    table = rnd.tables.order_by("number").first()
    report = _report(client, table.seats.first().registration)
    calls = f"/ja/judge/{table.judge_token}/calls"
    fragment = client.get(calls)
    assert fragment.status_code == 200 and fragment["X-Calls-Fragment"] == "1"
    assert client.get(calls, HTTP_IF_NONE_MATCH=fragment["ETag"]).status_code == 304
    response = client.post(calls, {"report": report.pk, "action": "acknowledge"})
    assert response["Location"] == f"/ja/judge/{table.judge_token}/"
    report.refresh_from_db()
    assert report.acknowledged_at and report.resolved_at is None
    assert report.acknowledged_by_label == f"judge-url:table {table.pk}"
    assert client.get(calls, HTTP_IF_NONE_MATCH=fragment["ETag"]).status_code == 200
    client.post(calls, {"report": report.pk, "action": "resolve"})
    report.refresh_from_db()
    assert report.resolved_at and report.resolved_by_label == f"judge-url:table {table.pk}"
    assert 'id="no-calls"' in client.get(calls).content.decode()
    actions = list(ActionLog.objects.filter(event=event).values_list("action", flat=True))
    assert actions[-2:] == ["call.acknowledged", "call.resolved"]


def test_another_tables_judge_cannot_answer(client, seated):
    _, _, rnd = seated
    first, second = rnd.tables.order_by("number")
    report = _report(client, first.seats.first().registration)
    response = client.post(
        f"/ja/judge/{second.judge_token}/calls", {"report": report.pk, "action": "resolve"}
    )
    assert response.status_code == 400  # not a call at that table
    with pytest.raises(NotAllowed):
        judge_call_resolve(report_id=report.pk, actor=Actor(judge_table_id=second.pk))
    report.refresh_from_db()
    assert report.resolved_at is None


def test_organizer_answers_from_the_board_and_answers_are_idempotent(client, seated):
    organizer, event, rnd = seated
    report = _report(client, rnd.tables.first().seats.first().registration)
    client.force_login(organizer)
    board = f"/ja/console/{event.slug}/rounds/1/board/"
    response = client.post(
        f"/ja/console/{event.slug}/calls/",
        {"report": report.pk, "action": "resolve", "next": board},
    )
    assert response["Location"] == board
    report.refresh_from_db()
    assert report.resolved_by == organizer and report.acknowledged_by == organizer
    resolved_at = report.resolved_at
    again = judge_call_resolve(report_id=report.pk, actor=Actor(user=organizer))
    judge_call_acknowledge(report_id=report.pk, actor=Actor(user=organizer))
    assert again.resolved_at == resolved_at
    assert ActionLog.objects.filter(action__startswith="call.").count() == 1
    assert "呼び出し: 0" in client.get(board).content.decode()


def test_an_unseated_players_call_is_for_the_console_staff(client, seated):
    organizer, event, _ = seated
    late = RegistrationFactory(event=event, status="registered")
    report = _report(client, late)
    assert report.table is None
    with pytest.raises(NotAllowed):
        judge_call_acknowledge(report_id=report.pk, actor=Actor(name="stranger"))
    client.force_login(organizer)
    html = client.get(f"/ja/console/{event.slug}/rounds/1/board/").content.decode()
    assert "座席なし" in html
    judge_call_acknowledge(report_id=report.pk, actor=Actor(user=organizer))
    report.refresh_from_db()
    assert report.acknowledged_by == organizer


def test_a_player_at_the_table_sees_no_calls_to_answer(client, seated):
    _, event, rnd = seated
    table = rnd.tables.order_by("number").first()
    seat = table.seats.order_by("position").first()
    report = _report(client, seat.registration, "誰か来てください")
    player = get_user_model().objects.create_user("seated-player", password="pw")
    EventRole.objects.create(
        user=player, event=event, role="player", registration=seat.registration
    )
    client.force_login(player)
    page = client.get(f"/ja/judge/tables/{table.pk}/")
    assert page.status_code == 200 and "誰か来てください" not in page.content.decode()
    answer = client.post(
        f"/ja/judge/tables/{table.pk}/calls", {"report": report.pk, "action": "resolve"}
    )
    assert answer.status_code == 404
    report.refresh_from_db()
    assert report.resolved_at is None


def test_who_is_coming_is_named_in_the_pages_words_not_the_audit_label(client, seated):
    """First-evening walk-through: after the table's judge page acknowledged a call, the
    /ja/ judge page printed the audit label "judge-url:table 10が11:03に確認済み"."""
    organizer, event, rnd = seated
    first, second = rnd.tables.order_by("number")[:2]
    by_page = _report(client, first.seats.first().registration)
    client.post(
        f"/ja/judge/{first.judge_token}/calls", {"report": by_page.pk, "action": "acknowledge"}
    )
    html = client.get(f"/ja/judge/{first.judge_token}/").content.decode()
    assert "卓のジャッジページが" in html
    assert "judge-url" not in html
    by_organizer = _report(client, second.seats.first().registration)
    judge_call_acknowledge(report_id=by_organizer.pk, actor=Actor(user=organizer))
    client.force_login(organizer)
    board = client.get(f"/ja/console/{event.slug}/rounds/1/board/").content.decode()
    assert "calls-orgが" in board
    assert "user:" not in board


def test_the_calls_service_makes_the_report_at_the_players_current_table(seated):
    from tournaments.results.services.calls import EmptyCall, judge_call_create

    _organizer, event, rnd = seated
    seated_player = rnd.tables.order_by("number").first().seats.first().registration
    report = judge_call_create(registration=seated_player, message="  Missing a stone  ")
    assert (report.table, report.message) == (seated_player.seats.get().table, "Missing a stone")
    unseated = RegistrationFactory(event=event, player=PlayerFactory(display_name="Late"))
    assert judge_call_create(registration=unseated, message="x" * 3000).table is None
    assert ProblemReport.objects.get(registration=unseated).message == "x" * 2000
    with pytest.raises(EmptyCall):
        judge_call_create(registration=seated_player, message=" \n ")
    assert ProblemReport.objects.count() == 2
