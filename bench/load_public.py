"""Load on the public pages: gunicorn + PostgreSQL + Redis + a real Celery worker, with wrk.

    .venv/bin/python bench/load_public.py [--players 500] [--duration 15] [--workers 3]

Loopback only, bounded durations. It (re)creates its own database (``pub_bench``) and uses
Redis database 6. Three measurements (issue 6):

1. cached standings page at 200 concurrent connections: closed loop (as fast as it goes),
   without and with ``Accept-Encoding: gzip`` (every phone browser sends it); and paced,
   the issue's target: 200 clients each waiting 150 ms between requests, i.e. ~1,300 req/s
   offered, where p99 is the latency a client sees at ≥ 1,000 req/s. (A closed loop of 200
   busy clients cannot show p99 < 50 ms below 4,000 req/s: by Little's law its mean
   latency is 200 / throughput);
2. the rush: 100 connections open the 500 players' private pages for 10 s, each one page
   every ~2 s (≥500 visits). A publication becomes public when the worker has rendered its
   pages (the "flip", see services/public_pages.py). Round 2: the rush starts at the
   organizer's click, so it spans the flip; round 3: it starts at the flip (the release);
3. a result submitted (counting at once: the event needs no confirmation) → visible on the
   public standings page (polled over HTTP every 20 ms), median of 20, real Celery worker.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DB_NAME = "pub_bench"
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/{DB_NAME}")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/6")
PORT = int(os.environ.get("BENCH_PORT", "8765"))
BASE = f"http://127.0.0.1:{PORT}"
SLUG = "bench-open"

ENV = {
    **os.environ,
    "DJANGO_SETTINGS_MODULE": "bench.public_settings",
    "DATABASE_URL": DATABASE_URL,
    "REDIS_URL": REDIS_URL,
    "PYTHONPATH": str(ROOT),
}
os.environ.update({k: ENV[k] for k in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL")})
sys.path.insert(0, str(ROOT))

KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわ"


def recreate_database() -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        c.execute(f"CREATE DATABASE {DB_NAME}")
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()  # database 6 belongs to this bench


def seed(players: int) -> dict:
    import django

    django.setup()
    import datetime as dt
    import json

    from django.core.management import call_command
    from django.utils import timezone

    from tournaments.events.access import Actor
    from tournaments.events.models import Event, Player, Registration, Round, Seat, Table
    from tournaments.results.models import EventResultSettings
    from tournaments.results.services.results import result_submit
    from tournaments.standings.services import standings_recompute

    call_command("migrate", verbosity=0)
    today = timezone.localdate()
    event = Event.objects.create(
        name="Bench Open", slug=SLUG, venue="loopback", starts_on=today,
        ends_on=today + dt.timedelta(days=1), status=Event.Status.RUNNING,
        game_key="imhotep", table_sizes=[4], rounds_planned=3,
    )  # fmt: skip
    EventResultSettings.objects.create(event=event, confirmation_policy="none")
    regs = []
    for i in range(players):
        reading = KANA[i % len(KANA)] + KANA[(i // len(KANA)) % len(KANA)] + f" {i}"
        player = Player.objects.create(
            display_name=f"選手{i:03d}", reading=reading, club=f"C{i % 7}"
        )
        regs.append(Registration.objects.create(event=event, player=player, status="checked_in"))
    sheet = json.loads((ROOT / "engines/imhotep/examples/imhotep-4p-sheet.json").read_text())
    now = timezone.now()
    rounds = {}
    for number, status in ((1, "published"), (2, "draft"), (3, "draft")):
        rnd = Round.objects.create(
            event=event, number=number, status=status,
            published_at=now if status != "draft" else None,
        )  # fmt: skip
        rounds[number] = rnd
        order = regs[number - 1 :] + regs[: number - 1]  # a different seating per round
        for t in range(players // 4):
            table = Table.objects.create(round=rnd, number=t + 1, game_key="imhotep")
            for p in range(4):
                Seat.objects.create(table=table, registration=order[t * 4 + p], position=p + 1)
    for table in rounds[1].tables.order_by("number"):
        names = [s.registration.player.display_name for s in table.seats.order_by("position")]
        result_submit(
            table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
            payload={**sheet, "players": names},
        )  # fmt: skip
    rounds[1].status, rounds[1].closed_at = "closed", timezone.now()
    rounds[1].save()
    standings_recompute(event_id=event.pk)
    return {
        "event_id": event.pk,
        "round2_id": rounds[2].pk,
        "round3_id": rounds[3].pk,
        "tokens": [r.private_token for r in regs],
        "round2_tables": list(rounds[2].tables.order_by("number").values_list("pk", flat=True)),
    }


def start(cmd: list[str], log: Path) -> subprocess.Popen:
    return subprocess.Popen(cmd, cwd=ROOT, env=ENV, stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True)  # fmt: skip


def start_services(
    logs: Path, name: str, host: str = "127.0.0.1", web_args: tuple[str, ...] = ()
) -> tuple[subprocess.Popen, subprocess.Popen, subprocess.Popen]:
    """gunicorn (``gunicorn.conf.py``), the ``celery`` worker (2 processes) and the
    ``pages`` worker (1), as production runs them; logs in ``logs``."""
    bin_dir = Path(sys.executable).parent
    web = start(
        [str(bin_dir / "gunicorn"), "referee.wsgi:application", "--config",
         str(ROOT / "gunicorn.conf.py"), "-b", f"{host}:{PORT}", *web_args],
        logs / "gunicorn.log",
    )  # fmt: skip
    celery = [str(bin_dir / "celery"), "-A", "referee", "worker", "--without-gossip",
              "--without-mingle", "--loglevel=WARNING"]  # fmt: skip
    worker = start([*celery, "-Q", "celery", "--concurrency=2", "-n", f"{name}@%h"],
                   logs / "celery.log")  # fmt: skip
    pages = start([*celery, "-Q", "pages", "--concurrency=1", "-n", f"{name}-pages@%h"],
                  logs / "celery-pages.log")  # fmt: skip
    return web, worker, pages


def stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)


def server_cpu_seconds(master: subprocess.Popen) -> float:
    """User + system CPU seconds of a process and its children (gunicorn: the workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    total = 0
    for pid in [master.pid, *map(int, children)]:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def wait_workers_idle(
    workers: list[subprocess.Popen], timeout: float = 240, report: bool = False
) -> float:
    """Seconds until the Celery queues are empty, no task is held (ETA tasks count) and the
    workers used under 50 ms of CPU in the last second, twice in a row."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)

    def cpu_now() -> float:
        return sum(server_cpu_seconds(w) for w in workers)

    started, quiet, cpu = time.monotonic(), 0, cpu_now()
    while time.monotonic() - started < timeout:
        time.sleep(1)
        now = cpu_now()
        queued = client.llen("celery") + client.llen("pages")
        held = client.hlen("unacked")
        busy = queued or held or now - cpu > 0.05
        if busy and report and int(time.monotonic() - started) % 10 == 0:
            print(f"busy: {queued} queued, {held} held, {now - cpu:.2f} s CPU in 1 s", flush=True)
        cpu = now
        quiet = 0 if busy else quiet + 1
        if quiet >= 2:
            return time.monotonic() - started
    raise SystemExit("the Celery worker did not become idle")


def wait_http(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer")


LUA_DONE = """
done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d duration_us=%d non2xx=%d errors=%d "
    .. "p50_ms=%.2f p95_ms=%.2f p99_ms=%.2f max_ms=%.2f\\n",
    summary.requests, summary.duration, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000))
