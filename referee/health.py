"""/healthz: 200 when the database (and Redis, when configured) answer; 503 otherwise."""

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        return False


def _redis_ok(url: str) -> bool:
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except Exception:
        return False


@never_cache
@require_GET
def healthz(request):
    checks = {"database": _database_ok()}
    if settings.REDIS_URL:
        checks["redis"] = _redis_ok(settings.REDIS_URL)
    healthy = all(checks.values())
    body = {"status": "ok" if healthy else "unavailable", "checks": checks}
    return JsonResponse(body, status=200 if healthy else 503)
