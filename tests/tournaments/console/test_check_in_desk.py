"""The check-in desk and drops (issue 17): a message with undo after each check-in, lists
of who is and is not here, a confirmation before a drop, restoring a dropped player;
dropped players marked in the standings (console and public) and seated no more; the
board names who has not confirmed a submitted result."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.console.helpers import confirm_all
from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.console.demo.results import demo_sheet
from tournaments.events.access import Actor
from tournaments.events.models import EventRole, Round, Seat
from tournaments.results.services.results import result_confirm, result_submit
from tournaments.seating.services import round_close, round_publish, round_seat
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client):
    user = get_user_model().objects.create_user("desk-org", password="pw")
    event = EventFactory(slug="desk-cup", game_key="imhotep", table_sizes=[4], status="running")
    EventRole.objects.create(user=user, event=event, role="organizer")
    regs = [
        RegistrationFactory(
            event=event, player=PlayerFactory(display_name=f"D{i}"), status="registered"
        )
        for i in range(8)
    ]
    client.force_login(user)
    return user, event, regs


def _act(client, event, registration, action, **extra):
    desk_url = f"/ja/console/{event.slug}/check-in/"
    return client.post(
        f"/ja/console/{event.slug}/players/{registration.pk}/",
        {"action": action, "next": desk_url, **extra},
        follow=True,
    )


def test_check_in_says_who_and_offers_undo(client, desk):
    _, event, regs = desk
    page = _act(client, event, regs[0], "check_in").content.decode()
    assert "D0を受付しました。" in page
    assert 'id="undo-check-in"' in page and "直前の受付: D0" in page
    regs[0].refresh_from_db()
    assert regs[0].status == "checked_in"
    page = _act(client, event, regs[0], "undo_check_in").content.decode()
    assert "D0の受付を取り消しました。" in page and 'id="undo-check-in"' not in page
    regs[0].refresh_from_db()
    assert regs[0].status == "registered"


def test_desk_lists_who_is_here_who_is_not_and_the_dropped(client, desk):
    _, event, regs = desk
    _act(client, event, regs[1], "check_in")
    _act(client, event, regs[2], "drop", confirmed="1")
    page = client.get(f"/ja/console/{event.slug}/check-in/").content.decode()
    present = page[page.index('id="present"') : page.index('id="dropped"')]
    missing = page[page.index('id="missing"') : page.index('id="present"')]
    dropped = page[page.index('id="dropped"') :]
    assert 'data-name="D1"' in present and 'data-name="D1"' not in missing
    assert 'data-name="D0"' in missing and "D2" in dropped and "D2" not in missing


def test_drop_asks_first_then_restore_brings_the_player_back(client, desk):
    _, event, regs = desk
    question = _act(client, event, regs[3], "drop")
    assert 'id="confirm-drop"' in question.content.decode()
    regs[3].refresh_from_db()
    assert regs[3].status == "registered"  # nothing happened before the confirmation
    done = _act(client, event, regs[3], "drop", confirmed="1").content.decode()
    assert "D3を棄権にしました" in done
    regs[3].refresh_from_db()
    assert regs[3].status == "dropped"
    refused = _act(client, event, regs[3], "check_in").content.decode()
    assert "D3は棄権しています" in refused
    regs[3].refresh_from_db()
    assert regs[3].status == "dropped"
    restored = _act(client, event, regs[3], "restore").content.decode()
    assert "D3を復帰させました" in restored
    regs[3].refresh_from_db()
    assert regs[3].status == "registered"


def test_dropped_player_is_seated_no_more_and_marked_in_standings(
    client, desk, django_capture_on_commit_callbacks
):
    user, event, regs = desk
    for registration in regs:
        _act(client, event, registration, "check_in")
    round_1 = Round.objects.create(event=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_seat(round_id=round_1.pk)
        round_publish(round_id=round_1.pk)
        confirm_all(round_1, user)
        round_close(round_id=round_1.pk)
    standings_recompute(event_id=event.pk)
    with django_capture_on_commit_callbacks(execute=True):  # the page cache moves on
        _act(client, event, regs[5], "drop", confirmed="1")

    round_2 = Round.objects.create(event=event, number=2)
    with django_capture_on_commit_callbacks(execute=True):
        round_seat(round_id=round_2.pk)
    seated = set(Seat.objects.filter(round=round_2).values_list("registration_id", flat=True))
    assert regs[5].pk not in seated and len(seated) == 4  # 7 left: tables of four, one bye

    home = client.get(f"/ja/console/{event.slug}/").content.decode()
    assert "D5 <em>(棄権)</em>" in home
    public = client.get(f"/ja/events/{event.slug}/standings/").content.decode()
    assert 'D5</bdi></a> <span class="badge dropped">棄権</span>' in public
    assert "D4</bdi></a>" in public  # the others as before


def test_board_names_who_has_not_confirmed(client, desk, django_capture_on_commit_callbacks):
    _, event, regs = desk
    for registration in regs:
        _act(client, event, registration, "check_in")
    rnd = Round.objects.create(event=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_seat(round_id=rnd.pk)
        round_publish(round_id=rnd.pk)
    table = rnd.tables.order_by("number").first()
    judge = Actor(judge_table_id=table.pk)
    sub = result_submit(
        table_id=table.pk, actor=judge, kind="sheet", payload=demo_sheet(1, 4)
    ).submission
    assert sub.status == "submitted", sub.violations
    seats = list(table.seats.order_by("position").select_related("registration__player"))
    for seat in seats[:3]:
        result_confirm(submission_id=sub.pk, actor=judge, registration_id=seat.registration_id)
    board = client.get(f"/ja/console/{event.slug}/rounds/1/board/").content.decode()
    missing_name = seats[3].registration.player.display_name
    assert f"確認 3/4人・未確認: {missing_name}" in board


@pytest.mark.django_db
def test_the_desk_lists_players_in_gojuon_order_whatever_script_their_reading_is(event):
    """A katakana reading sorts with the hiragana ones (サイトウ between あおき and たなか),
    not after every hiragana reading as the database's code-point order puts it."""
    from tests.tournaments.factories import PlayerFactory
    from tournaments.console.selectors.pages import registrations
    from tournaments.events.models import Registration

    for name, reading in [("渡辺", "わたなべ"), ("斎藤", "サイトウ"), ("田中", "たなか"),
                          ("青木", "あおき")]:  # fmt: skip
        Registration.objects.create(event=event, player=PlayerFactory(display_name=name,
                                                                      reading=reading))  # fmt: skip
    assert [r.player.display_name for r in registrations(event)] == ["青木", "斎藤", "田中",
                                                                       "渡辺"]  # fmt: skip
