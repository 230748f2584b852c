"""An organizer's tool reads what the console shows: every round (drafts too), a round's
tables with their result state before and after publishing, registrations with their
status, judges, the action log; paged, with ETags, and without a secret anywhere."""

from __future__ import annotations

import pytest

from tests.tournaments.integrations.test_api_tables_by_number import _seated_event
from tests.tournaments.integrations.test_api_tokens import bearer, organizer
from tests.tournaments.results.helpers import imhotep_sheet
from tournaments.events.models import Registration
from tournaments.integrations.services import token_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot(django_capture_on_commit_callbacks):
    owner = organizer("aya")
    _token, key = token_create(user=owner, name="bot", event=None, can_write=True)
    api = bearer(key)
    _seated_event(api, "reads", django_capture_on_commit_callbacks)
    return owner, api


def test_draft_seating_is_read_before_publishing(django_capture_on_commit_callbacks):
    _token, key = token_create(user=organizer("aya"), name="bot", event=None, can_write=True)
    api = bearer(key)
    people = [{"name": n} for n in ("佐藤 葵", "鈴木 蓮", "高橋 陽")]
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post("/api/events/", {"name": "Draft", "slug": "draft", "game": "imhotep",
                        "starts_on": "2026-11-28", "table_sizes": [3]},
                        format="json").status_code == 201  # fmt: skip
        api.post("/api/events/draft/registrations/", {"players": people, "check_in": True},
                 format="json")  # fmt: skip
        assert api.post("/api/events/draft/rounds/", {}, format="json").status_code == 201
        assert api.post("/api/events/draft/rounds/1/seat/", {"seed": 1},
                        format="json").status_code == 200  # fmt: skip
    rounds = api.get("/api/events/draft/rounds/").json()
    assert [(r["number"], r["status"], r["tables"]) for r in rounds] == [(1, "draft", 1)]
    assert api.get("/api/events/draft/rounds/1/seating/").status_code == 404  # public: hidden
    draft = api.get("/api/events/draft/rounds/1/tables/").json()
    assert len(draft) == 1 and draft[0]["state"] == "not_started"
    assert {s["name"] for s in draft[0]["seats"]} == {"佐藤 葵", "鈴木 蓮", "高橋 陽"}
    assert [s["position"] for s in draft[0]["seats"]] == [1, 2, 3]


