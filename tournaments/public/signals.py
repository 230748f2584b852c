"""The public pages' cache versions: how to bump them, and the caches that follow rows.

What a change means for the pages (a round published, a table's result, a new standings
snapshot, a check-in, a rating) is announced by the service that made it and handled in
``public.subscribers``. Only three kinds of row are followed here with model signals,
because the pages show those rows as they are, whoever writes them (the console, an
archive import, the admin): the event itself (name, status, settings), its
``PublicSettings`` and its ``EventSummary`` (counts). Those receivers decide nothing about
what happened; they only make the cached renders of that event stale, on commit.

The helpers bump after commit, so a rolled-back change bumps nothing and a page rendered
after the bump sees the committed rows. ``players`` narrows a bump to those players' pages
(``EVERYONE``: all of them). After each announced change's bump, the event's shared pages
read lately are marked due for the background batch (``refresh.refresh_read_pages``).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.events.models import Event, EventSummary
from tournaments.public import (
    refresh,
    tasks,  # noqa: F401 - registers the prerender task with Celery
)
from tournaments.public.models import PublicSettings
from tournaments.ratings.models import LeagueSeason

logger = logging.getLogger(__name__)
FLIP_FALLBACK_SECONDS = 60


EVERYONE = None  # ``players`` of a change that may show on every player's page


def bump_after_commit(event_id: int | None, players: set[int] | None = EVERYONE) -> None:
    if event_id is None:
        return

    def bump() -> None:
        from tournaments.public.cache import bump_event

        found = (
            Event.objects.filter(pk=event_id)
            .values_list("slug", "league__season__public_id")
            .first()
        )
        if found:
            slug, league = found
            try:
                bump_event(slug, players)
                if league:
                    # The league's page shows this event's placements and ratings.
                    bump_event(league_scope(league), EVERYONE)
            except Exception:  # a cache outage must not break a write  # noqa: BLE001
                logger.exception("public cache version bump failed for event %s", event_id)
                return
            # The shared pages read lately are rendered now, not when a reader next
            # reaches the application (behind the edge's cache, a second or more later).
            try:
                refresh.refresh_read_pages(slug)
            except Exception:  # noqa: BLE001
                logger.exception("public pages of event %s not marked due", event_id)

    transaction.on_commit(bump)


def league_scope(public_id: str) -> str:
    """The version counter of a league's pages (``pagekeys.PageKey.scope``)."""
    from tournaments.public.pagekeys import LEAGUE_SCOPE

    return f"{LEAGUE_SCOPE}{public_id}"


def _league_season_changed(sender, instance, **kwargs) -> None:
    """The league's settings (public or not, the season rule) show on its pages as they
    are: make them stale after the commit."""
    public_id, league_id = instance.public_id, instance.league_id

    def bump() -> None:
        from tournaments.public.cache import bump_event

        try:
            bump_event(league_scope(public_id), EVERYONE)
            # Each of the league's events links to its season page while it is public.
            for slug in Event.objects.filter(league_id=league_id).values_list("slug", flat=True):
                bump_event(slug, EVERYONE)
        except Exception:  # noqa: BLE001
            logger.exception("public cache version bump failed for league %s", public_id)

    transaction.on_commit(bump)


post_save.connect(_league_season_changed, sender=LeagueSeason, dispatch_uid="public-bump-season")
post_delete.connect(
    _league_season_changed, sender=LeagueSeason, dispatch_uid="public-bump-season-delete"
)


def prerender_after_commit(event_id: int, round_id: int | None, players: bool = True) -> None:
    """Ask for a refresh render after commit; one waits per event and page set at most."""
    from tournaments.public.services import request_prerender

    transaction.on_commit(lambda: request_prerender(event_id, round_id, players))


def _row_changed(sender, instance, **kwargs) -> None:
    bump_after_commit(instance.event_id)


# Caches that follow rows: every page of the event shows these rows as they are.
for _model in (PublicSettings, EventSummary):
    post_save.connect(
        _row_changed, sender=_model, dispatch_uid=f"public-bump-save-{_model.__name__}"
    )
    post_delete.connect(
        _row_changed, sender=_model, dispatch_uid=f"public-bump-del-{_model.__name__}"
    )


@receiver(post_save, sender=Event, dispatch_uid="public-bump-event")
@receiver(post_delete, sender=Event, dispatch_uid="public-bump-event-delete")
def _event_changed(sender, instance: Event, **kwargs) -> None:
    slug = instance.slug

    def bump() -> None:
        from tournaments.public.cache import bump_event, bump_global

        try:
            bump_global()
            bump_event(slug)
        except Exception:  # noqa: BLE001
            logger.exception("public cache version bump failed for event %s", slug)

    transaction.on_commit(bump)


def flip_after_commit(event_id: int, round_id: int | None) -> None:
    """Render the event's pages (the round's, every player's) at the next version, then
    bump: the public sees a published round once its rush pages are ready."""
    from tournaments.public.tasks import public_flip_fallback_task, public_pages_prerender_task

    def flip() -> None:
        from tournaments.events import outbox
        from tournaments.public.cache import bump_event, current_version

        slug = Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()
        if slug is None:
            return
        try:
            base = current_version(slug)
        except Exception:  # the cache is away: nothing to flip, show the change  # noqa: BLE001
            logger.exception("public flip of event %s: cache unavailable", event_id)
            try:
                bump_event(slug)
            except Exception:  # noqa: BLE001
                logger.debug("bump failed too")
            return
        outbox.send(public_pages_prerender_task, (event_id, round_id, True, True))
        outbox.send(public_flip_fallback_task, (event_id, base), countdown=FLIP_FALLBACK_SECONDS)

    transaction.on_commit(flip)
