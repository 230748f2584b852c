"""Celery tasks of results: thin, id-based, idempotent; each calls one service."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="results.rescore")
def results_rescore_task(event_id: int, game: str) -> dict:
    """Score the event's results of ``game`` again after its edition data changed; safe to
    run twice (a result already scored with the current edition is left alone)."""
    from tournaments.results.services.rescore import results_rescore

    report = results_rescore(event_id, game)
    return {"rescored": report.rescored, "refused": report.refused}
