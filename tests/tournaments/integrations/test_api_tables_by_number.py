"""A bot addresses tables by the numbers the API gives it: event, round, table number.
It never needs a database id, and a number can never reach another event's table."""

from __future__ import annotations

import pytest

from tests.tournaments.integrations.test_api_tokens import bearer, organizer
from tests.tournaments.results.helpers import imhotep_sheet
from tournaments.events.models import EventRole
from tournaments.integrations.services import token_create
from tournaments.results.models import ResultSubmission

pytestmark = pytest.mark.django_db


def _seated_event(api, slug: str, capture) -> dict:
    people = [{"name": n, "reading": r} for n, r in
              [("佐藤 葵", "さとう"), ("鈴木 蓮", "すずき"), ("高橋 陽", "たかはし")]]  # fmt: skip
    with capture(execute=True):
        assert api.post("/api/events/", {"name": slug, "slug": slug, "starts_on": "2026-11-28",
                        "game": "imhotep", "rounds_planned": 1, "table_sizes": [3]},
                        format="json").status_code == 201  # fmt: skip
        assert api.post(f"/api/events/{slug}/registrations/",
                        {"players": people, "check_in": True},
                        format="json").status_code == 201  # fmt: skip
        assert api.post(f"/api/events/{slug}/rounds/", {}, format="json").status_code == 201
        assert api.post(f"/api/events/{slug}/rounds/1/seat/", {"seed": 3},
                        format="json").status_code == 200  # fmt: skip
        assert api.post(f"/api/events/{slug}/rounds/1/publish/", {},
                        format="json").status_code == 200  # fmt: skip
    return api.get(f"/api/events/{slug}/rounds/1/seating/").json()


def test_a_table_is_written_by_its_number_and_read_back_with_its_id(
    django_capture_on_commit_callbacks,
):
    _token, key = token_create(user=organizer("aya"), name="bot", event=None, can_write=True)
    api = bearer(key)
    seating = _seated_event(api, "by-number", django_capture_on_commit_callbacks)
    table = seating["tables"][0]
    assert isinstance(table["id"], int)  # the id the /api/tables/<id>/ routes take

    entry = {"kind": "sheet", "payload": imhotep_sheet()}
    with django_capture_on_commit_callbacks(execute=True):
        submitted = api.post(f"/api/events/by-number/rounds/1/tables/{table['number']}/results/",
                             entry, format="json")  # fmt: skip
    assert submitted.status_code == 201, submitted.content[:300]
    assert submitted.json()["table"] == table["id"]
    history = api.get(f"/api/events/by-number/rounds/1/tables/{table['number']}/history/")
    assert [v["id"] for v in history.json()] == [submitted.json()["id"]]
    confirmed = api.post(f"/api/results/{submitted.json()['id']}/confirm/", {}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "confirmed"


def test_a_wrong_number_is_404_and_never_another_events_table(
    django_capture_on_commit_callbacks,
):
    _token, key_a = token_create(user=organizer("aya"), name="a", event=None, can_write=True)
    _token, key_b = token_create(user=organizer("ben"), name="b", event=None, can_write=True)
    api_a, api_b = bearer(key_a), bearer(key_b)
    _seated_event(api_a, "aya-night", django_capture_on_commit_callbacks)
    _seated_event(api_b, "ben-night", django_capture_on_commit_callbacks)
    entry = {"kind": "sheet", "payload": imhotep_sheet()}

    missing = api_a.post("/api/events/aya-night/rounds/1/tables/99/results/", entry,
                         format="json")  # fmt: skip
    assert missing.status_code == 404
    assert api_a.post("/api/events/aya-night/rounds/7/tables/1/results/", entry,
                      format="json").status_code == 404  # fmt: skip
    # Ben's table 1, named with Aya's token: refused, nothing stored.
    other = api_a.post("/api/events/ben-night/rounds/1/tables/1/results/", entry, format="json")
    assert other.status_code in (403, 404)
    assert not ResultSubmission.objects.filter(table__round__event__slug="ben-night").exists()
    assert not EventRole.objects.filter(event__slug="ben-night", user__username="aya").exists()


def test_a_token_for_one_event_cannot_name_another_by_number(
    django_capture_on_commit_callbacks,
):
    owner = organizer("aya")
    _token, key = token_create(user=owner, name="all", event=None, can_write=True)
    api = bearer(key)
    _seated_event(api, "first-night", django_capture_on_commit_callbacks)
    _seated_event(api, "second-night", django_capture_on_commit_callbacks)
    first = owner.event_roles.get(event__slug="first-night").event
    _token, narrow = token_create(user=owner, name="one", event=first, can_write=True)
    entry = {"kind": "sheet", "payload": imhotep_sheet()}
    refused = bearer(narrow).post("/api/events/second-night/rounds/1/tables/1/results/", entry,
                                  format="json")  # fmt: skip
    assert refused.status_code == 403
    assert not ResultSubmission.objects.filter(table__round__event__slug="second-night").exists()
