"""The whole evening of issue 17 in one headless Chromium run, from where a newcomer
starts: the demo seeding prints the organizer's login (as ``make demo`` does); the
organizer logs in through the login page on the laptop (desktop size), creates the
evening's event, imports the players from CSV, checks them in at the desk (with an undo),
invites a head judge on the judges page; the judge opens the invitation on a phone
(390×844) and chooses a password. Round 1 is seated and published with the clock
running; a player reports a problem from their slip's page, the call appears live on the
organizer's board and the judge resolves it from the board on the phone; the judge
enters every table's sheet through the phone form and the players confirm on the judge's
phone. Round 2 the same, then the final table from the standings, the finish, and the
podium with the winner on the public event page, on a player's phone.

Everything runs on the café's network as LAN mode serves it: every browser reaches the
server as ``cafe-laptop.local`` (an mDNS name, mapped to the loopback live server by
Chromium's resolver rules, so no packet leaves this machine), the address the demo prints
and the judges page, slips and QR codes carry; never 127.0.0.1.
"""

from __future__ import annotations

import io
import re
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

from tests.browser import launched_chromium
from tests.tournaments.results.test_browser_sheets import num, plus
from tournaments.console.views.events import qr_svg
from tournaments.events.models import Event, EventRole, Registration, RoundClock, Table
from tournaments.results.models import ProblemReport

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOST = "cafe-laptop.local"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
LIVE = 15_000  # ms: the board polls every 3 s
# Seven players: one table of four and one of three per round, a final of four.
PLAYERS = [("ラー", "らー"), ("イシス", "いしす"), ("オシリス", "おしりす"), ("ホルス", "ほるす"),
           ("アヌビス", "あぬびす"), ("トト", "とと"), ("ハトホル", "はとほる")]  # fmt: skip
SHEET = [(20, 2), (18, 3), (25, 1), (16, 4)]  # track, sled for seats 1..4


@pytest.fixture
def browser(settings):
    settings.LAN_MODE = True  # what `make demo HOST=0.0.0.0` sets (local settings)
    settings.ALLOWED_HOSTS = ["*"]
    with launched_chromium([f"--host-resolver-rules=MAP {HOST} 127.0.0.1"]) as chromium:
        yield chromium


def _page(browser, size):
    context = browser.new_context(locale="ja-JP", **size)
    context.set_default_timeout(LIVE)
    return context.new_page()


def _enter_and_confirm(judge, table: Table) -> None:
    """The judge fills the table's sheet through the phone form; each player confirms on
    the judge's phone."""
    from playwright.sync_api import expect

    judge.click(f"a[href='/ja/judge/tables/{table.pk}/']")
    judge.wait_for_selector('#result-status[data-status="none"]')
    seats = table.seats.count()
    for seat, (track, sled) in enumerate(SHEET[:seats]):
        num(judge, f"$.sheet.players[{seat}].track", track)
        plus(judge, f"$.sheet.players[{seat}].sled", sled)
    for seat in [1, 2, 3, 1]:  # each stone's seat, in the order they went in
        judge.locator(f'[data-path="$.sheet.burial"] .seat-add[data-seat="{seat}"]').tap()
    num(judge, "$.sheet.pyramid_stones", 10)
    num(judge, "$.sheet.temple_stones", 5)
    judge.click("#submit-sheet")
    judge.wait_for_selector('#result-status[data-status="submitted"]')
    buttons = judge.locator(".confirm-player")
    expect(buttons).to_have_count(seats)
    for i in range(seats - 1):
        buttons.nth(i).tap()
        expect(buttons.nth(i)).to_be_disabled()  # sent: the next player's turn
    buttons.nth(seats - 1).tap()  # the last confirmation confirms the result
    judge.wait_for_selector('#result-status[data-status="confirmed"]')


def _judge_round(judge, console: str, event: Event, number: int) -> None:
    """Every table of the round, each opened from the board's "judge page" link."""
    for table in Table.objects.filter(round__event=event, round__number=number).order_by("number"):
        judge.goto(f"{console}/rounds/{number}/board/")
        _enter_and_confirm(judge, table)