def test_a_tables_result_state_shows_who_has_not_confirmed(bot, django_capture_on_commit_callbacks):
    _owner, api = bot
    table = api.get("/api/events/reads/rounds/1/tables/").json()[0]
    with django_capture_on_commit_callbacks(execute=True):
        sub = api.post(f"/api/events/reads/rounds/1/tables/{table['number']}/results/",
                       {"kind": "sheet", "payload": imhotep_sheet()}, format="json")  # fmt: skip
    assert sub.status_code == 201
    assert sub.json()["status"] == "submitted"  # the players' confirmation is awaited
    first = api.get("/api/events/reads/rounds/1/tables/")
    row = first.json()[0]
    assert row["state"] == "submitted" and row["latest_version"] == 1
    assert sorted(row["unconfirmed"]) == sorted(s["registration"] for s in row["seats"])
    assert row["awaiting_judge"] is False
    # Unchanged: 304 with the same ETag.
    again = api.get("/api/events/reads/rounds/1/tables/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/api/results/{sub.json()['id']}/confirm/", {}, format="json")
    changed = api.get("/api/events/reads/rounds/1/tables/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert changed.json()[0]["state"] == "confirmed" and changed.json()[0]["unconfirmed"] is None


def test_registrations_are_listed_filtered_and_paged_without_private_links(bot):
    _owner, api = bot
    registration = Registration.objects.filter(event__slug="reads").first()
    api.post(f"/api/registrations/{registration.pk}/drop/", {}, format="json")
    everyone = api.get("/api/events/reads/registrations/?limit=2").json()
    assert everyone["count"] == 3 and len(everyone["results"]) == 2 and everyone["next"]
    dropped = api.get("/api/events/reads/registrations/?status=dropped").json()["results"]
    assert [r["id"] for r in dropped] == [registration.pk]
    assert api.get("/api/events/reads/registrations/?status=AAA").status_code == 400
    found = api.get("/api/events/reads/registrations/?q=sato").json()["results"]
    assert [r["name"] for r in found] == ["佐藤 葵"]
    text = api.get("/api/events/reads/registrations/").content.decode()
    for r in Registration.objects.filter(event__slug="reads"):
        assert r.private_token not in text


def test_the_action_log_and_judges_are_read_by_organizers_only(bot):
    owner, api = bot
    log = api.get("/api/events/reads/log/").json()
    actions = [e["action"] for e in log["results"]]
    assert "api:event_create" in actions and log["count"] == len(log["results"])
    assert actions == [e["action"] for e in sorted(
        log["results"], key=lambda e: (e["at"], e["id"]), reverse=True)]  # fmt: skip
    only = api.get("/api/events/reads/log/?action=api:event_create").json()["results"]
    assert [e["action"] for e in only] == ["api:event_create"]
    assert api.get("/api/events/reads/judges/").json() == []
    # A read-only token of the organizer reads them; another organizer's token does not.
    _t, read_key = token_create(user=owner, name="ro", event=None, can_write=False)
    assert bearer(read_key).get("/api/events/reads/rounds/").status_code == 200
    _t, other = token_create(user=organizer("ben"), name="b", event=None, can_write=True)
    for path in ("rounds/", "rounds/1/tables/", "registrations/", "judges/", "log/"):
        assert bearer(other).get(f"/api/events/reads/{path}").status_code == 403, path


def test_check_ins_through_a_token_are_in_the_action_log(bot):
    """Every token write is logged (docs/api.md): check-ins too (issue 30)."""
    from tournaments.results.models import ActionLog

    _owner, api = bot
    registration = Registration.objects.filter(event__slug="reads").first()
    Registration.objects.filter(pk=registration.pk).update(status="registered")
    assert api.post(f"/api/registrations/{registration.pk}/check-in/", {},
                    format="json").status_code == 200  # fmt: skip
    entry = ActionLog.objects.get(action="registration.check_in")
    assert entry.actor == "api-token:bot (user:aya)"
    assert entry.data == {"registration": registration.pk, "was": "registered"}
    api.post(f"/api/registrations/{registration.pk}/check-in/", {}, format="json")
    assert ActionLog.objects.filter(action="registration.check_in").count() == 1  # no change
    log = api.get("/api/events/reads/log/?action=registration.check_in").json()
    assert log["count"] == 1


def test_the_waiting_list_and_the_sign_ups_to_approve_are_read_by_status(bot):
    """Issue 29: the sign-ups without a place are not among the event's players; asked
    for by status, the organizer's tool reads them."""
    from tournaments.events.models import Event, EventConfig
    from tournaments.events.services.signups import signup_create

    _owner, api = bot
    event = Event.objects.get(slug="reads")
    # Seated, the event runs; sign-ups come before the start.
    Event.objects.filter(pk=event.pk).update(status=Event.Status.REGISTRATION)
    players = Registration.objects.filter(event=event).count()
    EventConfig.objects.update_or_create(
        event=event, defaults={"data": {"signup": {"open": True, "capacity": players}}}
    )
    waiting = signup_create(event_id=event.pk, name="待つ人", reading="まつひと")
    everyone = api.get("/api/events/reads/registrations/?limit=500").json()
    assert waiting.pk not in [row["id"] for row in everyone["results"]]
    listed = api.get("/api/events/reads/registrations/?status=waitlisted").json()
    assert [(row["id"], row["status"]) for row in listed["results"]] == [(waiting.pk, "waitlisted")]
    # Later sign-ups whose readings sort first are still listed after it: the list is in
    # the order it moves up, not in reading order.
    later = [
        signup_create(event_id=event.pk, name=name, reading=reading)
        for name, reading in (("渡辺", "わたなべ"), ("相田", "あいだ"))
    ]
    listed = api.get("/api/events/reads/registrations/?status=waitlisted").json()
    assert [row["id"] for row in listed["results"]] == [waiting.pk] + [r.pk for r in later]
