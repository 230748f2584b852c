"""The hostile-input suite (issue 26, hole 6): every API operation and every HTML form,
found by enumeration (the OpenAPI schema; the URL map and the forms each page carries),
gets NUL characters, lone surrogates, right-to-left overrides, huge texts, huge numbers
and wrong types in every field and parameter. No answer may be a server error, and no
row may end up holding a NUL character or a lone surrogate.

Bounded: one request per (endpoint or form, hostile value) with every field set to that
value, plus a wrong-typed value per field for the API, all through the test client.
"""

from __future__ import annotations

import json
import re
from functools import partial
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import LocalePrefixPattern

pytestmark = pytest.mark.django_db

# Text values, as a client sends them (a lone surrogate travels as a JSON escape or, in a
# form, as the bytes UTF-8 would give it).
TEXTS = {
    "nul": "a\x00b",
    "lone_surrogate": "a\ud800b",
    "bidi": "\u202eevil\u2066",
    "zero_width": "\u200b\u200d\ufeff",
    "huge_text": "x" * 100_000,
    "huge_number": "9" * 40,
    "negative": "-1",
}
# Wrong JSON types: a list or object for a text, text for a number, a number too big for
# any column.
WRONG_TYPES = {
    "list": ["a", "b"],
    "object": {"a": 1},
    "null": None,
    "bool": True,
    "huge_int": 10**40,
    "float": 1e308,
}


def form_body(fields: dict[str, str]) -> bytes:
    return urlencode({k: v.encode("utf-8", "surrogatepass") for k, v in fields.items()}).encode()


@pytest.fixture
def world(full_table, client, settings):
    """An event with a seated table, a user who organizes it and is its head judge; and a
    second event taking sign-ups on its public page (the first one has started, so its
    sign-up page shows no form)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tests.tournaments.factories import EventFactory
    from tournaments.events.models import EventConfig, EventRole

    event = full_table.round.event
    user = get_user_model().objects.create_user("hostile", password="pw-hostile")
    for role in ("organizer", "head_judge"):
        EventRole.objects.create(user=user, event=event, role=role)
    registration = full_table.seats.first().registration
    signup_event = EventFactory(slug="hostile-signups")
    EventConfig.objects.update_or_create(
        event=signup_event, defaults={"data": {"signup": {"open": True, "capacity": 2}}}
    )
    # Every sign-up here comes from the test client's one address: past the flood limit
    # each POST would be a 429 and never reach the form's checks or the service.
    settings.SIGNUPS_PER_ADDRESS = 10_000
    client.force_login(user)
    return {
        "event": event,
        "signup_event": signup_event,
        "table": full_table,
        "registration": registration,
        "token": Token.objects.create(user=user).key,
        "client": client,
        "user": user,
    }


def path_values(world) -> dict[str, object]:
    table, registration = world["table"], world["registration"]
    return {
        "slug": world["event"].slug,
        "number": table.round.number,
        "table": table.number,
        "table_id": table.pk,
        "registration_id": registration.pk,
        "submission_id": 1,
        "webhook_id": 1,
        "game": "imhotep",
    }


def assert_no_server_error(response, what: str) -> None:
    assert response.status_code < 500, f"{what}: {response.status_code} {response.content[:300]}"


# --- The API, from its schema ------------------------------------------------------------


def api_operations(client) -> list[tuple[str, str, dict]]:
    schema = json.loads(client.get("/api/schema/?format=json").content)
    return [
        (method.upper(), path, op)
        for path, item in schema["paths"].items()
        for method, op in item.items()
        if method in ("get", "post", "put", "patch", "delete")
    ], schema


def body_fields(op: dict, schema: dict) -> list[str]:
    content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    ref = content.get("schema", {}).get("$ref", "")
    component = schema["components"]["schemas"].get(ref.rsplit("/", 1)[-1], {})
    return list(component.get("properties", {})) or ["name"]


def test_no_api_operation_answers_a_server_error_to_hostile_values(world):
    from rest_framework.test import APIClient

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {world['token']}")
    operations, schema = api_operations(api)
    values = path_values(world)
    assert len(operations) > 25
    for method, template, op in operations:
        path = re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), 1)), template)
        query = [p["name"] for p in op.get("parameters", []) if p["in"] == "query"]
        fields = body_fields(op, schema)
        for label, text in TEXTS.items():
            raw = json.dumps(dict.fromkeys(fields, text))  # lone surrogates as \ud800
            url = f"{path}?{form_body(dict.fromkeys(query, text)).decode()}"
            response = api.generic(method, url, raw, content_type="application/json")
            assert_no_server_error(response, f"{method} {template} {label}")
        for field in fields:
            for label, value in WRONG_TYPES.items():
                raw = json.dumps({field: value})
                response = api.generic(method, path, raw, content_type="application/json")
                assert_no_server_error(response, f"{method} {template} {field}={label}")
        hostile_ids = re.sub(r"\{\w+\}", "9" * 30, template)
        response = api.generic(method, hostile_ids, "{}", content_type="application/json")
        assert_no_server_error(response, f"{method} {hostile_ids}")
    assert_nothing_stored_is_unstorable()


# --- HTML forms, from the URL map and the pages ------------------------------------------


class Forms(HTMLParser):
    """Every <form method=post> of a page: its action and field names."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, list[str]]] = []
        self._open: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and (attrs.get("method") or "get").lower() == "post":
            self._open = (attrs.get("action") or "", [])
            self.forms.append(self._open)
        elif (
            tag in ("input", "textarea", "select")
            and self._open
            and attrs.get("name") not in (None, "csrfmiddlewaretoken")
            and attrs.get("type") != "file"
        ):
            self._open[1].append(attrs["name"])

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None


