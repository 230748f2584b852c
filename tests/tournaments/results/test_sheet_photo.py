"""Issue 28: a photo of the paper sheet is attached to a result, stored in the media
storage under a random name, shown to the table's judges and organizer and to the players
who confirm, and refused when it is too large or not a picture."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.results.helpers import (
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    user,
)
from tournaments.events.access import Actor
from tournaments.events.models import Registration
from tournaments.results.models import ResultSubmission
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db

JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 64


@pytest.fixture
def table():
    table = make_table(make_event("imhotep"), players=3)
    svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload=imhotep_sheet(),
    )  # fmt: skip
    return table


def upload(client, table, content=JPEG, name="IMG_0001.jpg"):
    return client.post(
        f"/ja/judge/{table.judge_token}/photo",
        {"photo": SimpleUploadedFile(name, content, content_type="image/jpeg")},
    )


def test_a_judge_attaches_a_photo_and_the_organizer_and_players_see_it(client, table):
    response = upload(client, table)
    assert response.status_code == 302
    sub = ResultSubmission.objects.get()
    assert sub.sheet_photo.name.startswith(f"sheet-photos/{table.pk}/")
    assert "IMG_0001" not in sub.sheet_photo.name and sub.sheet_photo.name.endswith(".jpg")
    page = client.get(f"/ja/judge/{table.judge_token}/").content.decode()
    assert 'class="sheet-photo"' in page
    shown = client.get(f"/ja/judge/{table.judge_token}/photo")
    assert shown.status_code == 200 and shown["Content-Type"] == "image/jpeg"
    assert b"".join(shown.streaming_content) == JPEG
    assert "no-store" in shown["Cache-Control"]

    organizer = user("org", table.round.event, "organizer")
    client.force_login(organizer)
    assert client.get(f"/ja/judge/tables/{table.pk}/photo").status_code == 200

    token = Registration.objects.get(pk=seat_registrations(table)[0]).private_token
    player_page = client.get(f"/ja/judge/player/{token}/").content.decode()
    assert f"/results/{sub.pk}/photo" in player_page
    assert client.get(f"/ja/judge/player/{token}/results/{sub.pk}/photo").status_code == 200


def test_a_player_of_another_table_does_not_see_the_photo(client, table):
    upload(client, table)
    other = make_table(table.round.event, players=3, round_=table.round)
    token = Registration.objects.get(pk=seat_registrations(other)[0]).private_token
    sub = ResultSubmission.objects.get(table=table)
    assert client.get(f"/ja/judge/player/{token}/results/{sub.pk}/photo").status_code == 404


@pytest.mark.parametrize(
    ("content", "name", "words"),
    [
        (b"<svg onload=alert(1)>", "x.jpg", "そのファイルは写真"),
        (b"MZ\x90\x00", "sheet.png", "そのファイルは写真"),
        (b"\xff\xd8\xff" + b"\x00" * (svc.PHOTO_MAX_BYTES), "big.jpg", "大きすぎます"),
    ],
)
def test_a_file_that_is_not_a_photo_or_too_large_is_refused_in_the_pages_language(
    client, table, content, name, words
):
    response = upload(client, table, content, name)
    assert response.status_code == 302
    assert ResultSubmission.objects.get().sheet_photo.name == ""
    page = client.get(response["Location"]).content.decode()
    assert words in page


def test_no_entry_yet_no_photo(client):
    table = make_table(make_event("imhotep"), players=3)
    response = upload(client, table)
    assert "先にスコアシートを入力してください" in client.get(response["Location"]).content.decode()
