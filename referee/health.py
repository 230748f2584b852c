"""/healthz: what works and what is degraded.

- ``database``: ``SELECT 1``. Down → 503: nothing can be served or saved.
- ``cache`` and ``broker`` (only when ``REDIS_URL`` is set): a ``PING`` to the cache's
  Redis and to the broker's. Down → 200 with ``"status": "degraded"``: pages still render
  from the database and results are still saved (task sends are logged and the periodic
  reconciliation catches up), so a load balancer must keep sending traffic here.

One Redis client per URL is kept for the process (redis-py clients are thread-safe and
pool their connections), so a probe every few seconds does not open a connection each
time; short timeouts keep the probe quick when Redis is unreachable.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

_clients_lock = threading.Lock()


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        return False


@lru_cache(maxsize=8)
def redis_client(url: str):
    """The process's one probe client for ``url``."""
    import redis

    return redis.Redis.from_url(
        url, socket_connect_timeout=1, socket_timeout=2, health_check_interval=30
    )


def _redis_ok(url: str) -> bool:
    try:
        with _clients_lock:
            client = redis_client(url)
        return bool(client.ping())
    except Exception:
        return False


def _cache_url() -> str | None:
    config = settings.CACHES["default"]
    if "redis" not in config["BACKEND"].lower():
        return None
    location = config["LOCATION"]
    return location[0] if isinstance(location, (list, tuple)) else location


def health_checks() -> dict[str, bool]:
    checks = {"database": _database_ok()}
    if settings.REDIS_URL:
        results: dict[str, bool] = {}  # the same Redis for both: one PING
        for name, url in (("cache", _cache_url()), ("broker", settings.CELERY_BROKER_URL)):
            if url:
                if url not in results:
                    results[url] = _redis_ok(url)
                checks[name] = results[url]
    return checks


@never_cache
@require_GET
def healthz(request):
    checks = health_checks()
    degraded = sorted(name for name, ok in checks.items() if not ok)
    if not checks["database"]:
        status, code = "unavailable", 503
    elif degraded:
        status, code = "degraded", 200
    else:
        status, code = "ok", 200
    return JsonResponse({"status": status, "checks": checks, "degraded": degraded}, status=code)
