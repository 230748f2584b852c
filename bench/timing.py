"""Timing helpers shared by the engine benchmarks (run on demand, never in the test suite)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(fn: Callable[[], object], runs: int) -> float:
    """Median wall time of one call, in ms, after one warm-up call."""
    fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def cpu_ms(fn: Callable[[], object], runs: int) -> float:
    """Mean CPU time of one call (``time.process_time``), in ms: what a shared, loaded
    machine inflates far less than wall time."""
    fn()
    start = time.process_time()
    for _ in range(runs):
        fn()
    return (time.process_time() - start) * 1000 / runs
