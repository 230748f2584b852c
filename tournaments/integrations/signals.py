"""What the webhooks are told, and when: each topic follows the rows that make it true.

* ``round.published``: a round goes from draft to published;
* ``results.released``: a confirmed result becomes public (at once under the
  ``immediate`` release policy; when its round closes under ``on_close``);
* ``standings.updated``: a new standings snapshot;
* ``event.finished``: the event's status becomes finished.
Deliveries are queued in the same transaction and sent on commit.
"""

from __future__ import annotations

from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from tournaments.events.models import Event, Round
from tournaments.events.release import release_policy, results_released
from tournaments.integrations.services import webhooks_notify
from tournaments.results.models import ResultSubmission
from tournaments.standings.models import StandingsSnapshot


def _api(path: str) -> str:
    return f"/api/{path}"


@receiver(pre_save, sender=Round, dispatch_uid="integrations-round-before")
@receiver(pre_save, sender=Event, dispatch_uid="integrations-event-before")
def _remember_status(sender, instance, **kwargs) -> None:
    before = None
    if instance.pk is not None:
        before = sender.objects.filter(pk=instance.pk).values_list("status", flat=True).first()
    instance._integrations_status_before = before


def _became(instance, status: str) -> bool:
    return (
        instance.status == status
        and getattr(instance, "_integrations_status_before", None) != status
    )


@receiver(post_save, sender=Round, dispatch_uid="integrations-round")
def _round_saved(sender, instance: Round, **kwargs) -> None:
    slug = instance.event.slug
    base = {"event": slug, "round": instance.number}
    if _became(instance, Round.Status.PUBLISHED):
        payload = {**base, "seating": _api(f"events/{slug}/rounds/{instance.number}/seating/")}
        webhooks_notify(event_id=instance.event_id, topic="round.published", payload=payload)
    if _became(instance, Round.Status.CLOSED) and release_policy(instance.event_id) == "on_close":
        tables = list(
            ResultSubmission.objects.filter(
                table__round=instance, status=ResultSubmission.Status.CONFIRMED
            ).values_list("table__number", flat=True)
        )
        if tables:
            webhooks_notify(
                event_id=instance.event_id,
                topic="results.released",
                payload={**base, "tables": sorted(tables)},
            )
    instance._integrations_status_before = instance.status


@receiver(post_save, sender=ResultSubmission, dispatch_uid="integrations-result")
def _result_saved(sender, instance: ResultSubmission, **kwargs) -> None:
    if instance.status != ResultSubmission.Status.CONFIRMED:
        return
    rnd = instance.table.round
    if not results_released(rnd.status, release_policy(rnd.event_id)):
        return  # told when its round closes (on_close)
    slug = rnd.event.slug
    path = f"events/{slug}/rounds/{rnd.number}/tables/{instance.table.number}/"
    webhooks_notify(
        event_id=rnd.event_id,
        topic="results.released",
        payload={
            "event": slug,
            "round": rnd.number,
            "tables": [instance.table.number],
            "result": _api(path),
        },
    )


@receiver(post_save, sender=StandingsSnapshot, dispatch_uid="integrations-standings")
def _snapshot_saved(sender, instance: StandingsSnapshot, created: bool, **kwargs) -> None:
    if created:
        slug = instance.event.slug
        webhooks_notify(
            event_id=instance.event_id,
            topic="standings.updated",
            payload={
                "event": slug,
                "version": instance.version,
                "after_round": instance.after_round,
                "standings": _api(f"events/{slug}/standings/"),
            },
        )


@receiver(post_save, sender=Event, dispatch_uid="integrations-event")
def _event_saved(sender, instance: Event, **kwargs) -> None:
    if _became(instance, Event.Status.FINISHED):
        webhooks_notify(
            event_id=instance.pk,
            topic="event.finished",
            payload={
                "event": instance.slug,
                "standings": _api(f"events/{instance.slug}/standings/"),
            },
        )
    instance._integrations_status_before = instance.status
