"""A real Celery worker process for realstack tests (see tests/README.md).

The worker runs ``celery -A referee worker --pool=solo`` on a queue unique to this test
run, with DATABASE_URL pointing at pytest-django's test database, so it sees the rows a
``django_db(transaction=True)`` test commits.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
T = TypeVar("T")


class RealStackUnavailable(RuntimeError):
    pass


def required_urls() -> tuple[str, str] | None:
    """(DATABASE_URL, REDIS_URL), or None when either is unset (a local SQLite run)."""
    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    if not database_url or not redis_url:
        return None
    return database_url, redis_url


def check_redis(redis_url: str) -> None:
    import redis

    client = redis.Redis.from_url(redis_url, socket_connect_timeout=3, socket_timeout=3)
    try:
        client.ping()
    except redis.RedisError as error:
        raise RealStackUnavailable(f"REDIS_URL={redis_url} does not answer: {error}") from error
    finally:
        client.close()


def with_database_name(database_url: str, name: str) -> str:
    return urlparse(database_url)._replace(path=f"/{name}").geturl()


class RealWorker:
    def __init__(self, database_url: str, redis_url: str, log_path: Path) -> None:
        self.queue = f"referee-test-{uuid.uuid4().hex[:12]}"
        self.nodename = f"{self.queue}@{socket.gethostname()}"
        self.log_path = log_path
        from django.conf import settings

        env = {k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_WORKER"}
        env.update(
            DJANGO_SETTINGS_MODULE="referee.settings.test",
            # The worker's cache writes (versions, renders) must be the ones this process reads.
            TEST_CACHE_KEY_PREFIX=settings.CACHES["default"]["KEY_PREFIX"],
            DATABASE_URL=database_url,
            REDIS_URL=redis_url,
            CONN_MAX_AGE="0",
            CELERY_TRACE_LOG_LEVEL="INFO",
        )
        self._log = open(log_path, "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "referee", "worker", "--pool=solo",
             "-Q", self.queue, "-n", self.nodename, "--without-gossip", "--without-mingle",
             "--without-heartbeat", "--loglevel=INFO"],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
        )  # fmt: skip

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, app, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RealStackUnavailable(f"the Celery worker exited:\n{self.log()}")
            if app.control.ping(destination=[self.nodename], timeout=1.0):
                return
        raise RealStackUnavailable(f"no answer from {self.nodename} in {timeout}s:\n{self.log()}")

    def wait_for(self, probe: Callable[[], T], timeout: float = 60.0) -> T:
        """Poll ``probe`` until it returns something truthy; fail with the worker's log."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            result = probe()
            if result:
                return result
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        raise AssertionError(f"the worker did not produce the effect in {timeout}s:\n{self.log()}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()


def route_to(app, queue: str | None, eager: bool) -> None:
    """Point this process's Celery producer at ``queue`` (None: the default) and set eager.

    Celery caches its queue table and router on first use, so those caches are dropped.
    """
    from django.conf import settings

    app.conf.task_always_eager = eager
    app.conf.task_default_queue = queue or "celery"
    # The test's worker consumes only its own queue: every task goes there, routed ones too.
    app.conf.task_routes = {"*": {"queue": queue}} if queue else settings.CELERY_TASK_ROUTES
    for cached in ("queues", "default_queue", "router"):
        app.amqp.__dict__.pop(cached, None)
    app.amqp._rtable = None
