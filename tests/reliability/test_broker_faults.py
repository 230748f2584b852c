"""Broker faults against real processes: a redis-server of the test's own that is stopped
and started, and real Celery workers that are killed with SIGKILL (issue 21).

- kill -9 of the worker mid-task: the message was acknowledged late, so it is still in
  Redis and another worker runs the task again (at-least-once; tasks are idempotent).
- Redis stopped and started while the worker holds a countdown task: the worker survives
  (Celery 5.7.0 alone dies here with ``AttributeError: 'NoneType' object has no attribute
  'hostname'`` in kombu's restore of unacked messages; referee/celery_worker.py), keeps
  consuming, and the held task still runs.
"""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.reliability.stack import wait_for

pytestmark = pytest.mark.realstack

# Short enough for a test to wait out; the production default is 300 s (settings).
FAST_REDELIVERY = {"CELERY_BROKER_VISIBILITY_TIMEOUT": "3"}


def _send(start_worker, own_redis, key: str, hold: float = 0.0, countdown: float | None = None):
    start_worker.control.send_task(
        "reliability.probe",
        args=[own_redis.url, key, hold],
        queue=start_worker.queue,
        countdown=countdown,
    )


def _runs(own_redis, key: str, stage: str) -> int:
    return own_redis.client().llen(f"{key}:{stage}")


def test_a_task_running_when_its_worker_is_killed_runs_again_on_another(own_redis, start_worker):
    """The production shape: a prefork worker whose main process is killed (its pool
    child, orphaned, is killed too). Without late acks the main process acknowledged the
    message when the child took it, and the task was gone with the worker."""
    first = start_worker(pool="prefork", env=FAST_REDELIVERY)
    _send(start_worker, own_redis, "killed", hold=120)
    wait_for(lambda: _runs(own_redis, "killed", "started") == 1, 30, "the task start", first.log)
    child_pid = int(own_redis.client().lindex("killed:started", 0))
    first.kill_hard()
    os.kill(child_pid, signal.SIGKILL)  # the orphaned pool child this test's worker started
    assert _runs(own_redis, "killed", "done") == 0
    assert own_redis.client().hlen("unacked") == 1  # acknowledged late: still Redis's

    second = start_worker(env=FAST_REDELIVERY)
    wait_for(
        lambda: _runs(own_redis, "killed", "started") == 2,
        40,
        "redelivery of the killed worker's task",
        second.log,
    )
    own_redis.client().set("killed:release", 1)
    wait_for(lambda: _runs(own_redis, "killed", "done") == 1, 30, "the rerun", second.log)
    wait_for(lambda: own_redis.client().hlen("unacked") == 0, 10, "the ack", second.log)


def test_a_pool_process_killed_mid_task_has_its_task_requeued_at_once(own_redis, start_worker):
    """reject_on_worker_lost: the prefork parent sees its child die and requeues the
    message itself, without waiting for the visibility timeout (set long here)."""
    worker = start_worker(pool="prefork", env={"CELERY_BROKER_VISIBILITY_TIMEOUT": "600"})
    _send(start_worker, own_redis, "child", hold=120)
    wait_for(lambda: _runs(own_redis, "child", "started") == 1, 30, "the task start", worker.log)
    child_pid = int(own_redis.client().lindex("child:started", 0))
    assert child_pid != worker.process.pid
    os.kill(child_pid, signal.SIGKILL)  # the pool child this test's worker started
    wait_for(lambda: _runs(own_redis, "child", "started") == 2, 40, "the requeued run", worker.log)
    own_redis.client().set("child:release", 1)
    wait_for(lambda: _runs(own_redis, "child", "done") == 1, 30, "the rerun", worker.log)


def test_the_worker_survives_a_broker_restart_while_holding_countdown_tasks(
    own_redis, start_worker
):
    worker = start_worker(pool="prefork", env={"CELERY_BROKER_VISIBILITY_TIMEOUT": "8"})
    for n in range(3):
        _send(start_worker, own_redis, f"held{n}", countdown=4)
    # The worker has taken the countdown messages: they wait in its memory, unacked.
    wait_for(lambda: own_redis.client().hlen("unacked") == 3, 20, "the prefetch", worker.log)

    own_redis.stop()
    time.sleep(3)
    assert worker.alive(), worker.log()
    own_redis.start()
    time.sleep(3)  # the worker notices, closes the broken connection, reconnects

    assert worker.alive(), f"the worker died in the broker blip:\n{worker.log()}"
    _send(start_worker, own_redis, "after")
    wait_for(lambda: _runs(own_redis, "after", "done") == 1, 40, "a task after", worker.log)
    for n in range(3):  # the held countdown tasks were not lost either
        wait_for(
            lambda n=n: _runs(own_redis, f"held{n}", "done") >= 1,
            60,
            f"countdown task {n}",
            worker.log,
        )
    assert "Unrecoverable error" not in worker.log()
