"""Conditional GET, cached renders served without the database, prerender on publish."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tests.tournaments.factories import RoundFactory, SeatFactory, TableFactory
from tests.tournaments.public.conftest import close_round
from tournaments.public import cache as public_cache
from tournaments.public.renderer import player_fragment_key
from tournaments.seating.services import round_publish

pytestmark = pytest.mark.django_db


def url(name: str, language: str = "ja", **kwargs) -> str:
    with translation.override(language):
        return reverse(f"tournaments:{name}", kwargs=kwargs)


def test_etag_then_304_until_something_changes(client, world, django_capture_on_commit_callbacks):
    standings = url("standings", slug=world.event.slug)
    first = client.get(standings)
    etag = first["ETag"]
    assert first.status_code == 200 and etag.startswith('W/"')
    again = client.get(standings, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag
    with django_capture_on_commit_callbacks(execute=True):
        close_round(world.round2)
    changed = client.get(standings, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_current_cached_page_is_served_without_a_database_query(client, world):
    standings = url("standings", slug=world.event.slug)
    client.get(standings)  # render and store
    with CaptureQueriesContext(connection) as queries:
        response = client.get(standings)
    assert response.status_code == 200
    assert len(queries) == 0, [q["sql"] for q in queries]


def test_304_needs_no_database_query_either(client, world):
    seating = url("seating", slug=world.event.slug, number=2)
    etag = client.get(seating)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert client.get(seating, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert len(queries) == 0


def test_partial_returns_only_the_live_fragment(client, world):
    response = client.get(url("standings", slug=world.event.slug) + "?partial=1")
    html = response.content.decode()
    assert "<table" in html and "<html" not in html


def test_publishing_a_round_prerenders_seating_and_every_player(
    world, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        round4 = RoundFactory(event=world.event)
        table = TableFactory(round=round4)
        for reg in world.registrations[:4]:
            SeatFactory(table=table, registration=reg)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=round4.pk)  # on commit: the flip (prerender, then bump)
    for language in ("ja", "en"):
        seating = url("seating", language, slug=world.event.slug, number=4)
        found = public_cache.lookup(world.event.slug, seating, language)
        assert found.html is not None and "table-1" in found.html
        for reg in world.registrations:
            fragment = public_cache.lookup(world.event.slug, player_fragment_key(reg.pk), language)
            assert fragment.html is not None, (language, reg.pk)


def test_private_page_uses_the_prerendered_fragment(client, world):
    reg = world.registrations[0]
    public_cache.bump_event(world.event.slug)  # the private page itself must be rendered
    version = public_cache.player_versions(world.event.slug, [reg.pk])[reg.pk]
    public_cache.store(player_fragment_key(reg.pk), "ja", version, "<p>PRERENDERED</p>")
    html = client.get(url("private", token=reg.private_token)).content.decode()
    assert "PRERENDERED" in html


def test_a_rolled_back_change_does_not_bump_the_version(world):
    from django.db import transaction

    before = public_cache.current_version(world.event.slug)
    try:
        with transaction.atomic():
            close_round(world.round2)
            raise RuntimeError
    except RuntimeError:
        pass
    assert public_cache.current_version(world.event.slug) == before


def test_etag_comparison_is_weak():
    etag = 'W/"1.2-ja-abc"'
    assert public_cache.etag_matches('"1.2-ja-abc"', etag)
    assert public_cache.etag_matches('W/"x", W/"1.2-ja-abc"', etag)
    assert not public_cache.etag_matches('W/"1.3-ja-abc"', etag)
    assert not public_cache.etag_matches(None, etag)


def _wsgi_get(app, path: str, query: str = "", **headers):
    captured = {}

    def start_response(status, response_headers):
        captured["status"] = status
        captured["headers"] = dict(response_headers)

    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "wsgi.url_scheme": "http",
        **headers,
    }
    body = b"".join(app(environ, start_response))
    return captured["status"], captured["headers"], body


def _fast_path_over_a_recording_django():
    """The fast path in front of a stand-in for Django that records what reached it."""
    from tournaments.public.wsgi import PublicPageCache

    calls = []

    def django_app(environ, start_response):
        calls.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"from django"]

    return PublicPageCache(django_app), calls


def test_wsgi_fast_path_serves_current_renders_and_falls_through_otherwise(client, world):
    app, calls = _fast_path_over_a_recording_django()
    standings = url("standings", slug=world.event.slug)
    status, _, body = _wsgi_get(app, standings, "after=1")
    assert body == b"from django"  # nothing cached yet at this version
    rendered = client.get(standings + "?after=1")  # Django renders and stores it
    status, headers, body = _wsgi_get(app, standings, "after=1")
    assert status == "200 OK" and b"<table" in body and len(calls) == 1
    # What a CDN or the nginx micro-cache reads, the same from Django and the fast path.
    cdn = "public, max-age=0, s-maxage=1, stale-while-revalidate=30"
    assert headers["Cache-Control"] == rendered["Cache-Control"] == cdn
    assert headers["ETag"] == rendered["ETag"]
    status, _, body = _wsgi_get(app, standings, "after=1", HTTP_IF_NONE_MATCH=headers["ETag"])
    assert status == "304 Not Modified" and body == b""
    reg = world.registrations[0]
    private = url("private", token=reg.private_token)
    client.get(private)
    status, headers, body = _wsgi_get(app, private)
    assert status == "200 OK" and headers["Cache-Control"] == "private, no-store"
    assert headers["Referrer-Policy"] == "no-referrer"
    _wsgi_get(app, "/ja/admin/")
    assert calls[-1] == "/ja/admin/"


def test_wsgi_fast_path_gzips_public_pages_for_clients_that_accept_it(client, world):
    import gzip

    from tournaments.public.wsgi import PublicPageCache

    app = PublicPageCache(lambda environ, start: start("500 Django", []) or [b""])
    standings = url("standings", slug=world.event.slug)
    from_django = client.get(standings)
    plain_from_django = from_django.content
    assert "Accept-Encoding" in from_django["Vary"]  # one URL, two encodings
    status, headers, plain = _wsgi_get(app, standings)
    assert status == "200 OK" and "Content-Encoding" not in headers
    assert plain == plain_from_django and headers["Vary"] == "Accept-Encoding"
    status, headers, zipped = _wsgi_get(app, standings, HTTP_ACCEPT_ENCODING="br, gzip")
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped) == plain
    assert int(headers["Content-Length"]) == len(zipped) < len(plain)
    refused = _wsgi_get(app, standings, HTTP_ACCEPT_ENCODING="gzip;q=0, br")[1]
    assert "Content-Encoding" not in refused


def test_wsgi_fast_path_never_compresses_a_private_page(client, world):
    from tournaments.public.wsgi import PublicPageCache

    app = PublicPageCache(lambda environ, start: start("500 Django", []) or [b""])
    private = url("private", token=world.registrations[0].private_token)
    client.get(private)
    status, headers, body = _wsgi_get(app, private, HTTP_ACCEPT_ENCODING="gzip")
    assert status == "200 OK" and "Content-Encoding" not in headers
    assert world.registrations[0].private_token.encode() in body


def test_wsgi_fast_path_drops_its_process_copy_when_the_event_changes(
    client, world, django_capture_on_commit_callbacks
):
    """The page is kept in the process, so a bump must make that copy stale too."""
    app, calls = _fast_path_over_a_recording_django()
    standings = url("standings", slug=world.event.slug)
    client.get(standings)
    first = _wsgi_get(app, standings)
    assert first[0] == "200 OK" and _wsgi_get(app, standings)[2] == first[2] and not calls
    with django_capture_on_commit_callbacks(execute=True):
        close_round(world.round2)
    # Closing a round moves the version twice (the round, then the standings snapshot it
    # makes): the process copy must give way, to a newer render or to Django, never be
    # answered again as if current.
    status, headers, body = _wsgi_get(app, standings)
    assert status == "200 OK"
    assert calls or (headers["ETag"] != first[1]["ETag"] and body != first[2])
    calls.clear()
    public_cache.bump_event(world.event.slug)  # nothing rendered at this version yet
    assert _wsgi_get(app, standings)[2] == b"from django" and len(calls) == 1


def test_wsgi_fast_path_local_copies_are_bounded_by_bytes():
    from tournaments.public.wsgi import LocalPage, LocalPages

    pages = LocalPages(max_bytes=4000)
    for i in range(10):
        pages.put(f"k{i}", LocalPage(version="1", etag="e", body=b"x" * 900, gzipped=None))
    kept = [i for i in range(10) if pages.get(f"k{i}") is not None]
    assert kept == [6, 7, 8, 9]  # least recently used go first
    pages.put("big", LocalPage(version="1", etag="e", body=b"x" * 1001, gzipped=None))
    assert pages.get("big") is None  # more than a quarter of the budget is never kept


def test_wsgi_fast_path_leaves_plain_http_to_django_when_ssl_redirect_is_on(
    client, world, settings
):
    from tournaments.public.wsgi import PublicPageCache

    settings.SECURE_SSL_REDIRECT = True
    app = PublicPageCache(lambda environ, start: start("301 Moved", []) or [b""])
    standings = url("standings", slug=world.event.slug)
    client.get(standings, secure=True)
    assert _wsgi_get(app, standings)[0] == "301 Moved"
    status, headers, _ = _wsgi_get(app, standings, **{"wsgi.url_scheme": "https"})
    assert status == "200 OK"


def test_wsgi_fast_path_trusts_the_proxy_https_header_and_adds_hsts_only_over_https(
    client, world, settings
):
    from tournaments.public.wsgi import PublicPageCache

    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_HSTS_SECONDS = 3600
    app = PublicPageCache(lambda environ, start: start("301 Moved", []) or [b""])
    standings = url("standings", slug=world.event.slug)
    client.get(standings, secure=True)
    assert _wsgi_get(app, standings)[0] == "301 Moved"  # plain HTTP: Django redirects
    status, headers, _ = _wsgi_get(app, standings, HTTP_X_FORWARDED_PROTO="https")
    assert status == "200 OK" and headers["Strict-Transport-Security"] == "max-age=3600"
    settings.SECURE_SSL_REDIRECT = False
    plain = PublicPageCache(lambda environ, start: start("599 Django", []) or [b""])
    status, headers, _ = _wsgi_get(plain, standings)
    assert status == "200 OK" and "Strict-Transport-Security" not in headers


SECURITY_HEADERS = (
    "Strict-Transport-Security",
    "X-Content-Type-Options",
    "X-Frame-Options",
    "Cross-Origin-Opener-Policy",
    "Referrer-Policy",
    "Content-Security-Policy",
)


def test_wsgi_fast_path_sends_the_security_headers_django_sends_under_any_settings(
    client, world, settings
):
    """The fast path reads its headers from Django's middleware (referee/security_headers.py):
    a setting changed for Django changes the fast path too, public and private pages."""
    from tournaments.public.wsgi import PublicPageCache

    settings.SECURE_HSTS_SECONDS = 60
    settings.X_FRAME_OPTIONS = "SAMEORIGIN"
    settings.SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin-allow-popups"
    settings.SECURE_REFERRER_POLICY = "strict-origin"
    app = PublicPageCache(lambda environ, start: start("599 Django", []) or [b""])
    standings = url("standings", slug=world.event.slug)
    private = url("private", token=world.registrations[0].private_token)
    for path in (standings, private):
        from_django = client.get(path, secure=True)
        status, fast, _ = _wsgi_get(app, path, **{"wsgi.url_scheme": "https"})
        assert status == "200 OK"
        for name in SECURITY_HEADERS:
            assert fast.get(name) == from_django.get(name), (path, name)
    assert fast["Referrer-Policy"] == "no-referrer"  # a private page's own header wins


def test_prerendered_private_pages_equal_on_demand_renders(world):
    """The prerender's bulk reads (one query for everyone) give the same page as the
    per-player queries of an on-demand render."""
    from tournaments.public import selectors as sel
    from tournaments.public.render import player_fragment
    from tournaments.public.render_private import private_bulk, render_private

    data = sel.event_data(world.event)
    known = private_bulk(data)
    for reg in world.registrations:
        path = f"/ja/p/{reg.private_token}/"
        fragment = player_fragment(data, reg.pk, "ja") if reg.pk in data.people else None
        with translation.override("ja"):
            bulk = render_private(reg, "ja", "v1", path, "", known[reg.pk], fragment)
            single = render_private(reg, "ja", "v1", path, fragment=fragment)
        assert bulk == single


def test_publication_becomes_visible_only_when_its_pages_are_ready(
    client, world, django_capture_on_commit_callbacks
):
    slug = world.event.slug
    with django_capture_on_commit_callbacks(execute=True):
        round4 = RoundFactory(event=world.event)
        table = TableFactory(round=round4)
        for reg in world.registrations[:4]:
            SeatFactory(table=table, registration=reg)
    home = url("event-detail", "en", slug=slug)
    assert "Round 4" not in client.get(home).content.decode()
    before = public_cache.current_version(slug)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_publish(round_id=round4.pk)  # on commit: the flip (prerender, then bump)
    assert public_cache.current_version(slug) == before  # committed, not yet flipped
    assert "Round 4" not in client.get(home).content.decode()  # the cached page still
    with django_capture_on_commit_callbacks(execute=True):  # as after a real commit
        for callback in callbacks:
            callback()  # the flip: prerender at the next version (eager task), then bump
    assert public_cache.current_version(slug) == public_cache.next_version(before)
    seating = url("seating", slug=slug, number=4)
    assert public_cache.lookup(slug, seating, "ja").html is not None  # ready at the flip
    assert "Round 4" in client.get(home).content.decode()


def test_flip_fallback_bumps_only_when_no_flip_happened(world):
    from tournaments.public.services import public_flip_fallback

    slug = world.event.slug
    base = public_cache.current_version(slug)
    assert public_flip_fallback(event_id=world.event.pk, base_version=base) is True
    assert public_cache.current_version(slug) != base
    assert public_flip_fallback(event_id=world.event.pk, base_version=base) is False


def test_a_flip_raced_by_another_change_still_leaves_the_rush_pages_rendered(
    world, monkeypatch, django_capture_on_commit_callbacks
):
    """A confirmation or a ratings run that bumps the version while the flip renders makes
    the round public at its version; the players' pages must still exist at that version
    (the rush hits them), not be left for every phone to render on demand."""
    from tournaments.public import services as public_pages

    slug = world.event.slug
    with django_capture_on_commit_callbacks(execute=True):
        round4 = RoundFactory(event=world.event)
        table = TableFactory(round=round4)
        for reg in world.registrations[:4]:
            SeatFactory(table=table, registration=reg)
    real_render_all = public_pages._render_all
    renders = []

    def render_then_someone_bumps(*args, **kwargs):
        stored = real_render_all(*args, **kwargs)
        if not renders:
            public_cache.bump_event(slug)  # another change lands during the flip's render
        renders.append(stored)
        return stored

    monkeypatch.setattr(public_pages, "_render_all", render_then_someone_bumps)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_id=round4.pk)  # on commit: the flip (prerender, then bump)
    assert len(renders) == 2 and renders[1] > 0  # the flip, then a render at the new version
    private = url("private", token=world.registrations[0].private_token)
    seating = url("seating", slug=slug, number=4)
    owner = world.registrations[0].pk  # a private page has its player's version
    for path, player in ((private, owner), (seating, None)):
        assert public_cache.lookup(slug, path, "ja", player).html is not None, path


def test_bumping_many_players_moves_each_counter_once_and_starts_missing_ones_fresh(db):
    """On Redis the counters of a snapshot's players move in one pipelined round trip;
    a counter that was never set starts at the current time, never at 1 (an old ETag
    must not come back after a flush)."""
    import time

    slug = "bump-many"
    public_cache.bump_event(slug, players=[1])
    before = public_cache.player_versions(slug, [1])[1]
    started = int(time.time() * 1000)
    public_cache.bump_event(slug, players=[1, 2, 3, 2])
    after = public_cache.player_versions(slug, [1, 2, 3])
    own = {r: int(v.rsplit(".", 1)[1]) for r, v in after.items()}
    assert own[1] == int(before.rsplit(".", 1)[1]) + 1
    assert own[2] >= started and own[3] >= started
