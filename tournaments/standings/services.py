"""Standings snapshots: recompute from scratch, store a new version only on change.

``standings_schedule_recompute`` coalesces bursts through ``events.coalesce`` (the first
write of a burst sends the task with a short countdown, later ones see the flag) and sends
through ``events.outbox`` (a broker outage leaves a row for the reconciler instead of
failing the request). ``standings_reconcile`` (task ``standings.reconcile``, Celery beat
every ~30 s) drains that outbox and recomputes every event whose standings inputs changed
since its last recompute (``StandingsCheck``): a lost task, a worker killed mid-recompute
or a broker outage leaves the standings wrong for at most one reconcile period after the
fault ends. See docs/reliability.md.
"""

from __future__ import annotations

import hashlib
import json
import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from tournaments.events import outbox
from tournaments.events.coalesce import claim, flag_key, release
from tournaments.events.domain import StandingsUpdated, announce
from tournaments.events.models import Event
from tournaments.standings.compute import compute_standings
from tournaments.standings.models import StandingsCheck, StandingsSnapshot
from tournaments.standings.selectors import (
    reconcile_candidates,
    standings_fingerprint,
    standings_input,
)
from tournaments.standings.types import StandingsConfig, StandingsError

logger = logging.getLogger(__name__)


STANDINGS_TASK = "tournaments.standings_recompute"


def coalesce_seconds() -> float:
    """How long a recompute waits for more writes. Short enough that one confirmation is on
    the public standings within 2 s (issue 6); a round-end burst still coalesces."""
    return float(getattr(settings, "STANDINGS_COALESCE_SECONDS", 0.5))


def dirty_key(event_id: int) -> str:
    return flag_key("standings", event_id)


def standings_schedule_recompute(event_id: int) -> None:
    """After the current transaction commits, make sure one recompute is on its way."""
    transaction.on_commit(lambda: _enqueue(event_id))


def _enqueue(event_id: int) -> None:
    from tournaments.standings.tasks import standings_recompute_task  # tasks import services

    countdown = coalesce_seconds()
    if claim(dirty_key(event_id), countdown):
        outbox.send(standings_recompute_task, (event_id,), countdown=countdown)


def standings_config(event: Event) -> StandingsConfig:
    """The organizer's settings (console event configuration), defaults where unset."""
    from tournaments.events.selectors.event_config import event_config
    from tournaments.standings.selectors import standings_config_of

    return standings_config_of(event_config(event))


def standings_recompute(*, event_id: int) -> StandingsSnapshot | None:
    """Rebuild the event's standings; a new snapshot only when the content changed.

    Returns the latest snapshot (new or unchanged); None when the event is gone.
    """
    release(dirty_key(event_id))
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            return None
        # Before the inputs are read: a write committed after this point changes the
        # fingerprint again, so the reconciler sees it even if its own task is lost.
        fingerprint = standings_fingerprint(event_id)
        _checked(event_id, fingerprint)
        built = standings_input(event_id)
        latest = StandingsSnapshot.objects.filter(event_id=event_id).order_by("-version").first()
        previous = (
            StandingsSnapshot.objects.filter(event_id=event_id, after_round__lt=built.after_round)
            .order_by("-version")
            .first()
        )
        previous_ranks = {r["registration"]: r["rank"] for r in previous.rows} if previous else None
        try:
            standings = compute_standings(built.data, standings_config(event), previous_ranks)
        except StandingsError:
            # A configuration the data cannot satisfy (e.g. raw game points ranking a
            # multi-game event): keep the last snapshot and say why in the log.
            logger.exception("standings for event %s not recomputed", event_id)
            return latest
        payload = standings.to_dict()
        rows = payload.pop("rows")
        content = {
            "rows": rows,
            "standings": payload,
            "results": list(built.result_ids),
            "rulings": list(built.ruling_ids),
        }
        digest = hashlib.sha256(
            json.dumps(content, sort_keys=True, default=str).encode()
        ).hexdigest()
        if latest is not None and latest.content_hash == digest:
            return latest
        snapshot = StandingsSnapshot.objects.create(
            event=event,
            version=(latest.version + 1) if latest else 1,
            after_round=built.after_round,
            result_ids=list(built.result_ids),
            ruling_ids=list(built.ruling_ids),
            provisional=standings.provisional,
            rows=rows,
            standings=payload,
            content_hash=digest,
        )
        from tournaments.results.services import action_log

        action_log.standings_snapshot_written(event_id, snapshot.version, len(built.result_ids))
        announce(
            StandingsUpdated(
                event_id=event_id,
                snapshot_id=snapshot.pk,
                version=snapshot.version,
                after_round=snapshot.after_round,
                previous_id=latest.pk if latest else None,
            )
        )
        return snapshot


def _checked(event_id: int, fingerprint: str) -> None:
    """Record what this recompute reads (in its transaction: a killed run records nothing)."""
    StandingsCheck.objects.update_or_create(
        event_id=event_id, defaults={"fingerprint": fingerprint, "checked_at": timezone.now()}
    )


def standings_stale_event_ids() -> list[int]:
    """Events whose standings inputs changed since their last recompute read them.

    Only events a recompute was ever asked for count: one with a snapshot or a check
    already, or with recorded activity (results, rulings, rounds) — an event nobody has
    played in keeps having no standings, as before."""
    candidates = reconcile_candidates()
    checks = dict(
        StandingsCheck.objects.filter(event_id__in=[e for e, _ in candidates]).values_list(
            "event_id", "fingerprint"
        )
    )
    stale = []
    for event_id, active in candidates:
        known = checks.get(event_id)
        if known is None and not active:
            continue
        if known != standings_fingerprint(event_id):
            stale.append(event_id)
    return stale


def standings_reconcile() -> dict:
    """The periodic repair (task ``standings.reconcile``): send what the outbox holds, then
    recompute every stale event here, in this worker. Safe to run twice or concurrently
    (recomputes of one event serialize on its row lock and write only on change)."""
    # Recomputes that waited in the outbox run here rather than being re-sent: the same
    # work, without a second trip through the broker or a duplicate of the stale check.
    waiting = {args[0] for args in outbox.outbox_take(STANDINGS_TASK) if args}
    sent = outbox.outbox_drain()
    recomputed = []
    for event_id in sorted(waiting | set(standings_stale_event_ids())):
        try:
            standings_recompute(event_id=event_id)
        except Exception:  # one broken event must not stop the others  # noqa: BLE001
            logger.exception("reconcile: standings of event %s not recomputed", event_id)
            continue
        recomputed.append(event_id)
    if sent or recomputed:
        logger.info("reconcile: %s outbox task(s) sent, recomputed events %s", sent, recomputed)
    return {"outbox_sent": sent, "recomputed": recomputed}
