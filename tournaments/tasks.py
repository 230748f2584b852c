"""Celery tasks: thin, id-based, idempotent; each calls one service."""

from __future__ import annotations

from celery import shared_task

from tournaments.services.summaries import event_summary_refresh


@shared_task(name="tournaments.event_summary_refresh")
def event_summary_refresh_task(event_id: int) -> bool:
    """Recompute an event's counts; False (no retry) when the event no longer exists."""
    return event_summary_refresh(event_id=event_id) is not None


@shared_task(name="tournaments.standings_recompute")
def standings_recompute_task(event_id: int) -> int | None:
    """Rebuild an event's standings snapshot; returns its version (None: event gone)."""
    from tournaments.services.standings import standings_recompute

    snapshot = standings_recompute(event_id=event_id)
    return snapshot.version if snapshot else None


@shared_task(name="tournaments.seat_round")
def seat_round_task(round_id: int, mode: str | None = None, seed: int | None = None) -> int | None:
    """Seat a draft round with the optimiser; returns the number of tables (None: round
    gone or no longer a draft — seating a published round again would move players)."""
    from tournaments.models import Round
    from tournaments.services.seating import SeatingServiceError, round_seat

    try:
        record = round_seat(round_id=round_id, mode=mode, seed=seed)
    except (Round.DoesNotExist, SeatingServiceError):
        return None
    return len(record.breakdown["tables"])


@shared_task(name="tournaments.ratings_recompute")
def ratings_recompute_task() -> int | None:
    """Recompute the league's OpenSkill ratings; returns the tables rated (None: the input
    was unchanged since the last run, nothing written)."""
    from tournaments.services.ratings import ratings_recompute, ratings_task_started

    ratings_task_started()
    run = ratings_recompute()
    return run.tables if run else None
