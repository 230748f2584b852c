"""Fault-test stack: a redis-server of the test's own on a port of its own (stopped and
started at will, its data kept on disk like production's appendonly Redis), and real
``celery -A referee worker`` processes pointed at it.

Only processes started here are ever stopped or killed, by their pid.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import redis

ROOT = Path(__file__).resolve().parents[2]
PORTS = range(6390, 6400)  # this engineer's ports for fault tests
T = TypeVar("T")


def _port_free(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


class OwnRedis:
    """A redis-server on 127.0.0.1:<port>, appendonly like docker-compose's."""

    def __init__(self, data_dir: Path) -> None:
        self.port = next((p for p in PORTS if _port_free(p)), None)
        if self.port is None:
            raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")
        self.data_dir = data_dir
        self.process: subprocess.Popen | None = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.data_dir), "--appendonly", "yes", "--save", "",
             "--logfile", str(self.data_dir / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.client().ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {self.port} did not start")

    def stop(self) -> None:
        """SIGTERM: Redis flushes its append-only file and exits, like a restart."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_connect_timeout=1, socket_timeout=5)


class Worker:
    """``celery -A referee worker`` on one private queue, its log in a file."""

    def __init__(
        self,
        broker_url: str,
        database_url: str,
        log_path: Path,
        queue: str,
        pool: str = "solo",
        env: dict[str, str] | None = None,
    ) -> None:
        self.queue = queue
        self.nodename = f"{queue}-{uuid.uuid4().hex[:6]}@{socket.gethostname()}"
        self.log_path = log_path
        child_env = {k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_WORKER"}
        child_env.update(
            DJANGO_SETTINGS_MODULE="referee.settings.test",
            DATABASE_URL=database_url,
            REDIS_URL=broker_url,
            CONN_MAX_AGE="0",
            CELERY_TRACE_LOG_LEVEL="INFO",
            **(env or {}),
        )
        self._log = open(log_path, "a")  # noqa: SIM115 - closed in stop()
        command = [
            sys.executable, "-m", "celery", "-A", "referee", "worker", f"--pool={pool}",
            "-Q", queue, "-n", self.nodename, "-I", "tests.reliability.probe_tasks",
            "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
        ]  # fmt: skip
        if pool == "prefork":
            command.append("--concurrency=1")
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=child_env, stdout=self._log, stderr=subprocess.STDOUT
        )

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_ready(self, app, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive():
                raise AssertionError(f"the worker exited:\n{self.log()}")
            # A solo worker busy with a redelivered task cannot answer a ping: its log
            # says when it is consuming.
            if f"{self.nodename} ready." in self.log():
                return
            time.sleep(0.1)
        raise AssertionError(f"no answer from {self.nodename} in {timeout}s:\n{self.log()}")

    def kill_hard(self) -> None:
        """kill -9 of the worker process itself (no warm or cold shutdown)."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()


def wait_for(probe: Callable[[], T], timeout: float, what: str, log: Callable[[], str]) -> T:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = probe()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"{what} did not happen in {timeout}s:\n{log()}")
