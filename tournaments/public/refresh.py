"""Stale-while-revalidate for every public page, rendered in paced batches (issue 21, "Scale").

During a rush every confirmation moves the event's version (and, through the standings
snapshot it causes, most players' versions), so almost every read was the first read of a
new version. Rendering in the request made a 2,000-player event's web processes do
nothing but load the event (~0.4 s) and render standings (~0.3 s) about once a second
each: reads p99 ~10 s on 2 cores. Now:

* A read of a page whose stored render is older than the page's version gets that render
  at once, with its own ETag (so the next poll picks the new one up); the WSGI fast path
  does this without entering Django. Only a page never rendered renders in the request.
* The read adds the page to its event's *dirty set* and, unless one is already waiting,
  queues one ``tournaments.public_pages_refresh`` task for the event (``events.coalesce``).
  Only pages someone reads are rendered again: nobody waits for the English standings
  of a Japanese café to be rendered after every result.
* The task takes the whole set, pins each page's current version, loads the event's data
  ONCE (after pinning, so a page is never stored at a version newer than what it shows),
  renders the shared pages first, then players' pages, and stores them. A page stored
  while it was being rendered is just stale again and returns on its next read.
* Batches are paced: the next one starts no sooner than half the last one's duration
  (``PUBLIC_REFRESH_REST``; at least ``PUBLIC_REFRESH_MIN_GAP`` seconds) after it ended,
  so however many results arrive, rendering takes at most two thirds of one worker
  process, and the newest data wins. A whole page and its ``?partial=1`` are one render.
  A batch stops taking players' pages after ``PUBLIC_REFRESH_BUDGET`` seconds of them
  (and at least ``MIN_PLAYER_PAGES``) and puts the rest back for the next one: the shared
  pages never wait behind 2,000 players.

The task renders every page with ``renderer.render_page``, as the views and the prerender
do, from a source it loads once: a background render is byte-for-byte what a request
would store, and nothing reaches the render through thread-locals. No private token
travels through the broker or the dirty set: a private page is named by its
registration, its ``?done=`` variant and its cache key.
"""

from __future__ import annotations

import logging
import threading
import time
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from django.conf import settings

from tournaments.events import coalesce
from tournaments.public import cache as public_cache
from tournaments.public import pagekeys, renderer
from tournaments.public.pagekeys import PageKey

logger = logging.getLogger(__name__)

DIRTY_TIMEOUT = 60 * 60  # a dirty set no task ever took is forgotten after an hour
MIN_PLAYER_PAGES = 20  # every batch renders at least these many, however slow the machine
LOCK_SECONDS = 300  # longer than any batch (the task's hard time limit is 120 s)


def _min_gap() -> float:
    return float(getattr(settings, "PUBLIC_REFRESH_MIN_GAP", 0.5))


def _budget() -> float:
    return float(getattr(settings, "PUBLIC_REFRESH_BUDGET", 2.0))


def _rest() -> float:
    """The pause after a batch, as a share of its duration: 0.5 → rendering takes at most
    two thirds of one ``pages`` process however fast results arrive."""
    return float(getattr(settings, "PUBLIC_REFRESH_REST", 0.5))


# --- Which pages are due ------------------------------------------------------------------


@dataclass(frozen=True)
class DuePage:
    """A page to render again: a public page by its path, a private page by its
    registration and ``done`` variant (and its cache key, so a gone page can be dropped)."""

    language: str
    path: str = ""
    registration_id: int | None = None
    done: str = ""
    key: str = ""

    @property
    def member(self) -> str:
        if self.registration_id is None:
            return f"pub|{self.language}|{self.path}"
        return f"prv|{self.language}|{self.registration_id}|{self.done}|{self.key}"

    @classmethod
    def parse(cls, member: str | bytes) -> DuePage | None:
        text = member.decode() if isinstance(member, bytes) else member
        kind, _, rest = text.partition("|")
        if kind == "pub":
            language, _, path = rest.partition("|")
            return cls(language=language, path=path)
        if kind == "prv":
            language, registration_id, done, key = rest.split("|", 3)
            return cls(language, registration_id=int(registration_id), done=done, key=key)
        return None

    @property
    def order(self) -> int:
        """Shared pages first (everyone reads them), then players' public, then private."""
        if self.registration_id is not None:
            return 2
        return 1 if public_cache.player_of_path(self.path) is not None else 0


