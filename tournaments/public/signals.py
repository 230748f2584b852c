"""Bump the public cache version of an event after any change its pages could show.

Receivers run on save/delete and act on commit, so a rolled-back change bumps nothing and a
page rendered after the bump sees the committed rows. Publishing a round (or writing a
standings snapshot) also asks a worker to render the rush pages ahead of time.

Every change makes the event's pages stale; only some make players' pages stale
(``_players_touched``): a table's result, confirmation or ruling touches the players seated
there; a standings snapshot touches the players whose rank or points changed since the
previous snapshot of the same round; a check-in touches that player. Anything else (a
round, seating, settings, a drop, a snapshot of a new round) touches every player, so a
change nobody classified is never left stale.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from tournaments.events.models import (
    Event,
    EventSummary,
    Registration,
    Round,
    RoundBye,
    Seat,
    Table,
)
from tournaments.events.signals import event_pages_changed
from tournaments.public import tasks  # noqa: F401 - registers the prerender task with Celery
from tournaments.public.models import PublicSettings
from tournaments.results.models import Confirmation, ResultSubmission, Ruling
from tournaments.standings.models import StandingsSnapshot

logger = logging.getLogger(__name__)
FLIP_FALLBACK_SECONDS = 60


def _event_id(instance) -> int | None:
    if isinstance(instance, Event):
        return instance.pk
    if isinstance(instance, (Table, Confirmation)):
        owner = instance.round if isinstance(instance, Table) else instance.submission.table.round
        return owner.event_id
    if isinstance(instance, Seat):
        return instance.round.event_id if instance.round_id else None
    if isinstance(instance, (ResultSubmission,)):
        return instance.table.round.event_id
    if isinstance(instance, RoundBye):
        return instance.round.event_id
    return getattr(instance, "event_id", None)


EVERYONE = None  # ``players`` of a change that may show on every player's page


def bump_after_commit(event_id: int | None, players: set[int] | None = EVERYONE) -> None:
    if event_id is None:
        return

    def bump() -> None:
        from tournaments.public.cache import bump_event

        slug = Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()
        if slug:
            try:
                bump_event(slug, players)
            except Exception:  # a cache outage must not break a write  # noqa: BLE001
                logger.exception("public cache version bump failed for event %s", event_id)

    transaction.on_commit(bump)


def prerender_after_commit(event_id: int, round_id: int | None, players: bool = True) -> None:
    """Ask for a refresh render after commit; one waits per event and page set at most."""
    from tournaments.public.services import request_prerender

    transaction.on_commit(lambda: request_prerender(event_id, round_id, players))


WATCHED = (
    Registration,
    Round,
    Table,
    Seat,
    EventSummary,
    PublicSettings,
    ResultSubmission,
    Confirmation,
    Ruling,
    RoundBye,
    StandingsSnapshot,
)


def _table_players(table_id: int | None) -> set[int] | None:
    if table_id is None:
        return EVERYONE
    return set(Seat.objects.filter(table_id=table_id).values_list("registration_id", flat=True))


def _snapshot_players(snapshot: StandingsSnapshot) -> set[int] | None:
    """The players whose shown standing (rank, points, dropped) differs from the previous
    snapshot of the same round; everyone for a new round's first snapshot (the rank chart
    gains a point) or when the players listed differ ("rank X of Y")."""
    previous = (
        StandingsSnapshot.objects.filter(event_id=snapshot.event_id, version__lt=snapshot.version)
        .order_by("-version")
        .only("after_round", "rows")
        .first()
    )
    if previous is None or previous.after_round != snapshot.after_round:
        return EVERYONE

    def shown(rows) -> dict:
        return {
            row["registration"]: (
                row.get("rank"),
                (row.get("metrics") or {}).get("tp"),
                bool(row.get("dropped")),
            )
            for row in rows
        }

    before, after = shown(previous.rows), shown(snapshot.rows)
    if before.keys() != after.keys():
        return EVERYONE
    moved = {registration for registration, row in after.items() if before[registration] != row}
    return moved - _waiting_in_round(snapshot)


def _waiting_in_round(snapshot: StandingsSnapshot) -> set[int]:
    """Players of the snapshot's round whose table it does not count yet: their page shows
    an earlier round's standing (``sel.rounds_not_counted``), which this snapshot leaves as
    it was; their own table's result touches them when it comes."""
    if not snapshot.result_ids:
        return set()
    tables = set(
        Table.objects.filter(
            round__event_id=snapshot.event_id, round__number=snapshot.after_round
        ).values_list("pk", flat=True)
    )
    counted_ids = set(snapshot.result_ids)
    counted = {
        table_id
        for pk, table_id in ResultSubmission.objects.filter(table_id__in=tables).values_list(
            "pk", "table_id"
        )
        if pk in counted_ids
    }
    return set(
        Seat.objects.filter(table_id__in=tables - counted).values_list("registration_id", flat=True)
    )


