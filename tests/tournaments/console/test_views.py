"""The console's main path through the Django test client (the browser test repeats it
in Chromium): create an event, import players with a preview, check in, seat, publish,
board, close, standings, seat round 2, exports and the archive."""

from __future__ import annotations

import csv
import io
import itertools
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.console.helpers import confirm_all, organizer, players_csv
from tests.tournaments.factories import EventFactory, PlayerFactory
from tournaments.events.models import Event, EventRole, Registration, Seat
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db

EVENT_FORM = {
    "name": "Console Cup",
    "slug": "console-cup",
    "venue": "Cairo Café",
    "starts_on": "2026-11-22",
    "ends_on": "2026-11-22",
    "game_key": "imhotep",
    "table_sizes_0": "4",
    "table_sizes_1": "3",
    "rounds_planned": "3",
    "precedence_1": "tp",
    "precedence_2": "firsts",
    "precedence_3": "sos",
    "bye_points": "3/2",
    "seating_mode": "standings",
    "round1_seeding": "random",
    "weight_spread": "1",
    "weight_seat": "2",
    "weight_club": "5",
    "weight_small_table": "4",
    "confirmation_policy": "players",
    "release_policy": "immediate",
    "round_minutes": "90",
    "finals_cut": "4",
}


def _pairs(rnd):
    tables: dict[int, list[int]] = {}
    for t, r in Seat.objects.filter(round=rnd).values_list("table_id", "registration_id"):
        tables.setdefault(t, []).append(r)
    return {frozenset(p) for ids in tables.values() for p in itertools.combinations(ids, 2)}


def test_console_needs_login_and_the_event_organizer(client):
    event = EventFactory()
    assert client.get("/en/console/").status_code == 302
    client.force_login(organizer("stranger", staff=False))
    assert client.get(f"/en/console/{event.slug}/").status_code == 403
    assert client.get("/en/console/new/").status_code == 403


def test_event_form_reports_bad_configuration(client):
    """Each refusal is a 400 naming the field, the form shown again with what was chosen."""
    client.force_login(organizer())
    bad = {**EVENT_FORM, "precedence_2": "nonsense", "table_sizes_1": "9"}
    response = client.post("/en/console/new/", bad)
    assert response.status_code == 400
    text = response.content.decode()
    assert "Select a valid choice. nonsense" in text and "Select a valid choice. 9" in text
    assert not Event.objects.filter(slug="console-cup").exists()
    response = client.post("/en/console/new/", {**EVENT_FORM, "table_sizes_0": "1"})
    assert response.status_code == 400
    assert "Imhotep is played by 2 to 4 players." in response.content.decode()
    response = client.post("/en/console/new/", {**EVENT_FORM, "table_sizes_1": "4"})
    assert "Each table size may appear once." in response.content.decode()
    response = client.post(
        "/en/console/new/", {**EVENT_FORM, "option_tameri__offering_points": "1"}
    )
    assert response.status_code == 400
    assert "Select a valid choice. 1" in response.content.decode()
    response = client.post("/en/console/new/", {**EVENT_FORM, "slug": "import"})
    assert "The console uses this address" in response.content.decode()
    response = client.post("/en/console/new/", {**EVENT_FORM, "rules_imhotep": "nope"})
    assert response.status_code == 400
    assert "Select a valid choice. nope" in response.content.decode()
    response = client.post(
        "/en/console/new/", {**EVENT_FORM, "option_imhotep__pharaohs_wrath": "maybe"}
    )
    assert "Select a valid choice. maybe" in response.content.decode()
    assert not Event.objects.filter(slug="console-cup").exists()
    response = client.post("/en/console/new/", {**EVENT_FORM, "rules_imhotep": "pharaohs-wrath"})
    assert response.status_code == 302
    assert Event.objects.get(slug="console-cup").options_preset == "pharaohs-wrath"