def page_paths(world) -> list[str]:
    """Every page of the URL map under /ja/, filled with the world's ids and tokens."""
    values = path_values(world)
    open_values = {**values, "slug": world["signup_event"].slug}
    tokens = {"judge": world["table"].judge_token, "": world["registration"].private_token}
    found: list[str] = []

    def walk(patterns, prefix: str, namespace: str) -> None:
        for pattern in patterns:
            route = str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + route, pattern.namespace or namespace)
            elif isinstance(pattern, URLPattern):
                full = prefix + route
                if full.startswith(("^", "api/", "admin/")) or "(?P" in full:
                    continue
                token = tokens["judge" if namespace == "judge" else ""]

                def fill(match, token=token, values=values):
                    name = match.group(2)
                    return str(token if name == "token" else values.get(name, 1))

                found.append("/" + re.sub(r"<(\w+:)?(\w+)>", fill, full))
                if pattern.name == "signup":  # also the event whose page takes sign-ups
                    fill_open = partial(fill, values=open_values)
                    found.append("/" + re.sub(r"<(\w+:)?(\w+)>", fill_open, full))

    for resolver in get_resolver().url_patterns:
        if isinstance(resolver, URLResolver) and isinstance(resolver.pattern, LocalePrefixPattern):
            walk(resolver.url_patterns, "ja/", "")
    return sorted(set(found))


def test_no_form_answers_a_server_error_to_hostile_values(world):
    client: Client = world["client"]
    paths = page_paths(world)
    assert len(paths) > 30, paths
    forms: dict[tuple[str, tuple[str, ...]], str] = {}
    for path in paths:
        response = client.get(path)
        assert_no_server_error(response, f"GET {path}")
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            parser = Forms()
            parser.feed(response.content.decode())
            for action, fields in parser.forms:
                forms.setdefault((action or path, tuple(fields)), path)
    assert len(forms) > 10, forms
    signup_page = f"/ja/events/{world['signup_event'].slug}/signup/"
    assert signup_page in forms.values(), "the sign-up form was not reached"
    for (action, fields), page in forms.items():
        for label, text in TEXTS.items():
            client.force_login(world["user"])  # a logout form posted earlier ends the session
            body = form_body(dict.fromkeys(fields or ("name",), text))
            response = client.post(action, body, content_type="application/x-www-form-urlencoded")
            assert_no_server_error(response, f"POST {action} (from {page}) {label}")
        for label, text in TEXTS.items():  # the same on the page's own address
            query = form_body(dict.fromkeys(("q", "status", "after", "step", "club"), text))
            response = client.get(f"{page}?{query.decode()}")
            assert_no_server_error(response, f"GET {page}?…={label}")
    assert_nothing_stored_is_unstorable()


