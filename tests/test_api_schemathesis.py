"""Schemathesis against our own OpenAPI schema, as an authenticated head judge.

Every operation of /api/schema/ is called with generated data (bounded: a few examples an
operation, so the whole run stays within about a minute) through the WSGI app, on a small
event whose ids the generator may hit. No answer may be a server error, and every answer
the schema documents must match it.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

MAX_EXAMPLES = 5
CHECKS = [not_a_server_error, response_schema_conformance]

pytestmark = pytest.mark.django_db


@pytest.fixture
def head_judge_token(full_table):
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tournaments.events.models import EventRole

    user = get_user_model().objects.create_user("head-judge-fuzz", password="pw")
    EventRole.objects.create(user=user, event=full_table.round.event, role="head_judge")
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


def test_no_operation_answers_a_server_error_or_breaks_the_schema(
    head_judge_token, connections_kept_open
):
    from referee.wsgi import application

    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    headers = {"Authorization": f"Token {head_judge_token}"}
    operations, failures = 0, []
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @given(case=operation.as_strategy())
        @settings(
            max_examples=MAX_EXAMPLES,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        def call(case):
            response = case.call(headers=headers)
            case.validate_response(response, checks=CHECKS)

        try:
            call()
        except Exception as failure:  # noqa: BLE001 - collect every operation's failure
            failures.append(f"{operation.method.upper()} {operation.path}: {failure}"[:1500])
    assert operations > 25
    assert not failures, "\n\n".join(failures)
