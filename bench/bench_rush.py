"""Issue 21's scale target: public reads of a 2,000-player event while 500 tables confirm
through the API within ten minutes. Reports p50/p95/p99 of the reads and the confirm
throughput.

    python bench/bench_rush.py                               # the target (≈ 15 min)
    python bench/bench_rush.py --players 200 --duration 20   # short mode: a smoke run
    python bench/bench_rush.py --edge                        # the readers through nginx

The stack is the production one, as ``bench/load_public.py`` runs it (its seeding and
process helpers are reused): gunicorn with ``gunicorn.conf.py`` (gthread, keep-alive, no
access log), PostgreSQL, Redis, a Celery worker on the ``celery`` queue (2 processes) and
one on ``pages``. It (re)creates its own database (``rush_bench``, or
``BENCH_DATABASE_URL``) and flushes its Redis database (``BENCH_REDIS_URL``, default 6,
the benchmarks' own); ``BENCH_PORT`` moves the server off 8765.

What runs at once for ``--duration`` seconds (default 600: the issue's ten minutes):

* **readers**: ``--readers`` keep-alive HTTP clients spread over ``--client-processes``
  processes (no shared GIL), each reading one page, waiting ``--think`` seconds, reading the
  next; the mix is the event's standings (ja), the current round's seating (ja), public
  player pages and private pages of random players (a café's phones). Latency is from
  sending the request to the last byte of the answer; a non-2xx/304 answer is an error.
* **judges**: ``--tables`` tables of round 2 (default: all of them, 500 at 2,000 players),
  started evenly over the duration by ``--judges`` threads. Each table's head judge
  submits the sheet (``POST /api/tables/<id>/results/``) and confirms it
  (``POST /api/results/<id>/confirm/``) with an API token. The event confirms by players,
  so every result waits for the confirmation, and each confirmation recomputes the
  standings and refreshes the pages.

Then it waits until the workers are idle and checks that the standings read every
confirmed result (``standings_stale_event_ids``): the time to settle is the lag a rush
leaves behind. The client runs on the same machine as the server: on a small machine it
takes CPU from the server, so compare runs made with the same options.

``--edge`` (issue 31): the readers and the standings probe go through nginx with the
repository's configuration (``deploy/nginx/referee.conf`` on loopback port
``BENCH_EDGE_PORT``, 8766, started as ``bench/bench_edge.py`` starts it); the judges still
post to gunicorn. The report records the load average before and after the rush.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

os.environ.setdefault("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/rush_bench")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import load_public as stack  # noqa: E402 - after the database default is set

HOST, PORT = "127.0.0.1", stack.PORT
SHEET = json.loads((stack.ROOT / "engines/imhotep/examples/imhotep-4p-sheet.json").read_text())


def recreate_database() -> None:
    import psycopg
    import redis

    name = urllib.parse.urlsplit(stack.DATABASE_URL).path.lstrip("/")
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        c.execute(f'CREATE DATABASE "{name}"')
    redis.Redis.from_url(stack.REDIS_URL).flushdb()


def seed(players: int) -> dict:
    """load_public's event (round 1 played and closed, standings computed), then: the event
    confirms by players, round 2 is published as the console publishes it (its pages
    render on the pages worker once it starts) and a head judge has an API token."""
    state = stack.seed(players)
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tournaments.events.models import EventRole, Registration, Seat
    from tournaments.results.models import EventResultSettings
    from tournaments.seating.services import round_publish

    event_id = state["event_id"]
    EventResultSettings.objects.filter(event_id=event_id).update(confirmation_policy="players")
    head = get_user_model().objects.create_user("rush-head-judge", password=None)
    EventRole.objects.create(user=head, event_id=event_id, role=EventRole.Kind.HEAD_JUDGE)
    # Through the service, as the console's button: its announcement renders every page
    # of the round, private pages included, before the round shows (a bare save announces
    # nothing, and every reader's first visit would render in the request).
    round_publish(round_id=state["round2_id"])
    state["token"] = Token.objects.create(user=head).key
    state["registrations"] = list(
        Registration.objects.filter(event_id=event_id).values_list("pk", flat=True)
    )
    names: dict[int, list[str]] = {}
    for seat in (
        Seat.objects.filter(table__round_id=state["round2_id"])
        .order_by("table_id", "position")
        .select_related("registration__player")
    ):
        names.setdefault(seat.table_id, []).append(seat.registration.player.display_name)
    state["names"] = names
    return state


def reader_paths(state: dict) -> list[tuple[str, str]]:
    """(kind, path) to read, weighted: standings and seating are the pages everyone has
    open; each phone also has its player's pages."""
    slug = stack.SLUG
    paths = [("standings", f"/ja/events/{slug}/standings/")] * 20
    paths += [("seating", f"/ja/events/{slug}/rounds/2/seating/")] * 20
    for registration in state["registrations"][:300]:
        paths.append(("player", f"/ja/events/{slug}/players/{registration}/"))
    for token in state["tokens"][:300]:
        paths.append(("private", f"/ja/p/{token}/"))
    return paths


