"""The public standings of a 500-player event through nginx (deploy/nginx/referee.conf)
against gunicorn's cheapest response, side by side in one run, with wrk.

    .venv/bin/python bench/bench_edge.py [--players 500] [--duration 10] [--visible]
    .venv/bin/python bench/bench_edge.py --visible --visible-only   # issue 31's figure

Loopback only, no TLS (the configuration's "# tls" lines dropped, as in
tests/tournaments/public/test_edge_nginx.py). Its own database (``edge_bench``), the
benches' Redis database (``BENCH_REDIS_URL``, load_public's default 6, flushed),
production's gunicorn.conf.py and both Celery workers as bench/load_public.py starts them.
Figures: closed loop (200 connections, gzip, as phones send) and paced (200 clients,
150 ms between requests) for
1. gunicorn's cheapest response: ``/favicon.ico`` from whitenoise, before any view;
2. the standings page straight from gunicorn (the WSGI fast path);
3. the standings page through nginx (the one-second micro-cache).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

DB_NAME = "edge_bench"
os.environ.setdefault("BENCH_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/{DB_NAME}")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import load_public as lp  # noqa: E402  (reads the setting above)

NGINX = "/usr/sbin/nginx"
EDGE_PORT = int(os.environ.get("BENCH_EDGE_PORT", "8766"))


def recreate_database() -> None:
    import psycopg
    import redis

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        c.execute(f"CREATE DATABASE {DB_NAME}")
    redis.Redis.from_url(lp.REDIS_URL).flushdb()


def start_nginx(tmp: Path) -> subprocess.Popen:
    conf = (lp.ROOT / "deploy" / "nginx" / "referee.conf").read_text()
    text = "\n".join(line for line in conf.splitlines() if not line.rstrip().endswith("# tls"))
    for old, new in [
        ("server web:8000;", f"server 127.0.0.1:{lp.PORT};"),
        ("server live:8001;", f"server 127.0.0.1:{lp.PORT};"),
        ("/var/cache/nginx/referee", str(tmp / "cache")),
        ("root /srv;", f"root {tmp};"),
        ("    server_name _;", f"    listen 127.0.0.1:{EDGE_PORT};\n    server_name _;"),
    ]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (tmp / "referee.conf").write_text(text)
    temp = "".join(
        f"  {n}_temp_path {tmp / n};\n"
        for n in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (tmp / "nginx.conf").write_text(
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"worker_processes auto;\ndaemon off;\npid {tmp / 'nginx.pid'};\n"
        f"error_log {tmp / 'error.log'} warn;\nevents {{ worker_connections 1024; }}\n"
        f"http {{\n  include /etc/nginx/mime.types;\n{temp}"
        # When nginx asked the application and what it did, for --visible's trace.
        "  log_format edge '$msec $request_uri $status cache=$upstream_cache_status "
        "upstream=$upstream_status $upstream_response_time $upstream_http_etag';\n"
        f"  access_log {tmp / 'access.log'} edge if=$edge_log;\n"
        "  map $request_uri $edge_log { ~partial=1 1; default 0; }\n  log_subrequest on;\n"
        f"  include {tmp / 'referee.conf'};\n}}\n"
    )
    return subprocess.Popen(
        [NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-e", str(tmp / "error.log")],
        start_new_session=True,
    )


def measure(name: str, url: str, duration: int) -> dict:
    closed = lp.wrk(url, 200, duration, lp.GZIP)
    paced = lp.wrk(url, 200, duration, lp.GZIP + lp.PACED)
    print(f"{name}: closed c=200 {closed['rps']:.0f} req/s p99 {closed['p99_ms']:.1f} ms "
          f"(non-2xx {closed['non2xx']:.0f}, errors {closed['errors']:.0f}); paced "
          f"{paced['rps']:.0f} req/s p99 {paced['p99_ms']:.1f} ms", flush=True)  # fmt: skip
    return {"closed": closed, "paced": paced}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument(
        "--visible",
        action="store_true",
        help="then submit 20 results and time each until visible through nginx",
    )
    parser.add_argument(
        "--visible-only",
        action="store_true",
        help="with --visible: skip the throughput figures (no wrk needed)",
    )
    args = parser.parse_args()
    logs = Path(tempfile.mkdtemp(prefix="bench_edge_"))
    recreate_database()
    t0 = time.monotonic()
    state = lp.seed(args.players)
    print(f"seeded {args.players} players in {time.monotonic() - t0:.1f}s; logs in {logs}")
    web, worker, pages = lp.start_services(logs, "edge")
    edge = start_nginx(logs)
    try:
        path = f"/ja/events/{lp.SLUG}/standings/"
        lp.wait_http(lp.BASE + path)
        lp.wait_http(f"http://127.0.0.1:{EDGE_PORT}{path}")
        print(f"workers idle after {lp.wait_workers_idle([worker, pages]):.1f}s", flush=True)
        with open("/proc/loadavg") as f:
            print(f"load average before: {f.read().split()[:3]}")
        if not args.visible_only:
            cheapest = measure("gunicorn /favicon.ico", lp.BASE + "/favicon.ico", args.duration)
            direct = measure("gunicorn standings", lp.BASE + path, args.duration)
            edged = measure("nginx standings", f"http://127.0.0.1:{EDGE_PORT}{path}", args.duration)
            hit = urllib.request.urlopen(f"http://127.0.0.1:{EDGE_PORT}{path}")
            print(f"X-Cache-Status after the run: {hit.headers['X-Cache-Status']}")
            for kind in ("closed", "paced"):
                ratio = edged[kind]["rps"] / cheapest[kind]["rps"]
                print(f"{kind}: nginx standings / gunicorn favicon = {ratio:.1f}x "
                      f"(gunicorn standings / favicon = "
                      f"{direct[kind]['rps'] / cheapest[kind]['rps']:.2f}x)")  # fmt: skip
        if args.visible:
            # A confirmed result on the standings read through the edge (its micro-cache
            # may hold the previous page for up to a second on top of the application).
            trace: list = []
            timings = lp.confirm_to_visible(
                state, base=f"http://127.0.0.1:{EDGE_PORT}", trace=trace
            )
            print("seconds after each commit: snapshot written, page due, render stored, "
                  "visible through the edge:")  # fmt: skip
            for stages in trace:
                print("  ", stages)
            print("visible through the edge, seconds:", [round(t, 2) for t in timings])
            print(f"visible through the edge: median {statistics.median(timings):.2f} s, "
                  f"max {max(timings):.2f}")  # fmt: skip
    finally:
        edge.terminate()
        edge.wait(timeout=10)
        for proc in (web, worker, pages):
            lp.stop(proc)


if __name__ == "__main__":
    main()