end
"""


def wrk(url: str, connections: int, seconds: int, script: str = "", threads: int = 2) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script + LUA_DONE)
    out = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s",
         "-s", f.name, url],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    line = next(x for x in out.splitlines() if x.startswith("RESULT"))
    fields = dict(kv.split("=") for kv in line.split()[1:])
    result = {k: float(v) for k, v in fields.items()}
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    return result


GZIP = "wrk.headers['Accept-Encoding'] = 'gzip, deflate, br'\n"
PACED = "request = function() return wrk.format(nil) end\ndelay = function() return 150 end\n"


def rush_script(paths: list[str]) -> str:
    items = ",".join(f'"{p}"' for p in paths)
    return (
        f"local paths = {{{items}}}\nlocal i = 0\n"
        "setup = function(thread) thread:set('offset', math.random(1, #paths)) end\n"
        "request = function()\n  i = i + 1\n"
        "  local p = paths[((i + (offset or 0)) % #paths) + 1]\n"
        "  return wrk.format('GET', p)\nend\n"
        # 100 connections x one page every ~2 s (1.8 s think + response): ≥500 visits in 10 s.
        "delay = function() return 1800 end\n"
    )


def prerender_done(state: dict, since: float, timeout: float = 300) -> float:
    """Seconds from ``since`` until the last player's English private page is cached at
    the current version (the prerender task renders ja first, then en)."""
    from tournaments.public import cache as public_cache

    path = f"/en/p/{state['tokens'][-1]}/"
    while time.monotonic() - since < timeout:
        if public_cache.lookup(SLUG, path, "en").html is not None:
            return time.monotonic() - since
        time.sleep(0.25)
    return float("inf")


def confirm_to_visible(
    state: dict, rounds: int = 20, base: str | None = None, trace: list | None = None
) -> list[float]:
    """Seconds from each committed result to its snapshot on the public standings, read at
    ``base`` (gunicorn by default; the edge's address to measure through nginx).

    ``trace``: also append, per result, when (seconds after the commit) each stage was
    first seen by the polling loop (every 20 ms): the snapshot written (``snapshot``), the
    page marked due for the refresh batch (``due``; a mark taken within 20 ms is missed),
    the application's stored render showing the snapshot (``stored``) and the result
    shown at ``base`` (``visible``)."""
    import json

    from django.db import transaction

    from tournaments.events.access import Actor
    from tournaments.events.models import Table
    from tournaments.public import cache as public_cache
    from tournaments.public import refresh
    from tournaments.results.services.results import result_submit
    from tournaments.standings.models import StandingsSnapshot

    sheet = json.loads((ROOT / "engines/imhotep/examples/imhotep-4p-sheet.json").read_text())
    path = f"/ja/events/{SLUG}/standings/?partial=1"
    url = f"{base or BASE}{path}"
    page = public_cache.page_key(path, "ja")
    timings = []
    for table_id in state["round2_tables"][:rounds]:
        before = StandingsSnapshot.objects.filter(event_id=state["event_id"]).order_by("-version")
        latest = before.values_list("version", flat=True).first() or 0
        table = Table.objects.get(pk=table_id)
        names = [s.registration.player.display_name for s in table.seats.order_by("position")]
        with transaction.atomic():
            result_submit(table_id=table_id, actor=Actor(judge_table_id=table_id), kind="sheet",
                          payload={**sheet, "players": names})  # fmt: skip
        committed = time.monotonic()
        seen: dict[str, float] = {}
        while True:
            body = urllib.request.urlopen(url, timeout=5).read().decode()
            now = time.monotonic() - committed
            if trace is not None:
                if "snapshot" not in seen and before.filter(version__gt=latest).exists():
                    seen["snapshot"] = now
                due = refresh.due_page(SLUG, path, "ja").member in refresh.dirty.peek(SLUG)
                if "snapshot" in seen and "due" not in seen and due:
                    seen["due"] = now
                stored = public_cache.stored_page(page)
                shown = re.search(r'data-snapshot="(\d+)"', stored[1] if stored else "")
                if "stored" not in seen and shown and int(shown.group(1)) > latest:
                    seen["stored"] = now
            match = re.search(r'data-snapshot="(\d+)"', body)
            if match and int(match.group(1)) > latest:
                timings.append(now)
                break
            if now > 30:
                timings.append(float("inf"))
                break
            time.sleep(0.02)
        if trace is not None:
            trace.append({**{k: round(v, 2) for k, v in seen.items()}, "visible": timings[-1]})
        time.sleep(0.3)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--access-log", action="store_true")
    args = parser.parse_args()
    logs = Path(tempfile.mkdtemp(prefix="load_public_"))
    recreate_database()
    t0 = time.monotonic()
    state = seed(args.players)
    print(f"seeded {args.players} players in {time.monotonic() - t0:.1f}s; logs in {logs}")
    access_log = []
    if args.access_log:  # costs CPU per request: for finding slow requests, not for figures
        access_log = ["--access-logfile", str(logs / "access.log"), "--access-logformat",
                      "%(t)s %(m)s %(U)s %(s)s %(B)s %(M)s %({x-cache}o)s"]  # fmt: skip
    # Production's gunicorn.conf.py (gthread, keep-alive, no access log); only the port,
    # the process and thread counts and the optional log come from here.
    web = start([str(ROOT / ".venv/bin/gunicorn"), "referee.wsgi:application",
                 "--config", str(ROOT / "gunicorn.conf.py"), "-b", f"127.0.0.1:{PORT}",
                 "-w", str(args.workers), "--threads", str(args.threads),
                 *access_log], logs / "gunicorn.log")  # fmt: skip
    # The workers as docker-compose runs them: "worker" (queue celery, 2 processes) and
    # "pages" (the page renders' own queue, 1 process), so a ~10 s prerender for 500
    # players never holds up a standings recompute.
    celery = [str(ROOT / ".venv/bin/celery"), "-A", "referee", "worker", "--without-gossip",
              "--without-mingle", "--loglevel=WARNING"]  # fmt: skip
    worker = start([*celery, "-Q", "celery", "--concurrency=2", "-n", "bench@%h"],
                   logs / "celery.log")  # fmt: skip
    pages = start([*celery, "-Q", "pages", "--concurrency=1", "-n", "bench-pages@%h"],
                  logs / "celery-pages.log")  # fmt: skip
    try:
        standings = f"{BASE}/ja/events/{SLUG}/standings/"
        wait_http(standings)
        # The seeding's tasks (standings, the ratings run ~10 s later and the page refresh
        # it triggers) must not share the CPU with the measurements.
        print(f"workers idle after {wait_workers_idle([worker, pages]):.1f}s")
        urllib.request.urlopen(standings).read()
        cpu_before = server_cpu_seconds(web)
        closed = wrk(standings, 200, args.duration)
        cpu_per_request = (server_cpu_seconds(web) - cpu_before) / closed["requests"]
        gzipped = wrk(standings, 200, args.duration, GZIP)
        paced = wrk(standings, 200, args.duration, GZIP + PACED)
        etag = urllib.request.urlopen(standings).headers["ETag"]
        polls = wrk(standings, 200, args.duration, f"wrk.headers['If-None-Match'] = '{etag}'\n")
        print(f"standings closed-loop c=200: {closed}")
        print(
            f"server CPU per cached standings request: {cpu_per_request * 1e6:.0f} µs "
            f"(→ {2 / cpu_per_request:.0f} req/s if the 2 cores were ours alone)"
        )
        print(f"standings closed-loop c=200, Accept-Encoding: gzip (as phones send): {gzipped}")
        print(f"standings paced c=200 (150 ms think time), gzip: {paced}")
        print(f"standings polls answered 304 (If-None-Match), closed-loop c=200: {polls}")

        from tournaments.seating.services import round_publish

        paths = [f"/ja/p/{t}/" for t in state["tokens"]]
        # The organizer's click: the service announces it, the prerender task renders
        # round 2's pages on commit, then flips.
        round_publish(round_id=state["round2_id"])
        published = time.monotonic()
        rush = wrk(BASE, 100, 10, rush_script(paths))
        print(f"round 2, rush from the organizer's click (spans the flip), c=100, 10 s: {rush}")
        print(f"round 2 visible (flip) {prerender_done(state, published):.1f}s after the click")

        timings = confirm_to_visible(state)
        round_publish(round_id=state["round3_id"])
        published = time.monotonic()
        ready = prerender_done(state, published)
        announced = wrk(BASE, 100, 10, rush_script(paths))
        print(f"round 3 visible (flip) {ready:.1f}s after the click")
        print(f"round 3, rush from the release (flip), 500 private pages, c=100, 10 s: {announced}")
        finite = [t for t in timings if t != float("inf")]
        print(
            f"confirm→visible (n={len(timings)}, coalesce "
            f"{os.environ.get('STANDINGS_COALESCE_SECONDS', '0.5')} s): median "
            f"{statistics.median(timings):.3f}s min {min(finite):.3f}s max {max(timings):.3f}s"
        )
    finally:
        stop(web)
        stop(worker)
        stop(pages)


if __name__ == "__main__":
    main()
