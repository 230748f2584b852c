"""A newcomer's evening in headless Chromium (390x844, /ja/), from where they begin: the
demo seeding prints how to log in; the organizer logs in through the login page, opens
the console, checks a player in and undoes it; a player's report (from their phone)
appears on the open progress board live and a judge (from the table's QR link) resolves
it, which the board shows live too."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from tournaments.events.models import Event, Registration
from tournaments.results.models import ProblemReport

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def _phone(browser):
    return browser.new_context(viewport=PHONE, locale="ja-JP").new_page()


def test_newcomer_logs_in_checks_in_and_a_judge_answers_a_call(live_server, browser):
    out = io.StringIO()
    call_command("demo", base_url=live_server.url, stdout=out)
    printed = out.getvalue()
    login_url = re.search(r"log in at: (\S+)", printed).group(1)
    username = re.search(r"user name: (\S+)", printed).group(1)
    password = re.search(r"password: (\S+)", printed).group(1)
    private_url = re.search(r"their private page: (\S+)", printed).group(1)
    assert login_url == f"{live_server.url}/ja/accounts/login/"
    event = Event.objects.get(slug="cairo-cafe-open")

    # the organizer: the login page (the site's own, in Japanese), then the console
    organizer = _phone(browser)
    organizer.goto(login_url)
    assert organizer.inner_text("h1") == "ログイン"
    organizer.fill("#id_username", username)
    organizer.fill("#id_password", password)
    organizer.click("#login-submit")
    organizer.wait_for_url(f"{live_server.url}/ja/console/")
    organizer.click(f"a[href='/ja/console/{event.slug}/']")
    organizer.wait_for_url(f"{live_server.url}/ja/console/{event.slug}/")

    # check-in desk: everyone is in after the demo; undo one, check them in, undo that
    organizer.click(f"a[href='/ja/console/{event.slug}/check-in/']")
    first = organizer.get_attribute("#present li >> nth=0", "data-name")
    organizer.click("#present button[value=undo_check_in] >> nth=0")
    organizer.wait_for_load_state()
    assert organizer.inner_text("#missing-count") == "1"
    assert organizer.get_attribute("#missing li >> nth=0", "data-name") == first
    organizer.click("#missing button[value=check_in] >> nth=0")
    organizer.wait_for_load_state()
    assert f"{first}を受付しました" in organizer.inner_text(".messages")
    assert organizer.inner_text("#missing-count") == "0"
    registration = Registration.objects.get(event=event, status="checked_in",
                                            player__display_name=first)  # fmt: skip
    organizer.click("#undo-check-in button")
    organizer.wait_for_load_state()
    assert "取り消しました" in organizer.inner_text(".messages")
    registration.refresh_from_db()
    assert registration.status == "registered"
    assert organizer.inner_text("#missing-count") == "1"

    # the progress board of the round under way (the demo's round 2) is open when the
    # player reports a problem
    organizer.goto(f"{live_server.url}/ja/console/{event.slug}/rounds/2/board/")
    assert "呼び出し: 0" in organizer.inner_text("#calls-open")
    player = _phone(browser)
    player.goto(private_url)
    player.fill("#problem", "タイルが足りません")
    player.click("form[action$='/report/'] button")
    player.wait_for_load_state()
    assert "ジャッジが" in player.inner_text("main")
    report = ProblemReport.objects.get()
    organizer.wait_for_function(
        "() => document.getElementById('judge-calls').innerText.includes('タイルが足りません')",
        timeout=15000,
    )
    calls = organizer.inner_text("#judge-calls")
    assert (
        f"{report.table.number}番卓" in calls and report.registration.player.display_name in calls
    )
    assert "呼び出し: 1" in organizer.inner_text("#calls-open")

    # the table's judge (the QR link on the table card) sees the call and answers it
    judge = _phone(browser)
    judge.goto(f"{live_server.url}/ja/judge/{report.table.judge_token}/")
    assert "タイルが足りません" in judge.inner_text("#judge-calls")
    judge.click(f"#call-{report.pk} .call-ack")
    judge.wait_for_load_state()
    assert "確認済み" in judge.inner_text(f"#call-{report.pk}")
    judge.click(f"#call-{report.pk} .call-resolve")
    judge.wait_for_load_state()
    assert judge.locator("#no-calls").count() == 1
    report.refresh_from_db()
    assert report.acknowledged_at and report.resolved_at
    assert report.resolved_by_label.startswith("judge-url")
    organizer.wait_for_function(
        "() => document.getElementById('calls-open').innerText.includes('呼び出し: 0')",
        timeout=15000,
    )

    # log out, everywhere: the header's button
    organizer.click("#logout")
    organizer.wait_for_url(re.compile(r".*/ja/accounts/logout/$"))
    assert organizer.locator("#logged-out").count() == 1
