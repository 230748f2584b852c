"""Result submitted → visible on the public standings, on its own (``load_public.py``
measures it after its wrk runs; wrk is not on every machine).

Seeds ``load_public``'s event (own database ``pub_bench``, Redis database 6), starts
gunicorn, the ``celery`` worker and the ``pages`` worker, waits until they are idle, then
submits 20 results one by one and polls ``standings/?partial=1`` every 20 ms until the new
snapshot shows. Prints each time and the median.

Usage: ``.venv/bin/python bench/bench_visible.py [--players 500]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import load_public as stack  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=500)
    args = parser.parse_args()
    stack.recreate_database()
    state = stack.seed(args.players)
    logs = Path(tempfile.mkdtemp(prefix="bench_visible_"))
    web, worker, pages = stack.start_services(logs, "visible")
    try:
        stack.wait_http(f"{stack.BASE}/ja/events/{stack.SLUG}/standings/")
        print(f"workers idle after {stack.wait_workers_idle([worker, pages]):.1f}s")
        timings = stack.confirm_to_visible(state)
        print("seconds:", [round(t, 2) for t in timings])
        print(f"median {statistics.median(timings):.2f} s, min {min(timings):.2f}, "
              f"max {max(timings):.2f}")  # fmt: skip
    finally:
        for process in (web, worker, pages):
            stack.stop(process)


if __name__ == "__main__":
    main()
