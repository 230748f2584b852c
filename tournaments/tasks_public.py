"""Celery task of the public pages (own module; imported at app load by public_signals)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.public_pages_prerender")
def public_pages_prerender_task(
    event_id: int, round_id: int | None = None, players: bool = True
) -> int:
    """Render the pages everyone opens at once; returns how many were stored."""
    from tournaments.services.public_pages import public_pages_prerender

    return public_pages_prerender(event_id=event_id, round_id=round_id, players=players)