class DirtyPages:
    """Per event, the set of pages due a render: a Redis set (shared by web processes and
    workers), or a set in this process when there is no Redis (eager tasks)."""

    def __init__(self) -> None:
        self._local: dict[str, set[str]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _key(slug: str) -> str:
        return coalesce.flag_key("public-pages-due", slug)

    def add(self, slug: str, members: list[str]) -> None:
        client = coalesce._redis()
        if client is None:
            with self._lock:
                self._local.setdefault(slug, set()).update(members)
            return
        with client.pipeline(transaction=False) as pipe:
            pipe.sadd(self._key(slug), *members)
            pipe.expire(self._key(slug), DIRTY_TIMEOUT)
            pipe.execute()

    def take(self, slug: str) -> list[str]:
        client = coalesce._redis()
        if client is None:
            with self._lock:
                return sorted(self._local.pop(slug, set()))
        with client.pipeline(transaction=True) as pipe:
            pipe.smembers(self._key(slug))
            pipe.delete(self._key(slug))
            members, _ = pipe.execute()
        return [m.decode() for m in members]

    def peek(self, slug: str) -> list[str]:
        """The members due now, without taking them (benchmarks' traces)."""
        client = coalesce._redis()
        if client is None:
            with self._lock:
                return sorted(self._local.get(slug, set()))
        return sorted(m.decode() for m in client.smembers(self._key(slug)))


dirty = DirtyPages()


def _cycle_flag(slug: str) -> str:
    return coalesce.flag_key("public-pages-refresh", slug)


def eager() -> bool:
    from tournaments.public.tasks import public_pages_refresh_task

    return bool(public_pages_refresh_task.app.conf.task_always_eager)


def request_refresh(slug: str, pages: list[DuePage]) -> bool:
    """Mark ``pages`` of the event due and queue its refresh task unless one is waiting.
    Never raises: a read must be answered even when Redis or the broker is away (the next
    read asks again). True: a task was queued (with eager tasks: the pages are rendered)."""
    from tournaments.events import outbox
    from tournaments.public.tasks import public_pages_refresh_task

    if not pages:
        return False
    try:
        dirty.add(slug, [page.member for page in pages])
    except coalesce._redis_errors() as error:
        logger.warning("pages of %s not marked due (%r)", slug, error)
        return False
    if not coalesce.claim(_cycle_flag(slug), 0):
        return False
    outbox.send(public_pages_refresh_task, (slug,))
    return True


def due_page(slug: str | None, path: str, language: str, registration_id=None, done="") -> DuePage:
    if registration_id is None:
        return DuePage(language, path=path)
    key = public_cache.page_key(path, language)
    return DuePage(language, registration_id=registration_id, done=done, key=key)


def serve_stale(
    found: public_cache.Lookup,
    slug: str,
    path: str,
    language: str,
    registration_id: int | None = None,
    done: str = "",
) -> public_cache.Lookup:
    """What a reader of a stale page gets: the previous render, after marking the page due.
    With eager tasks (no broker) the render ran just now: serve it instead."""
    request_refresh(slug, [due_page(slug, path, language, registration_id, done)])
    if eager():
        current = public_cache.lookup(slug, path, language, player=registration_id)
        if current.html is not None:
            return current
    return public_cache.Lookup(found.stale_version, found.stale_html)


# --- Shared pages read recently: rendered at a change, before a reader comes back --------
# A reader only marks a page due when it reaches the application; behind nginx's
# micro-cache that is at most once a second per page, and its answer (the previous render)
# is kept another second: a result took the cache's second, the wait for a reader, the
# batch and another second to show (3.7 s through the edge against 0.95 s straight).
# So the application remembers which of the event's shared pages were read lately and, at
# every announced change (``signals.bump_after_commit``), marks those due at once: the
# batch renders them before anyone asks. Players' pages are left to their readers (2,000
# of them, each read by a few phones), and a page nobody read lately is not rendered.


def _read_window() -> float:
    """How long after its last read a shared page is still rendered at every change
    (0: never, every page waits for its next reader)."""
    return float(getattr(settings, "PUBLIC_REFRESH_READ_WINDOW", 300.0))


NOTE_EVERY = 30.0  # a process notes a page read at one version again after this long


class RecentReads:
    """Per event, a Redis sorted set of its shared pages (``DuePage.member``) by the time
    each was last read. Each process notes a page at most once per version and
    ``NOTE_EVERY`` seconds, so a page polled by a café's phones costs one write now and
    then, not one per request. Never raises: a read is answered whatever Redis does."""

    MAX_NOTED = 10_000  # pages this process remembers noting (memory bound)

    def __init__(self) -> None:
        self._noted: dict[str, tuple[str, float]] = {}

    @staticmethod
    def _key(slug: str) -> str:
        return coalesce.flag_key("public-pages-read", slug)

    def note(self, slug: str | None, path: str, language: str, version: str | None) -> None:
        if (
            not slug
            or slug.startswith(pagekeys.LEAGUE_SCOPE)
            or public_cache.player_of_path(path) is not None
        ):
            return  # a league's pages and players' pages wait for their readers
        member = DuePage(language, path=path).member
        now = time.monotonic()
        last = self._noted.get(member)
        if last is not None and last[0] == version and now - last[1] < NOTE_EVERY:
            return
        if len(self._noted) >= self.MAX_NOTED:
            self._noted.clear()
        self._noted[member] = (version or "", now)
        client = coalesce._redis()
        if client is None:
            return
        try:
            with client.pipeline(transaction=False) as pipe:
                pipe.zadd(self._key(slug), {member: time.time()})
                pipe.expire(self._key(slug), int(_read_window()) + 60)
                pipe.execute()
        except coalesce._redis_errors() as error:
            logger.debug("read of %s not noted (%r)", path, error)

    def pages(self, slug: str) -> list[DuePage]:
        """The event's shared pages read within the window (older ones are dropped)."""
        client = coalesce._redis()
        if client is None or _read_window() <= 0:
            return []
        since = time.time() - _read_window()
        with client.pipeline(transaction=False) as pipe:
            pipe.zremrangebyscore(self._key(slug), "-inf", since)
            pipe.zrange(self._key(slug), 0, -1)
            _, members = pipe.execute()
        return [page for page in map(DuePage.parse, members) if page is not None]


recent_reads = RecentReads()


def refresh_read_pages(slug: str) -> bool:
    """After a change to the event: mark its shared pages read lately due and queue the
    batch (which skips any page without a stored render, or current already)."""
    try:
        pages = recent_reads.pages(slug)
    except coalesce._redis_errors() as error:
        logger.warning("pages of %s read lately unknown (%r)", slug, error)
        return False
    return request_refresh(slug, pages)


# --- The batch ------------------------------------------------------------------------------


@contextmanager
def _exclusive(slug: str):
    """One batch per event at a time (several ``pages`` worker processes)."""
    client = coalesce._redis()
    if client is None or eager():  # one process; a nested batch must not wait for itself
        yield
        return
    lock = client.lock(coalesce.flag_key("public-pages-lock", slug), timeout=LOCK_SECONDS)
    try:
        held = lock.acquire(blocking_timeout=LOCK_SECONDS)
    except coalesce._redis_errors():
        held = False
    try:
        yield
    finally:
        if held:
            try:
                lock.release()
            except Exception:  # expired meanwhile  # noqa: BLE001
                logger.debug("refresh lock of %s expired", slug)


def _next_start_key(slug: str) -> str:
    return coalesce.flag_key("public-pages-next", slug)


def _pace(slug: str) -> None:
    if eager():
        return
    try:
        wait = (coalesce.flags.get(_next_start_key(slug)) or 0) - time.time()
    except coalesce._redis_errors():
        return
    if wait > 0:
        time.sleep(min(wait, _budget() * 2))


def _record(slug: str, took: float) -> None:
    try:
        gap = max(_min_gap(), took * _rest())
        coalesce.flags.set(_next_start_key(slug), time.time() + gap, int(gap) + 60)
    except coalesce._redis_errors():
        logger.debug("refresh pacing of %s not recorded", slug)


def refresh_event_pages(slug: str) -> int:
    """Render the event's due pages at their current versions; returns how many were
    stored."""
    with _exclusive(slug):
        _pace(slug)
        coalesce.release(_cycle_flag(slug))  # before taking: later marks queue a new task
        started = time.monotonic()
        pages = {DuePage.parse(member) for member in dirty.take(slug)} - {None}
        stored = _render_batch(slug, sorted(pages, key=lambda p: (p.order, p.member)))
        _record(slug, time.monotonic() - started)
    return stored


def _render_batch(slug: str, pages: list[DuePage]) -> int:
    source = renderer.EventSource(slug, bulk=True)
    registrations = _private_registrations(slug, pages)
    source.add_registrations(registrations.values())
    pinned: dict[str, str] = {}  # page key -> the version read BEFORE the data is loaded
    due: list[tuple[DuePage, PageKey]] = []
    for page in pages:
        key = _key_of(page, registrations)
        if key is None:  # not a page, the registration is gone or has a new token
            public_cache.forget_key(page.key or public_cache.page_key(page.path, page.language))
            continue
        player = page.registration_id or public_cache.player_of_path(key.path)
        cache_key = public_cache.page_key(key.path, page.language)
        current, stored = public_cache.versions_and_stored(slug, player, cache_key)
        if current is None or stored is None or stored == current:
            continue  # never rendered (the next read renders it), or current already
        pinned[cache_key] = current
        due.append((page, key))
    count, stored, players_from, first_player = 0, set(), None, 0
    for index, (page, key) in enumerate(due):
        if page.order > 0 and players_from is None:
            _preload(source)
            players_from, first_player = time.monotonic(), index  # shared pages done
        if (
            players_from is not None
            and index - first_player >= MIN_PLAYER_PAGES
            and time.monotonic() - players_from > _budget()
        ):
            # The rest waits for the next batch, which reloads the data first.
            request_refresh(slug, [p for p, _key in due[index:]])
            break
        if key.path in stored:
            continue
        version = pinned[public_cache.page_key(key.path, page.language)]
        try:
            rendered = renderer.render_page(source, key, version)
        except renderer.PageNotFound:
            # Gone since its last render (a draft event, an unknown player): drop the
            # stale copy, so the next read renders its 404 in the request.
            public_cache.forget(key.path, page.language)
            continue
        public_cache.store(key.path, page.language, version, rendered.html)
        stored.add(key.path)
        count += 1 + _store_live_part(pinned, key, version, rendered, stored)
    return count


def _key_of(page: DuePage, registrations: dict) -> PageKey | None:
    if page.registration_id is None:
        key = pagekeys.parse_path(page.path)
        return key if key is not None and key.kind != "private" else None
    registration = registrations.get(page.registration_id)
    if registration is None:  # deleted, or its event went back to draft
        return None
    key = renderer.private_key(registration, page.language, page.done)
    if public_cache.page_key(key.path, page.language) != page.key:
        return None  # a new token since: the old page must go
    return key


def _preload(source: renderer.EventSource) -> None:
    """Load the event's data before the players' budget starts counting (a gone event
    is found by the first page's render, which drops that page)."""
    with suppress(renderer.PageNotFound):
        source.data()


def _store_live_part(
    pinned: dict[str, str], key: PageKey, version: str, rendered, stored: set[str]
) -> int:
    """The whole page just rendered holds its ``?partial=1`` page: store that too, at the
    same version, when it is due in this batch (1: stored)."""
    if rendered.live is None or key.partial or key.kind == "private":
        return 0
    partial = key.as_partial().path
    if pinned.get(public_cache.page_key(partial, key.language)) != version:
        return 0
    public_cache.store(partial, key.language, version, rendered.live)
    stored.add(partial)
    return 1


def _private_registrations(slug: str, pages: list[DuePage]) -> dict:
    """The registrations of the due private pages, by id, in one query."""
    from tournaments.events.models import Event, Registration

    ids = {p.registration_id for p in pages if p.registration_id is not None}
    if not ids:
        return {}
    found = (
        Registration.objects.select_related("event", "player")
        .filter(pk__in=ids, event__slug=slug)
        .exclude(event__status=Event.Status.DRAFT)
    )
    return {registration.pk: registration for registration in found}