def test_each_sign_up_field_alone_refuses_a_hostile_value_keeping_it_or_takes_it(world):
    """The walk above fills every field, the honeypot too, so the form refuses it before
    the service sees a value; here one field at a time is hostile and the others are a
    person's, so what the form lets through reaches ``signup_create``."""
    from html import escape

    from tournaments.events.models import Registration

    client: Client = world["client"]
    page = f"/ja/events/{world['signup_event'].slug}/signup/"
    n = 0
    for field in ("name", "reading", "club", "contact"):
        for label, text in TEXTS.items():
            n += 1
            person = {"name": f"選手{n}", "reading": f"せんしゅ{n}", "club": "", "contact": ""}
            body = form_body({**person, field: text, "website": ""})
            response = client.post(page, body, content_type="application/x-www-form-urlencoded")
            what = f"POST {page} {field}={label}"
            assert_no_server_error(response, what)
            if response.status_code == 302:
                # Taken (a place or the waiting list): never a control that reorders the
                # text around it, nor a name or reading that shows nothing (events/names.py).
                assert label != "bidi", what
                assert not (label == "zero_width" and field in ("name", "reading")), what
                continue
            assert response.status_code in (400, 409), what
            html = response.content.decode()
            if 'id="signup-form"' not in html:
                # Refused before the view (referee/unstorable.py), naming the field.
                assert response.status_code == 400 and f"「{field}」" in html, what
                continue
            assert 'role="alert"' in html, what  # the refusal is said on the form
            if response.status_code == 400:
                kept = re.search(rf'<input[^>]*name="{field}"[^>]*>', html)
                assert kept, what
                shown = escape(text.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
                assert f'value="{shown}"' in kept.group(0), (what, kept.group(0)[:200])
    assert Registration.objects.filter(event=world["signup_event"]).exists()
    assert_nothing_stored_is_unstorable()


def assert_nothing_stored_is_unstorable() -> None:
    """Every text column of every model: no NUL character, no lone surrogate."""
    from django.apps import apps
    from django.db import models

    bad = re.compile("[\x00\ud800-\udfff]")
    for model in apps.get_models():
        texts = [
            f.name
            for f in model._meta.concrete_fields
            if isinstance(f, models.CharField | models.TextField | models.JSONField)
        ]
        for row in model.objects.values_list(*texts) if texts else []:
            for value in row:
                text = json.dumps(value, ensure_ascii=False) if value is not None else ""
                assert not bad.search(text.replace("\\u0000", "\x00")), (model, row)


@pytest.mark.parametrize("next_page", ["foo", "a\ufffdb", "players"])
def test_a_next_that_is_not_a_path_falls_back_instead_of_a_500(world, next_page):
    """``redirect("foo")`` looks "foo" up as a view name and raised NoReverseMatch."""
    client, event = world["client"], world["event"]
    registration = world["registration"]
    for url, data in (
        (f"/ja/console/{event.slug}/players/{registration.pk}/", {"action": "restore"}),
        (f"/ja/console/{event.slug}/calls/", {"action": "ack", "report": "0"}),
    ):
        response = client.post(url, {**data, "next": next_page})
        assert response.status_code in (302, 400, 404), (url, response.status_code)
        if response.status_code == 302:
            assert response["Location"].startswith(f"/ja/console/{event.slug}/")
