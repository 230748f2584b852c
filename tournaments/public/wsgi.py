"""A WSGI fast path for the public pages, in front of Django (``referee/wsgi.py``).

A GET of a public page whose render is cached at the current version is answered without
entering Django's middleware, URL resolver or views: that is what lets a phone-polled
standings page take a café's worth of phones. Anything else — a miss, a stale render, the
private pages' POSTs, non-ASCII paths — falls through to Django unchanged, which renders
and stores the page for the next request.

Cost per hit is one small Redis ``MGET`` (the version counters). The page itself is kept
in this process (``LocalPages``), encoded and, for public pages, gzip-compressed once per
version: a 500-player standings page is ~300 KB of HTML, and fetching, unpickling and
encoding it on every request was most of the cost. A bump of the event's version makes
every local copy stale at once, exactly like the Redis copies.

Security parity with Django's middleware for these responses: the same security headers
(``referee/security_headers.py`` reads them from that middleware);
with ``SECURE_SSL_REDIRECT`` on, only requests already on HTTPS take the fast path (so
Django still redirects plain HTTP); HSTS is added when Django would add it. Host-header
validation is skipped deliberately: cached pages contain only relative links and the
cache key does not include the host, so a forged Host cannot poison or change anything.
Private pages are never compressed: they carry the player's token, and compressing a
secret next to other content is what BREACH-style attacks measure.
"""

from __future__ import annotations

import gzip
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from urllib.parse import parse_qs, parse_qsl

from django.conf import settings

from referee.security_headers import PRIVATE_PAGE_HEADERS, security_headers, with_headers
from tournaments.public import cache as public_cache
from tournaments.public import pagekeys, refresh

logger = logging.getLogger(__name__)

PUBLIC_HEADERS = {
    "Cache-Control": public_cache.PUBLIC_CACHE_CONTROL,
    "Vary": "Accept-Encoding",
}
GZIP_MIN_BYTES = 1024  # below this the header costs more than it saves


@dataclass(frozen=True, slots=True)
class LocalPage:
    version: str
    etag: str
    body: bytes
    gzipped: bytes | None  # None: not worth it, or a private page


