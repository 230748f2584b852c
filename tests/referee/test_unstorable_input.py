"""Text PostgreSQL cannot store (a NUL character) or no encoder can write (a lone UTF-16
surrogate) is refused with a 4xx naming the field, in the request's language, wherever a
client sends it: query strings, form fields, JSON strings, CSV cells (issue 26, hole 6).

The five 500s a hostile run found are reproduced here one by one; the hostile-input suite
(``test_hostile_input.py``) then sends the same values to every endpoint and form.
"""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee import unstorable

pytestmark = pytest.mark.django_db


def test_the_finder_names_the_first_unstorable_value_by_its_path():
    assert unstorable.find({"a": ["ok", {"b": "x\x00y"}]}) == "a[1].b"
    assert unstorable.find({"a": "\ud800"}) == "a"
    assert unstorable.find({"key\x00": 1}) == "key\\u0000"
    assert unstorable.find({"a": "😀 ok\n\t", "b": [1, 2.5, None, True]}) is None
    assert unstorable.find("\udc00") == ""


def test_raw_json_is_scanned_only_when_an_escape_could_hide_one():
    assert unstorable.find_in_json(b'{"name": "x\\u0000"}') == "name"
    assert unstorable.find_in_json(b'{"name": "x\\uD83D"}') == "name"
    assert unstorable.find_in_json(b'{"name": "\\ud83d\\ude00"}') is None  # a real pair
    assert unstorable.find_in_json(b'{"name": "a\\\\u0000"}') is None  # a backslash, then text
    assert unstorable.find_in_json(b'{"name": "plain"}') is None


def test_a_nul_in_the_public_event_filter_is_a_400_naming_the_parameter(client):
    response = client.get("/api/events/", {"status": "live\x00"})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "unstorable" and body["field"] == "status"
    assert "status" in body["message"] and "NUL" in body["message"]


def test_the_refusal_speaks_the_requests_language(client):
    response = client.get("/api/events/?status=%00", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    assert "使えない文字" in response.json()["message"]
    assert response.json()["field"] == "status"


@pytest.fixture
def organizer_api(db):
    from tests.tournaments.factories import EventFactory
    from tests.tournaments.results.helpers import user

    event = EventFactory()
    account = user("organizer-unstorable", event, "organizer")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=account).key}")
    return event, api


def test_a_nul_in_a_json_payload_is_a_400_naming_the_field_and_nothing_is_stored(organizer_api):
    from tournaments.events.models import Player

    event, api = organizer_api
    body = {"players": [{"name": "Aoi"}, {"name": "Ren\u0000"}]}
    response = api.post(
        f"/api/events/{event.slug}/registrations/",
        json.dumps(body),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400, response.content
    assert response.json()["field"] == "players[1].name"
    assert not Player.objects.filter(display_name__startswith="Ren").exists()


def test_a_lone_surrogate_in_a_json_payload_is_a_400(organizer_api):
    event, api = organizer_api
    raw = b'{"players": [{"name": "Aoi \\ud83d"}]}'
    response = api.post(
        f"/api/events/{event.slug}/registrations/", raw, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "players[0].name"


@pytest.fixture
def desk(client):
    from tests.tournaments.factories import EventFactory
    from tests.tournaments.results.helpers import user

    event = EventFactory()
    client.force_login(user("desk-unstorable", event, "organizer"))
    return event, client


def test_a_nul_in_a_check_in_scan_is_a_400_naming_the_field(desk):
    event, client = desk
    response = client.post(f"/ja/console/{event.slug}/check-in/scan/", {"token": "abc\x00def"})
    assert response.status_code == 400
    text = response.content.decode()
    assert "token" in text and "使えない文字" in text


def test_a_nul_in_a_csv_cell_is_refused_with_the_line_and_nothing_is_stored(desk):
    from tournaments.events.models import Registration

    event, client = desk
    upload = SimpleUploadedFile(
        "players.csv", "name,reading,club\n佐藤 葵,さとう,Cairo\x00\n".encode(), "text/csv"
    )
    response = client.post(f"/ja/console/{event.slug}/players/import/", {"file": upload})
    assert response.status_code in (200, 400)
    text = response.content.decode()
    assert "使えない文字" in text and "2" in text
    response = client.post(f"/ja/console/{event.slug}/players/import/", {"confirm": "1"})
    assert not Registration.objects.filter(event=event).exists()


def test_a_nul_pasted_as_csv_text_is_refused_naming_the_field(desk):
    event, client = desk
    response = client.post(f"/en/console/{event.slug}/players/import/", {"text": "name\nAoi\x00\n"})
    assert response.status_code == 400
    assert "text" in response.content.decode()


def test_a_multipart_body_to_the_judge_entry_is_a_4xx_not_a_500(db):
    """CSRF's check reads a posted form's fields (its token may be one of them); the view
    then read the raw body, which Django no longer has: ``RawPostDataException``."""
    from django.test import Client

    from tests.tournaments.results.helpers import make_event, make_table

    table = make_table(make_event("imhotep"), players=3)
    client = Client(enforce_csrf_checks=True)
    client.get(f"/en/judge/{table.judge_token}/")  # sets the CSRF cookie, as a browser's
    secret = client.cookies["csrftoken"].value
    response = client.post(
        f"/en/judge/{table.judge_token}/entry",
        {"csrfmiddlewaretoken": secret, "kind": "sheet", "payload": "x"},
    )  # the test client's default: multipart/form-data
    assert 400 <= response.status_code < 500, response.content
    assert "JSON" in response.json()["message"]


@pytest.mark.parametrize("where", ["api", "judge_page"])
def test_a_nul_in_a_result_payload_is_a_400_naming_its_path_and_no_version_is_taken(where):
    """jsonb cannot hold \\u0000 either: a sheet with one answered 500 on PostgreSQL."""
    from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table, user
    from tournaments.results.models import ResultSubmission

    event = make_event("imhotep")
    table = make_table(event, players=3)
    sheet = imhotep_sheet()
    sheet["players"][1]["note"] = "bad\u0000"
    entry = {"kind": "sheet", "payload": sheet}
    if where == "api":
        client = APIClient()
        head = user("head-unstorable", event, "head_judge")
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=head).key}")
        url = f"/api/tables/{table.pk}/results/"
    else:
        client, url = APIClient(), f"/ja/judge/{table.judge_token}/entry"
    response = client.post(url, json.dumps(entry), content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == "payload.players[1].note"
    assert not ResultSubmission.objects.filter(table=table).exists()
