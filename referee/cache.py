"""Django's Redis cache, degraded to a miss while Redis is away.

Every page reads the cache first. With Django's ``RedisCache`` a stopped Redis raised
``ConnectionError`` out of every view, so public standings and the event list answered
500 although everything they show is in the database. This backend treats a Redis
connection failure as a miss: reads return the default, writes do nothing, ``add``
answers True (whoever asked may go ahead: every guard in this project protects work that
is safe to do twice). Pages then render from the database.

After a failure the backend does not try Redis again for ``RETRY_AFTER`` seconds, so an
outage costs one connect timeout per process every few seconds, not one per call.
Errors that are not about the connection (a bad key, a serialisation error) still raise.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import redis.exceptions
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)
T = TypeVar("T")

CONNECTION_ERRORS = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    redis.exceptions.BusyLoadingError,
    ConnectionError,
    TimeoutError,
)


class Outage:
    """Whether Redis was unreachable a moment ago (per process, thread-safe)."""

    def __init__(self, retry_after: float) -> None:
        self.retry_after = retry_after
        self._until = 0.0
        self._lock = threading.Lock()
        self.failures = 0

    def active(self) -> bool:
        return time.monotonic() < self._until

    def record(self, error: BaseException) -> None:
        with self._lock:
            first = not self.active()
            self._until = time.monotonic() + self.retry_after
            self.failures += 1
        if first:
            logger.warning("Redis cache unreachable, serving without it: %r", error)

    def clear(self) -> None:
        self._until = 0.0


class DegradingRedisCache(RedisCache):
    RETRY_AFTER = 2.0

    def __init__(self, server, params):
        super().__init__(server, params)
        self.outage = Outage(self.RETRY_AFTER)

    def _guard(self, call: Callable[[], T], fallback: T) -> T:
        if self.outage.active():
            return fallback
        try:
            return call()
        except CONNECTION_ERRORS as error:
            self.outage.record(error)
            return fallback

    def available(self) -> bool:
        """False while an outage is being waited out (no call to Redis is made)."""
        return not self.outage.active()

    def get(self, key, default=None, version=None):
        return self._guard(
            lambda: super(DegradingRedisCache, self).get(key, default, version), default
        )

    def get_many(self, keys, version=None):
        return self._guard(lambda: super(DegradingRedisCache, self).get_many(keys, version), {})

    def has_key(self, key, version=None):
        return self._guard(lambda: super(DegradingRedisCache, self).has_key(key, version), False)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(
            lambda: super(DegradingRedisCache, self).add(key, value, timeout, version), True
        )

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._guard(
            lambda: super(DegradingRedisCache, self).set(key, value, timeout, version), None
        )

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(
            lambda: super(DegradingRedisCache, self).set_many(data, timeout, version), []
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guard(
            lambda: super(DegradingRedisCache, self).touch(key, timeout, version), False
        )

    def delete(self, key, version=None):
        return self._guard(lambda: super(DegradingRedisCache, self).delete(key, version), False)

    def delete_many(self, keys, version=None):
        self._guard(lambda: super(DegradingRedisCache, self).delete_many(keys, version), None)

    def incr(self, key, delta=1, version=None):
        # No sensible number without Redis: "the key is missing", as Django says it.
        sentinel = object()
        value = self._guard(
            lambda: super(DegradingRedisCache, self).incr(key, delta, version), sentinel
        )
        if value is sentinel:
            raise ValueError(f"Key '{key}' not found (Redis unavailable)")
        return value

    def clear(self):
        return self._guard(lambda: super(DegradingRedisCache, self).clear(), False)
