"""/healthz: database, cache and broker; a Redis outage is "degraded", not "down"."""

from __future__ import annotations

import pytest

from referee import health

pytestmark = pytest.mark.django_db

DEAD = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def test_healthz_ok(client, settings):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["degraded"] == []
    assert body["checks"]["database"] is True
    assert ("cache" in body["checks"]) == bool(settings.REDIS_URL)
    assert ("broker" in body["checks"]) == bool(settings.REDIS_URL)
    assert response["Cache-Control"].startswith("max-age=0")


def _redis_everywhere(settings, url: str) -> None:
    settings.REDIS_URL = url
    settings.CELERY_BROKER_URL = url
    settings.CACHES = {"default": {"BACKEND": "referee.cache.DegradingRedisCache", "LOCATION": url}}


def test_unreachable_redis_is_reported_as_degraded_cache_and_broker(client, settings):
    _redis_everywhere(settings, DEAD)
    response = client.get("/healthz")
    assert response.status_code == 200  # pages and result entry still work
    body = response.json()
    assert body["status"] == "degraded"
    assert body["checks"] == {"database": True, "cache": False, "broker": False}
    assert body["degraded"] == ["broker", "cache"]


def test_a_broker_on_another_redis_is_checked_on_its_own(client, settings):
    import os

    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("needs a reachable Redis (REDIS_URL)")
    _redis_everywhere(settings, url)
    settings.CELERY_BROKER_URL = DEAD
    body = client.get("/healthz").json()
    assert body["checks"] == {"database": True, "cache": True, "broker": False}


def test_a_database_outage_is_a_503(client, monkeypatch):
    monkeypatch.setattr(health, "_database_ok", lambda: False)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"


def test_probes_reuse_one_redis_client_per_url(client, settings):
    _redis_everywhere(settings, DEAD)
    health.redis_client.cache_clear()
    for _ in range(3):
        client.get("/healthz")
    info = health.redis_client.cache_info()
    assert info.currsize == 1  # cache and broker share the URL: one client
    assert info.misses == 1 and info.hits >= 2


def test_api_schema_and_docs_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200
