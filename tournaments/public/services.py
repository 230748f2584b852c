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
from tournaments.public import selectors as sel
from tournaments.public.views import render as pages
from tournaments.public.views.pages import player_fragment_key
from tournaments.public.views.private import private_bulk, render_private

logger = logging.getLogger(__name__)

PRERENDER_PENDING_SECONDS = 300

Sink = Callable[[str, str, str, str], None]  # (path, language, version, html)
PlayerVersions = Mapping[int, str]  # registration id -> the version of that player's pages


def _store_page(sink: Sink, path: str, language: str, version: str, build) -> int:
    for partial in (False, True):
        full_path = path + "?partial=1" if partial else path
        sink(full_path, language, version, build(version, full_path, partial))
    return 2


def _prerender_players(sink: Sink, event, data, language: str, versions: PlayerVersions) -> int:
    """Each player's fragment (public page) and private page, in this language, each at
    the version of that player's pages."""
    registrations = event.registrations.select_related("player", "event").filter(
        pk__in=list(data.people)
    )
    known = private_bulk(data)
    stored = 0
    for registration in registrations:
        version = versions[registration.pk]
        fragment = pages.player_fragment(data, registration.pk, language, data.histories)
        sink(player_fragment_key(registration.pk), language, version, fragment)
        # The public player page too (whole and partial): a page with a render, however
        # old, is served at once during a rush and refreshed in the background
        # (``refresh``); one never rendered renders in the request, at the event's
        # current data, which a rush of confirmations reloads every second.
        public = reverse(
            "tournaments:player", kwargs={"slug": event.slug, "registration_id": registration.pk}
        )
        whole = pages.render_player(
            data, registration.pk, language, version, public, False, fragment
        )
        sink(public, language, version, whole)
        sink(public + "?partial=1", language, version, fragment)
        path = reverse("tournaments:private", kwargs={"token": registration.private_token})
        page = render_private(
            registration, data, language, version, path, "", None, known[registration.pk], fragment
        )
        sink(path, language, version, page)
        public_cache.remember_token(registration.private_token, event.slug, registration.pk)
        stored += 4
    return stored


def _render_all(
    sink: Sink, event, data, version: str, round_id, players: PlayerVersions | None
) -> int:
    """The event's pages at ``version``; with ``players``, every player's pages too."""
    rounds = [r for r in data.rounds if round_id is None or r.id == round_id]
    stored = 0
    for language, _name in settings.LANGUAGES:  # ja first: most phones at a café
        with translation.override(language):
            kwargs = {"slug": event.slug}
            stored += _store_page(
                sink,
                reverse("tournaments:event-detail", kwargs=kwargs),
                language,
                version,
                lambda v, p, part, lang=language: pages.render_event_home(data, lang, v, p, part),
            )
            stored += _store_page(
                sink,
                reverse("tournaments:standings", kwargs=kwargs),
                language,
                version,
                lambda v, p, part, lang=language: pages.render_standings(data, lang, v, p, part),
            )
            for rnd in rounds[-1:]:
                stored += _store_page(
                    sink,
                    reverse("tournaments:seating", kwargs={**kwargs, "number": rnd.number}),
                    language,
                    version,
                    lambda v, p, part, rnd=rnd, lang=language: pages.render_seating(
                        data, rnd, lang, v, p, part
                    ),
                )
            if players is not None:
                stored += _prerender_players(sink, event, data, language, players)
    return stored


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
        data = sel.event_data(event)
        stored = _render_all(
            public_cache.store, event, data, version, round_id, _players_now(event, data, players)
        )
        cache.set(done, version, public_cache.PAGE_TIMEOUT)
        return stored
    data = sel.event_data(event)

    base = public_cache.current_version(event.slug)
    target = public_cache.next_version(base)
    now = _players_now(event, data, players)
    after = {r: public_cache.next_players_version(v) for r, v in (now or {}).items()}
    collected: list[tuple[str, str, str, str]] = []
    stored = _render_all(
        lambda *entry: collected.append(entry),
        event,
        data,
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
    data = sel.event_data(event)
    version = public_cache.current_version(event.slug)
    return _render_all(
        public_cache.store, event, data, version, round_id, _players_now(event, data, players)
    )


def _players_now(event, data, players: bool) -> PlayerVersions | None:
    """The current version of every player's pages (None: players' pages not wanted)."""
    return public_cache.player_versions(event.slug, data.people) if players else None


def public_flip_fallback(*, event_id: int, base_version: str) -> bool:
    """Bump when a publication's flip has not happened (no worker ran the prerender)."""
    slug = Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()
    if slug and public_cache.current_version(slug) == base_version:
        public_cache.bump_event(slug)
        return True
    return False
