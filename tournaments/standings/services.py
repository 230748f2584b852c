"""Standings snapshots: recompute from scratch, store a new version only on change.

``standings_schedule_recompute`` coalesces bursts: the first write of a burst sets a
"dirty" key in the cache and enqueues the task with a short countdown; later writes see
the key and enqueue nothing. The task clears the key *before* reading the database, so a
write that commits after that read enqueues a fresh task (nothing is ever missed). A
flag older than the countdown plus a grace period means its task was lost: the next write
enqueues again (at worst one extra, idempotent recompute).

The flag lives in Redis itself when ``REDIS_URL`` is set, keyed by the database name, so
web processes and workers share it whatever their cache key prefixes are; otherwise in
Django's cache (one process, eager tasks).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from functools import cache as memoize

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from tournaments.events.models import Event
from tournaments.standings.compute import compute_standings
from tournaments.standings.models import StandingsSnapshot
from tournaments.standings.selectors import standings_input
from tournaments.standings.types import StandingsConfig, StandingsError

logger = logging.getLogger(__name__)

GRACE_SECONDS = 30


def coalesce_seconds() -> float:
    """How long a recompute waits for more writes. Short enough that one confirmation is on
    the public standings within 2 s (issue 6); a round-end burst still coalesces."""
    return float(getattr(settings, "STANDINGS_COALESCE_SECONDS", 0.5))


def dirty_key(event_id: int) -> str:
    database = settings.DATABASES["default"]["NAME"]
    return f"referee:standings:dirty:{database}:{event_id}"


@memoize
def _redis():
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return None
    import redis

    return redis.Redis.from_url(url)


class DirtyFlags:
    """SET NX with expiry over Redis, else over Django's cache."""

    def add(self, key: str, value: float, ttl: int) -> bool:
        client = _redis()
        if client is None:
            return cache.add(key, value, timeout=ttl)
        return bool(client.set(key, value, nx=True, ex=ttl))

    def get(self, key: str) -> float | None:
        client = _redis()
        value = cache.get(key) if client is None else client.get(key)
        return None if value is None else float(value)

    def set(self, key: str, value: float, ttl: int) -> None:
        client = _redis()
        if client is None:
            cache.set(key, value, timeout=ttl)
        else:
            client.set(key, value, ex=ttl)

    def delete(self, key: str) -> None:
        client = _redis()
        if client is None:
            cache.delete(key)
        else:
            client.delete(key)


flags = DirtyFlags()


def standings_schedule_recompute(event_id: int) -> None:
    """After the current transaction commits, make sure one recompute is on its way."""
    transaction.on_commit(lambda: _enqueue(event_id))


def _enqueue(event_id: int) -> None:
    from tournaments.standings.tasks import standings_recompute_task  # tasks import services

    countdown = coalesce_seconds()
    key, now = dirty_key(event_id), time.time()
    ttl = int(countdown) + GRACE_SECONDS * 2
    if not flags.add(key, now, ttl):
        since = flags.get(key)
        if since is not None and now - since <= countdown + GRACE_SECONDS:
            return  # a recompute is already on its way and will read this write
        flags.set(key, now, ttl)  # that task was lost: send another
    standings_recompute_task.apply_async((event_id,), countdown=countdown)


def standings_config(event: Event) -> StandingsConfig:
    """The organizer's settings (console event configuration), defaults where unset."""
    from tournaments.events.selectors.event_config import event_config
    from tournaments.standings.selectors import standings_config_of

    return standings_config_of(event_config(event))


def standings_recompute(*, event_id: int) -> StandingsSnapshot | None:
    """Rebuild the event's standings; a new snapshot only when the content changed.

    Returns the latest snapshot (new or unchanged); None when the event is gone.
    """
    flags.delete(dirty_key(event_id))
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            return None
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
        return snapshot
