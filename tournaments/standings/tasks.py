"""Celery tasks of standings: thin, id-based, idempotent; each calls one service.

Task names are kept from before the split into apps, so queued messages still find them."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.standings_recompute")
def standings_recompute_task(event_id: int) -> int | None:
    """Rebuild an event's standings snapshot; returns its version (None: event gone)."""
    from tournaments.standings.services import standings_recompute

    snapshot = standings_recompute(event_id=event_id)
    return snapshot.version if snapshot else None


@shared_task(name="standings.reconcile")
def standings_reconcile_task() -> dict:
    """Celery beat runs this every ~30 s: send the outbox, recompute stale standings."""
    from tournaments.standings.services import standings_reconcile

    return standings_reconcile()
