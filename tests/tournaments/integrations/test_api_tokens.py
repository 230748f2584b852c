"""A whole small event driven through the API alone with an organizer's token; a token for
another event, a read-only token and a revoked token are refused on every write."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from tests.tournaments.results.helpers import imhotep_sheet
from tournaments.events.models import Event, EventRole
from tournaments.integrations.auth import key_hash
from tournaments.integrations.models import ApiToken
from tournaments.integrations.services import token_create, token_revoke
from tournaments.results.models import ActionLog

pytestmark = pytest.mark.django_db


def organizer(name: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, password="pw-" + name)


def bearer(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def test_a_small_event_through_the_api_alone(django_capture_on_commit_callbacks):
    owner = organizer("aya")
    _token, key = token_create(user=owner, name="café site", event=None, can_write=True)
    api = bearer(key)

    def ok(response, code=200):
        assert response.status_code == code, response.content[:400]

    with django_capture_on_commit_callbacks(execute=True):
        created = api.post("/api/events/", {"name": "Nile Night", "slug": "nile-night",
                           "starts_on": "2026-11-27", "game": "imhotep", "rounds_planned": 1,
                           "table_sizes": [3]}, format="json")  # fmt: skip
    ok(created, 201)
    event = Event.objects.get(slug="nile-night")
    assert EventRole.objects.filter(user=owner, event=event, role="organizer").exists()

    names = [("佐藤 葵", "さとう あおい"), ("鈴木 蓮", "すずき れん"), ("高橋 陽", "たかはし")]
    people = [{"name": n, "reading": r} for n, r in names]
    preview = api.post("/api/events/nile-night/registrations/",
                       {"players": people, "preview": True}, format="json")  # fmt: skip
    ok(preview)
    assert preview.json()["saved"] is False and event.registrations.count() == 0
    twice = api.post("/api/events/nile-night/registrations/",
                     {"players": people + people[:1]}, format="json")  # fmt: skip
    assert twice.status_code == 400 and event.registrations.count() == 0  # all or nothing
    with django_capture_on_commit_callbacks(execute=True):
        registered = api.post("/api/events/nile-night/registrations/",
                              {"players": people, "check_in": True}, format="json")  # fmt: skip
    ok(registered, 201)
    assert event.registrations.filter(status="checked_in").count() == 3

    with django_capture_on_commit_callbacks(execute=True):
        ok(api.post("/api/events/nile-night/rounds/", {}, format="json"), 201)
        ok(api.post("/api/events/nile-night/rounds/1/seat/", {"seed": 7}, format="json"))
        ok(api.post("/api/events/nile-night/rounds/1/publish/", {}, format="json"))
    seating = api.get("/api/events/nile-night/rounds/1/seating/").json()
    table = event.rounds.get(number=1).tables.get()
    assert len(seating["tables"][0]["seats"]) == 3

    with django_capture_on_commit_callbacks(execute=True):
        entry = {"kind": "sheet", "payload": imhotep_sheet()}
        submitted = api.post(f"/api/tables/{table.pk}/results/", entry, format="json")
        ok(submitted, 201)
        confirmed = api.post(f"/api/results/{submitted.json()['id']}/confirm/", {}, format="json")
        ok(confirmed)
    assert confirmed.json()["status"] == "confirmed"
    standings = api.get("/api/events/nile-night/standings/").json()
    assert standings["after_round"] == 1 and len(standings["rows"]) == 3

    with django_capture_on_commit_callbacks(execute=True):
        ok(api.post("/api/events/nile-night/rounds/1/close/", {}, format="json"))
        ok(api.post("/api/events/nile-night/finish/", {}, format="json"))
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # Every write is in the action log under the token's name (the rest is the system's own:
    # standings snapshots written by the worker).
    actors = set(ActionLog.objects.filter(event=event).values_list("actor", flat=True))
    assert actors == {"api-token:café site (user:aya)", "system:standings"}
    actions = set(ActionLog.objects.filter(event=event).values_list("action", flat=True))
    assert {"api:event_create", "api:registrations", "round_created", "api:event_finish",
            "result.confirmation"} <= actions  # fmt: skip


WRITES = [
    ("post", "/api/events/{slug}/registrations/", {"players": [{"name": "X"}]}),
    ("post", "/api/registrations/{registration}/drop/", {}),
    ("post", "/api/registrations/{registration}/check-in/", {}),
    ("post", "/api/events/{slug}/rounds/", {}),
    ("post", "/api/events/{slug}/rounds/1/seat/", {}),
    ("post", "/api/events/{slug}/rounds/1/swap/", {"registration_a": 1, "registration_b": 2}),
    ("post", "/api/events/{slug}/rounds/1/publish/", {}),
    ("post", "/api/events/{slug}/rounds/1/close/", {}),
    ("post", "/api/events/{slug}/finish/", {}),
    ("post", "/api/tables/{table}/results/", {"kind": "sheet", "payload": {}}),
    ("post", "/api/tables/{table}/drafts/", {"kind": "sheet", "payload": {}}),
    ("post", "/api/tables/{table}/rulings/", {}),
    ("post", "/api/results/{submission}/confirm/", {}),
    ("post", "/api/events/", {"name": "New", "slug": "brand-new", "starts_on": "2026-12-01"}),
    ("post", "/api/archives/", {}),
]


@pytest.fixture
def two_events(full_table, django_capture_on_commit_callbacks):
    from tests.tournaments.factories import EventFactory
    from tests.tournaments.results.helpers import seat_registrations
    from tournaments.results.models import ResultSubmission

    owner = organizer("ren")
    event_a = full_table.round.event
    event_b = EventFactory()
    for event in (event_a, event_b):
        EventRole.objects.create(user=owner, event=event, role="organizer")
    submission = ResultSubmission.objects.create(
        table=full_table, version=1, kind="sheet", status="submitted", payload={},
        engine_key=full_table.game_key or "imhotep", outcome={"players": []},
    )  # fmt: skip
    names = {
        "slug": event_a.slug,
        "registration": seat_registrations(full_table)[0],
        "table": full_table.pk,
        "submission": submission.pk,
    }
    return owner, event_a, event_b, names


def _snapshot(event):
    return (
        event.registrations.order_by("pk").values_list("status", flat=True).count(),
        list(event.registrations.values_list("status", flat=True)),
        list(event.rounds.values_list("number", "status")),
        Event.objects.filter(pk=event.pk).values_list("status", flat=True).get(),
        Event.objects.count(),
        ActionLog.objects.filter(event=event).count(),
    )


@pytest.mark.parametrize("label", ["other event", "read only", "revoked"])
def test_tokens_out_of_scope_are_refused_on_every_write(two_events, label):
    owner, event_a, event_b, names = two_events
    if label == "other event":
        _t, key = token_create(user=owner, name="b only", event=event_b, can_write=True)
    elif label == "read only":
        _t, key = token_create(user=owner, name="reader", event=event_a, can_write=False)
    else:
        token, key = token_create(user=owner, name="old", event=event_a, can_write=True)
        token_revoke(token_id=token.pk, user=owner)
    api = bearer(key)
    before = _snapshot(event_a)
    for method, path, body in WRITES:
        response = getattr(api, method)(path.format(**names), body, format="json")
        assert response.status_code in (401, 403), (label, path, response.status_code)
    assert _snapshot(event_a) == before
    if label == "read only":  # reading is what it is for
        assert api.get(f"/api/events/{event_a.slug}/archive/").status_code == 200


def test_a_token_is_stored_hashed_and_names_its_scope(two_events):
    owner, event_a, _event_b, _names = two_events
    token, key = token_create(user=owner, name="bot", event=event_a, can_write=False)
    stored = ApiToken.objects.get(pk=token.pk)
    assert key not in (stored.key_hash, stored.key_prefix) and stored.key_hash == key_hash(key)
    assert key.startswith(stored.key_prefix)
    stranger = organizer("stranger")
    with pytest.raises(ValidationError) as refused:
        token_create(user=stranger, name="x", event=event_a, can_write=True)
    assert "event" in refused.value.message_dict


def test_unknown_bearer_token_is_401_and_public_reads_need_none(two_events):
    _owner, event_a, _b, _names = two_events
    assert bearer("rfr_nope").get(f"/api/events/{event_a.slug}/archive/").status_code == 401
    assert APIClient().get(f"/api/events/{event_a.slug}/").status_code in (200, 404)
    assert APIClient().post("/api/events/", {}, format="json").status_code in (401, 403)


def test_each_token_has_its_own_rate_limit(two_events, monkeypatch):
    from tournaments.integrations.auth import ApiTokenRateThrottle

    owner, event_a, _event_b, _names = two_events
    # DRF reads the rates once, at import: set the class's copy for this test.
    monkeypatch.setattr(ApiTokenRateThrottle, "THROTTLE_RATES", {"api_token": "3/min"})
    _t, first = token_create(user=owner, name="busy bot", event=event_a, can_write=False)
    _t, second = token_create(user=owner, name="quiet bot", event=event_a, can_write=False)
    url = f"/api/events/{event_a.slug}/archive/"
    codes = [bearer(first).get(url).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert bearer(second).get(url).status_code == 200  # the other token is not slowed