def test_main_path(client, django_capture_on_commit_callbacks):
    user = organizer()
    client.force_login(user)
    response = client.post("/en/console/new/", EVENT_FORM)
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(slug="console-cup")
    assert EventRole.objects.filter(user=user, event=event, role="organizer").exists()
    assert event.console_config.data["precedence"] == ["tp", "firsts", "sos"]
    assert event.result_settings.confirmation_policy == "players"
    base = f"/en/console/{event.slug}"

    # CSV with an error: preview shows it, confirm is not offered, nothing saved
    bad = players_csv(3) + ",なし,\n"
    response = client.post(f"{base}/players/import/", {"text": bad})
    assert "The name is missing." in response.content.decode()
    assert "confirm-import" not in response.content.decode()
    upload = SimpleUploadedFile("p.csv", players_csv(24, clubs=6).encode("cp932"))
    response = client.post(f"{base}/players/import/", {"file": upload})
    assert "24 players, 0 errors" in response.content.decode()
    assert not event.registrations.exists()
    client.post(f"{base}/players/import/", {"confirm": "1"})
    assert event.registrations.count() == 24

    # check-in desk: search by reading in romaji, one tap, who is missing
    response = client.get(f"{base}/check-in/", {"q": "senshu03"})
    assert "選手03" in response.content.decode()
    for registration in event.registrations.all():
        client.post(f"{base}/players/{registration.pk}/", {"action": "check_in"})
    response = client.get(f"{base}/check-in/")
    assert "Everyone is here." in response.content.decode()
    assert client.get(f"{base}/players/slips/").content.count(b"<svg") == 24

    # round 1: seat, preview, publish, print, results, board, close
    client.post(f"{base}/rounds/new/")
    client.post(f"{base}/rounds/1/do/", {"action": "seat", "seed": "5"})
    page = client.get(f"{base}/rounds/1/").content.decode()
    assert 'id="total-repeats">0<' in page and page.count("<h3>") == 6
    client.post(f"{base}/rounds/1/do/", {"action": "publish"})
    printed = client.get(f"{base}/rounds/1/print/").content.decode()
    assert printed.count("<svg") == 6  # one QR per table card
    rnd1 = event.rounds.get(number=1)
    assert rnd1.status == "published"
    with django_capture_on_commit_callbacks(execute=True):
        confirm_all(rnd1, user)
    board = client.get(f"{base}/rounds/1/board/").content.decode()
    assert "confirmed: 6" in board and 'id="close-round"' in board
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"{base}/rounds/1/do/", {"action": "close"})
    rnd1.refresh_from_db()
    assert rnd1.status == "closed"
    standings_recompute(event_id=event.pk)
    home = client.get(f"{base}/").content.decode()
    assert 'id="standings"' in home and "選手" in home

    # round 2 by standings: no repeat meetings
    client.post(f"{base}/rounds/new/")
    client.post(f"{base}/rounds/2/do/", {"action": "seat"})
    rnd2 = event.rounds.get(number=2)
    assert rnd2.seating_record.mode == "standings"
    assert not _pairs(rnd1) & _pairs(rnd2)

    # swap two players across tables: the cost on the page follows
    t1, t2 = rnd2.tables.order_by("number")[:2]
    a = t1.seats.first().registration_id
    b = t2.seats.first().registration_id
    client.post(f"{base}/rounds/2/do/", {"action": "swap", "a": a, "b": b})
    assert Seat.objects.get(round=rnd2, registration_id=a).table_id == t2.pk
    rnd2.seating_record.refresh_from_db()
    assert rnd2.seating_record.manual_changes == 1

    # exports
    rows = list(csv.DictReader(io.StringIO(
        client.get(f"{base}/export/standings.csv").content.decode("utf-8-sig")
    )))  # fmt: skip
    assert len(rows) == 24 and rows[0]["rank"] == "1"
    results = client.get(f"{base}/export/results.json").json()["results"]
    assert len(results) == 24 and {r["round"] for r in results} == {1}
    archive = json.loads(client.get(f"{base}/export/archive.json").content)
    assert len(archive["registrations"]) == 24 and len(archive["rounds"]) == 2

    # the archive imports under a new slug through the page
    upload = SimpleUploadedFile("a.json", json.dumps(archive).encode())
    response = client.post("/en/console/import/", {"file": upload, "slug": "console-cup-copy"})
    assert response.status_code == 302
    copy = Event.objects.get(slug="console-cup-copy")
    assert copy.registrations.filter(status=Registration.Status.CHECKED_IN).count() == 24


def test_check_in_redirects_only_inside_the_site(client):
    user = organizer()
    event = EventFactory()
    EventRole.objects.create(user=user, event=event, role="organizer")
    registration = Registration.objects.create(event=event, player=PlayerFactory())
    client.force_login(user)
    url = f"/en/console/{event.slug}/players/{registration.pk}/"
    response = client.post(url, {"action": "check_in", "next": "https://evil.example/"})
    assert response["Location"] == f"/en/console/{event.slug}/players/"
    registration.refresh_from_db()
    assert registration.status == "checked_in"
    desk = f"/en/console/{event.slug}/check-in/"
    response = client.post(url, {"action": "drop", "next": desk, "confirmed": "1"})
    assert response["Location"] == desk


def test_multi_game_event_stores_per_game_presets_and_variants(client):
    client.force_login(organizer())
    form = {
        **EVENT_FORM,
        "game_key": "",
        "round_game_1": "imhotep",
        "round_game_2": "terra_pyramides",
        "rules_imhotep": "pharaohs-wrath",
        "option_terra_pyramides__version": "1",
        "table_sizes_2": "2",
    }
    response = client.post("/en/console/new/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    config = Event.objects.get(slug="console-cup").console_config.data
    assert config["round_games"] == {"1": "imhotep", "2": "terra_pyramides"}
    assert config["presets"] == {"imhotep": "pharaohs-wrath"}
    assert config["variants"] == {"terra_pyramides": {"version": 1}}