def _close_round(organizer, console: str, event: Event, number: int) -> None:
    organizer.goto(f"{console}/rounds/{number}/board/")
    organizer.click("#close-round")
    organizer.wait_for_url(f"{console}/")  # closed: back to the event's page
    assert event.rounds.get(number=number).status == "closed"


def test_the_cafe_evening_from_the_demo_login_to_the_podium(live_server, browser):
    from playwright.sync_api import expect

    port = urlsplit(live_server.url).port
    site = f"http://{HOST}:{port}"
    out = io.StringIO()
    call_command("demo", base_url=site, stdout=out)  # make demo HOST=0.0.0.0, on the LAN
    printed = out.getvalue()
    login_url = re.search(r"log in at: (\S+)", printed).group(1)
    username = re.search(r"user name: (\S+)", printed).group(1)
    password = re.search(r"password: (\S+)", printed).group(1)
    assert login_url == f"{site}/ja/accounts/login/"

    # the organizer, on the laptop: log in, create the evening's event
    organizer = _page(browser, DESKTOP)
    organizer.goto(login_url)
    organizer.fill("#id_username", username)
    organizer.fill("#id_password", password)
    organizer.click("#login-submit")
    organizer.wait_for_url(f"{site}/ja/console/")
    organizer.click("a[href='/ja/console/new/']")
    organizer.fill("#id_name", "ナイルの夕べ")
    organizer.fill("#id_slug", "nile-evening")
    organizer.fill("#id_starts_on", "2026-11-27")
    organizer.select_option("#id_game_key", "imhotep")
    organizer.fill("#id_rounds_planned", "2")
    organizer.click("#advanced summary")  # the round's length is an advanced setting
    organizer.fill("#id_round_minutes", "50")
    organizer.click("#event-form button[type=submit]")
    console = f"{site}/ja/console/nile-evening"
    organizer.wait_for_url(f"{console}/")
    event = Event.objects.get(slug="nile-evening")
    assert EventRole.objects.filter(event=event, user__username=username, role="organizer")

    # players from a CSV, previewed, then imported
    organizer.goto(f"{console}/players/import/")
    csv = "name,reading,club\n" + "".join(f"{n},{r},\n" for n, r in PLAYERS)
    organizer.fill("#id_text", csv)
    organizer.click("button[name=preview]")
    organizer.click("#confirm-import")
    organizer.wait_for_url(f"{console}/players/")
    assert event.registrations.count() == len(PLAYERS)

    # the check-in desk: one check-in undone, then everyone in
    organizer.goto(f"{console}/check-in/")
    missing = organizer.locator("#missing-count")
    expect(missing).to_have_text(str(len(PLAYERS)))
    first = organizer.get_attribute("#missing li >> nth=0", "data-name")
    organizer.click("#missing button[value=check_in] >> nth=0")
    expect(organizer.locator(".messages")).to_contain_text(f"{first}を受付しました")
    expect(missing).to_have_text(str(len(PLAYERS) - 1))
    organizer.click("#undo-check-in button")
    expect(organizer.locator(".messages")).to_contain_text("取り消しました")
    expect(missing).to_have_text(str(len(PLAYERS)))
    for left in range(len(PLAYERS) - 1, -1, -1):
        organizer.click("#missing button[value=check_in] >> nth=0")
        expect(missing).to_have_text(str(left))
    assert event.registrations.filter(status=Registration.Status.CHECKED_IN).count() == 7

    # the judges page: a head judge, with the one-time link as a QR code for their phone
    organizer.goto(f"{console}/")
    organizer.click("#judges-link")
    organizer.fill("#id_username", "karim")
    organizer.click("#invite-judge")
    link = organizer.get_attribute("#invite-link", "href")
    assert link.startswith(f"{site}/ja/accounts/invite/")  # the LAN address, not 127.0.0.1
    drawn = organizer.get_attribute("#invitation svg path", "d")
    assert drawn and f'd="{drawn}"' in qr_svg(link)  # the QR code carries that link
    judge = _page(browser, PHONE)
    judge.goto(link)
    judge.fill("#id_new_password1", "papyrus-reed-77")
    judge.fill("#id_new_password2", "papyrus-reed-77")
    judge.click("#invite-form button")
    judge.wait_for_url(f"{site}/ja/console/")  # a head judge lands in the console
    organizer.reload()
    expect(organizer.locator("#judges tr[data-username=karim]")).to_contain_text("アカウントあり")

    # round 1: seated, published, the clock started
    organizer.goto(f"{console}/")
    organizer.click("#new-round")
    organizer.click("#seat-round")
    expect(organizer.locator("#seating > li")).to_have_count(2)
    seated = Table.objects.filter(round__event=event, round__number=1)
    assert sorted(t.seats.count() for t in seated) == [3, 4]  # seven: a table of 4, one of 3
    organizer.click("#publish-round")
    organizer.click("#clock-start")
    expect(organizer.locator("#clock-pause")).to_be_visible()
    assert RoundClock.objects.filter(round__event=event, round__number=1).exists()

    # a player reports a problem from the page on their slip; the board shows it live
    organizer.goto(f"{console}/players/slips/")
    slip_url = organizer.inner_text(".slip .url >> nth=0")
    caller = organizer.inner_text(".slip strong >> nth=0")
    assert slip_url.startswith(f"{site}/ja/p/")
    organizer.goto(f"{console}/rounds/1/board/")
    expect(organizer.locator("#calls-open")).to_contain_text("呼び出し: 0")
    player = _page(browser, PHONE)
    player.goto(slip_url)
    player.fill("#problem", "タイルが足りません")
    player.click("form[action$='/report/'] button")
    expect(player.locator("main")).to_contain_text("ジャッジが")
    calls = organizer.locator("#judge-calls")
    expect(calls).to_contain_text("タイルが足りません")
    expect(calls).to_contain_text(caller)
    expect(organizer.locator("#calls-open")).to_contain_text("呼び出し: 1")

    # the head judge answers it from the board on their phone
    report = ProblemReport.objects.get()
    judge.goto(f"{console}/rounds/1/board/")
    judge.click(f"#call-{report.pk} .call-ack")
    expect(judge.locator(f"#call-{report.pk}")).to_contain_text("karim")
    judge.click(f"#call-{report.pk} .call-resolve")
    expect(judge.locator("#no-calls")).to_have_count(1)
    expect(organizer.locator("#calls-open")).to_contain_text("呼び出し: 0")  # live
    report.refresh_from_db()
    assert report.resolved_at and report.resolved_by_label == "user:karim"

    # results: the judge enters every sheet on the phone, the players confirm there
    _judge_round(judge, console, event, 1)
    _close_round(organizer, console, event, 1)

    # round 2, seated by the standings
    organizer.goto(f"{console}/")
    organizer.click("#new-round")
    organizer.click("#seat-round")
    organizer.click("#publish-round")
    expect(organizer.locator("#round-title")).to_contain_text("公開")  # before the judge starts
    _judge_round(judge, console, event, 2)
    _close_round(organizer, console, event, 2)

    # the final table: the top four of the standings, named as the final
    organizer.goto(f"{console}/")
    organizer.click("#create-finals")
    expect(organizer.locator("#round-title")).to_contain_text("決勝")
    organizer.click("#publish-round")
    expect(organizer.locator("#round-title")).to_contain_text("公開")
    final = event.rounds.get(is_final=True)
    assert final.number == 3 and final.seats.count() == 4
    _judge_round(judge, console, event, 3)
    _close_round(organizer, console, event, 3)

    # the finish: no more rounds; the podium on the public page, on a player's phone
    organizer.goto(f"{console}/")
    organizer.click("#finish-event")
    expect(organizer.locator("#event-finished")).to_be_visible()
    expect(organizer.locator("#new-round")).to_have_count(0)
    table = final.tables.get()
    outcome = table.submissions.get(status="confirmed").outcome
    ranks = [p["rank"] for p in outcome["players"]]
    seats = list(table.seats.order_by("position").select_related("registration__player"))
    winner = seats[ranks.index(1)].registration.player.display_name
    player.goto(f"{site}/ja/events/nile-evening/")
    first_place = player.locator("#podium .place-1")
    expect(first_place).to_contain_text("優勝")
    expect(first_place).to_contain_text(winner)
    box = first_place.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["viewport"]["width"]