def _read_loop(paths, until: float, think: float, seed: int, out: list, port: int) -> None:
    rng = random.Random(seed)
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    headers = {"Accept-Encoding": "gzip", "Accept-Language": "ja"}
    while time.time() < until:
        kind, path = rng.choice(paths)
        started = time.perf_counter()
        try:
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            response.read()
            ok = response.status in (200, 304)
        except (OSError, http.client.HTTPException):
            ok = False
            connection.close()
            connection = http.client.HTTPConnection(HOST, port, timeout=10)
        out.append((kind, time.perf_counter() - started, ok))
        if think:
            time.sleep(rng.uniform(0.5 * think, 1.5 * think))
    connection.close()


def _reader_process(
    paths, until: float, think: float, threads: int, seed: int, queue, port: int
) -> None:
    results: list = []
    pool = [
        threading.Thread(
            target=_read_loop, args=(paths, until, think, seed * 1000 + n, results, port)
        )
        for n in range(threads)
    ]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    queue.put(results)


def _probe_standings(until: float, out: list, port: int) -> None:
    """Every half second, which standings snapshot the public standings page shows."""
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    path = f"/ja/events/{stack.SLUG}/standings/?partial=1"
    while time.time() < until:
        try:
            connection.request("GET", path, headers={"Accept-Language": "ja"})
            body = connection.getresponse().read().decode()
            match = re.search(r'data-snapshot="(\d+)"', body)
            if match:
                out.append((time.time(), int(match.group(1))))
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection(HOST, port, timeout=10)
        time.sleep(0.5)
    connection.close()


def standings_lag(probes: list[tuple[float, int]], event_id: int) -> dict:
    """How far behind the newest snapshot the page was at each probe: 0 when it showed the
    newest one, else the seconds since the first snapshot it did not show was written."""
    from tournaments.standings.models import StandingsSnapshot

    written = sorted(
        (version, at.timestamp())
        for version, at in StandingsSnapshot.objects.filter(event_id=event_id).values_list(
            "version", "computed_at"
        )
    )
    lags = []
    for at, shown in probes:
        newer = [w for version, w in written if version > shown and w <= at]
        lags.append(max(0.0, at - min(newer)) if newer else 0.0)
    return {**percentiles(lags), "probes": len(probes)}


