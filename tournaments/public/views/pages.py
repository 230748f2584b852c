"""Public HTML pages: thin views over ``public_render`` with conditional GET and a render cache.

Every GET: one Redis round trip for (global version, event version, cached page). If the
client's ``If-None-Match`` matches → 304; if the cached page is current → served without a
database query; if an older render is stored → that one, while a background batch renders
the new one (``refresh``); else (never rendered) rendered, stored and served.
``?partial=1`` returns only the live part of a page (what the refresh script swaps in).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from tournaments.public import cache as public_cache
from tournaments.public import refresh
from tournaments.public import selectors as sel
from tournaments.public.views import render as pages

LIVE_CACHE_CONTROL = "public, max-age=0, must-revalidate"


def _language(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", None) or get_language() or "ja"


def cache_path(request: HttpRequest) -> str:
    """The request's path with only the query parameters its page reads (the cache key,
    the ETag and the page's own live URL all use it; see ``public_cache.canonical_path``)."""
    return public_cache.canonical_path(request.path, {k: request.GET[k] for k in request.GET})


def serve_cached(
    request: HttpRequest, slug: str | None, build: Callable[[str, str, bool], str]
) -> HttpResponse:
    """``build(version, path, partial)`` renders the page; it may raise Http404."""
    language = _language(request)
    path = cache_path(request)
    pinned = refresh.pinned_version(path, language)
    if pinned is not None:
        # The refresh batch: render at the version it pinned before loading the data.
        found = public_cache.Lookup(pinned, None)
    else:
        found = public_cache.lookup(slug, path, language)
    if not refresh.in_refresh() and found.html is None and found.stale_html is not None:
        # Everyone gets the previous render at once (with its own ETag, so the next poll
        # picks the new one up); a paced background batch renders the new one.
        found = refresh.serve_stale(found, slug, path, language)
    etag = public_cache.etag_for(found.version, language, path)
    if public_cache.etag_matches(request.headers.get("If-None-Match"), etag):
        response = HttpResponseNotModified()
    else:
        html = found.html
        if html is None:
            html = build(found.version, path, request.GET.get("partial") == "1")
            public_cache.store(path, language, found.version, html)
        response = HttpResponse(html)
    response["ETag"] = etag
    response["Cache-Control"] = LIVE_CACHE_CONTROL
    response["Content-Language"] = language
    patch_vary_headers(response, ["Accept-Encoding"])  # the WSGI fast path gzips this URL
    return response


_memo: dict[str, tuple[str, sel.EventData]] = {}
_memo_lock = threading.Lock()
_load_locks: dict[str, threading.Lock] = {}


def _event_data(slug: str, version: str | None = None) -> sel.EventData:
    """The event's public data; with ``version``, loaded once per process per version: a
    rush of misses right after a release costs one load per worker, not one per request
    (the other threads wait for it instead of loading the same rows in parallel)."""
    data = refresh.batch_data(slug)
    if data is not None:
        return data
    if version is None:
        return _load_event_data(slug)
    with _memo_lock:
        lock = _load_locks.setdefault(slug, threading.Lock())
    with lock:
        memo = _memo.get(slug)
        if memo is not None and memo[0] == version:
            return memo[1]
        data = _load_event_data(slug)
        data.histories  # noqa: B018 - computed once here, shared by every player page
        _memo[slug] = (version, data)
        return data


def event_data_for_player(slug: str) -> sel.EventData:
    """The event's data for a player's page, shared per process by the *event's* version:
    player pages have a version each, which would load the event once per player."""
    data = refresh.batch_data(slug)
    if data is not None:
        return data
    return _event_data(slug, public_cache.current_version(slug))


def _load_event_data(slug: str) -> sel.EventData:
    event = sel.public_event(slug)
    if event is None:
        raise Http404
    return sel.event_data(event)


def _int_param(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.GET[name])
    except (KeyError, ValueError):
        return None


@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    language = _language(request)
    return serve_cached(
        request,
        None,
        lambda version, path, partial: pages.render_event_list(language, version, path),
    )


@require_GET
def event_home(request: HttpRequest, slug: str) -> HttpResponse:
    language = _language(request)

    def build(version: str, path: str, partial: bool) -> str:
        return pages.render_event_home(_event_data(slug, version), language, version, path, partial)

    return serve_cached(request, slug, build)


@require_GET
def seating(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    language = _language(request)
    query = request.GET.get("q", "")[:100]

    def build(version: str, path: str, partial: bool) -> str:
        data = _event_data(slug, version)
        rnd = data.round(number)
        if rnd is None:
            raise Http404
        return pages.render_seating(data, rnd, language, version, path, partial, query)

    return serve_cached(request, slug, build)


@require_GET
def seating_current(request: HttpRequest, slug: str) -> HttpResponse:
    data = _event_data(slug)
    current = data.current_round
    if current is None:
        return redirect("tournaments:event-detail", slug=slug)
    return redirect("tournaments:seating", slug=slug, number=current.number)


@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    language = _language(request)
    after_round = _int_param(request, "after")
    club = request.GET.get("club", "")[:100]

    def build(version: str, path: str, partial: bool) -> str:
        data = _event_data(slug, version)
        return pages.render_standings(data, language, version, path, partial, after_round, club)

    return serve_cached(request, slug, build)


@require_GET
def table_result(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    language = _language(request)
    step = _int_param(request, "step")

    def build(version: str, path: str, partial: bool) -> str:
        data = _event_data(slug, version)
        rnd = data.round(number)
        found = next((t for t in rnd.tables if t.number == table), None) if rnd else None
        if found is None:
            raise Http404
        return pages.render_table(data, rnd, found, language, version, path, partial, step)

    return serve_cached(request, slug, build)


@require_GET
def player(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    language = _language(request)

    def build(version: str, path: str, partial: bool) -> str:
        data = event_data_for_player(slug)
        if registration_id not in data.people:
            raise Http404
        fragment = cached_player_fragment(data, registration_id, language, version)
        if partial:
            return fragment
        return pages.render_player(
            data, registration_id, language, version, path, partial, fragment
        )

    return serve_cached(request, slug, build)


def player_fragment_key(registration_id: int) -> str:
    return f"/player-fragment/{registration_id}"


def cached_player_fragment(
    data: sel.EventData,
    registration_id: int,
    language: str,
    version: str,
    histories: dict | None = None,
) -> str:
    """The player fragment at ``version``, from the cache (prerendered) or rendered now."""
    key = player_fragment_key(registration_id)
    found = public_cache.lookup(data.event.slug, key, language)
    if found.html is not None and found.version == version:
        return found.html
    html = pages.player_fragment(data, registration_id, language, histories or data.histories)
    public_cache.store(key, language, version, html)
    return html


def not_found(request: HttpRequest, exception=None) -> HttpResponse:  # pragma: no cover
    return render(request, "404.html", status=404)
