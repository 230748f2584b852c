"""The engine list loads on first use; threads that arrive while it loads wait for it.

Found by bench/bench_rush.py (issue 21): in a fresh gunicorn gthread worker, two judges'
first submissions at once left one of them stored as a draft with "no engine for
'imhotep'" — the second thread read the registry while the first was still filling it."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

from engines.registry import Registry


def _slow_loader(registry: Registry) -> None:
    for key in ("first", "second"):
        time.sleep(0.05)  # importing a game takes a while
        registry.register(SimpleNamespace(meta=SimpleNamespace(key=key)))


def test_threads_arriving_during_the_first_load_wait_for_every_engine():
    registry = Registry(loader=_slow_loader)
    found, errors = [], []

    def use():
        try:
            found.append(registry.get("second").meta.key)
        except LookupError as error:
            errors.append(error)

    threads = [threading.Thread(target=use) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and found == ["second"] * 4


def test_the_loading_thread_may_ask_the_registry_while_it_loads():
    def loader(registry: Registry) -> None:
        registry.register(SimpleNamespace(meta=SimpleNamespace(key="first")))
        assert registry.keys() == ("first",)  # a game's import asking: no deadlock
        registry.register(SimpleNamespace(meta=SimpleNamespace(key="second")))

    registry = Registry(loader=loader)
    assert registry.keys() == ("first", "second")
