"""The one way a public page is rendered: ``render_page(source, key, version)``.

``key`` is the page (``pagekeys.PageKey``: kind, language, what its path names, its
canonical parameters); ``source`` is the event's data (``EventSource``: loaded on first
use, once); ``version`` is the version the page is rendered at (it is in the page: the
ETag its live part polls with). The answer is the page's HTML and, for a whole page, its
live part — exactly its ``?partial=1`` page — so whoever stores a page can store both
from one render.

Three callers, one path:

* the views (``views.pages``, ``views.private``): a page never rendered, in the request,
  from a source shared per process by version (a rush of misses loads the event once per
  process, not once per request);
* the refresh batch (``refresh``): every due page at the version it pinned before the
  batch's one load of the data;
* the prerender (``services``): the rush pages at the next version, before the flip.

None of them hands state to the others through thread-locals or requests: what a render
reads is in its arguments. A key whose parameter names nothing the event has (a club no
player is in, a round without public standings, a step past the log's end), a round,
table or player the public cannot see, or an event gone back to draft raises
``PageNotFound``: nothing is rendered and nothing stored.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace

from tournaments.events.models import Event, Registration
from tournaments.public import cache as public_cache
from tournaments.public import pagekeys, render_private
from tournaments.public import render as pages
from tournaments.public import selectors as sel
from tournaments.public.pagekeys import PageKey
from tournaments.public.render import Rendered

__all__ = ["EventSource", "PageNotFound", "Rendered", "render_page", "player_fragment_key"]


class PageNotFound(LookupError):
    """The key names no public page (the views answer 404)."""


def player_fragment_key(registration_id: int) -> str:
    """The cache path of a player's fragment (shared by their public and private pages)."""
    return f"/player-fragment/{registration_id}"


# --- The event's data -----------------------------------------------------------------------


def load_event_data(slug: str) -> sel.EventData:
    event = sel.public_event(slug)
    if event is None:
        raise PageNotFound(slug)
    return sel.event_data(event)


_memo: dict[str, tuple[str, sel.EventData]] = {}
_memo_lock = threading.Lock()
_load_locks: dict[str, threading.Lock] = {}


def shared_event_data(slug: str, version: str) -> sel.EventData:
    """The event's data at the event's ``version``, loaded once per process: a rush of
    misses right after a release costs one load per worker, not one per request (the
    other threads wait for it instead of loading the same rows in parallel)."""
    with _memo_lock:
        lock = _load_locks.setdefault(slug, threading.Lock())
    with lock:
        memo = _memo.get(slug)
        if memo is not None and memo[0] == version:
            return memo[1]
        data = load_event_data(slug)
        data.histories  # noqa: B018 - computed once here, shared by every player page
        _memo[slug] = (version, data)
        return data


_league_memo: dict[str, tuple[str, object]] = {}


def shared_league_data(public_id: str, version: str):
    """A league's data at its pages' ``version``, loaded once per process (its season
    page and every player's history, in both languages, read the same load): reads every
    event of the league, ~0.15 s for 8 events of 32 players."""
    from tournaments.public.league import league_data

    with _memo_lock:
        lock = _load_locks.setdefault(f"league~{public_id}", threading.Lock())
    with lock:
        memo = _league_memo.get(public_id)
        if memo is not None and memo[0] == version:
            return memo[1]
        data = league_data(public_id)
        _league_memo[public_id] = (version, data)
        return data


def _event_version(slug: str) -> str:
    return public_cache.current_version(slug)


class EventSource:
    """What one event's pages are rendered from, each part loaded on first use, once.

    ``load``: how the data is read (default: from the database, once for this source);
    ``bulk``: read every player's private-page facts at once (a batch or a prerender)
    instead of two queries per private page; ``fragment_cache``: a player's fragment is
    looked up in and stored to the render cache (a prerender collects its renders and
    stores them all at the flip, so it does not)."""

    def __init__(
        self,
        slug: str,
        *,
        data: sel.EventData | None = None,
        load: Callable[[], sel.EventData] | None = None,
        bulk: bool = False,
        fragment_cache: bool = True,
    ) -> None:
        self.slug = slug
        self._data = data
        self._load = load
        self._gone = False
        self.bulk = bulk
        self.fragment_cache = fragment_cache
        self._registrations: dict[int, Registration] = {}
        self._known: dict[int, dict] | None = None
        self._last_fragment: tuple[tuple, str] | None = None

    @classmethod
    def for_request(cls, slug: str, key: PageKey, version: str) -> EventSource:
        """A request's source: the data shared per process by the *event's* version (a
        player's page has a version of its own, which would load the event per player)."""
        if key.kind in ("player", "private"):
            return cls(slug, load=lambda: shared_event_data(slug, _event_version(slug)))
        return cls(slug, load=lambda: shared_event_data(slug, version))

    def data(self) -> sel.EventData:
        if self._gone:
            raise PageNotFound(self.slug)
        if self._data is None:
            try:
                self._data = self._load() if self._load else load_event_data(self.slug)
            except PageNotFound:
                self._gone = True
                raise
            self._data.histories  # noqa: B018 - computed once, shared by every player page
        return self._data

    def add_registrations(self, registrations) -> None:
        """Registrations whose private pages this source renders (with their event)."""
        for registration in registrations:
            self._registrations[registration.pk] = registration

    def registration(self, registration_id: int) -> Registration:
        found = self._registrations.get(registration_id)
        if found is None:
            found = (
                Registration.objects.select_related("event", "player")
                .exclude(event__status=Event.Status.DRAFT)
                .filter(pk=registration_id, event__slug=self.slug)
                .first()
            )
            if found is None:
                raise PageNotFound(registration_id)
            self._registrations[registration_id] = found
        return found

    def private_facts(self, registration_id: int) -> dict | None:
        """Pending confirmations and current table (None: the page queries its own)."""
        if not self.bulk:
            return None
        if self._known is None:
            self._known = render_private.private_bulk(self.data())
        return self._known.get(registration_id)

    def fragment(self, registration_id: int, language: str, version: str) -> str:
        """The player's fragment at ``version``: the last one this source rendered, the
        render cache's (prerendered), or rendered now."""
        memo = (registration_id, language, version)
        if self._last_fragment is not None and self._last_fragment[0] == memo:
            return self._last_fragment[1]
        html = None
        if self.fragment_cache:
            found = public_cache.lookup(self.slug, player_fragment_key(registration_id), language)
            if found.html is not None and found.version == version:
                html = found.html
        if html is None:
            data = self.data()
            html = pages.player_fragment(data, registration_id, language, data.histories)
            if self.fragment_cache:
                public_cache.store(player_fragment_key(registration_id), language, version, html)
        self._last_fragment = (memo, html)
        return html


