"""Render the rush pages ahead of time (Tabbycat #2233: private pages are opened all at
once when a draw is released, so rendering-then-caching is too late).

Called by a Celery task after a round is published or a standings snapshot is written.
Pages are stored at the event's current version; a change during the run bumps the
version, and the stale renders are simply never served.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tournaments import public_cache
from tournaments.models import Event
from tournaments.selectors import public as sel
from tournaments.views import public_render as pages
from tournaments.views.private import private_bulk, render_private
from tournaments.views.public import player_fragment_key


def _store_page(path: str, language: str, version: str, build) -> None:
    for partial in (False, True):
        full_path = path + "?partial=1" if partial else path
        public_cache.store(full_path, language, version, build(version, full_path, partial))


def _prerender_players(event, data, histories, language: str, version: str) -> int:
    """Each player's fragment (public page) and private page, in this language."""
    registrations = event.registrations.select_related("player", "event").filter(
        pk__in=list(data.people)
    )
    known = private_bulk(data)
    stored = 0
    for registration in registrations:
        html = pages.player_fragment(data, registration.pk, language, histories)
        public_cache.store(player_fragment_key(registration.pk), language, version, html)
        path = reverse("tournaments:private", kwargs={"token": registration.private_token})
        page = render_private(
            registration, data, language, version, path, "", histories, known[registration.pk]
        )
        public_cache.store(path, language, version, page)
        public_cache.remember_token(registration.private_token, event.slug)
        stored += 2
    return stored


def public_pages_prerender(
    *, event_id: int, round_id: int | None = None, players: bool = True
) -> int:
    """Render event home, standings, the round's seating and every player's fragment in
    every language; returns the number of renders stored (0: event gone or draft)."""
    event = Event.objects.exclude(status=Event.Status.DRAFT).filter(pk=event_id).first()
    if event is None:
        return 0
    data = sel.event_data(event)
    histories = data.histories
    rounds = [r for r in data.rounds if round_id is None or r.id == round_id]
    stored = 0
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            version = public_cache.current_version(event.slug)
            kwargs = {"slug": event.slug}
            _store_page(
                reverse("tournaments:event-detail", kwargs=kwargs),
                language,
                version,
                lambda v, p, part, lang=language: pages.render_event_home(data, lang, v, p, part),
            )
            _store_page(
                reverse("tournaments:standings", kwargs=kwargs),
                language,
                version,
                lambda v, p, part, lang=language: pages.render_standings(data, lang, v, p, part),
            )
            stored += 4
            for rnd in rounds[-1:]:
                _store_page(
                    reverse("tournaments:seating", kwargs={**kwargs, "number": rnd.number}),
                    language,
                    version,
                    lambda v, p, part, rnd=rnd, lang=language: pages.render_seating(
                        data, rnd, lang, v, p, part
                    ),
                )
                stored += 2
            if players:
                stored += _prerender_players(event, data, histories, language, version)
    return stored
