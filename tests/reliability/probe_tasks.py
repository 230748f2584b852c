"""A probe task for the fault tests: it records each run in Redis and can be held
mid-task until the test releases it (imported by the test's worker with ``-I``)."""

from __future__ import annotations

import os
import time

import redis
from celery import shared_task


@shared_task(name="reliability.probe")
def probe(redis_url: str, key: str, hold_seconds: float = 0.0) -> None:
    client = redis.Redis.from_url(redis_url)
    client.rpush(f"{key}:started", os.getpid())
    deadline = time.monotonic() + hold_seconds
    while time.monotonic() < deadline and not client.exists(f"{key}:release"):
        time.sleep(0.05)
    client.rpush(f"{key}:done", os.getpid())
