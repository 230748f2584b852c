"""Schemathesis against our own OpenAPI schema, with every check it has, as a user who both
organizes the event and is its head judge (so organizer and result operations run past
their permission checks).

Every operation of /api/schema/ is called with generated data, schema-valid and
schema-breaking, through the WSGI app on a small event whose ids the generator may hit.
Bounded: a few examples an operation and mode, so the run stays within about a minute.
Every check must hold: no server error, every status and body documented, schema-breaking
requests refused, schema-valid requests accepted, auth enforced where it is declared.

Two allowances, each a fact the schema states in words because OpenAPI cannot express it:
strings carry no NUL character (``allow_x00=False``; the API refuses one with a 400 that
names the field, see ``referee/unstorable.py``), and ``BEYOND_THE_SCHEMA`` names, per
operation, the bodies that break a rule its fields' descriptions state in words
(``ends_on`` before ``starts_on``; an archive is checked whole; a sheet is judged by the
game's rules, 422 or a ``result.*`` code): for those only the positive-acceptance check
is left out, every other check stays.
"""

from __future__ import annotations

import math
from decimal import Decimal

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

MAX_EXAMPLES = 6
MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)


def _decimals(value) -> int:
    if not isinstance(value, int | float) or not math.isfinite(value):
        return 0
    return max(0, -Decimal(str(value)).as_tuple().exponent)


def _event_rule_broken(body: dict) -> bool:
    """``ends_on`` before ``starts_on``; a table size twice (the fields' descriptions)."""
    sizes = body.get("table_sizes")
    sizes = sizes if isinstance(sizes, list) else []
    starts_on, ends_on = body.get("starts_on"), body.get("ends_on")
    dates = isinstance(starts_on, str) and isinstance(ends_on, str)
    twice = len({repr(size) for size in sizes}) < len(sizes)
    return dates and ends_on < starts_on or twice


def _player_twice(body: dict) -> bool:
    """The same name and reading twice in one batch (the CSV import's rule)."""
    players = body.get("players")
    if not isinstance(players, list):
        return False
    keys = [
        (str(p.get("name", "")).strip(), str(p.get("reading", "")).strip())
        for p in players
        if isinstance(p, dict)
    ]
    return len(set(keys)) < len(keys)


def _rules_refusal(body: dict, response) -> bool:
    """The game's rules (the engine) or the table's state refused the entry: 422 with the
    violations, or 400 with a ``result.*`` code naming the rule. A sheet's legality is not
    a shape a schema can carry."""
    try:
        code = response.json().get("code", "")
    except (ValueError, AttributeError):
        return False
    return response.status_code == 422 or str(code).startswith("result.")


# A table is reached by its id or by event, round and table number.
TABLE_PATHS = ("tables/{table_id}", "events/{slug}/rounds/{number}/tables/{table}")
# operation → whether a schema-valid body (and the answer) breaks a rule stated in words.
BEYOND_THE_SCHEMA = {
    "POST /api/events/": lambda body, _answer: _event_rule_broken(body),
    "POST /api/archives/": lambda body, _answer: True,  # an archive is checked whole
    # The address policy (public http(s) addresses, no user info) is stated in words.
    "POST /api/events/{slug}/webhooks/": lambda _body, answer: (
        answer.status_code == 400 and answer.json().get("field") in ("url", "topics")
    ),
    "POST /api/events/{slug}/registrations/": lambda body, _answer: _player_twice(body),
    **{
        f"POST /api/{table}/rulings/": lambda body, answer: (
            _decimals(body.get("points")) > 2 or _rules_refusal(body, answer)
        )
        for table in TABLE_PATHS
    },
    **{
        f"POST /api/{path}/": _rules_refusal
        for path in (
            *(
                f"{table}/{what}"
                for table in TABLE_PATHS
                for what in ("results", "drafts", "corrections")
            ),
            "results/{submission_id}/confirm",
            "results/{submission_id}/dispute",
            "results/{submission_id}/discard",
        )
    },  # fmt: skip
}

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_token(full_table):
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tournaments.events.models import EventRole

    user = get_user_model().objects.create_user("staff-fuzz", password="pw")
    for role in ("organizer", "head_judge"):
        EventRole.objects.create(user=user, event=full_table.round.event, role=role)
    return Token.objects.create(user=user).key


@pytest.fixture
def connections_kept_open():
    """The WSGI app closes "obsolete" database connections after each request; inside the
    test's transaction that would close it (as Django's own test client avoids too)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def run_operation(operation, mode, token: str, rule_broken) -> None:
    @given(case=operation.as_strategy(mode))
    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
        database=None,
        derandomize=True,  # the same cases every run: CI fails on a change, not on luck
    )
    def call(case):
        # In the case itself and marked as given (not generated), so the auth checks know it
        # is valid and probe by taking it away and by forging it.
        case.headers = {**(case.headers or {}), "Authorization": f"Token {token}"}
        case._has_explicit_auth = True
        response = case.call()
        body = case.body if isinstance(case.body, dict) else {}
        beyond = rule_broken is not None and rule_broken(body, response)
        excluded = [positive_data_acceptance] if beyond else []
        case.validate_response(response, excluded_checks=excluded)  # all the others

    call()


def test_every_operation_keeps_the_schemas_word(staff_token, connections_kept_open):
    from referee.wsgi import application

    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    schema.config.generation.update(allow_x00=False, with_security_parameters=False)
    operations, failures = 0, []
    for operation in (result.ok() for result in schema.get_all_operations()):
        operations += 1
        label = f"{operation.method.upper()} {operation.path}"
        for mode in MODES:
            try:
                run_operation(operation, mode, staff_token, BEYOND_THE_SCHEMA.get(label))
            except Unsatisfiable:
                assert mode is GenerationMode.NEGATIVE, label  # nothing schema-breaking to send
            except (Exception, BaseExceptionGroup) as failure:  # noqa: BLE001 - collect them all
                failures.append(f"{mode.value} {label}: {failure}"[:1500])
    assert operations > 25
    assert not failures, "\n\n".join(failures)
