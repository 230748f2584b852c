"""The console's schedule page: plan, upload with errors named by row and field in the
page's language, the repeat count before publishing; the event's organizers only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.factories import EventFactory, RegistrationFactory, RoundFactory
from tournaments.events.models import EventRole
from tournaments.seating.models import EventSchedule

pytestmark = pytest.mark.django_db


def _user(name):
    return get_user_model().objects.create_user(username=name, password="pw")


@pytest.fixture
def league_night():
    event = EventFactory(slug="league-night", table_sizes=[4], rounds_planned=5)
    regs = [RegistrationFactory(event=event) for _ in range(16)]
    user = _user("nadia")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    return event, regs, user


URL = "/{lang}/console/league-night/schedule/"


def test_only_the_events_organizers_open_the_schedule_page(client, league_night):
    event, _regs, user = league_night
    other = _user("omar")
    EventRole.objects.create(user=other, event=EventFactory(), role=EventRole.Kind.ORGANIZER)
    head = _user("karim")
    EventRole.objects.create(user=head, event=event, role=EventRole.Kind.HEAD_JUDGE)
    for outsider in (other, head):
        client.force_login(outsider)
        assert client.get(URL.format(lang="en")).status_code == 403
        assert (
            client.post(URL.format(lang="en"), {"action": "plan", "rounds": 2}).status_code == 403
        )
    assert not EventSchedule.objects.exists()
    client.force_login(user)
    page = client.get(URL.format(lang="ja"))
    assert page.status_code == 200 and "事前スケジュール" in page.content.decode()


def test_plan_shows_the_repeat_count_and_bound_and_the_round_page_too(client, league_night):
    event, _regs, user = league_night
    client.force_login(user)
    response = client.post(URL.format(lang="ja"), {"action": "plan", "rounds": "5"})
    assert response.status_code == 302
    page = client.get(URL.format(lang="ja")).content.decode()
    assert '<strong id="schedule-repeats">0</strong>' in page
    assert '<strong id="schedule-bound">0</strong>' in page
    assert "アフィン平面 AG(2, 4)" in page
    for english in (
        "repeat meetings",
        "lower bound",
        "Plan the",
        "Upload",
        "round,table",
        "search (",
    ):
        assert english not in page, english
    RoundFactory(event=event, number=1)
    round_page = client.get("/ja/console/league-night/rounds/1/").content.decode()
    assert 'id="round-schedule"' in round_page and "事前スケジュール" in round_page


def test_plan_refuses_bad_rounds_naming_the_field(client, league_night):
    _event, _regs, user = league_night
    client.force_login(user)
    response = client.post(URL.format(lang="ja"), {"action": "plan", "rounds": "0"})
    assert response.status_code == 400
    assert "計画するラウンド数" in response.content.decode()
    assert not EventSchedule.objects.exists()


def test_a_refused_upload_keeps_the_file_and_names_row_and_field_in_japanese(client, league_night):
    event, regs, user = league_night
    client.force_login(user)
    ids = [r.pk for r in regs]
    rows = [f"1,{t + 1}," + ",".join(str(i) for i in ids[4 * t : 4 * t + 4]) for t in range(4)]
    rows[2] = "1,3,Nobody," + ",".join(str(i) for i in ids[9:12])
    text = "ラウンド,卓,プレイヤー\n" + "\n".join(rows) + "\n"
    upload = SimpleUploadedFile("schedule.csv", text.encode("cp932"), content_type="text/csv")
    response = client.post(URL.format(lang="ja"), {"action": "upload", "file": upload})
    page = response.content.decode()
    assert response.status_code == 400
    assert "4行目「プレイヤー」: このイベントに「Nobody」という名前のプレイヤーはいません" in page
    assert "1,3,Nobody," in page  # the file's text is back in the box
    assert not EventSchedule.objects.exists()
    fixed = text.replace("Nobody", str(ids[8]))
    response = client.post(URL.format(lang="ja"), {"action": "upload", "text": fixed})
    assert response.status_code == 302
    stored = EventSchedule.objects.get(event=event)
    assert stored.method == "fixed" and stored.repeat_meetings == 0
    assert stored.source == fixed.strip()  # the form trims the pasted text
    page = client.get(URL.format(lang="en")).content.decode()
    assert "uploaded file" in page
