"""A league night in headless Chromium on /ja/: the organizer plans the schedule, sees its
repeat count and lower bound, seats round 1 from it and publishes it; then uploads a
fixed schedule for the next rounds, first with a misspelt name (the page names the row
and field in Japanese and keeps the file's text), then the corrected file."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.events.models import EventRole, Round, Seat
from tournaments.seating.models import EventSchedule

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_league_night_planned_and_uploaded_schedule(live_server, browser, tmp_path):
    from django.contrib.auth import get_user_model

    event = EventFactory(slug="league-night", table_sizes=[4], rounds_planned=3)
    regs = [RegistrationFactory(event=event) for _ in range(16)]
    user = get_user_model().objects.create_user(username="nadia", password="pw")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale="ja-JP")
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    base = f"{live_server.url}/ja/console/league-night"

    # Planned mode: three rounds for the 16 checked-in players.
    page.goto(f"{base}/")
    page.click("#schedule-link")
    page.fill("#id_rounds", "3")
    page.click("#schedule-plan")
    assert page.inner_text("#schedule-repeats") == "0"
    assert page.inner_text("#schedule-bound") == "0"
    assert "アフィン平面" in page.inner_text("#schedule-method")

    # Round 1 seated from the schedule; its repeat count is on the page before publishing.
    page.goto(f"{base}/")
    page.click("#new-round")
    assert "事前スケジュール" in page.inner_text("#round-schedule")
    page.select_option("#seat-mode", "schedule")
    page.click("#seat-round")
    assert page.inner_text("#total-repeats") == "0"
    page.click("#publish-round")
    round_1 = Round.objects.get(event=event, number=1)
    assert round_1.status == Round.Status.PUBLISHED
    planned = EventSchedule.objects.get(event=event).rounds[0]["tables"]
    seated = {}
    for table, rid in Seat.objects.filter(round=round_1).values_list(
        "table__number", "registration_id"
    ):
        seated.setdefault(table, set()).add(rid)
    assert [seated[t] for t in sorted(seated)] == [set(t) for t in planned]

    # A fixed schedule for rounds 2 and 3, by name, with one name misspelt.
    names = [r.player.display_name for r in regs]
    rows = []
    for number, shift in ((2, 1), (3, 2)):
        for t in range(4):  # a 4 x 4 grid: one player of each row, columns shifted
            members = [names[4 * k + (t + shift * k) % 4] for k in range(4)]
            rows.append([str(number), str(t + 1), *members])

    def csv_text(rows):
        return "ラウンド,卓,プレイヤー\n" + "".join(",".join(r) + "\n" for r in rows)

    good = csv_text(rows)
    bad = csv_text([*rows[:2], [*rows[2][:3], "プレイヤー名なし", *rows[2][4:]], *rows[3:]])
    path = tmp_path / "schedule.csv"
    path.write_text(bad, encoding="utf-8")
    page.goto(f"{base}/schedule/")
    page.set_input_files("#id_file", str(path))
    page.click("#schedule-upload")
    problems = page.inner_text("#schedule-problems")
    assert "問題が1件" in problems
    assert (
        "「プレイヤー」: このイベントに「プレイヤー名なし」という名前のプレイヤーはいません"
        in problems
    )
    assert "行目" in problems
    assert "プレイヤー名なし" in page.input_value("#id_text")  # the file is not lost
    assert page.input_value("#id_text").strip() == bad.strip()
    fixed = tmp_path / "schedule-fixed.csv"
    fixed.write_text(good, encoding="utf-8")
    page.set_input_files("#id_file", str(fixed))  # a chosen file wins over the box
    page.click("#schedule-upload")
    stored = EventSchedule.objects.get(event=event)
    assert stored.method == "fixed"
    assert page.inner_text("#schedule-repeats") == str(stored.repeat_meetings)
    assert page.inner_text("#schedule-bound") == str(stored.lower_bound)
    assert page.inner_text("#schedule-method") == "アップロードしたファイル"
    assert [r["number"] for r in stored.rounds] == [2, 3]
    context.close()
