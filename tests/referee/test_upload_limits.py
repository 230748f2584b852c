"""Form posts and uploads are refused by their declared size before anything parses them
(issue 26, hole 7): 413 in the page's language, the multipart parser never runs."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import multipartparser

from tournaments.events.models import EventRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def parses(monkeypatch):
    """Counts the multipart bodies Django parses."""
    calls = []
    real = multipartparser.MultiPartParser.parse

    def parse(self):
        calls.append(1)
        return real(self)

    monkeypatch.setattr(multipartparser.MultiPartParser, "parse", parse)
    return calls


def test_a_huge_multipart_login_is_refused_before_it_is_parsed(client, settings, parses):
    blob = SimpleUploadedFile("x.bin", b"x" * (settings.FORM_MAX_BYTES + 1))
    for language, words in (("ja", "大きすぎ"), ("en", "too large")):
        response = client.post(
            f"/{language}/accounts/login/", {"username": "a", "password": "b", "f": blob}
        )
        blob.seek(0)
        assert response.status_code == 413, language
        assert words in response.content.decode(), language
    assert parses == []
    # A login of ordinary size is parsed and answered by the form as before.
    assert client.post("/ja/accounts/login/", {"username": "a", "password": "b"}).status_code == 200


def test_a_csv_above_its_limit_is_refused_and_one_below_is_read(client, event, settings, parses):
    user = get_user_model().objects.create_user("mina", password="pw")
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    url = f"/ja/console/{event.slug}/players/import/"
    big = b"name\n" + b"a" * (settings.CSV_UPLOAD_MAX_BYTES + 70 * 1024) + b"\n"
    refused = client.post(url, {"file": SimpleUploadedFile("p.csv", big)})
    assert refused.status_code == 413 and parses == []
    small = b"name\n" + "佐藤 葵\n".encode() * 1000
    answered = client.post(url, {"file": SimpleUploadedFile("p.csv", small)})
    assert answered.status_code == 200 and parses == [1]


def test_an_api_upload_is_refused_in_json(client, settings):
    blob = SimpleUploadedFile("a.json", b"{" * (settings.ARCHIVE_MAX_BYTES // 64))
    settings.ARCHIVE_MAX_BYTES = 1024
    settings.UPLOAD_LIMITS = [(r"^/api/archives/$", 2048)]
    response = client.post("/api/archives/", {"file": blob})
    assert response.status_code == 413 and response.json()["code"] == "too_large"
