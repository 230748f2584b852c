"""Issue 26 hole 1: secrets never leave in a read. The judge tokens and players' private
tokens travel in an archive only for the event's organizers (the console as an organizer,
or an API token that may write); every other export leaves them out and says so, and
the console answers 404 for an export it does not know."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.tournaments.console.test_archive import played_event
from tournaments.events.models import EventRole, Registration, Table
from tournaments.integrations.services import token_create

pytestmark = pytest.mark.django_db


def _secrets(event) -> list[str]:
    tokens = list(Registration.objects.filter(event=event).values_list("private_token", flat=True))
    tokens += list(Table.objects.filter(round__event=event).values_list("judge_token", flat=True))
    assert tokens
    return tokens


def _carried(body: bytes | str, event) -> list[str]:
    text = body.decode() if isinstance(body, bytes) else body
    return [token for token in _secrets(event) if token in text]


def _bearer(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def _head_judge(event):
    judge = get_user_model().objects.create_user("karim", password="pw")
    EventRole.objects.create(user=judge, event=event, role=EventRole.Kind.HEAD_JUDGE)
    return judge


def test_a_read_only_token_gets_the_archive_without_any_token():
    event, owner = played_event(rounds=1, players=8)
    _t, key = token_create(user=owner, name="reader", event=event, can_write=False)
    response = _bearer(key).get(f"/api/events/{event.slug}/archive/")
    assert response.status_code == 200
    assert _carried(response.content, event) == []
    body = response.json()
    assert body["contains_secrets"] is False and body["secret_fields"] == []
    assert all("private_token" not in r for r in body["registrations"])
    assert all("judge_token" not in t for r in body["rounds"] for t in r["tables"])


def test_a_judge_token_from_a_read_cannot_enter_a_result(client):
    """The attack of the report: read the archive, post a result with a judge token found
    in it. There is none to find, so nothing can be posted."""
    event, owner = played_event(rounds=1, players=8)
    _t, key = token_create(user=owner, name="reader", event=event, can_write=False)
    body = _bearer(key).get(f"/api/events/{event.slug}/archive/").json()
    found = [t.get("judge_token") for r in body["rounds"] for t in r["tables"]]
    assert found and set(found) == {None}


def test_a_write_token_of_an_organizer_gets_the_tokens_and_is_told_so():
    event, owner = played_event(rounds=1, players=8)
    _t, key = token_create(user=owner, name="mover", event=event, can_write=True)
    response = _bearer(key).get(f"/api/events/{event.slug}/archive/")
    assert response.status_code == 200
    assert sorted(_carried(response.content, event)) == sorted(_secrets(event))
    body = response.json()
    assert body["contains_secrets"] is True
    assert set(body["secret_fields"]) == {
        "registrations[].private_token",
        "rounds[].tables[].judge_token",
    }
    assert "no-store" in response["Cache-Control"]


def test_a_head_judge_exports_the_archive_without_tokens(client):
    event, _owner = played_event(rounds=1, players=8)
    client.force_login(_head_judge(event))
    response = client.get(f"/en/console/{event.slug}/export/archive.json")
    assert response.status_code == 200
    assert _carried(response.content, event) == []
    assert json.loads(response.content)["contains_secrets"] is False


def test_an_organizer_exports_the_archive_with_tokens(client):
    event, owner = played_event(rounds=1, players=8)
    client.force_login(owner)
    response = client.get(f"/en/console/{event.slug}/export/archive.json")
    assert response.status_code == 200
    assert sorted(_carried(response.content, event)) == sorted(_secrets(event))
    assert json.loads(response.content)["contains_secrets"] is True


@pytest.mark.parametrize("what", ["secrets", "archive2", "players", "standings-all"])
def test_an_unknown_export_is_404(client, what):
    event, owner = played_event(rounds=1, players=8)
    for user in (owner, _head_judge(event)):
        client.force_login(user)
        for fmt in ("json", "csv"):
            response = client.get(f"/en/console/{event.slug}/export/{what}.{fmt}")
            assert response.status_code == 404, (user, what, fmt)
            assert _carried(response.content, event) == []


def test_the_archive_exists_only_as_json(client):
    event, owner = played_event(rounds=1, players=8)
    client.force_login(owner)
    assert client.get(f"/en/console/{event.slug}/export/archive.csv").status_code == 404


def test_an_archive_without_tokens_imports_with_new_ones():
    from tournaments.console.services.archive import event_archive, event_archive_import

    event, owner = played_event(rounds=1, players=8)
    archive = json.loads(json.dumps(event_archive(event.pk)))
    copy = event_archive_import(archive, slug="copy", organizer=owner)
    assert copy.registrations.count() == event.registrations.count()
    new = _secrets(copy)
    assert not set(new) & set(_secrets(event))
    assert all(len(token) == 32 for token in new)


# Issue 26 hole 7: an imported token is as strong as the ones this site makes.

WEAK = ["a", "x" * 32, "ab" * 20, "short_but_fine_looking", "has space" + "k" * 30, 12345]


@pytest.mark.parametrize("weak", WEAK)
@pytest.mark.parametrize("where", ["private_token", "judge_token"])
def test_a_weak_imported_token_is_refused_naming_the_field(weak, where):
    from tournaments.console.services.archive import (
        ArchiveError,
        event_archive,
        event_archive_import,
    )
    from tournaments.events.models import Event

    event, owner = played_event(rounds=1, players=8)
    archive = json.loads(json.dumps(event_archive(event.pk, with_secrets=True)))
    if where == "private_token":
        archive["registrations"][2]["private_token"] = weak
        field = "registrations[2].private_token"
    else:
        archive["rounds"][0]["tables"][1]["judge_token"] = weak
        field = "rounds[1].tables[1].judge_token"
    with pytest.raises(ArchiveError) as refused:
        event_archive_import(archive, slug="weak", organizer=owner)
    assert field in str(refused.value)
    assert not Event.objects.filter(slug="weak").exists()


def test_the_one_character_private_page_of_the_report_cannot_be_imported(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.console.services.archive import event_archive

    event, owner = played_event(rounds=1, players=8)
    archive = event_archive(event.pk, with_secrets=True)
    archive["registrations"][0]["private_token"] = "a"
    client.force_login(owner)
    upload = SimpleUploadedFile("a.json", json.dumps(archive).encode(), "application/json")
    response = client.post("/ja/console/import/", {"file": upload, "slug": "weak-copy"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "registrations[0].private_token" in page and "32〜64文字" in page
    assert client.get("/ja/p/a/").status_code == 404
    _t, key = token_create(user=owner, name="mover", event=None, can_write=True)
    refused = _bearer(key).post("/api/archives/?slug=weak-api", archive, format="json")
    assert refused.status_code == 400
    assert "registrations[0].private_token" in refused.json()["message"]


def test_strong_imported_tokens_are_kept():
    from tournaments.console.services.archive import event_archive, event_archive_import
    from tournaments.events.tokens import new_token

    event, owner = played_event(rounds=1, players=8)
    archive = json.loads(json.dumps(event_archive(event.pk, with_secrets=True)))
    mine, longest = new_token(), "Ab9_-" * 12 + "Zz0q"
    archive["registrations"][0]["private_token"] = mine
    archive["rounds"][0]["tables"][0]["judge_token"] = longest
    copy = event_archive_import(archive, slug="strong", organizer=owner)
    assert copy.registrations.filter(private_token=mine).exists()
    assert Table.objects.filter(round__event=copy, judge_token=longest).exists()


# Issue 26 hole 7: console pages and exports are never stored by a cache.


def test_console_pages_and_exports_are_no_store(client):
    event, owner = played_event(rounds=1, players=8)
    client.force_login(owner)
    for url in (
        "/en/console/",
        f"/ja/console/{event.slug}/",
        f"/en/console/{event.slug}/players/",
        f"/en/console/{event.slug}/rounds/1/",
        f"/en/console/{event.slug}/export/standings.csv",
        f"/en/console/{event.slug}/export/results.json",
        f"/en/console/{event.slug}/export/archive.json",
        f"/en/console/{event.slug}/export/nothing.json",
        "/en/console/import/",
        "/en/console/tools/ratings/",
        f"/en/console/tools/{event.slug}/",
    ):
        response = client.get(url)
        assert response.status_code in (200, 404), (url, response.status_code)
        assert "no-store" in response.get("Cache-Control", ""), url
        assert "private" in response["Cache-Control"], url


# A refused import says why in the page's language, naming the field, never in Python's.


@pytest.mark.parametrize(
    ("spoil", "words"),
    [
        (lambda a: a.pop("rounds"), "「rounds」がないか"),
        (lambda a: a["event"].update(starts_on=7), "型や形式の違う値があります"),
        (lambda a: a.update(version=9), "バージョン 9 には対応していません"),
        (lambda a: a.update(format="zip"), "大会アーカイブではありません"),
    ],
)
@pytest.mark.parametrize("slug", ["fresh-copy", ""])  # "": its own slug, which is taken
def test_a_refused_import_says_why_in_japanese(client, spoil, words, slug):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.console.services.archive import event_archive

    event, owner = played_event(rounds=1, players=8)
    archive = event_archive(event.pk)
    spoil(archive)
    client.force_login(owner)
    upload = SimpleUploadedFile("a.json", json.dumps(archive).encode(), "application/json")
    response = client.post("/ja/console/import/", {"file": upload, "slug": slug})
    assert response.status_code == 400
    page = response.content.decode()
    if not slug and archive["event"]["starts_on"] == 7:  # the slug is checked first
        words = "別のスラッグで取り込んでください"
    assert words in page
    assert "KeyError" not in page and "Error(" not in page
