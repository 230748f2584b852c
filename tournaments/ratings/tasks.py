"""Celery tasks of ratings: thin, id-based, idempotent; each calls one service.

Task names are kept from before the split into apps, so queued messages still find them."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.ratings_recompute")
def ratings_recompute_task() -> int | None:
    """Recompute the league's OpenSkill ratings; returns the tables rated (None: the input
    was unchanged since the last run, nothing written)."""
    from tournaments.ratings.services import ratings_recompute, ratings_task_started

    ratings_task_started()
    run = ratings_recompute()
    return run.tables if run else None