def _players_touched(instance, created: bool = False) -> set[int] | None:
    """Whose player pages a saved or deleted row may change (EVERYONE: all of them)."""
    if isinstance(instance, (ResultSubmission, Ruling)):
        return _table_players(instance.table_id)
    if isinstance(instance, Confirmation):
        return _table_players(instance.submission.table_id)
    if isinstance(instance, Table):
        return _table_players(instance.pk)
    if isinstance(instance, EventSummary):
        return set()  # counts on the event's home page only
    if isinstance(instance, Registration):
        dropped = Registration.Status.DROPPED
        if instance.status == dropped or getattr(instance, "_public_was_dropped", True):
            return EVERYONE  # who is listed changes ("rank X of Y")
        return {instance.pk}
    if isinstance(instance, StandingsSnapshot) and created:  # snapshots are written once
        return _snapshot_players(instance)
    return EVERYONE


def _changed(sender, instance, **kwargs) -> None:
    if getattr(instance, "_public_publishing", False):
        return  # the prerender task flips the version once the round's pages are ready
    try:
        touched = _players_touched(instance, kwargs.get("created", False))
        bump_after_commit(_event_id(instance), touched)
    except Exception:  # a related row already gone (cascade delete)  # noqa: BLE001
        logger.debug("no event for %r", sender)
        try:
            bump_after_commit(_event_id(instance))
        except Exception:  # noqa: BLE001
            logger.debug("no event for %r either", sender)


@receiver(pre_save, sender=Registration, dispatch_uid="public-registration-was-dropped")
def _registration_before(sender, instance: Registration, **kwargs) -> None:
    """Whether a registration leaves the dropped state (it is listed again: everyone)."""
    was = None
    if instance.pk is not None:
        was = Registration.objects.filter(pk=instance.pk).values_list("status", flat=True).first()
    instance._public_was_dropped = was == Registration.Status.DROPPED


for _model in WATCHED:
    post_save.connect(_changed, sender=_model, dispatch_uid=f"public-bump-save-{_model.__name__}")
    post_delete.connect(_changed, sender=_model, dispatch_uid=f"public-bump-del-{_model.__name__}")


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


@receiver(pre_save, sender=Round, dispatch_uid="public-round-publishing")
def _round_publishing(sender, instance: Round, **kwargs) -> None:
    """Mark a save that makes a round public (draft → published, or created published)."""
    publishing = instance.status == Round.Status.PUBLISHED
    if publishing and instance.pk is not None:
        before = Round.objects.filter(pk=instance.pk).values_list("status", flat=True).first()
        publishing = before in (None, Round.Status.DRAFT)
    instance._public_publishing = publishing


@receiver(post_save, sender=Round, dispatch_uid="public-prerender-round")
def _round_saved(sender, instance: Round, **kwargs) -> None:
    if getattr(instance, "_public_publishing", False):
        instance._public_publishing = False  # a later save of this object is no publication
        _flip_after_commit(instance.event_id, instance.pk)
    elif instance.status != Round.Status.DRAFT:
        prerender_after_commit(instance.event_id, instance.pk)


def refresh_after_commit(event_id: int) -> None:
    """Re-render every page of the event at the next version, then bump (the publication
    flip without a new round): for changes that touch every player's page at once."""
    _flip_after_commit(event_id, None)


def _flip_after_commit(event_id: int, round_id: int | None) -> None:
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


@receiver(event_pages_changed, dispatch_uid="public-event-pages-changed")
def _event_pages_changed(
    sender, event_id: int, everyone: bool = False, players=None, **kwargs
) -> None:
    """Bulk writes and derived values (seating, ratings): the pages of ``players`` only
    (a rating that moved), or a running event whose every player page changes rendered
    before the change shows, or a plain bump of every page."""
    if players is not None:
        bump_after_commit(event_id, set(players))
    elif everyone:
        refresh_after_commit(event_id)
    else:
        bump_after_commit(event_id)
