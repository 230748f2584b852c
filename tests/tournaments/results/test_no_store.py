"""Issue 21: pages and answers that carry a private token are never stored by a browser or
a shared cache (Cache-Control: no-store)."""

from __future__ import annotations

import pytest

from tests.tournaments.results.helpers import make_event, make_table

pytestmark = pytest.mark.django_db


def test_judge_and_player_pages_are_no_store(client):
    event = make_event("imhotep")
    table = make_table(event)
    registration = table.seats.first().registration
    for url in (
        f"/en/judge/{table.judge_token}/",
        f"/en/judge/{table.judge_token}/state",
        f"/en/judge/player/{registration.private_token}/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response["Cache-Control"], url


def test_console_pages_with_tokens_are_no_store(client):
    from tests.tournaments.console.test_archive import played_event

    event, organizer_user = played_event(rounds=1, players=8)
    client.force_login(organizer_user)
    for url in (
        f"/en/console/{event.slug}/players/slips/",
        f"/en/console/{event.slug}/rounds/1/print/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response["Cache-Control"], url
