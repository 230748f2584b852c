"""Versions, conditional GET and cached renders for the public pages.

Every public page of an event depends only on that event's rows, so one counter per event
("the event version") tells whether anything a page shows may have changed. Announced
changes bump it after commit (``public.subscribers``, ``public.signals``). A page is
cached under its path and language together with the version it was rendered at; a
request reads the two versions and the page in ONE Redis round trip (``get_many``) and,
when the page is current, never touches the database. The ETag is derived from the
version, so a poll with ``If-None-Match`` is a 304.

The version starts at the current time in milliseconds (not 0) so that a flushed cache can
never hand out an ETag that an older page already used.

A player's pages (the public player page, its fragment, the private page) are versioned
apart, so that one table's confirmation does not make 2,000 of them stale: their version is
the global version, the event's *players* version (a change that may show on every
player's page: a round published, seating, ratings, the event's settings) and that
player's own counter (their table's result, their standing in a new snapshot, their
check-in). Every change still bumps the event version, which the event's other pages
(home, standings, seating, tables) use. ``bump_event(slug, players=...)`` says whose
pages a change touches; without ``players`` it is everyone's.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from dataclasses import dataclass

from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from tournaments.public import pagekeys

GLOBAL_KEY = "pub:v:all"
PAGE_TIMEOUT = 6 * 60 * 60  # versions invalidate; the timeout only bounds memory
# What every public page answers with, from its view and from the WSGI fast path alike: a
# browser asks again every time (an ETag makes that a 304), and a shared cache in front
# (deploy/nginx/referee.conf, or a CDN) may keep it for a second and serve it up to 30 s
# stale while it fetches the new one. Private pages are "private, no-store"
# (referee/security_headers.py).
PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=30"
VERSION_TIMEOUT = None  # never expire: a lost version is safe (see above) but costs renders


# --- Cache keys by the parameters a page reads --------------------------------------------
# A page is cached under its canonical path (``pagekeys``: the parameters it reads, in a
# fixed order and normal form), so ``?utm=1`` .. ``?utm=300`` are one cached render, not
# 300 (each 1 MB and seconds of CPU at a 2,000-player event). The views, the refresh batch
# and the WSGI fast path all key by it: a render stored by one is found by the others.

PRIVATE_DONE = pagekeys.PRIVATE_DONE
canonical_path = pagekeys.canonical_path
canonical_path_from_query_string = pagekeys.canonical_path_from_query_string


def event_version_key(slug: str) -> str:
    return f"pub:v:ev:{slug}"


def players_version_key(slug: str) -> str:
    return f"pub:v:evp:{slug}"


def player_version_key(slug: str, registration_id: int) -> str:
    return f"pub:v:pl:{slug}:{registration_id}"


PLAYER_PATH = re.compile(r"(?:^/[a-z]{2}/events/[^/]+/players/|^/player-fragment/)(\d+)/?(?:\?|$)")


def player_of_path(path: str) -> int | None:
    """The registration whose page ``path`` is (public player page or its fragment)."""
    match = PLAYER_PATH.match(path)
    return int(match[1]) if match else None


def version_keys(slug: str | None, player: int | None = None) -> list[str]:
    """The counters whose values, joined, are the version of a page of ``slug`` (of
    ``player``'s pages when given)."""
    if not slug:
        return [GLOBAL_KEY]
    if player is None:
        return [GLOBAL_KEY, event_version_key(slug)]
    return [GLOBAL_KEY, players_version_key(slug), player_version_key(slug, player)]


def page_key(path: str, language: str) -> str:
    digest = hashlib.blake2b(path.encode(), digest_size=12).hexdigest()
    return f"pub:page:{language}:{digest}"


def _fresh_version() -> int:
    return int(time.time() * 1000)


def _bump(key: str) -> int:
    try:
        return cache.incr(key)
    except ValueError:  # missing
        value = _fresh_version()
        if cache.add(key, value, VERSION_TIMEOUT):
            return value
        return cache.incr(key)


def bump_event(slug: str, players=None) -> int:
    """A change to the event: its pages are stale, and the pages of ``players``
    (registration ids), or of every player when None. The event's own counter moves
    first: a player page rendered at a player's new version reads the event's data at
    the event's new version too (``renderer.EventSource.for_request``)."""
    version = _bump(event_version_key(slug))
    if players is None:
        _bump(players_version_key(slug))
    else:
        _bump_many([player_version_key(slug, r) for r in sorted(set(players))])
    return version


def _bump_many(keys: list[str]) -> None:
    """``_bump`` of many counters in one round trip on Redis: a standings snapshot moves
    hundreds of players' counters, one ``INCR`` each cost ~0.2 ms of round trip apiece.
    A missing counter starts at the current time, as in ``_bump`` (SET NX, then INCR)."""
    backend = caches["default"]
    if not isinstance(backend, RedisCache) or len(keys) < 2:
        for key in keys:
            _bump(key)
        return
    fresh = _fresh_version()
    client = backend._cache.get_client(write=True)  # Django's own pool (private API, 5.2)
    with client.pipeline(transaction=False) as pipe:
        for key in keys:
            full = backend.make_and_validate_key(key)
            pipe.set(full, fresh, nx=True)  # Django stores ints unpickled: INCR reads them
            pipe.incr(full)
        pipe.execute()


def bump_global() -> int:
    return _bump(GLOBAL_KEY)


def _ensure(key: str, value) -> int:
    if value is None:
        cache.add(key, _fresh_version(), VERSION_TIMEOUT)
        value = cache.get(key)
    if value is None:  # Redis is away: a version no render was ever stored under
        value = _fresh_version()
    return int(value)


@dataclass(frozen=True)
class Lookup:
    version: str
    html: str | None  # the cached page when it is current
    stale_version: str | None = None  # an older render kept for stampede protection
    stale_html: str | None = None


_fast = threading.local()


class CacheUnavailable(Exception):
    """Redis cannot be reached (only ``versions_only`` says so; the rest degrade)."""


def _get_many(keys: list[str], strict: bool = False) -> dict:
    """``cache.get_many`` for the hot path. On Redis, Django builds a new ``redis.Redis``
    object per call (~0.3 ms of Python here, a third of a cached request), so keep one
    client per thread on Django's own pool and decode with Django's serializer.

    While Redis is away this is a miss (``referee.cache``), or ``CacheUnavailable`` when
    ``strict``: the WSGI fast path then serves the last page it kept."""
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        return backend.get_many(keys)
    outage = getattr(backend, "outage", None)
    if outage is not None and outage.active():
        if strict:
            raise CacheUnavailable
        return {}
    client = getattr(_fast, "client", None)
    if client is None or getattr(_fast, "backend", None) is not backend:
        inner = backend._cache  # Django's RedisCacheClient (private API, Django 5.2)
        client = inner._client(connection_pool=inner._get_connection_pool(write=False))
        _fast.client, _fast.backend = client, backend
    try:
        raw = client.mget([backend.make_and_validate_key(k) for k in keys])
    except (RedisConnectionError, RedisTimeoutError, OSError) as error:
        if outage is not None:
            outage.record(error)
        if strict:
            raise CacheUnavailable from error
        return {}
    loads = backend._cache._serializer.loads
    return {k: loads(v) for k, v in zip(keys, raw, strict=True) if v is not None}


def versions_and_stored(
    slug: str | None, player: int | None, key: str
) -> tuple[str | None, str | None]:
    """(the page's current version, the version of its stored render), from one small
    ``MGET``. The current version is None when a counter is missing (the caller falls back
    to ``lookup``, which creates it); the stored one is None when nothing is stored.
    Raises ``CacheUnavailable`` while Redis is away."""
    counters = version_keys(slug, player)
    marker = stored_version_key(key)
    found = _get_many([*counters, marker], strict=True)
    current = None
    if all(k in found for k in counters):
        current = ".".join(str(int(found[k])) for k in counters)
    return current, found.get(marker)


def lookup(slug: str | None, path: str, language: str, player: int | None = None) -> Lookup:
    """The current version of the page at ``path`` and its cached render, if current.
    A player's page is found by its path, or by ``player`` (the private page)."""
    if player is None:
        player = player_of_path(path)
    counters = version_keys(slug, player)
    found = _get_many([*counters, page_key(path, language)])
    version = ".".join(str(_ensure(key, found.get(key))) for key in counters)
    entry = found.get(page_key(path, language))
    if entry and entry[0] == version:
        return Lookup(version=version, html=entry[1])
    if entry:
        return Lookup(version=version, html=None, stale_version=entry[0], stale_html=entry[1])
    return Lookup(version=version, html=None)


def current_version(slug: str | None) -> str:
    return lookup(slug, "", "").version


def player_versions(slug: str, registration_ids) -> dict[int, str]:
    """The current version of each player's pages, in one round trip (a prerender)."""
    ids = list(registration_ids)
    keys = [GLOBAL_KEY, players_version_key(slug)] + [player_version_key(slug, r) for r in ids]
    found = _get_many(keys)
    head = f"{_ensure(GLOBAL_KEY, found.get(GLOBAL_KEY))}."
    head += f"{_ensure(keys[1], found.get(keys[1]))}."
    return {r: head + str(_ensure(k, found.get(k))) for r, k in zip(ids, keys[2:], strict=True)}


def next_players_version(version: str) -> str:
    """A player page's version after the next everyone-bump (``bump_event(slug)``)."""
    head, players, own = version.split(".")
    return f"{head}.{int(players) + 1}.{own}"


def stored_version_key(key: str) -> str:
    """Beside each render, the version it was rendered at (a few bytes): the WSGI fast
    path reads it with the version counters in one ``MGET`` and so knows, without
    fetching a 1 MB standings page, whether the copy it keeps is the newest one stored."""
    return key + ":v"


def store(path: str, language: str, version: str, html: str) -> None:
    store_many([(path, language, version, html)])


def forget(path: str, language: str) -> None:
    forget_key(page_key(path, language))


def forget_key(key: str) -> None:
    cache.delete_many([key, stored_version_key(key)])


def store_many(entries: list[tuple[str, str, str, str]]) -> None:
    """Store (path, language, version, html) renders in one round trip."""
    values = {}
    for path, language, version, html in entries:
        key = page_key(path, language)
        values[key] = (version, html)
        values[stored_version_key(key)] = version
    cache.set_many(values, PAGE_TIMEOUT)


def stored_page(key: str) -> tuple[str, str] | None:
    """(version, html) of the render stored under ``key``, current or not."""
    entry = _get_many([key]).get(key)
    return (entry[0], entry[1]) if entry else None


def next_version(version: str) -> str:
    """The version an event's pages will have after its next bump."""
    head, _, last = version.rpartition(".")
    return f"{head}.{int(last) + 1}" if head else str(int(last) + 1)


def token_key(token: str) -> str:
    # Hashed: the cache never holds a private token in clear.
    return "pub:tok:" + hashlib.blake2b(token.encode(), digest_size=16).hexdigest()


def owner_of_token(token: str) -> tuple[str, int] | None:
    """(event slug, registration id) of a private token seen before."""
    owner = cache.get(token_key(token))
    return tuple(owner) if isinstance(owner, (tuple, list)) and len(owner) == 2 else None


def remember_token(token: str, slug: str, registration_id: int) -> None:
    cache.set(token_key(token), (slug, registration_id), PAGE_TIMEOUT)


def etag_for(version: str, language: str, path: str, extra: str = "") -> str:
    digest = hashlib.blake2b(f"{path}|{extra}".encode(), digest_size=6).hexdigest()
    return f'W/"{version}-{language}-{digest}"'


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    if not if_none_match:
        return False
    candidates = {tag.strip() for tag in if_none_match.split(",")}
    # Weak comparison: W/"x" and "x" are the same representation for a GET.
    bare = etag.removeprefix("W/")
    return "*" in candidates or etag in candidates or bare in candidates