class LocalPages:
    """A per-process LRU of current renders, bounded by bytes. Thread-safe: gunicorn's
    gthread workers share one instance per process."""

    def __init__(self, max_bytes: int = 64 * 1024 * 1024, max_tokens: int = 20_000):
        self.max_bytes, self.max_tokens = max_bytes, max_tokens
        self._pages: OrderedDict[str, LocalPage] = OrderedDict()
        self._tokens: OrderedDict[str, tuple[str, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> LocalPage | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: str, page: LocalPage) -> None:
        size = len(page.body) + len(page.gzipped or b"")
        if size > self.max_bytes // 4:
            return
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self._bytes -= len(old.body) + len(old.gzipped or b"")
            self._pages[key] = page
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, evicted = self._pages.popitem(last=False)
                self._bytes -= len(evicted.body) + len(evicted.gzipped or b"")

    def owner_of_token(self, token: str) -> tuple[str, int] | None:
        """A token's event and registration never change, so they are remembered once
        found; a revoked token still finds no page (its page key is never rendered at a
        newer version)."""
        with self._lock:
            owner = self._tokens.get(token)
        if owner is None:
            owner = public_cache.owner_of_token(token)
            if owner is not None:
                with self._lock:
                    self._tokens[token] = owner
                    if len(self._tokens) > self.max_tokens:
                        self._tokens.popitem(last=False)
        return owner


def _accepts_gzip(environ) -> bool:
    accept = environ.get("HTTP_ACCEPT_ENCODING", "")
    if "gzip" not in accept:
        return False
    for part in accept.split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip() == "gzip":
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class PublicPageCache:
    def __init__(self, app, local: LocalPages | None = None):
        self.app = app
        self.local = local or LocalPages()
        self.languages = {code for code, _name in settings.LANGUAGES}
        # Settings are read once: the fast path must not pay for them per request.
        self.ssl_redirect = getattr(settings, "SECURE_SSL_REDIRECT", False)
        self.proxy_ssl_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
        # The security headers Django's middleware would add (HSTS only over HTTPS), keyed
        # by whether the request is secure, then what a public or private page adds.
        security = {secure: security_headers(secure=secure) for secure in (False, True)}
        self.public_headers = {s: with_headers(h, PUBLIC_HEADERS) for s, h in security.items()}
        self.private_headers = {
            s: with_headers(h, PRIVATE_PAGE_HEADERS) for s, h in security.items()
        }

    def _is_secure(self, environ) -> bool:
        if environ.get("wsgi.url_scheme") == "https":
            return True
        if self.proxy_ssl_header:
            name, value = self.proxy_ssl_header
            return environ.get(name) == value
        return False

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") in ("GET", "HEAD"):
            try:
                hit = self._hit(environ)
            except Exception:  # a cache outage falls back to Django  # noqa: BLE001
                logger.exception("public fast path failed")
                hit = None
            if hit is not None:
                status, headers, body = hit
                start_response(status, headers)
                return [] if environ["REQUEST_METHOD"] == "HEAD" else [body]
        return self.app(environ, start_response)

    def _hit(self, environ):
        path = environ.get("PATH_INFO", "")
        query = environ.get("QUERY_STRING", "")
        if not path.isascii() or not query.isascii():
            return None
        # The page and the parameters it reads (``pagekeys``, the one definition the views
        # and the refresh batch use too): ?utm=... finds the same render.
        params = dict(parse_qsl(query, keep_blank_values=True)) if query else {}
        key = pagekeys.parse(path, params)
        if key is None or key.language not in self.languages:
            return None
        slug, player, private = key.scope, key.registration, key.kind == "private"
        if private:
            owner = self.local.owner_of_token(path.rstrip("/").rsplit("/", 1)[1])
            if owner is None:
                return None
            slug, player = owner
        language = key.language
        secure = self._is_secure(environ)
        if self.ssl_redirect and not secure:
            return None
        full_path = key.path
        try:
            page, state = self._current_page(slug, full_path, language, private, player)
        except public_cache.CacheUnavailable:
            # Redis is away: the last good render this process kept, else Django renders
            # from the database.
            page, state = self.local.get(public_cache.page_key(full_path, language)), "stale"
        if page is None:
            return None
        headers = [("ETag", page.etag), ("Content-Language", language), ("X-Cache", state)]
        headers += (self.private_headers if private else self.public_headers)[secure]
        if public_cache.etag_matches(environ.get("HTTP_IF_NONE_MATCH"), page.etag):
            return "304 Not Modified", headers, b""
        body = page.body
        if page.gzipped is not None and _accepts_gzip(environ):
            body = page.gzipped
            headers.append(("Content-Encoding", "gzip"))
        headers += [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Length", str(len(body))),
        ]
        return "200 OK", headers, body

    def _current_page(
        self, slug: str | None, full_path: str, language: str, private: bool, player: int | None
    ) -> tuple[LocalPage | None, str]:
        """The page to answer with and whether it is current ("hit") or an older render
        served while a background batch renders the new one ("revalidating")."""
        key = public_cache.page_key(full_path, language)
        version, stored = public_cache.versions_and_stored(slug, player, key)
        if version is None:  # a counter is missing: Django creates it
            return None, "miss"
        if not private:
            refresh.recent_reads.note(slug, full_path, language, version)
        page = self.local.get(key)
        if page is not None and page.version == version:
            return page, "hit"
        if stored is None:
            return None, "miss"  # never rendered: Django renders it in the request
        # An event list's or a league's page is in no refresh batch: never served stale.
        in_no_batch = slug is None or slug.startswith(pagekeys.LEAGUE_SCOPE)
        if stored != version and (in_no_batch or refresh.eager()):
            return None, "miss"  # Django serves it (with eager tasks it renders at once)
        if page is None or page.version != stored:
            entry = public_cache.stored_page(key)
            if entry is None:
                return None, "miss"
            page = self._local_page(key, entry[0], entry[1], language, full_path, private)
        if page.version == version:
            return page, "hit"
        done = ""
        if private:
            done = parse_qs(full_path.partition("?")[2]).get("done", [""])[0]
        refresh.request_refresh(
            slug,
            [refresh.due_page(slug, full_path, language, player if private else None, done)],
        )
        return page, "revalidating"

    def _local_page(
        self, key: str, version: str, html: str, language: str, full_path: str, private: bool
    ) -> LocalPage:
        body = html.encode()
        zipped = None
        if not private and len(body) >= GZIP_MIN_BYTES:
            zipped = gzip.compress(body, compresslevel=6, mtime=0)
        page = LocalPage(
            version=version,
            etag=public_cache.etag_for(version, language, full_path),
            body=body,
            gzipped=zipped,
        )
        self.local.put(key, page)
        return page
