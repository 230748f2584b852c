"""Hostile input gets a 4xx, never a 500: deeply nested JSON, oversized bodies (issue 21).
Private-token pages are never stored by a cache."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rest_framework import exceptions
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee import jsonparse

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 50_000 + "]" * 50_000  # json.loads raises RecursionError on this
SLIGHTLY_DEEP = '{"payload": ' + "[" * 40 + "]" * 40 + "}"


def test_nesting_is_measured_without_parsing_and_ignores_brackets_in_strings():
    assert not jsonparse.nesting_exceeds(b'{"a": [[1], {"b": [2]}]}', 4)
    assert jsonparse.nesting_exceeds(b'{"a": [[1], {"b": [[2]]}]}', 4)
    assert not jsonparse.nesting_exceeds(json.dumps({"s": "[[[[[[[[" * 20}).encode(), 2)
    assert not jsonparse.nesting_exceeds(json.dumps({"s": 'x\\"[[[[[["'}).encode(), 2)
    assert jsonparse.nesting_exceeds(DEEP.encode(), 32)


def test_every_bundled_example_document_is_within_the_limits():
    for path in sorted(ROOT.glob("engines/*/examples/*.json")):
        jsonparse.loads(path.read_bytes())  # raises if refused


def test_loads_refuses_deep_large_and_malformed_json_with_a_message_in_the_language():
    from django.utils import translation

    with translation.override("ja"), pytest.raises(jsonparse.JSONInputError) as deep:
        jsonparse.loads(DEEP)
    assert deep.value.status == 400 and "入れ子" in str(deep.value)
    with translation.override("en"), pytest.raises(jsonparse.JSONInputError) as large:
        jsonparse.loads(b'"' + b"x" * (jsonparse.max_bytes() + 1) + b'"')
    assert large.value.status == 413 and "larger than" in str(large.value)
    with pytest.raises(jsonparse.JSONInputError) as bad:
        jsonparse.loads("{nope")
    assert bad.value.code == "malformed" and isinstance(bad.value, ValueError)


def test_the_drf_parser_refuses_deep_and_large_bodies():
    parser = jsonparse.LimitedJSONParser()
    assert parser.parse(io.BytesIO(b'{"a": [1]}')) == {"a": [1]}
    with pytest.raises(exceptions.ParseError):
        parser.parse(io.BytesIO(DEEP.encode()))
    with pytest.raises(jsonparse.PayloadTooLarge):
        parser.parse(io.BytesIO(b"[" + b"1," * jsonparse.max_bytes() + b"1]"))
    with pytest.raises(exceptions.ParseError):
        parser.parse(io.BytesIO(b"[NaN]"))  # DRF's strict JSON, kept


def test_drf_uses_the_limited_parser_by_default():
    from rest_framework.settings import api_settings

    assert api_settings.DEFAULT_PARSER_CLASSES[0] is jsonparse.LimitedJSONParser


@pytest.fixture
def judged_table(db):
    from tests.tournaments.results.helpers import make_event, make_table, user

    event = make_event("imhotep")
    table = make_table(event, players=3)
    account = user("judge", event, "table_judge", table=table)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=account).key}")
    return table, api


@pytest.mark.django_db
@pytest.mark.parametrize("body", [DEEP, SLIGHTLY_DEEP], ids=["recursion", "beyond_limit"])
def test_deep_json_to_the_results_api_is_a_400(judged_table, body):
    table, api = judged_table
    response = api.post(f"/api/tables/{table.pk}/results/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "too_deep"
    response = api.post("/api/results/1/confirm/", body, content_type="application/json")
    assert response.status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("content_type", ["application/json", "text/plain"])
def test_deep_json_to_the_judge_page_endpoints_is_a_400_in_the_pages_language(
    client, judged_table, content_type
):
    table, _ = judged_table
    for endpoint in ("entry", "confirm", "preview", "log-check"):
        response = client.post(
            f"/ja/judge/{table.judge_token}/{endpoint}", DEEP, content_type=content_type
        )
        assert response.status_code == 400, endpoint
        assert "入れ子が深すぎます" in response.json()["message"]
    english = client.post(
        f"/en/judge/{table.judge_token}/entry", DEEP, content_type="application/json"
    )
    assert "nested more than 32 levels" in english.json()["message"]


@pytest.mark.django_db
def test_a_huge_draft_is_refused_with_413_and_nothing_is_stored(client, judged_table):
    from tournaments.results.models import ResultSubmission

    table, api = judged_table
    payload = {"players": [{"track": 1, "sled": 1, "note": "x" * 2_500_000}]}
    body = json.dumps({"action": "draft", "kind": "sheet", "payload": payload})
    response = client.post(
        f"/ja/judge/{table.judge_token}/entry", body, content_type="application/json"
    )
    assert response.status_code == 413 and response.json()["code"] == "too_large"
    response = api.post(
        f"/api/tables/{table.pk}/drafts/",
        json.dumps({"kind": "sheet", "payload": payload}),
        content_type="application/json",
    )
    assert response.status_code == 413
    assert not ResultSubmission.objects.exists()


@pytest.mark.django_db
def test_a_megabyte_form_field_is_refused(client, judged_table):
    table, _ = judged_table
    reg = table.seats.first().registration
    response = client.post(
        f"/ja/judge/player/{reg.private_token}/results/1/",
        {"action": "dispute", "reason": "x" * 1_000_000},
    )
    assert response.status_code == 413  # by its size, before parsing (referee/upload_limits.py)


@pytest.mark.django_db
def test_private_token_pages_are_never_stored_by_a_cache(client, judged_table):
    from django.urls import reverse

    table, _ = judged_table
    reg = table.seats.first().registration
    for path in (
        f"/ja/judge/{table.judge_token}/",
        f"/ja/judge/{table.judge_token}/state",
        f"/ja/judge/player/{reg.private_token}/",
        reverse("tournaments:private", kwargs={"token": reg.private_token}),
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "no-store" in response["Cache-Control"], path
    public = client.get(
        reverse("tournaments:event-detail", kwargs={"slug": table.round.event.slug})
    )
    assert "no-store" not in public["Cache-Control"]


def test_the_no_store_decorator():
    from django.http import HttpResponse
    from django.test import RequestFactory

    from referee.middleware import no_store

    response = no_store(lambda request: HttpResponse("ok"))(RequestFactory().get("/"))
    assert "no-store" in response["Cache-Control"]


def test_the_refusal_words_come_from_the_translation_catalogue():
    """Each refusal is a msgid with a Japanese entry, rendered in the active language; no
    language is written out in the code."""
    from django.utils import translation

    assert Path(jsonparse.__file__).read_text(encoding="utf-8").isascii()
    for code, params in (
        ("too_deep", {"limit": 32}),
        ("too_large", {"limit": 512}),
        ("malformed", {}),
    ):
        with translation.override("en"):
            english = jsonparse.message(code, **params)
        with translation.override("ja"):
            japanese = jsonparse.message(code, **params)
        assert english.isascii() and not japanese.isascii(), code
        assert all(str(value) in english + japanese for value in params.values())


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [("ja", "リクエストの本文が大きすぎます（512 KBまで）"), ("en", "larger than 512 KB")],
)
def test_a_too_large_body_is_refused_in_the_pages_language(client, judged_table, language, words):
    table, api = judged_table
    body = json.dumps({"action": "draft", "payload": {"note": "x" * (600 * 1024)}})
    response = client.post(
        f"/{language}/judge/{table.judge_token}/entry", body, content_type="application/json"
    )
    assert response.status_code == 413
    assert words in response.json()["message"]
    # The API answers in the language the client asks for.
    response = api.post(
        f"/api/tables/{table.pk}/drafts/",
        body,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 413 and words in response.json()["message"]
