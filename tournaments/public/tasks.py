"""Celery task of the public pages (own module; imported at app load by public.signals)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.public_pages_prerender")
def public_pages_prerender_task(
    event_id: int, round_id: int | None = None, players: bool = True, flip: bool = False
) -> int:
    """Render the pages everyone opens at once; returns how many were stored."""
    from tournaments.public.services import public_pages_prerender

    return public_pages_prerender(event_id=event_id, round_id=round_id, players=players, flip=flip)


@shared_task(name="tournaments.public_flip_fallback")
def public_flip_fallback_task(event_id: int, base_version: str) -> bool:
    """Make a publication visible if its prerender flip never happened."""
    from tournaments.public.services import public_flip_fallback

    return public_flip_fallback(event_id=event_id, base_version=base_version)


@shared_task(name="tournaments.public_pages_refresh")
def public_pages_refresh_task(slug: str | None) -> int:
    """Render an event's due pages at their current versions (stale-while-revalidate, in
    paced batches); returns how many were stored."""
    from tournaments.public.refresh import refresh_event_pages

    return refresh_event_pages(slug)
