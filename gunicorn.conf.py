"""gunicorn settings for production (docker-compose's "web") and for the load benchmark
(bench/load_public.py), so the figures in docs/benchmarks.md are the configuration that
runs. Command-line flags still override these (the bench sets its port and worker count).

Why threads and keep-alive: a café's phones poll the public pages every few seconds, and
most answers are a cached page or a 304 from the WSGI fast path (tournaments/public/wsgi.py),
short and light on CPU. ``gthread`` workers keep each phone's connection open (keep-alive
30 s) and serve it from a thread, so a poll costs no TCP or TLS handshake and one process
serves many phones; ``sync`` workers close every connection and hold a whole process per
request. No access log: formatting and writing a line per request cost measurable CPU at
these rates, the proxy in front logs the requests anyway, and every request Django answers
has its own line (referee/request_log.py); set GUNICORN_ACCESS_LOG=- to get one.

A restart (SIGTERM, a deploy) lets in-flight requests finish within ``graceful_timeout``;
docker-compose gives the container longer than that before it kills it.
"""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
keepalive = 30
backlog = 2048
timeout = 30
graceful_timeout = 30
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
# An access log, when asked for, never carries a private or judge token (referee/logredact.py).
logger_class = "referee.logredact.GunicornLogger"
errorlog = "-"


# /metrics adds up every worker process's per-view figures through files in this folder
# (prometheus_client's multiprocess mode); it is emptied at start and a dead worker's
# files are marked so its gauges go.
os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", "/tmp/referee-prometheus")


def on_starting(server):
    import shutil

    folder = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder, exist_ok=True)


def child_exit(server, worker):
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
