"""Re-rate the leagues after a result is confirmed or corrected, a ruling changes, or a
round closes (with the ``on_close`` release policy its results count from then on).

Connected in ``RatingsConfig.ready`` (``apps.py``), so web processes and Celery workers
both send the task. The recompute is full and idempotent, so sending it
more often than needed costs time, never correctness.
"""

from __future__ import annotations

from django.db.models.signals import post_save
from django.dispatch import receiver

from tournaments.events.models import Round
from tournaments.results.models import ResultSubmission, Ruling


@receiver(post_save, sender=ResultSubmission, dispatch_uid="league_rating_on_submission")
def _submission_saved(sender, instance: ResultSubmission, created: bool, **kwargs) -> None:
    if instance.status == ResultSubmission.Status.DRAFT:
        return
    if created and instance.status != ResultSubmission.Status.CONFIRMED:
        return  # a new submitted version changes nothing until it is confirmed
    from tournaments.ratings.services import ratings_schedule_recompute

    ratings_schedule_recompute()


@receiver(post_save, sender=Ruling, dispatch_uid="league_rating_on_ruling")
def _ruling_saved(sender, instance: Ruling, **kwargs) -> None:
    if instance.kind == Ruling.Kind.ENGINE_OVERRIDE:
        from tournaments.ratings.services import ratings_schedule_recompute

        ratings_schedule_recompute()


@receiver(post_save, sender=Round, dispatch_uid="league_rating_on_round_close")
def _round_saved(sender, instance: Round, **kwargs) -> None:
    if instance.status == Round.Status.CLOSED:
        from tournaments.ratings.services import ratings_schedule_recompute

        ratings_schedule_recompute()
