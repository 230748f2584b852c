"""Prometheus metrics for the café's host: ``GET /metrics``, never public.

The endpoint answers only a scraper that sends ``Authorization: Bearer <METRICS_TOKEN>``;
without ``METRICS_TOKEN`` in the environment it does not exist (404). It serves:

- per view: request counts and latencies (django-prometheus' middleware,
  ``django_http_requests_latency_seconds_by_view_method`` …). Pages the WSGI fast path
  answers from the cache never reach Django and are not counted here: the proxy's log
  has them.
- what this application keeps waiting, read at each scrape (``DomainCollector``):
  the Celery queues' depths, failed tasks by name, the outbox (tasks that could not be sent
  while the broker was away), events whose standings are stale and for how long, and
  public pages due a render.

Under gunicorn with several processes set ``PROMETHEUS_MULTIPROC_DIR`` (an empty folder,
``gunicorn.conf.py`` empties it at start) so the per-view figures of every process are
added up; the domain figures are read from PostgreSQL and Redis and need nothing.
"""

from __future__ import annotations

import hmac
import logging
import os

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils import timezone
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

logger = logging.getLogger(__name__)

TASK_FAILURES_KEY = "metrics:task-failures"  # a Redis hash: task name → failures


def _redis():
    import redis

    if not settings.REDIS_URL:
        return None
    return redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=2)


def _key(name: str) -> str:
    return f"{settings.CACHES['default'].get('KEY_PREFIX') or 'referee'}:{name}"


def count_task_failure(sender=None, **_kwargs) -> None:
    """Celery's ``task_failure`` signal: one more failure of that task, kept in Redis so
    the web process that is scraped sees what every worker counted."""
    client = _redis()
    if client is None:
        return
    try:
        client.hincrby(_key(TASK_FAILURES_KEY), getattr(sender, "name", str(sender)), 1)
    except Exception:  # a metric must never fail the worker  # noqa: BLE001
        logger.debug("task failure not counted", exc_info=True)
    finally:
        client.close()


def _age_seconds(moment) -> float:
    return max(0.0, (timezone.now() - moment).total_seconds()) if moment else 0.0


class DomainCollector:
    """Figures read from PostgreSQL and Redis at each scrape."""

    def collect(self):
        yield from self._queues_and_failures()
        yield from self._outbox()
        yield from self._stale_standings()
        yield from self._due_pages()

    def _queues_and_failures(self):
        depth = GaugeMetricFamily(
            "referee_celery_queue_depth",
            "Task messages waiting in a Celery queue",
            labels=["queue"],
        )
        failures = CounterMetricFamily(
            "referee_celery_task_failures", "Tasks that raised, by task name", labels=["task"]
        )
        client = _redis()
        if client is not None:
            try:
                for queue in sorted(_queue_names()):
                    depth.add_metric([queue], client.llen(queue))
                for task, n in sorted(client.hgetall(_key(TASK_FAILURES_KEY)).items()):
                    failures.add_metric([task.decode()], int(n))
            except Exception:  # Redis away: the scrape still answers  # noqa: BLE001
                logger.warning("metrics: Redis unreachable", exc_info=True)
            finally:
                client.close()
        yield depth
        yield failures

    def _outbox(self):
        from django.db.models import Count, Min

        from tournaments.events.models import OutboxTask

        rows = OutboxTask.objects.aggregate(n=Count("pk"), oldest=Min("created_at"))
        yield GaugeMetricFamily(
            "referee_outbox_tasks", "Tasks kept because the broker was away", value=rows["n"]
        )
        yield GaugeMetricFamily(
            "referee_outbox_oldest_age_seconds",
            "How long the oldest unsent task has waited",
            value=_age_seconds(rows["oldest"]),
        )

    def _stale_standings(self):
        from tournaments.standings.services import standings_stale_event_ids

        stale = standings_stale_event_ids()
        yield GaugeMetricFamily(
            "referee_standings_stale_events",
            "Events whose standings do not yet reflect every result",
            value=len(stale),
        )
        yield GaugeMetricFamily(
            "referee_standings_stale_oldest_age_seconds",
            "Since when the longest-stale standings miss a change (0: none stale)",
            value=max((_age_seconds(_stale_since(e)) for e in stale), default=0.0),
        )

    def _due_pages(self):
        due = GaugeMetricFamily(
            "referee_public_pages_due", "Public pages waiting for their background render"
        )
        total = 0
        client = _redis()
        if client is not None:
            try:
                for key in client.scan_iter(match="*public-pages-due*", count=500):
                    if client.type(key) == b"set":
                        total += client.scard(key)
            except Exception:  # noqa: BLE001
                logger.warning("metrics: Redis unreachable", exc_info=True)
            finally:
                client.close()
        due.add_metric([], total)
        yield due


def _queue_names() -> set[str]:
    routes = getattr(settings, "CELERY_TASK_ROUTES", {}) or {}
    return {"celery"} | {route["queue"] for route in routes.values() if "queue" in route}


def _stale_since(event_id: int):
    """When the event's standings first missed something: the first action-log entry (a
    result, a ruling, a round) after its newest snapshot."""
    from tournaments.results.models import ActionLog
    from tournaments.standings.models import StandingsSnapshot

    snapshot = StandingsSnapshot.objects.filter(event_id=event_id).order_by("-version").first()
    entries = ActionLog.objects.filter(event_id=event_id).exclude(action="standings.snapshot")
    if snapshot is not None:
        entries = entries.filter(created_at__gt=snapshot.computed_at)
    return entries.order_by("created_at").values_list("created_at", flat=True).first()


def registry() -> CollectorRegistry:
    """The per-view figures (every gunicorn process's, when multiprocess) and ours."""
    from prometheus_client import REGISTRY, multiprocess

    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        out = CollectorRegistry()
        multiprocess.MultiProcessCollector(out)
    else:
        out = CollectorRegistry()
        for collector in list(REGISTRY._collector_to_names):  # the process's own metrics
            out.register(collector)
    out.register(DomainCollector())
    return out


def metrics_view(request):
    expected = getattr(settings, "METRICS_TOKEN", "")
    if not expected:
        raise Http404("metrics are off (set METRICS_TOKEN)")
    sent = request.headers.get("Authorization", "")
    if not hmac.compare_digest(sent.encode(), f"Bearer {expected}".encode()):
        response = HttpResponse("a scraper's token is needed\n", status=401)
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    response = HttpResponse(generate_latest(registry()), content_type=CONTENT_TYPE_LATEST)
    response["Cache-Control"] = "no-store"
    return response
