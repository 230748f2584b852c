"""The judges page's whole-event judge (issue 29): invited once, given tables each round on
the page (judge → tables, or "any table they scan"), and the judge's own page listing
their tables of the current round."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.japanese_pages import english_in, page_texts
from tests.tournaments.results.helpers import make_event, make_table
from tournaments.events.models import EventRole, Round
from tournaments.results.models import ActionLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return make_event("imhotep", slug="week-cup")


@pytest.fixture
def organizer(event):
    user = get_user_model().objects.create_user(username="nadia", password="a-long-pass")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    client = Client()
    client.force_login(user)
    return client


def _page(event) -> str:
    return f"/ja/console/{event.slug}/judges/"


def _invite(organizer, event, **extra):
    sent = organizer.post(_page(event), {"username": "samira", "role": "event_judge", **extra})
    assert sent.status_code == 302
    return get_user_model().objects.get(username="samira")


def test_invited_once_then_given_tables_round_after_round(organizer, event):
    round1 = make_table(event).round
    make_table(event, round_=round1)
    judge = _invite(organizer, event)
    role = EventRole.objects.get(user=judge, event=event)
    assert role.role == "event_judge" and role.any_table is False and role.table is None

    page = organizer.get(_page(event)).content.decode()
    assert f'id="tables-{judge.pk}"' in page and "第1回戦のジャッジの卓" in page
    sent = organizer.post(
        _page(event), {"action": "assign", "user": judge.pk, f"j{judge.pk}-tables": ["2"]}
    )
    assert sent.status_code == 302
    assert list(
        EventRole.objects.filter(user=judge, role="table_judge").values_list(
            "table__round__number", "table__number"
        )
    ) == [(1, 2)]
    assert ActionLog.objects.filter(event=event, action="judge_tables_set").exists()

    Round.objects.filter(pk=round1.pk).update(status="closed", closed_at=timezone.now())
    round2 = make_table(event).round
    page = organizer.get(_page(event)).content.decode()
    assert "第2回戦のジャッジの卓" in page
    organizer.post(
        _page(event), {"action": "assign", "user": judge.pk, f"j{judge.pk}-tables": ["1"]}
    )
    client = Client()
    client.force_login(judge)
    mine = client.get("/ja/judge/").content.decode()
    r2t1 = round2.tables.get(number=1)
    assert f'href="/ja/judge/tables/{r2t1.pk}/"' in mine
    assert f'href="/ja/judge/tables/{round1.tables.get(number=2).pk}/"' not in mine  # past
    assert "第2回戦" in mine
    names = ("samira", "nadia", event.name)
    assert english_in(page_texts(mine), names=names) == []
    assert english_in(page_texts(organizer.get(_page(event)).content.decode()), names=names) == []


def test_a_missing_table_is_refused_naming_the_field_and_keeping_the_ticks(organizer, event):
    make_table(event)
    judge = _invite(organizer, event)
    sent = organizer.post(
        _page(event),
        {"action": "assign", "user": judge.pk, f"j{judge.pk}-tables": ["1", "7"],
         f"j{judge.pk}-any_table": "on"},
    )  # fmt: skip
    html = sent.content.decode()
    assert sent.status_code == 400
    assert "7" in html and "選択" in html  # Django's "select a valid choice", in Japanese
    assert f'name="j{judge.pk}-any_table" id="id_j{judge.pk}-any_table" checked' in html
    assert not EventRole.objects.filter(user=judge, role="table_judge").exists()


def test_any_table_mode_from_the_invitation_and_the_scanned_card(organizer, event):
    table = make_table(event)
    judge = _invite(organizer, event, any_table="on")
    assert EventRole.objects.get(user=judge, event=event).any_table is True
    client = Client()
    client.force_login(judge)
    assert client.get("/ja/accounts/").url == "/ja/judge/"  # their page, not a 403
    mine = client.get("/ja/judge/").content.decode()
    assert f"/ja/judge/tables/{table.pk}/" not in mine and "QRコード" in mine
    assert client.get(f"/ja/judge/{table.judge_token}/").status_code == 200  # the card
    mine = client.get("/ja/judge/").content.decode()
    assert f'href="/ja/judge/tables/{table.pk}/"' in mine
    assert english_in(page_texts(mine), names=("samira", event.name)) == []
    english = client.get("/en/judge/").content.decode()
    assert "Scan the QR code on any table" in english and "Round 1" in english


def test_a_scanned_table_is_one_line_of_the_action_log_in_the_pages_words(
    organizer, event, django_capture_on_commit_callbacks
):
    """The events app announces a scan but may not write the action log; the results app's
    subscriber writes it (one line, the judge as actor, on the taken table)."""
    table = make_table(event)
    judge = _invite(organizer, event, any_table="on")
    client = Client()
    client.force_login(judge)
    with django_capture_on_commit_callbacks(execute=True):
        assert client.get(f"/ja/judge/{table.judge_token}/").status_code == 200
        assert client.get(f"/ja/judge/{table.judge_token}/").status_code == 200  # theirs already
    (line,) = ActionLog.objects.filter(event=event, action="judge_table_taken")
    assert line.table_id == table.pk and line.actor == "user:samira"
    assert line.actor_user_id == judge.pk
    assert line.data == {"judge": "samira", "round": 1, "tables": [1], "how": "scanned"}

    page = organizer.get(f"/ja/console/{event.slug}/rounds/1/tables/1/").content.decode()
    assert "samira — 卓カードを読み取って担当" in page
    assert "judge_table_taken" not in page
    english = organizer.get(f"/en/console/{event.slug}/rounds/1/tables/1/").content.decode()
    assert "samira — table taken by scanning its card" in english


def test_the_organizers_change_of_a_judges_tables_is_logged_once(
    organizer, event, django_capture_on_commit_callbacks
):
    make_table(event)
    judge = _invite(organizer, event)
    with django_capture_on_commit_callbacks(execute=True):
        organizer.post(
            _page(event), {"action": "assign", "user": judge.pk, f"j{judge.pk}-tables": ["1"]}
        )
    lines = ActionLog.objects.filter(event=event, action__startswith="judge_table")
    assert [(e.action, e.actor) for e in lines] == [("judge_tables_set", "user:nadia")]


def test_only_this_events_whole_event_judges_are_given_tables(organizer, event):
    make_table(event)
    head = get_user_model().objects.create_user(username="hossam", password="x-long-pass")
    EventRole.objects.create(user=head, event=event, role=EventRole.Kind.HEAD_JUDGE)
    sent = organizer.post(
        _page(event), {"action": "assign", "user": head.pk, f"j{head.pk}-tables": ["1"]}
    )
    assert sent.status_code == 404
    other = make_event("imhotep", slug="other-cup")
    stranger = Client()
    stranger.force_login(_invite(organizer, event))  # a judge here, not an organizer
    assert stranger.get(_page(other)).status_code in (403, 404)
    assert stranger.get(_page(event)).status_code in (403, 404)


def test_the_organizers_api_tells_a_whole_event_judge_and_their_mode(organizer, event):
    table = make_table(event)
    judge = _invite(organizer, event, any_table="on")
    organizer.post(
        _page(event), {"action": "assign", "user": judge.pk, f"j{judge.pk}-tables": ["1"],
                       f"j{judge.pk}-any_table": "on"},
    )  # fmt: skip
    (row,) = organizer.get(f"/api/events/{event.slug}/judges/").json()
    assert row["username"] == "samira" and row["whole_event"] is True
    assert row["any_table"] is True and row["head"] is False
    assert row["tables"] == [{"round": table.round.number, "table": 1}]


def test_judge_invite_command_invites_for_the_whole_event(event):
    from io import StringIO

    from django.core.management import CommandError, call_command

    out = StringIO()
    call_command("judge_invite", event.slug, "karima", "--whole-event", "--any-table", stdout=out)
    assert "judge for the whole event, any table they scan" in out.getvalue()
    assert "/ja/accounts/invite/" in out.getvalue()
    role = EventRole.objects.get(user__username="karima", event=event)
    assert role.role == "event_judge" and role.any_table is True
    with pytest.raises(CommandError, match="--whole-event"):
        call_command("judge_invite", event.slug, "omar", "--any-table", stdout=StringIO())


def test_the_header_leads_a_judge_without_tables_yet_to_their_page(organizer, event):
    judge = _invite(organizer, event)
    client = Client()
    client.force_login(judge)
    page = client.get("/ja/judge/").content.decode()
    assert ">担当の卓 (samira)</a>" in page  # the header's account link, not "アカウント"
