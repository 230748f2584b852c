"""Fixtures for the fault tests: a Redis of the test's own and a way to start workers."""

from __future__ import annotations

import os
import shutil
import uuid

import pytest


@pytest.fixture
def own_redis(tmp_path):
    from tests.realstack import required_urls
    from tests.reliability.stack import OwnRedis

    if required_urls() is None:
        pytest.skip("realstack: DATABASE_URL and REDIS_URL are not both set (local SQLite run)")
    if shutil.which("redis-server") is None:
        pytest.fail("fault tests need the redis-server program (Debian package redis-server)")
    data = tmp_path / "redis"
    data.mkdir()
    server = OwnRedis(data)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def start_worker(own_redis, tmp_path):
    """start_worker(pool=..., env=...) → a running Worker on this test's queue."""
    from celery import Celery

    from tests.reliability.stack import Worker

    queue = f"fault-{uuid.uuid4().hex[:10]}"
    control = Celery("fault-test", broker=own_redis.url)
    control.conf.broker_connection_retry_on_startup = True
    started: list[Worker] = []

    def start(pool: str = "solo", env: dict[str, str] | None = None) -> Worker:
        worker = Worker(
            own_redis.url,
            os.environ["DATABASE_URL"],
            tmp_path / f"worker-{len(started)}.log",
            queue,
            pool=pool,
            env=env,
        )
        started.append(worker)
        worker.wait_ready(control)
        return worker

    start.control = control
    start.queue = queue
    yield start
    for worker in started:
        worker.stop()
    control.close()
