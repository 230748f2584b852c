"""What the webhooks are told, and when: each topic follows one announcement of a service
(``events.domain``), delivered after its commit.

* ``round.published``: ``RoundStatusChanged`` to published;
* ``results.released``: a table's confirmed result becomes public (``ResultChanged`` that
  confirms or re-scores it, at once under the ``immediate`` release policy; under
  ``on_close``, every confirmed table of the round when ``RoundStatusChanged`` closes it);
* ``standings.updated``: ``StandingsUpdated`` (a new standings snapshot);
* ``event.finished``: ``EventStatusChanged`` to finished.

``webhooks_notify`` stores one delivery row per webhook and sends its task.
"""

from __future__ import annotations

from tournaments.events.domain import (
    EventStatusChanged,
    ResultChanged,
    RoundStatusChanged,
    StandingsUpdated,
    subscribe,
)
from tournaments.events.models import Event, Round
from tournaments.events.release import release_policy, results_released
from tournaments.integrations.services import webhooks_notify
from tournaments.results.models import ResultSubmission


def _api(path: str) -> str:
    return f"/api/{path}"


def _slug(event_id: int) -> str | None:
    return Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()


def on_round_status_changed(event: RoundStatusChanged) -> None:
    slug = _slug(event.event_id)
    if slug is None:
        return
    base = {"event": slug, "round": event.number}
    if event.after == Round.Status.PUBLISHED:
        payload = {**base, "seating": _api(f"events/{slug}/rounds/{event.number}/seating/")}
        webhooks_notify(event_id=event.event_id, topic="round.published", payload=payload)
    elif event.after == Round.Status.CLOSED and release_policy(event.event_id) == "on_close":
        tables = list(
            ResultSubmission.objects.filter(
                table__round_id=event.round_id, status=ResultSubmission.Status.CONFIRMED
            ).values_list("table__number", flat=True)
        )
        if tables:
            webhooks_notify(
                event_id=event.event_id,
                topic="results.released",
                payload={**base, "tables": sorted(tables)},
            )


def newly_confirmed(event: ResultChanged) -> bool:
    """The table now counts a result it did not count before (or counts it re-scored)."""
    confirmed = event.after.confirmed_id
    if confirmed is None:
        return False
    return confirmed != event.before.confirmed_id or event.action == ResultChanged.RESCORED


def on_result_changed(event: ResultChanged) -> None:
    if not newly_confirmed(event):
        return
    status = Round.objects.filter(pk=event.round_id).values_list("status", flat=True).first()
    if status is None or not results_released(status, release_policy(event.event_id)):
        return  # told when its round closes (on_close)
    slug = _slug(event.event_id)
    path = f"events/{slug}/rounds/{event.round_number}/tables/{event.table_number}/"
    webhooks_notify(
        event_id=event.event_id,
        topic="results.released",
        payload={
            "event": slug,
            "round": event.round_number,
            "tables": [event.table_number],
            "result": _api(path),
        },
    )


def on_standings_updated(event: StandingsUpdated) -> None:
    slug = _slug(event.event_id)
    if slug is None:
        return
    webhooks_notify(
        event_id=event.event_id,
        topic="standings.updated",
        payload={
            "event": slug,
            "version": event.version,
            "after_round": event.after_round,
            "standings": _api(f"events/{slug}/standings/"),
        },
    )


def on_event_status_changed(event: EventStatusChanged) -> None:
    if event.after != Event.Status.FINISHED or event.before == Event.Status.FINISHED:
        return
    slug = _slug(event.event_id)
    if slug is None:
        return
    webhooks_notify(
        event_id=event.event_id,
        topic="event.finished",
        payload={"event": slug, "standings": _api(f"events/{slug}/standings/")},
    )


def connect() -> None:
    subscribe(RoundStatusChanged, on_round_status_changed)
    subscribe(ResultChanged, on_result_changed)
    subscribe(StandingsUpdated, on_standings_updated)
    subscribe(EventStatusChanged, on_event_status_changed)
