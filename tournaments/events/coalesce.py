"""Coalescing flags: "a task for this key is already on its way" (SET NX with expiry).

A burst of writes that all ask for the same recompute (a round's confirmations, 500
check-ins) enqueues one task: the first write sets the flag and sends the task with a
short countdown; later writes see a fresh flag and send nothing. The task clears the flag
*before* it reads the database, so a write committed after that read enqueues a fresh task
(nothing is missed). A flag older than the countdown plus a grace period means its task
was lost: the next write sends another (at worst one extra, idempotent run).

The flags live in Redis itself when ``REDIS_URL`` is set, keyed by the database name, so
web processes and workers share them whatever their cache key prefixes are; otherwise in
Django's cache (one process, eager tasks). When Redis cannot be reached the flags answer
"nothing pending", so the caller sends (and the send falls back to the outbox).
"""

from __future__ import annotations

import logging
import time
from functools import cache as memoize

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)

GRACE_SECONDS = 30


@memoize
def _redis():
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return None
    import redis

    return redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)


def _redis_errors() -> tuple[type[BaseException], ...]:
    import redis.exceptions

    return (redis.exceptions.RedisError, OSError)


class DirtyFlags:
    """SET NX with expiry over Redis, else over Django's cache."""

    def add(self, key: str, value: float, ttl: int) -> bool:
        client = _redis()
        if client is None:
            return cache.add(key, value, timeout=ttl)
        return bool(client.set(key, value, nx=True, ex=ttl))

    def get(self, key: str) -> float | None:
        client = _redis()
        value = cache.get(key) if client is None else client.get(key)
        return None if value is None else float(value)

    def set(self, key: str, value: float, ttl: int) -> None:
        client = _redis()
        if client is None:
            cache.set(key, value, timeout=ttl)
        else:
            client.set(key, value, ex=ttl)

    def delete(self, key: str) -> None:
        client = _redis()
        if client is None:
            cache.delete(key)
        else:
            client.delete(key)


flags = DirtyFlags()


def flag_key(kind: str, ident: int | str) -> str:
    database = settings.DATABASES["default"]["NAME"]
    return f"referee:{kind}:dirty:{database}:{ident}"


def claim(key: str, countdown: float) -> bool:
    """True when the caller should send the task (no fresh flag; the flag is now set)."""
    now = time.time()
    ttl = int(countdown) + GRACE_SECONDS * 2
    try:
        if flags.add(key, now, ttl):
            return True
        since = flags.get(key)
        if since is not None and now - since <= countdown + GRACE_SECONDS:
            return False  # a task is already on its way and will read this write
        flags.set(key, now, ttl)  # that task was lost: send another
        return True
    except _redis_errors() as error:
        logger.warning("coalescing flag %s unavailable (%r): sending anyway", key, error)
        return True


def release(key: str) -> None:
    """The task has started: later writes send a new one. Never raises."""
    try:
        flags.delete(key)
    except _redis_errors() as error:
        logger.warning("coalescing flag %s not cleared (%r)", key, error)
