"""/healthz reports the database, and Redis when REDIS_URL is configured."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_healthz_ok(client, settings):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["checks"]["database"] is True
    assert ("redis" in body["checks"]) == bool(settings.REDIS_URL)


def test_healthz_reports_unreachable_redis(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"] == {"database": True, "redis": False}


def test_api_schema_and_docs_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200
