"""The organizer's main path in headless Chromium: create an event, import 24 players
from CSV, check them in, seat round 1, results confirmed (through the result services)
while the round's board updates live, standings, round 2 with no repeat meetings, close
the event, export the archive, import it into a database without the event and compare."""

from __future__ import annotations

import itertools
import json

import pytest
from django.test import Client

from tests.tournaments.console.helpers import confirm_all, organizer, players_csv
from tournaments.events.models import Event, Registration, Seat
from tournaments.results.models import ResultSubmission, Ruling
from tournaments.standings.services import standings_recompute

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _logged_in_page(browser, live_server, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale="en-US", accept_downloads=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def _pairs(rnd) -> set[frozenset]:
    tables: dict[int, list[int]] = {}
    for t, r in Seat.objects.filter(round=rnd).values_list("table_id", "registration_id"):
        tables.setdefault(t, []).append(r)
    return {frozenset(p) for ids in tables.values() for p in itertools.combinations(ids, 2)}


def _by_name(event):
    names = dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))
    snapshot = standings_recompute(event_id=event.pk)
    standings = [(names[r["registration"]], r["rank"], r["metrics"]) for r in snapshot.rows]
    seats = [
        (s.round.number, s.table.number, s.position, names[s.registration_id])
        for s in Seat.objects.filter(round__event=event)
        .select_related("round", "table")
        .order_by("round__number", "table__number", "position")
    ]
    return standings, seats


def test_organizer_runs_an_event_in_the_browser(live_server, browser):
    user = organizer()
    page = _logged_in_page(browser, live_server, user)
    base = f"{live_server.url}/en/console"

    # create the event
    page.goto(f"{base}/new/")
    page.fill("#id_name", "Browser Cup")
    page.fill("#id_slug", "browser-cup")
    page.fill("#id_starts_on", "2026-11-22")  # the last day follows (an evening: one day)
    page.select_option("#id_game_key", "imhotep")
    page.select_option("#id_table_sizes_0", "4")
    page.click("#event-form button[type=submit]")
    page.wait_for_url(f"{base}/browser-cup/")
    event = Event.objects.get(slug="browser-cup")

    # import 24 players from CSV: preview, then confirm
    page.goto(f"{base}/browser-cup/players/import/")
    page.set_input_files(
        "#id_file",
        files=[{"name": "players.csv", "mimeType": "text/csv",
                "buffer": players_csv(24, clubs=6).encode()}],
    )  # fmt: skip
    page.click("button[name=preview]")
    assert "24 players, 0 errors" in page.inner_text("#preview-summary")
    assert event.registrations.count() == 0  # nothing saved before the confirmation
    page.click("#confirm-import")
    page.wait_for_url(f"{base}/browser-cup/players/")
    assert event.registrations.count() == 24

    # check-in desk: one tap per player from the "missing" list
    page.goto(f"{base}/browser-cup/check-in/")
    for _ in range(24):
        page.click("#missing button[value=check_in] >> nth=0")
        page.wait_for_load_state()
    assert "Everyone is here." in page.inner_text("#missing")
    assert event.registrations.filter(status="checked_in").count() == 24

    # seat round 1: preview with its cost, publish
    page.goto(f"{base}/browser-cup/")
    page.click("#new-round")
    page.click("#seat-round")
    assert page.inner_text("#total-repeats") == "0"
    assert page.locator("#seating > li").count() == 6
    page.click("#publish-round")
    rnd1 = event.rounds.get(number=1)
    assert rnd1.status == "published"

    # the board is open while results come in (through the result services): it updates
    # live, without reloading the page; then close the round from the updated board
    page.goto(f"{base}/browser-cup/rounds/1/board/")
    assert "not started: 6" in page.inner_text("#board-counts")
    page.evaluate("window.__sameDocument = true")
    confirm_all(rnd1, user)
    # A function, not an expression: Playwright evals expressions, which the CSP forbids.
    page.wait_for_function(
        "() => document.getElementById('board-counts').innerText.includes('confirmed: 6')",
        timeout=20_000,
    )
    assert page.evaluate("window.__sameDocument === true")  # swapped in, not reloaded
    page.click("#close-round")
    rnd1.refresh_from_db()
    assert rnd1.status == "closed"

    # standings on the event page
    standings_recompute(event_id=event.pk)
    page.goto(f"{base}/browser-cup/")
    assert page.locator("#standings tr").count() == 25  # header + 24 players

    # round 2 by standings: no repeat meetings
    page.click("#new-round")
    page.click("#seat-round")
    assert page.inner_text("#total-repeats") == "0"
    rnd2 = event.rounds.get(number=2)
    assert not _pairs(rnd1) & _pairs(rnd2)
    page.click("#publish-round")
    confirm_all(rnd2, user)
    page.goto(f"{base}/browser-cup/rounds/2/board/?refresh=0")
    page.click("#close-round")

    # close the event, export the archive
    page.goto(f"{base}/browser-cup/")
    page.select_option("select[name=status]", "finished")
    page.click("text=Set status")
    event.refresh_from_db()
    assert event.status == "finished"
    response = page.request.get(live_server.url + page.get_attribute("#archive-link", "href"))
    assert response.ok
    archive_bytes = response.body()
    before = _by_name(event)

    # a database without the event, then import the archive through the page
    ResultSubmission.objects.filter(table__round__event=event).delete()
    Seat.objects.filter(round__event=event).delete()
    Ruling.objects.filter(event=event).delete()
    event.delete()
    page.goto(f"{base}/import/")
    page.set_input_files(
        "input[name=file]",
        files=[{"name": "a.json", "mimeType": "application/json", "buffer": archive_bytes}],
    )
    page.click("#import-archive")
    page.wait_for_url(f"{base}/browser-cup/")
    imported = Event.objects.get(slug="browser-cup")
    assert imported.status == "finished"
    assert _by_name(imported) == before
    assert json.loads(archive_bytes)["event"]["slug"] == "browser-cup"
