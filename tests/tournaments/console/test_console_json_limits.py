"""JSON typed or uploaded into the console goes through ``referee.jsonparse`` (issue 21):
a document nested deeper than ``JSON_MAX_DEPTH`` or larger than its size limit is a form
error in the page's language naming the limit, never a 500, and nothing is stored. These
are form fields and uploads, which the request-body middleware does not see. (Table
corrections are no longer typed as JSON in the console: they use the phone form.)

The depth used (40 levels) parses fine with ``json.loads``: only the limit refuses it."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.factories import EventFactory
from tournaments.events.models import Event, EventRole

pytestmark = pytest.mark.django_db

NESTED = "[" * 40 + "]" * 40  # deeper than JSON_MAX_DEPTH (32), well within the recursion limit
DEEP_WORDS = {"ja": "JSONの入れ子が深すぎます（32段まで）", "en": "nested more than 32 levels deep"}
LARGE_WORDS = {"ja": "大きすぎます（1 KBまで）", "en": "larger than 1 KB"}
LANGUAGES = ["ja", "en"]


def _page(response) -> str:
    return response.content.decode()


@pytest.fixture
def organizer(client, full_table):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("limits", password="pw")
    EventRole.objects.create(user=user, event=full_table.round.event, role="organizer")
    client.force_login(user)
    return client


@pytest.fixture
def small_json_limit(settings):
    settings.JSON_MAX_BYTES = 1024
    return settings


@pytest.fixture
def creator(client):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("importer", password="pw", is_staff=True)
    client.force_login(user)
    return client


def _import(client, language: str, data: bytes):
    upload = SimpleUploadedFile("archive.json", data, content_type="application/json")
    return client.post(f"/{language}/console/import/", {"file": upload, "slug": "imported"})


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_archive_nested_too_deep_is_refused_with_the_reason(creator, language):
    archive = '{"format": "referee-event-archive", "registrations": ' + NESTED + "}"
    response = _import(creator, language, archive.encode())
    assert response.status_code == 400
    assert DEEP_WORDS[language] in _page(response)
    assert not Event.objects.filter(slug="imported").exists()


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_archive_over_its_size_limit_is_refused_with_the_reason(creator, settings, language):
    settings.ARCHIVE_MAX_BYTES = 1024
    response = _import(creator, language, json.dumps({"padding": "x" * 4096}).encode())
    assert response.status_code == 413
    assert LARGE_WORDS[language] in _page(response)


def test_an_archive_is_not_held_to_the_request_body_limit(creator, small_json_limit):
    """A real archive is megabytes: only ARCHIVE_MAX_BYTES bounds it (the file is refused
    here for what it says, not for its size)."""
    response = _import(creator, "en", json.dumps({"padding": "x" * 4096}).encode())
    assert response.status_code == 400
    assert "not a referee event archive" in _page(response)


@pytest.fixture
def edition_event(client):
    from django.contrib.auth import get_user_model

    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    user = get_user_model().objects.create_user("editions", password="pw")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    client.force_login(user)
    return event


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_edition_value_nested_too_deep_is_a_field_error(client, edition_event, language):
    url = f"/{language}/console/tools/{edition_event.slug}/editions/nile_murals/"
    response = client.post(url, {"leaf:rank_points.combo.2": NESTED, "source": "box"})
    assert response.status_code == 200  # the form again, with the field's error
    assert DEEP_WORDS[language] in _page(response)
    edition_event.refresh_from_db()
    assert "nile_murals" not in (edition_event.edition or {})


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_edition_file_nested_too_deep_or_too_large_is_refused(
    client, edition_event, small_json_limit, language
):
    url = f"/{language}/console/tools/{edition_event.slug}/editions/nile_murals/import/"
    for data, words in (
        ('{"format": "referee-edition/1", "values": ' + NESTED + "}", DEEP_WORDS),
        (json.dumps({"padding": "x" * 4096}), LARGE_WORDS),
    ):
        upload = SimpleUploadedFile("edition.json", data.encode(), content_type="application/json")
        response = client.post(url, {"file": upload}, follow=True)
        assert response.status_code == 200
        assert words[language] in _page(response)
    edition_event.refresh_from_db()
    assert "nile_murals" not in (edition_event.edition or {})


def test_malformed_json_keeps_its_helpful_message(edition_event, client):
    url = f"/en/console/tools/{edition_event.slug}/editions/nile_murals/"
    response = client.post(url, {"leaf:rank_points.combo.2": "[oops", "source": ""})
    assert "Not JSON. Numbers as 3" in _page(response)
