"""One language per response (issue 30): the API answers in the language Accept-Language
asks for and in English when it asks for none, every message included (the throttle's,
DRF's own, the views' and the middleware's); the schema is in English whatever is asked."""

from __future__ import annotations

import json
import re

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
def organizer(db):
    from tests.tournaments.factories import EventFactory
    from tests.tournaments.results.helpers import user

    event = EventFactory()
    account = user("organizer-language", event, "organizer")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=account).key}")
    return event, api


def test_without_accept_language_the_api_speaks_english(client):
    response = client.get("/api/events/no-such-event/")
    assert response.status_code == 404
    assert response["Content-Language"] == "en"
    assert not JAPANESE.search(response.json()["message"])


def test_with_accept_language_ja_the_api_speaks_japanese(client):
    response = client.get("/api/events/no-such-event/", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 404 and response["Content-Language"] == "ja"
    assert JAPANESE.search(response.json()["message"])


def test_a_language_cookie_from_the_pages_does_not_change_the_apis_language(client):
    client.cookies["django_language"] = "ja"
    body = client.get("/api/events/?status=nope").json()
    assert body["field"] == "status" and not JAPANESE.search(body["message"])


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_message_of_a_refusal_is_in_one_language(organizer, language):
    """A serializer's refusal (DRF's catalogue), the view's own and the middleware's."""
    event, api = organizer
    japanese = language == "ja"
    answers = [
        api.post("/api/events/", {"name": "", "slug": "x"}, format="json",
                 HTTP_ACCEPT_LANGUAGE=language),
        api.post("/api/events/", {"name": "A", "slug": event.slug, "starts_on": "2026-11-27"},
                 format="json", HTTP_ACCEPT_LANGUAGE=language),
        api.post(f"/api/events/{event.slug}/rounds/1/swap/", {}, format="json",
                 HTTP_ACCEPT_LANGUAGE=language),
        api.post("/api/events/", "{nope", content_type="application/json",
                 HTTP_ACCEPT_LANGUAGE=language),
        api.post(f"/api/events/{event.slug}/registrations/",
                 {"players": [{"name": "Aoi"}, {"name": "Aoi"}]}, format="json",
                 HTTP_ACCEPT_LANGUAGE=language),
    ]  # fmt: skip
    for response in answers:
        assert 400 <= response.status_code < 500, response.content
        body = response.json()
        texts = [body["message"], *[m for ms in body.get("errors", {}).values() for m in ms]]
        for text in texts:
            assert bool(JAPANESE.search(text)) == japanese, (response.status_code, text)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_throttle_message_is_in_one_language(organizer, language, settings):
    from django.core.cache import cache
    from rest_framework.settings import api_settings
    from rest_framework.throttling import SimpleRateThrottle

    from tournaments.events.models import EventRole
    from tournaments.integrations.services import token_create

    event, _api = organizer
    user = EventRole.objects.get(event=event, role="organizer").user
    _token, key = token_create(user=user, name="bot", event=event, can_write=True)
    rates = {**api_settings.DEFAULT_THROTTLE_RATES, "api_token": "1/min"}
    SimpleRateThrottle.THROTTLE_RATES, before = rates, SimpleRateThrottle.THROTTLE_RATES
    try:
        cache.clear()
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
        api.get(f"/api/events/{event.slug}/webhooks/", HTTP_ACCEPT_LANGUAGE=language)
        response = api.get(f"/api/events/{event.slug}/webhooks/", HTTP_ACCEPT_LANGUAGE=language)
    finally:
        SimpleRateThrottle.THROTTLE_RATES = before
    assert response.status_code == 429
    message = response.json()["message"]
    assert response.json()["code"] == "throttled"
    if language == "ja":
        assert JAPANESE.search(message) and not re.search(r"[A-Za-z]{3,}", message), message
    else:
        assert not JAPANESE.search(message) and "Try again" in message


@pytest.mark.parametrize("language", [None, "ja", "ja,en;q=0.5"])
def test_the_schema_is_in_english_whatever_the_caller_asks(client, language):
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    schema = json.loads(client.get("/api/schema/?format=json", **headers).content)
    words = json.dumps(schema, ensure_ascii=False)
    titles = re.findall(r'"(?:title|description)": "([^"]*)"', words)
    japanese = [t for t in titles if JAPANESE.search(t)]
    assert titles and not japanese, japanese[:10]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_result_services_refusal_is_in_the_asked_language(language):
    """The result service words refusals in English; a Japanese caller gets them in
    Japanese, not an English sentence inside a Japanese answer."""
    from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table, user
    from tournaments.events.access import Actor
    from tournaments.results.services import results as svc

    event = make_event("imhotep")
    table = make_table(event)
    head = user("head-language", event, "head_judge")
    submitted = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload=imhotep_sheet(),
    ).submission  # fmt: skip
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=head).key}")
    response = api.post(
        f"/api/results/{submitted.pk}/dispute/", {"reason": ""}, format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )  # fmt: skip
    assert response.status_code == 400, response.content
    message = response.json()["message"]
    assert bool(JAPANESE.search(message)) == (language == "ja"), message
