"""A WSGI fast path for the public pages, in front of Django (``referee/wsgi.py``).

A GET of a public page whose render is cached at the current version is answered from
Redis (one ``get_many``) without entering Django's middleware, URL resolver or views:
that is what lets a phone-polled standings page take a café's worth of phones. Anything
else — a miss, a stale render, the private pages, POSTs, non-ASCII paths — falls through
to Django unchanged, which renders and stores the page for the next request.

Security parity with Django's middleware for these responses: the same security headers;
with ``SECURE_SSL_REDIRECT`` on, only requests already on HTTPS take the fast path (so
Django still redirects plain HTTP); HSTS is added when Django would add it. Host-header
validation is skipped deliberately: cached pages contain only relative links and the
cache key does not include the host, so a forged Host cannot poison or change anything.
"""

from __future__ import annotations

import logging
import re

from django.conf import settings

from tournaments import public_cache

logger = logging.getLogger(__name__)

PRIVATE_PATH = re.compile(r"^/(?P<lang>[a-z]{2})/p/(?P<token>[-A-Za-z0-9_]+)/$")
PRIVATE_HEADERS = [
    ("Cache-Control", "private, no-store"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Robots-Tag", "noindex"),
]
PUBLIC_PATH = re.compile(
    r"^/(?P<lang>[a-z]{2})/"
    r"(?:events/(?P<slug>[-a-zA-Z0-9_]+)/"
    r"(?:|standings/|rounds/\d+/seating/|rounds/\d+/tables/\d+/|players/\d+/))?$"
)


def _is_secure(environ) -> bool:
    if environ.get("wsgi.url_scheme") == "https":
        return True
    header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if header:
        name, value = header
        return environ.get(name) == value
    return False


class PublicPageCache:
    def __init__(self, app):
        self.app = app
        self.languages = {code for code, _name in settings.LANGUAGES}

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
        match = PUBLIC_PATH.match(path)
        slug, private = (match["slug"] if match else None), False
        if match is None:
            match = PRIVATE_PATH.match(path)
            if match is None:
                return None
            slug, private = public_cache.slug_for_token(match["token"]), True
            if slug is None:
                return None
        if match["lang"] not in self.languages or not path.isascii():
            return None
        secure = _is_secure(environ)
        if getattr(settings, "SECURE_SSL_REDIRECT", False) and not secure:
            return None
        query = environ.get("QUERY_STRING", "")
        if not query.isascii():
            return None
        full_path = f"{path}?{query}" if query else path
        language = match["lang"]
        found = public_cache.lookup(slug, full_path, language)
        if found.html is None:
            return None
        etag = public_cache.etag_for(found.version, language, full_path)
        headers = [
            ("ETag", etag),
            ("Content-Language", language),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
        ]
        if private:
            headers += PRIVATE_HEADERS
        else:
            referrer = getattr(settings, "SECURE_REFERRER_POLICY", None) or "same-origin"
            headers += [
                ("Cache-Control", "public, max-age=0, must-revalidate"),
                ("Referrer-Policy", referrer),
            ]
        hsts = getattr(settings, "SECURE_HSTS_SECONDS", 0)
        if secure and hsts:
            value = f"max-age={hsts}"
            if getattr(settings, "SECURE_HSTS_INCLUDE_SUBDOMAINS", False):
                value += "; includeSubDomains"
            if getattr(settings, "SECURE_HSTS_PRELOAD", False):
                value += "; preload"
            headers.append(("Strict-Transport-Security", value))
        if public_cache.etag_matches(environ.get("HTTP_IF_NONE_MATCH"), etag):
            return "304 Not Modified", headers, b""
        body = found.html.encode()
        headers += [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Length", str(len(body))),
        ]
        return "200 OK", headers, body
