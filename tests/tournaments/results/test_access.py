"""Every role against every write endpoint of the results API (and the table history).

Allowed: the request gets past authorization (2xx). Refused: 403 (401 for anonymous).
"""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.factories import RegistrationFactory
from tests.tournaments.results.helpers import (
    imhotep_sheet,
    make_event,
    make_table,
    seat_registrations,
    user,
)
from tournaments.events.access import Actor
from tournaments.events.models import Registration
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db

ROLES = [
    "organizer",
    "head_judge",
    "table_judge",
    "other_table_judge",
    "player",
    "other_player",
    "unrelated_user",
    "public",
]
ENDPOINTS = [
    "submit", "draft", "correct", "rule", "confirm", "dispute", "discard", "check_in", "history",
]  # fmt: skip
EVERYTHING = set(ENDPOINTS)
ALLOWED = {
    "organizer": EVERYTHING,
    "head_judge": EVERYTHING,
    "table_judge": {"submit", "draft", "confirm", "discard", "history"},
    "other_table_judge": set(),
    "player": {"submit", "draft", "confirm", "dispute", "check_in", "history"},
    "other_player": set(),
    "unrelated_user": set(),
    "public": set(),
}


@pytest.fixture
def world():
    event = make_event("imhotep")
    table = make_table(event)
    other_table = make_table(event, round_=table.round)
    seat1 = seat_registrations(table)[0]
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload=imhotep_sheet(),
    ).submission  # fmt: skip
    accounts = {
        "organizer": user("org", event, "organizer"),
        "head_judge": user("head", event, "head_judge"),
        "table_judge": user("tj", event, "table_judge", table=table),
        "other_table_judge": user("tj2", event, "table_judge", table=other_table),
        "player": user("p1", event, "player", registration=Registration.objects.get(pk=seat1)),
        "other_player": user("p9", event, "player", registration=RegistrationFactory(event=event)),
        "unrelated_user": user("nobody"),
    }
    return {"table": table, "sub": sub, "seat1": seat1, "accounts": accounts}


def call(client: APIClient, endpoint: str, world) -> int:
    t, s, seat1 = world["table"].pk, world["sub"].pk, world["seat1"]
    entry = {"kind": "sheet", "payload": imhotep_sheet(tracks=(21, 18, 25)), "base_version": 1}
    requests = {
        "submit": ("post", f"/api/tables/{t}/results/", entry),
        "draft": ("post", f"/api/tables/{t}/drafts/", entry),
        "correct": ("post", f"/api/tables/{t}/corrections/", {**entry, "reason": "typo"}),
        "rule": ("post", f"/api/tables/{t}/rulings/",
                 {"kind": "penalty_points", "reason": "late", "registration_id": seat1,
                  "points": "1"}),
        "confirm": ("post", f"/api/results/{s}/confirm/", {"registration_id": seat1}),
        "dispute": ("post", f"/api/results/{s}/dispute/", {"reason": "wrong sled"}),
        "discard": ("post", f"/api/results/{s}/discard/", {"reason": "wrong table"}),
        "check_in": ("post", f"/api/registrations/{seat1}/check-in/", {}),
        "history": ("get", f"/api/tables/{t}/history/", None),
    }  # fmt: skip
    method, url, body = requests[endpoint]
    if method == "get":
        return client.get(url).status_code
    return client.post(url, body, format="json").status_code


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("role", ROLES)
def test_role_against_endpoint(world, role, endpoint):
    client = APIClient()
    account = world["accounts"].get(role)
    if account is not None:
        token = Token.objects.create(user=account)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    status = call(client, endpoint, world)
    if endpoint in ALLOWED[role]:
        assert 200 <= status < 300, (role, endpoint, status)
    else:
        assert status == (401 if role == "public" else 403), (role, endpoint, status)
