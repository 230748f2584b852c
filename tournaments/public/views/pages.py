"""Public HTML pages: thin views over ``renderer.render_page`` with conditional GET and a
render cache.

Every GET: one Redis round trip for (global version, event version, cached page). If the
client's ``If-None-Match`` matches → 304; if the cached page is current → served without a
database query; if an older render is stored → that one, while a background batch renders
the new one (``refresh``); else (never rendered) rendered, stored and served. A parameter
value the event does not have is a 404 (``pagekeys.validate``), and renders in the request
of pages chosen by a parameter are counted per client (``render_budget``).
``?partial=1`` returns only the live part of a page (what the refresh script swaps in).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from tournaments.public import cache as public_cache
from tournaments.public import pagekeys, refresh, render_budget, renderer
from tournaments.public.pagekeys import PageKey


def _language(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", None) or get_language() or "ja"


def page_key(request: HttpRequest) -> PageKey:
    """The request's page (the cache key, the ETag and the page's own live URL all use
    its canonical path; see ``pagekeys``)."""
    key = pagekeys.parse(request.path, {k: request.GET[k] for k in request.GET})
    if key is None:
        raise Http404
    return key


def cache_path(request: HttpRequest) -> str:
    return page_key(request).path


def serve_page(request: HttpRequest, key: PageKey) -> HttpResponse:
    language, path, slug = key.language, key.path, key.slug
    found = public_cache.lookup(key.scope, path, language)
    refresh.recent_reads.note(key.scope, path, language, found.version)
    # A league's pages are not in any event's refresh batch: an older render is not
    # served, the page renders in the request (a league page is read by a café, not a
    # stadium, and a league made private must not be served from an older render).
    if found.html is None and found.stale_html is not None and not key.league:
        # Everyone gets the previous render at once (with its own ETag, so the next poll
        # picks the new one up); a paced background batch renders the new one.
        found = refresh.serve_stale(found, slug, path, language)
    etag = public_cache.etag_for(found.version, language, path)
    if public_cache.etag_matches(request.headers.get("If-None-Match"), etag):
        response = HttpResponseNotModified()
    else:
        html = found.html
        if html is None:
            source = renderer.EventSource.for_request(slug, key, found.version) if slug else None
            try:
                # A value the event does not have is a 404 before it costs a render or
                # counts against the client's budget.
                renderer.check_page(source, key)
                if key.variant and not render_budget.allow(request):
                    return render_budget.refused(request)
                html = renderer.render_page(source, key, found.version).html
            except renderer.PageNotFound as gone:
                raise Http404 from gone
            if key.stored:
                public_cache.store(path, language, found.version, html)
        response = HttpResponse(html)
    response["ETag"] = etag
    response["Cache-Control"] = public_cache.PUBLIC_CACHE_CONTROL
    response["Content-Language"] = language
    patch_vary_headers(response, ["Accept-Encoding"])  # the WSGI fast path gzips this URL
    return response


@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    return serve_page(request, page_key(request))


@require_GET
def event_home(request: HttpRequest, slug: str) -> HttpResponse:
    return serve_page(request, page_key(request))


@require_GET
def seating(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return serve_page(request, page_key(request))


@require_GET
def seating_current(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        current = renderer.load_event_data(slug).current_round
    except renderer.PageNotFound as gone:
        raise Http404 from gone
    if current is None:
        return redirect("tournaments:event-detail", slug=slug)
    return redirect("tournaments:seating", slug=slug, number=current.number)


@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    return serve_page(request, page_key(request))


@require_GET
def table_result(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    return serve_page(request, page_key(request))


@require_GET
def league(request: HttpRequest, public_id: str) -> HttpResponse:
    return serve_page(request, page_key(request))


@require_GET
def league_player(request: HttpRequest, public_id: str, player_id: int) -> HttpResponse:
    return serve_page(request, page_key(request))


@require_GET
def player(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    return serve_page(request, page_key(request))


def not_found(request: HttpRequest, exception=None) -> HttpResponse:  # pragma: no cover
    return render(request, "404.html", status=404)
