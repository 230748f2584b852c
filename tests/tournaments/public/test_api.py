"""The public read API shows what the public pages show, and nothing more."""

from __future__ import annotations

import io
import json

import pytest

from tests.tournaments.public.conftest import add_result

pytestmark = pytest.mark.django_db

API = "/api/events/public-open/"


def get(client, path: str, **headers):
    return client.get(path, headers=headers)


def test_event_list_has_public_events_only_with_paging(client, world):
    from tests.tournaments.factories import EventFactory
    from tournaments.events.models import Event

    EventFactory(status=Event.Status.DRAFT, slug="secret-draft")
    body = get(client, "/api/events/?limit=10").json()
    slugs = [e["slug"] for e in body["results"]]
    assert "public-open" in slugs and "secret-draft" not in slugs
    assert body["count"] == len(slugs)
    running = get(client, "/api/events/?status=running").json()["results"]
    assert {e["status"] for e in running} == {"running"}
    assert get(client, "/api/events/secret-draft/").status_code == 404


def test_event_detail_lists_released_rounds_only(client, world):
    body = get(client, API).json()
    assert [r["number"] for r in body["rounds"]] == [1, 2]  # round 3 is a draft
    first, second = body["rounds"]
    assert first["tables_with_results"] == 2 and first["results_released"]
    assert second["tables_with_results"] == 0  # only submitted, not confirmed


def test_seating_lists_seats_in_play_order(client, world):
    body = get(client, API + "rounds/2/seating/").json()
    table = body["tables"][0]
    assert [s["position"] for s in table["seats"]] == [1, 2, 3, 4]
    names = [s["name"] for s in table["seats"]]
    expected = [world.registrations[i].player.display_name for i in (0, 4, 2, 6)]
    assert names == expected
    assert get(client, API + "rounds/3/seating/").status_code == 404  # draft round


def test_table_result_has_breakdown_ranks_and_is_hidden_until_confirmed(client, world):
    body = get(client, API + "rounds/1/tables/1/").json()
    keys = [c["key"] for c in body["categories"]]
    assert keys and all(set(p["breakdown"]) == set(keys) for p in body["players"])
    assert sorted(p["rank"] for p in body["players"])[0] == 1
    outcome = world.confirmed_sheet.outcome["players"]
    assert [p["total"] for p in body["players"]] == [line["total"] for line in outcome]
    assert get(client, API + "rounds/2/tables/1/").status_code == 404  # submitted only


def test_on_close_policy_hides_an_open_rounds_result(
    client, world, django_capture_on_commit_callbacks
):
    from tournaments.events.models import EventConfig

    with django_capture_on_commit_callbacks(execute=True):
        add_result(world.round2.tables.get(number=2), "confirmed", "sheet", announce=True)
    assert get(client, API + "rounds/2/tables/2/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        EventConfig.objects.update_or_create(
            event=world.event, defaults={"data": {"release_policy": "on_close"}}
        )
    assert get(client, API + "rounds/2/tables/2/").status_code == 404
    assert get(client, API + "rounds/1/tables/1/").status_code == 200  # round 1 is closed


def test_standings_carry_metric_definitions_and_validate_round(client, world):
    body = get(client, API + "standings/").json()
    assert body["after_round"] == 1 and body["rows"]
    assert body["precedence"]
    for name in body["precedence"]:
        definition = body["metrics"][name]
        assert definition["label"] and definition["meaning"], name
    bad = get(client, API + "standings/?round=abc")
    assert bad.status_code == 400 and bad.json()["field"] == "round"
    assert get(client, API + "standings/?round=9").status_code == 404
    assert get(client, API + "standings/?round=1").json()["after_round"] == 1


def test_players_and_profile_without_private_tokens(client, world):
    players = get(client, API + "players/").json()
    assert len(players) == len(world.registrations)
    registration = world.registrations[0]
    profile = get(client, API + f"players/{registration.pk}/").json()
    assert profile["name"] == registration.player.display_name
    assert [r["round"] for r in profile["rounds"]] == [1, 2]
    everything = "".join(
        get(client, API + path).content.decode()
        for path in ("", "players/", f"players/{registration.pk}/", "rounds/1/seating/")
    )
    assert registration.private_token not in everything
    assert world.round1.tables.first().judge_token not in everything


def test_conditional_get_answers_304_until_something_changes(
    client, world, django_capture_on_commit_callbacks
):
    first = get(client, API + "standings/")
    etag = first["ETag"]
    again = get(client, API + "standings/", **{"If-None-Match": etag})
    assert again.status_code == 304 and again["ETag"] == etag
    with django_capture_on_commit_callbacks(execute=True):
        add_result(world.round2.tables.get(number=2), "confirmed", "sheet", announce=True)
    changed = get(client, API + "standings/", **{"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert json.loads(changed.content)["rows"]


def test_openapi_schema_describes_every_public_read_without_warnings():
    from django.core.management import call_command

    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    schema = out.getvalue()
    for path in (
        "/api/events/:",
        "/api/events/{slug}/:",
        "/api/events/{slug}/rounds/{number}/seating/:",
        "/api/events/{slug}/rounds/{number}/tables/{table}/:",
        "/api/events/{slug}/standings/:",
        "/api/events/{slug}/players/:",
        "/api/events/{slug}/players/{registration_id}/:",
    ):
        assert path in schema, path


def test_player_counts_follow_every_registration_and_check_in_at_once(client, world):
    """The counts are read with the event, not from a summary a later task refreshes: a
    read reflects each registration and check-in answered before it (issue 30)."""
    from tests.tournaments.factories import PlayerFactory
    from tournaments.events.models import Event
    from tournaments.events.services.registrations import (
        registration_check_in,
        registration_create,
    )

    event = Event.objects.get(slug="public-open")
    before = get(client, API).json()["players"]
    new = registration_create(event=event, player=PlayerFactory())  # no task runs here
    after_registering = get(client, API).json()["players"]
    assert after_registering["registered"] == before["registered"] + 1
    assert after_registering["checked_in"] == before["checked_in"]
    registration_check_in(registration_id=new.pk)
    assert get(client, API).json()["players"]["checked_in"] == before["checked_in"] + 1
