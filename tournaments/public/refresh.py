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

The task renders every page through its own view, so a background render is byte-for-byte
what a request would store. No private token travels through the broker or the dirty set:
a private page is named by its registration, its ``?done=`` variant and its cache key.
"""

from __future__ import annotations

import logging
import threading
import time
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from django.conf import settings
from django.http import Http404, HttpRequest, QueryDict
from django.urls import resolve, reverse
from django.utils import translation

from tournaments.events import coalesce
from tournaments.public import cache as public_cache

logger = logging.getLogger(__name__)

DIRTY_TIMEOUT = 60 * 60  # a dirty set no task ever took is forgotten after an hour
MIN_PLAYER_PAGES = 20  # every batch renders at least these many, however slow the machine
LOCK_SECONDS = 300  # longer than any batch (the task's hard time limit is 120 s)

_local = threading.local()


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


# --- The batch ------------------------------------------------------------------------------


@dataclass
class Batch:
    """What the views read while a batch renders (``in_refresh``)."""

    slug: str
    pinned: dict[str, str] = field(default_factory=dict)  # page key -> version to store at
    data: object = None
    gone: bool = False
    private: dict | None = None  # registration id -> what its private page knows


def in_refresh() -> bool:
    """True inside the refresh task: the views render instead of serving the stale copy."""
    return getattr(_local, "batch", None) is not None


def pinned_version(path: str, language: str) -> str | None:
    """The version the batch read for this page before it loaded any data."""
    batch = getattr(_local, "batch", None)
    return batch.pinned.get(public_cache.page_key(path, language)) if batch else None


def batch_data(slug: str):
    """The event's data, loaded once per batch (None outside a batch)."""
    batch = getattr(_local, "batch", None)
    if batch is None or batch.slug != slug:
        return None
    if batch.gone:
        raise Http404
    if batch.data is None:
        from tournaments.public.views.pages import _load_event_data

        try:
            batch.data = _load_event_data(slug)
        except Http404:
            batch.gone = True
            raise
        batch.data.histories  # noqa: B018 - computed once, shared by every player page
    return batch.data


def batch_private(slug: str, registration_id: int) -> dict | None:
    """A player's pending confirmations and current table, read for every player at once
    per batch (``views.private.private_bulk``) instead of two queries per private page;
    None outside a batch."""
    batch = getattr(_local, "batch", None)
    if batch is None or batch.slug != slug:
        return None
    if batch.private is None:
        from tournaments.public.views.private import private_bulk

        batch.private = private_bulk(batch_data(slug))
    return batch.private.get(registration_id)


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
    tokens = _private_tokens(slug, pages)
    batch = Batch(slug)
    due: list[tuple[DuePage, str]] = []
    for page in pages:
        path = page.path
        if page.registration_id is not None:
            path = _private_path(page, tokens)
            if path is None:  # the registration is gone, or its event went back to draft
                public_cache.forget_key(page.key)
                continue
        player = page.registration_id or public_cache.player_of_path(path)
        key = public_cache.page_key(path, page.language)
        current, stored = public_cache.versions_and_stored(slug, player, key)
        if current is None or stored is None or stored == current:
            continue  # never rendered (the next read renders it), or current already
        batch.pinned[key] = current  # pinned BEFORE the data is loaded
        due.append((page, path))
    count, stored, players_from, first_player = 0, set(), None, 0
    _local.batch = batch
    try:
        for index, (page, path) in enumerate(due):
            if page.order > 0 and players_from is None:
                _preload(slug)
                players_from, first_player = time.monotonic(), index  # shared pages done
            if (
                players_from is not None
                and index - first_player >= MIN_PLAYER_PAGES
                and time.monotonic() - players_from > _budget()
            ):
                # The rest waits for the next batch, which reloads the data first.
                request_refresh(slug, [p for p, _path in due[index:]])
                break
            if path in stored:
                continue
            count += _render_one(page, path)
            count += _store_live_part(batch, page, path, stored)
    finally:
        _local.batch = None
    return count


def _preload(slug: str) -> None:
    """Load the event's data before the players' budget starts counting (a gone event
    is found by the first page's view, which drops that page)."""
    with suppress(Http404):
        batch_data(slug)


def _store_live_part(batch: Batch, page: DuePage, path: str, stored: set[str]) -> int:
    """The whole page just rendered holds its ``?partial=1`` page: store that too, at the
    same version, when it is due in this batch (1: stored)."""
    from tournaments.public.views.render import take_live_part

    live = take_live_part()
    if live is None or page.registration_id is not None:
        return 0
    bare, _, query = path.partition("?")
    params = dict(parse_qsl(query, keep_blank_values=True))
    if params.get("partial") == "1":
        return 0
    partial = public_cache.canonical_path(bare, {**params, "partial": "1"})
    version = batch.pinned.get(public_cache.page_key(partial, page.language))
    if version is None or version != batch.pinned.get(public_cache.page_key(path, page.language)):
        return 0
    public_cache.store(partial, page.language, version, live)
    stored.add(partial)
    return 1


def _private_tokens(slug: str, pages: list[DuePage]) -> dict[int, str]:
    from tournaments.events.models import Event, Registration

    ids = {p.registration_id for p in pages if p.registration_id is not None}
    if not ids:
        return {}
    return dict(
        Registration.objects.filter(pk__in=ids, event__slug=slug)
        .exclude(event__status=Event.Status.DRAFT)
        .values_list("pk", "private_token")
    )


def _private_path(page: DuePage, tokens: dict[int, str]) -> str | None:
    token = tokens.get(page.registration_id)
    if token is None:
        return None
    with translation.override(page.language):
        path = reverse("tournaments:private", kwargs={"token": token})
    if page.done in public_cache.PRIVATE_DONE:
        path += f"?done={page.done}"
    if public_cache.page_key(path, page.language) != page.key:
        return None  # a new token since: the old page must go
    return path


def _render_one(page: DuePage, path: str) -> int:
    with translation.override(page.language):
        request = _get_request(path)
        request.LANGUAGE_CODE = page.language
        match = resolve(request.path)
        try:
            response = match.func(request, *match.args, **match.kwargs)
        except Http404:
            # Gone since its last render (a draft event, an unknown player): drop the
            # stale copy, so the next read renders its 404 in the request.
            public_cache.forget(path, page.language)
            return 0
    return 1 if response.status_code == 200 else 0


def _get_request(path: str) -> HttpRequest:
    """A bare GET of ``path`` (no cookies, no headers: what a cached page may depend on)."""
    request = HttpRequest()
    request.method = "GET"
    request.path, _, query = path.partition("?")
    request.path_info = request.path
    request.GET = QueryDict(query)
    request.META = {"SERVER_NAME": "localhost", "SERVER_PORT": "80", "QUERY_STRING": query}
    return request
