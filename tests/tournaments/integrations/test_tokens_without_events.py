"""A café's bot gets its token before any event exists: from the console's all-events
token page (reached from the console's first page) or from ``manage.py api_token``; the
token then creates the event itself."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from tests.japanese_pages import english_in, page_texts
from tests.tournaments.integrations.test_api_tokens import bearer
from tournaments.integrations.models import ApiToken

pytestmark = pytest.mark.django_db

NEW_EVENT = {"name": "Bot Night", "slug": "bot-night", "starts_on": "2026-12-05",
             "game": "imhotep"}  # fmt: skip


def test_an_organizer_with_no_event_makes_an_all_events_token_in_the_console(client):
    call_command("organizer_create", "omar", "--password", stdout=io.StringIO())
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="omar"))
    home = client.get("/ja/console/").content.decode()
    assert "/ja/console/api-tokens/" in home  # the way there is on the console's first page
    page = client.get("/ja/console/api-tokens/")
    assert page.status_code == 200
    assert english_in(page_texts(page.content.decode()), names=("omar",)) == []
    made = client.post(
        "/ja/console/api-tokens/",
        {"action": "token-create", "name": "ボット", "scope": "event", "access": "write"},
    )
    key = re.search(r"<code>(rfr_[\w-]+)</code>", made.content.decode()).group(1)
    token = ApiToken.objects.get()
    assert token.event_id is None and token.can_write  # this page makes all-events tokens
    assert key not in client.get("/ja/console/api-tokens/").content.decode()
    assert bearer(key).post("/api/events/", NEW_EVENT, format="json").status_code == 201


def test_a_table_judge_cannot_open_the_token_page(client, event):
    from django.contrib.auth import get_user_model

    from tournaments.events.models import EventRole

    judge = get_user_model().objects.create_user("hana", password="pw")
    EventRole.objects.create(user=judge, event=event, role="head_judge")
    client.force_login(judge)
    assert client.get("/ja/console/api-tokens/").status_code == 403
    assert not ApiToken.objects.exists()


def test_the_command_prints_a_working_token_once():
    call_command("organizer_create", "omar", "--password", stdout=io.StringIO())
    out, err = io.StringIO(), io.StringIO()
    call_command("api_token", "omar", "--name", "bot", "--write", stdout=out, stderr=err)
    key = out.getvalue().strip()
    assert key.startswith("rfr_") and "all of the user's events" in err.getvalue()
    assert ApiToken.objects.get().key_hash != key
    assert bearer(key).post("/api/events/", NEW_EVENT, format="json").status_code == 201


def test_a_read_only_command_token_cannot_write():
    call_command("organizer_create", "omar", "--password", stdout=io.StringIO())
    out = io.StringIO()
    call_command("api_token", "omar", "--name", "scoreboard", stdout=out, stderr=io.StringIO())
    assert bearer(out.getvalue().strip()).post("/api/events/", NEW_EVENT,
                                               format="json").status_code == 403  # fmt: skip
