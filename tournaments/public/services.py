"""Render the rush pages ahead of time (Tabbycat #2233: private pages are opened all at
once when a draw is released, so rendering-then-caching is too late).

Two modes, both run by the ``tournaments.public_pages_prerender`` Celery task:

* **refresh** (a snapshot was written, a round closed): render at the current version;
  a change during the run bumps the version and the stale renders are never served.
* **flip** (a round was published): the publication's commit does NOT bump the version.
  The task renders every page at the *next* version in memory, checks nobody bumped
  meanwhile, stores them all at once, then bumps: the public sees the new round the
  moment every page of it is ready (Tabbycat's scaling advice — prime the cache before
  announcing — done by the system). A fallback task bumps anyway if no flip happened
  within a minute (a dead worker must not hide a round forever).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from django.conf import settings
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from tournaments.events.models import Event
from tournaments.public import cache as public_cache
from tournaments.public import pagekeys, renderer
from tournaments.public import selectors as sel

logger = logging.getLogger(__name__)

PRERENDER_PENDING_SECONDS = 300

Sink = Callable[[str, str, str, str], None]  # (path, language, version, html)
PlayerVersions = Mapping[int, str]  # registration id -> the version of that player's pages


def _store_page(sink: Sink, source: renderer.EventSource, path: str, version: str) -> int:
    """A page and its ``?partial=1`` page, from one render."""
    key = pagekeys.parse(path, {})
    rendered = renderer.render_page(source, key, version)
    live = rendered.live
    if live is None:  # a page whose live part is not its partial template
        live = renderer.render_page(source, key.as_partial(), version).html
    sink(path, key.language, version, rendered.html)
    sink(key.as_partial().path, key.language, version, live)
    return 2


def _prerender_players(
    sink: Sink, source: renderer.EventSource, language: str, versions: PlayerVersions
) -> int:
    """Each player's fragment, public page (whole and partial) and private page, in this
    language, each at the version of that player's pages.

    The public player page too: a page with a render, however old, is served at once
    during a rush and refreshed in the background (``refresh``); one never rendered
    renders in the request, at the event's current data, which a rush of confirmations
    reloads every second."""
    data = source.data()
    registrations = list(
        data.event.registrations.select_related("player", "event").filter(pk__in=list(data.people))
    )
    source.add_registrations(registrations)
    stored = 0
    for registration in registrations:
        version = versions[registration.pk]
        public = reverse(
            "tournaments:player",
            kwargs={"slug": data.event.slug, "registration_id": registration.pk},
        )
        key = pagekeys.parse(public, {})
        page = renderer.render_page(source, key, version)  # live: the fragment
        sink(renderer.player_fragment_key(registration.pk), language, version, page.live)
        sink(public, language, version, page.html)
        sink(key.as_partial().path, language, version, page.live)
        private = renderer.private_key(registration, language)
        sink(private.path, language, version, renderer.render_page(source, private, version).html)
        public_cache.remember_token(registration.private_token, data.event.slug, registration.pk)
        stored += 4
    return stored


def _render_all(
    sink: Sink, source: renderer.EventSource, version: str, round_id, players: PlayerVersions | None
) -> int:
    """The event's pages at ``version``; with ``players``, every player's pages too."""
    data = source.data()
    rounds = [r for r in data.rounds if round_id is None or r.id == round_id]
    stored = 0
    for language, _name in settings.LANGUAGES:  # ja first: most phones at a café
        with translation.override(language):
            kwargs = {"slug": data.event.slug}
            stored += _store_page(
                sink, source, reverse("tournaments:event-detail", kwargs=kwargs), version
            )
            stored += _store_page(
                sink, source, reverse("tournaments:standings", kwargs=kwargs), version
            )
            for rnd in rounds[-1:]:
                seating = reverse("tournaments:seating", kwargs={**kwargs, "number": rnd.number})
                stored += _store_page(sink, source, seating, version)
            if players is not None:
                stored += _prerender_players(sink, source, language, players)
    return stored


def _source(event: Event) -> renderer.EventSource:
    """The event's data, read now. Every fragment is rendered afresh and stored through
    the sink with the pages (a flip stores them all at once), not looked up one by one."""
    return renderer.EventSource(
        event.slug, data=sel.event_data(event), bulk=True, fragment_cache=False
    )


def _pending_key(event_id: int, round_id: int | None, players: bool) -> str:
    return f"pub:prerender:pending:{event_id}:{round_id or 0}:{int(players)}"


def _rendered_key(event_id: int, round_id: int | None, players: bool) -> str:
    return f"pub:prerender:done:{event_id}:{round_id or 0}:{int(players)}"


def request_prerender(event_id: int, round_id: int | None = None, players: bool = True) -> bool:
    """Queue a refresh render of these pages unless one is already waiting (True: queued).

    A rush of snapshots (a round's confirmations at a 2,000-player event) used to queue one
    8-10 s render each; now at most one waits per event and page set, and it renders the
    version current when it starts (latest wins). A lost task stops blocking after
    ``PRERENDER_PENDING_SECONDS``; pages still render on demand meanwhile."""
    from tournaments.events import outbox
    from tournaments.public.tasks import public_pages_prerender_task

    try:
        first = cache.add(_pending_key(event_id, round_id, players), 1, PRERENDER_PENDING_SECONDS)
    except Exception:  # the cache is away: send (the render is idempotent)  # noqa: BLE001
        first = True
    if first:
        outbox.send(public_pages_prerender_task, (event_id, round_id, players))
    return first


def public_pages_prerender(
    *, event_id: int, round_id: int | None = None, players: bool = True, flip: bool = False
) -> int:
    """Render event home, standings, the round's seating and every player's pages in every
    language; returns the number of renders stored (0: event gone or draft, or these pages
    are rendered at the current version already)."""
    if not flip:
        # Before reading: a change after this point queues a new render.
        cache.delete(_pending_key(event_id, round_id, players))
    event = Event.objects.exclude(status=Event.Status.DRAFT).filter(pk=event_id).first()
    if event is None:
        if flip and Event.objects.filter(pk=event_id).exists():
            public_cache.bump_event(Event.objects.get(pk=event_id).slug)
        return 0
    if not flip:
        version = public_cache.current_version(event.slug)
        done = _rendered_key(event_id, round_id, players)
        if cache.get(done) == version:
            return 0  # one render per page set per version
        source = _source(event)
        stored = _render_all(
            public_cache.store, source, version, round_id, _players_now(event, source, players)
        )
        cache.set(done, version, public_cache.PAGE_TIMEOUT)
        return stored
    source = _source(event)

    base = public_cache.current_version(event.slug)
    target = public_cache.next_version(base)
    now = _players_now(event, source, players)
    after = {r: public_cache.next_players_version(v) for r, v in (now or {}).items()}
    collected: list[tuple[str, str, str, str]] = []
    stored = _render_all(
        lambda *entry: collected.append(entry),
        source,
        target,
        round_id,
        after if players else None,
    )
    if public_cache.current_version(event.slug) == base:
        public_cache.store_many(collected)
        bumped = public_cache.bump_event(event.slug)
        if public_cache.current_version(event.slug) == target:
            return stored
        # Someone bumped between the check and our bump: our renders may miss their
        # change, so make sure they are never current.
        logger.info("public flip raced another change for %s (now %s)", event.slug, bumped)
        public_cache.bump_event(event.slug)
    # Another change bumped the version while we rendered (a confirmation, a ratings run):
    # the round is public already at that version, but its rush pages are not rendered.
    # Render them now at the current version, as a refresh does, from fresh data.
    source = _source(event)
    version = public_cache.current_version(event.slug)
    return _render_all(
        public_cache.store, source, version, round_id, _players_now(event, source, players)
    )


def _players_now(event, source: renderer.EventSource, players: bool) -> PlayerVersions | None:
    """The current version of every player's pages (None: players' pages not wanted)."""
    return public_cache.player_versions(event.slug, source.data().people) if players else None


def public_flip_fallback(*, event_id: int, base_version: str) -> bool:
    """Bump when a publication's flip has not happened (no worker ran the prerender)."""
    slug = Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()
    if slug and public_cache.current_version(slug) == base_version:
        public_cache.bump_event(slug)
        return True
    return False