# --- The renderer ---------------------------------------------------------------------------


def check_page(source: EventSource | None, key: PageKey) -> None:
    """Raise ``PageNotFound`` unless ``key`` names a page the event has (cheap: no
    template is rendered; the data is the source's, loaded once)."""
    _resolve(source, key)


def _resolve(source: EventSource | None, key: PageKey):
    """(data, round, table) of a public page of an event (None where not named)."""
    if key.kind in ("events", "private", *pagekeys.LEAGUE_KINDS):
        return None, None, None  # a league page is checked as it renders (one load)
    data = source.data()
    if not pagekeys.validate(key, data):
        raise PageNotFound(key.path)
    if key.kind == "player" and key.registration not in data.people:
        raise PageNotFound(key.path)
    if key.kind not in ("seating", "table"):
        return data, None, None
    rnd = data.round(key.round)
    if rnd is None:
        raise PageNotFound(key.path)
    if key.kind == "seating":
        return data, rnd, None
    table = next((t for t in rnd.tables if t.number == key.table), None)
    if table is None:
        raise PageNotFound(key.path)
    return data, rnd, table


def render_page(source: EventSource | None, key: PageKey, version: str) -> Rendered:
    """The page ``key`` at ``version`` (see the module docstring); ``source`` may be None
    only for the event list."""
    language, path, partial = key.language, key.path, key.partial
    if key.kind == "events":
        return pages.render_event_list(language, version, path)
    if key.kind == "private":
        return _render_private(source, key, version)
    if key.kind in pagekeys.LEAGUE_KINDS:
        return _render_league(key, version)
    data, rnd, table = _resolve(source, key)
    if key.kind == "home":
        return pages.render_event_home(data, language, version, path, partial)
    if key.kind == "standings":
        after, club = key.int_param("after"), key.param("club") or ""
        return pages.render_standings(data, language, version, path, partial, after, club)
    if key.kind == "player":
        fragment = source.fragment(key.registration, language, version)
        if partial:
            return Rendered(fragment)
        whole = pages.render_player(
            data, key.registration, language, version, path, False, fragment
        )
        return Rendered(whole.html, fragment)
    if key.kind == "seating":
        query = key.param("q") or ""
        return pages.render_seating(data, rnd, language, version, path, partial, query)
    if key.kind == "table":
        step = key.int_param("step")
        return pages.render_table(data, rnd, table, language, version, path, partial, step)
    raise PageNotFound(path)


def _render_league(key: PageKey, version: str) -> Rendered:
    """A league's page, from its data read once for this render; a league without a
    public page, or a player with no result in its public events, is no page."""
    from tournaments.public import render_league

    data = shared_league_data(key.league, version)
    if data is None:
        raise PageNotFound(key.path)
    if key.kind == "league":
        return render_league.render_league(data, key.language, version, key.path, key.partial)
    if key.player not in data.results and key.player not in data.ratings:
        raise PageNotFound(key.path)
    return render_league.render_league_player(
        data, key.player, key.language, version, key.path, key.partial
    )


def private_key(registration: Registration, language: str, done: str = "") -> PageKey:
    """The private page of ``registration`` (its path holds the token)."""
    from django.urls import reverse
    from django.utils import translation

    with translation.override(language):
        path = reverse("tournaments:private", kwargs={"token": registration.private_token})
    key = pagekeys.parse(path, {"done": done} if done else {})
    return replace(key, registration=registration.pk)


def private_key_of_path(path: str, done: str, registration_id: int) -> PageKey | None:
    """The private page at ``path`` (``/<lang>/p/<token>/``) of ``registration_id``."""
    key = pagekeys.parse(path, {"done": done} if done else {})
    if key is None or key.kind != "private":
        return None
    return replace(key, registration=registration_id)


def _render_private(source: EventSource, key: PageKey, version: str) -> Rendered:
    registration = source.registration(key.registration)
    if key != private_key(registration, key.language, key.param("done") or ""):
        raise PageNotFound(key.path)  # a new token since: the old page must go
    fragment = None
    if registration.status != Registration.Status.DROPPED:
        data = source.data()
        if registration.pk in data.people:
            fragment = source.fragment(registration.pk, key.language, version)
    html = render_private.render_private(
        registration,
        key.language,
        version,
        key.path,
        key.param("done") or "",
        source.private_facts(registration.pk),
        fragment,
    )
    return Rendered(html)