class Judges:
    """Submit and confirm each table's result through the API, started evenly over the
    duration by a few threads."""

    def __init__(self, state: dict, tables: int, duration: float, threads: int) -> None:
        self.state, self.duration, self.threads = state, duration, threads
        self.tables = state["round2_tables"][:tables]
        self.next, self.lock = 0, threading.Lock()
        self.submit_times: list[float] = []
        self.confirm_times: list[float] = []
        self.failures: list[str] = []
        self.confirmed_at: list[float] = []

    def _post(self, connection, path: str, body: dict) -> tuple[int, dict, float]:
        headers = {
            "Authorization": f"Token {self.state['token']}",
            "Content-Type": "application/json",
        }
        started = time.perf_counter()
        connection.request("POST", path, json.dumps(body), headers)
        response = connection.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - started
        return response.status, (json.loads(data) if data else {}), elapsed

    def _work(self, started: float) -> None:
        connection = http.client.HTTPConnection(HOST, PORT, timeout=60)
        while True:
            with self.lock:
                index, self.next = self.next, self.next + 1
            if index >= len(self.tables):
                break
            due = started + index * self.duration / len(self.tables)
            time.sleep(max(0.0, due - time.monotonic()))
            table_id = self.tables[index]
            payload = {**SHEET, "players": self.state["names"][table_id]}
            try:
                code, body, took = self._post(
                    connection,
                    f"/api/tables/{table_id}/results/",
                    {"kind": "sheet", "payload": payload, "idempotency_key": f"rush-{table_id}"},
                )
                self.submit_times.append(took)
                if code not in (200, 201):
                    self.failures.append(f"submit {table_id}: {code} {body}")
                    continue
                code, body, took = self._post(connection, f"/api/results/{body['id']}/confirm/", {})
                self.confirm_times.append(took)
                if code != 200 or body.get("status") != "confirmed":
                    self.failures.append(f"confirm {table_id}: {code} {body.get('status', body)}")
                    continue
                self.confirmed_at.append(time.monotonic())
            except (OSError, http.client.HTTPException, ValueError) as error:
                self.failures.append(f"table {table_id}: {error!r}")
                connection.close()
                connection = http.client.HTTPConnection(HOST, PORT, timeout=60)
        connection.close()

    def run(self) -> float:
        started = time.monotonic()
        pool = [threading.Thread(target=self._work, args=(started,)) for _ in range(self.threads)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
        return started


def percentiles(values: list[float]) -> dict:
    if len(values) < 2:
        return {"n": len(values)}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {
        "n": len(values),
        "p50_ms": round(cuts[49] * 1000, 1),
        "p95_ms": round(cuts[94] * 1000, 1),
        "p99_ms": round(cuts[98] * 1000, 1),
        "max_ms": round(max(values) * 1000, 1),
    }


def prerendered(state: dict) -> None:
    """Stop unless the publication stored the private pages the readers will ask for:
    without it every reader's first visit renders in the request, and the run measures
    that instead of the rush (a bare ``Round.save()`` announces nothing, and this bench
    measured exactly that for two days unnoticed)."""
    from tournaments.events.models import Registration
    from tournaments.public import cache as public_cache

    owners = Registration.objects.filter(event_id=state["event_id"]).values_list(
        "pk", "private_token"
    )
    # An older render counts: it is served at once while the batch renders the new one.
    stored = 0
    for pk, token in owners:
        found = public_cache.lookup(stack.SLUG, f"/ja/p/{token}/", "ja", player=pk)
        stored += found.html is not None or found.stale_html is not None
    print(f"private pages stored before the rush: {stored} of {len(owners)}")
    if stored < len(owners):
        raise SystemExit("round 2 was not prerendered: the readers would measure renders")


def run(args) -> dict:
    state = seed(args.players)
    logs = Path(tempfile.mkdtemp(prefix="bench_rush_"))
    web, worker, pages = stack.start_services(
        logs, "rush", HOST, ("-w", str(args.workers), "--threads", str(args.threads))
    )
    print(f"logs in {logs}")
    edge, read_port = None, PORT
    if args.edge:  # the readers (and the standings probe) through nginx; the judges direct
        from bench import bench_edge

        edge, read_port = bench_edge.start_nginx(logs), bench_edge.EDGE_PORT
    try:
        stack.wait_http(f"http://{HOST}:{PORT}/ja/events/{stack.SLUG}/standings/")
        if edge is not None:
            stack.wait_http(f"http://{HOST}:{read_port}/ja/events/{stack.SLUG}/standings/")
        # Round 2's publication renders every player's pages first (the flip), then the
        # ratings run: the measurement starts on idle workers.
        idle = stack.wait_workers_idle([worker, pages], timeout=args.settle_timeout)
        print(f"workers idle after {idle:.1f}s (round 2 published and rendered)")
        prerendered(state)
        paths = reader_paths(state)
        from django.db import connections

        connections.close_all()  # the reader processes are forks: no shared socket
        until = time.time() + args.duration
        queue = multiprocessing.get_context("fork").Queue()
        per_process = max(1, args.readers // args.client_processes)
        readers = [
            multiprocessing.get_context("fork").Process(
                target=_reader_process,
                args=(paths, until, args.think, per_process, n, queue, read_port),
            )
            for n in range(args.client_processes)
        ]
        for process in readers:
            process.start()
        with open("/proc/loadavg") as f:
            load_before = f.read().split()[:3]
        probes: list = []
        prober = threading.Thread(target=_probe_standings, args=(until, probes, read_port))
        prober.start()
        judges = Judges(state, args.tables, args.duration, args.judges)
        started = judges.run()
        prober.join()
        reads: list = []
        for _ in readers:
            reads.extend(queue.get(timeout=args.duration + 120))
        for process in readers:
            process.join()
        with open("/proc/loadavg") as f:
            load_after = f.read().split()[:3]
        confirmed = len(judges.confirmed_at)
        last = max(judges.confirmed_at, default=started)
        settled = stack.wait_workers_idle([worker, pages], timeout=args.settle_timeout, report=True)
        from tournaments.standings.services import standings_stale_event_ids

        stale = state["event_id"] in standings_stale_event_ids()
    finally:
        if edge is not None:
            edge.terminate()
            edge.wait(timeout=10)
        stack.stop(web)
        stack.stop(worker)
        stack.stop(pages)
    latencies = [seconds for _, seconds, ok in reads if ok]
    report = {
        "players": args.players,
        "readers_through": "nginx (deploy/nginx/referee.conf)" if args.edge else "gunicorn",
        "load_average": {"before": load_before, "after": load_after, "cores": os.cpu_count()},
        "duration_s": args.duration,
        "readers": per_process * args.client_processes,
        "think_s": args.think,
        "reads": {
            "all": percentiles(latencies),
            **{
                kind: percentiles([s for k, s, ok in reads if ok and k == kind])
                for kind in ("standings", "seating", "player", "private")
            },
            "per_second": round(len(reads) / args.duration, 1),
            "errors": sum(1 for *_, ok in reads if not ok),
        },
        "confirm": {
            "tables": len(judges.tables),
            "confirmed": confirmed,
            "failures": judges.failures[:10],
            "per_second": round(confirmed / max(last - started, 1e-9), 3),
            "last_confirmed_after_s": round(last - started, 1),
            "all_confirmed_within_duration": confirmed == len(judges.tables)
            and last - started <= args.duration + 1,
            "submit_api": percentiles(judges.submit_times),
            "confirm_api": percentiles(judges.confirm_times),
        },
        "standings_lag": standings_lag(probes, state["event_id"]),
        "settled_after_s": round(settled, 1),
        "standings_current": not stale,
    }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--duration", type=int, default=600, help="seconds (the issue: 600)")
    parser.add_argument("--tables", type=int, default=500, help="tables that confirm")
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0, help="seconds between a reader's reads")
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--judges", type=int, default=8, help="threads submitting and confirming")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn processes")
    parser.add_argument("--threads", type=int, default=8, help="gunicorn threads per process")
    parser.add_argument("--settle-timeout", type=float, default=1200)
    parser.add_argument("--json", type=Path, help="also write the report here")
    parser.add_argument(
        "--edge",
        action="store_true",
        help="readers through nginx with the repository's configuration (as bench_edge.py)",
    )
    args = parser.parse_args()
    args.tables = min(args.tables, args.players // 4)
    recreate_database()
    report = run(args)
    print(json.dumps(report, indent=1, ensure_ascii=False))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
