"""A bot runs a whole event through the API with only what the API itself returned: its
token from ``manage.py api_token``, then slugs, registration ids, round and table numbers
and submission ids from the answers — no archive, no database lookup."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tests.tournaments.integrations.test_api_tokens import bearer
from tournaments.results.api_examples import game_example

pytestmark = pytest.mark.django_db


def test_a_bot_runs_two_rounds_and_a_finish_from_the_answers_alone(
    django_capture_on_commit_callbacks,
):
    call_command("organizer_create", "cafe", "--password", stdout=io.StringIO())
    out = io.StringIO()
    call_command("api_token", "cafe", "--name", "bot", "--write", stdout=out, stderr=io.StringIO())
    api = bearer(out.getvalue().strip())
    sheet = game_example("imhotep", "sheet")  # a 4-player Imhotep sheet

    def call(method: str, path: str, body=None, expect=200):
        with django_capture_on_commit_callbacks(execute=True):
            answer = getattr(api, method)(path, body or {}, format="json")
        assert answer.status_code == expect, (path, answer.content[:400])
        return answer.json() if answer.content else None

    new_event = {"name": "Bot Night", "slug": "bot-night", "starts_on": "2026-12-05",
                 "game": "imhotep", "rounds_planned": 2, "table_sizes": [4],
                 "confirmation_policy": "second_judge"}  # fmt: skip
    slug = call("post", "/api/events/", new_event, 201)["slug"]
    people = [{"name": f"Player {n}", "reading": f"ぷれいやー{n}"} for n in range(1, 9)]
    registered = call("post", f"/api/events/{slug}/registrations/",
                      {"players": people, "check_in": True}, 201)["registrations"]  # fmt: skip
    assert len(registered) == 8
    listed = call("get", f"/api/events/{slug}/registrations/?status=checked_in")
    assert sorted(r["id"] for r in listed["results"]) == sorted(registered)

    for round_number in (1, 2):
        number = call("post", f"/api/events/{slug}/rounds/", expect=201)["number"]
        assert number == round_number
        call("post", f"/api/events/{slug}/rounds/{number}/seat/", {"mode": "standings"})
        draft = call("get", f"/api/events/{slug}/rounds/{number}/tables/")
        assert [len(t["seats"]) for t in draft] == [4, 4]
        call("post", f"/api/events/{slug}/rounds/{number}/publish/")
        seating = call("get", f"/api/events/{slug}/rounds/{number}/seating/")
        for table in seating["tables"]:
            table_path = f"/api/events/{slug}/rounds/{number}/tables/{table['number']}/"
            submitted = call("post", table_path + "results/", sheet, 201)
            # The organizer confirms outright (a table judge would need a second judge).
            confirmed = call("post", f"/api/results/{submitted['id']}/confirm/")
            assert confirmed["status"] == "confirmed"
        board = call("get", f"/api/events/{slug}/rounds/{number}/tables/")
        assert {t["state"] for t in board} == {"confirmed"}
        call("post", f"/api/events/{slug}/rounds/{number}/close/")

    standings = call("get", f"/api/events/{slug}/standings/")
    assert standings["after_round"] == 2 and len(standings["rows"]) == 8
    finished = call("post", f"/api/events/{slug}/finish/")
    assert finished["status"] == "finished" and finished["podium"]
    event = call("get", f"/api/events/{slug}/")
    assert event["status"] == "finished"
    assert event["players"] == {"registered": 8, "checked_in": 8}
    log = call("get", f"/api/events/{slug}/log/?limit=500")
    assert {"api:event_create", "api:registrations", "api:event_finish"} <= {
        e["action"] for e in log["results"]
    }
