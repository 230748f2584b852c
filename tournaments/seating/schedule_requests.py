"""Planning a schedule from the console without holding up the web request.

A field with a known design (16 x 5, 28 x 9, 32 x 10 in fours ...) is planned at once,
as before. Any other field needs the tabu search, which takes seconds (16 x 6: ~2.5 s,
24 x 8: ~4 s), so the request is stored as a ``SchedulePlanRequest`` and a worker plans
it (``schedule_plan_task``, sent through the outbox once the request is committed). The
console page shows "planning…" until the request is done or failed.

Safe to run twice: only a request still queued is planned, and it is marked done in the
same transaction that stores the schedule. The search runs outside that transaction so
check-ins are not blocked for seconds; if the field changed meanwhile (a check-in, a
published round) the plan is not stored and the organizer is asked to plan again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.events import outbox
from tournaments.events.access import Actor
from tournaments.events.models import Event
from tournaments.seating.models import EventSchedule, SchedulePlanRequest
from tournaments.seating.optimiser import schedule_design
from tournaments.seating.schedules import (
    SYSTEM,
    ScheduleError,
    plan,
    plan_inputs,
    store_plan,
    supersede_requests,
)

# A request queued this long has lost its worker (the outbox resends within a minute).
PLANNING_STALE = timedelta(minutes=10)


@dataclass(frozen=True)
class _RequestActor:
    """Who asked, as the action log records it (the worker has no request)."""

    user_id: int | None
    label: str
    remote_addr: str | None


def schedule_plan_request(
    *, event_id: int, rounds: int, seed: int | None = None, actor: Actor = SYSTEM
) -> EventSchedule | SchedulePlanRequest:
    """The stored schedule when a known design plans it at once, else the queued request
    (its plan is stored by a worker). ScheduleError as ``schedule_plan``."""
    from tournaments.seating.tasks import schedule_plan_task

    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        inputs = plan_inputs(event, rounds, seed)
        supersede_requests(event)
        if schedule_design(inputs.players, rounds, inputs.sizes) is not None:
            return store_plan(event, inputs, plan(inputs, rounds), actor)
        request = SchedulePlanRequest.objects.create(
            event=event,
            rounds=rounds,
            seed=inputs.seed,
            first_round=inputs.first,
            players=inputs.ids,
            actor_user_id=actor.user_id,
            actor=actor.label[:120],
            remote_addr=actor.remote_addr,
            language=translation.get_language() or "",
        )
        outbox.send_on_commit(schedule_plan_task, (request.pk,))
    return request


def _fail(request_id: int, problems: list[str]) -> None:
    SchedulePlanRequest.objects.filter(
        pk=request_id, status=SchedulePlanRequest.Status.QUEUED
    ).update(status=SchedulePlanRequest.Status.FAILED, problems=problems, finished=timezone.now())


def _same_field(request: SchedulePlanRequest, inputs) -> bool:
    return inputs.ids == request.players and inputs.first == request.first_round


def schedule_plan_run(*, request_id: int) -> EventSchedule | None:
    """Plan and store a queued request; None when it is gone, already done, replaced,
    or failed (its ``problems`` say why, in the requester's language)."""
    language = (
        SchedulePlanRequest.objects.filter(pk=request_id).values_list("language", flat=True).first()
    )
    with translation.override(language or None):
        return _run(request_id)


def schedule_plan_crashed(request_id: int) -> None:
    """A run that raised (a bug, a lost database): the page stops showing "planning…"."""
    language = (
        SchedulePlanRequest.objects.filter(pk=request_id).values_list("language", flat=True).first()
    )
    with translation.override(language or None):
        _fail(request_id, [_("Planning failed unexpectedly; plan the schedule again.")])


def _run(request_id: int) -> EventSchedule | None:
    request = (
        SchedulePlanRequest.objects.select_related("event")
        .filter(pk=request_id, status=SchedulePlanRequest.Status.QUEUED)
        .first()
    )
    if request is None:
        return None
    changed = [
        _(
            "The checked-in players or the published rounds changed while the schedule "
            "was being planned: plan it again."
        )
    ]
    try:
        inputs = plan_inputs(request.event, request.rounds, request.seed)
        if not _same_field(request, inputs):
            _fail(request_id, changed)
            return None
        planned = plan(inputs, request.rounds)
    except ScheduleError as error:
        _fail(request_id, error.problems)
        return None
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=request.event_id)
        request = SchedulePlanRequest.objects.select_for_update().get(pk=request_id)
        if request.status != SchedulePlanRequest.Status.QUEUED:
            return None  # another run stored it, or the organizer moved on
        if not _same_field(request, plan_inputs(event, request.rounds, request.seed)):
            _fail(request_id, changed)
            return None
        actor = _RequestActor(
            request.actor_user_id, request.actor or SYSTEM.label, request.remote_addr
        )
        stored = store_plan(event, inputs, planned, actor)
        request.status = SchedulePlanRequest.Status.DONE
        request.finished = timezone.now()
        request.save(update_fields=["status", "finished"])
    return stored


def planning_state(event: Event) -> tuple[SchedulePlanRequest | None, list[str]]:
    """The request being planned now (None if none), and the problems of the latest
    request if it failed after the schedule shown was stored (else [])."""
    latest = SchedulePlanRequest.objects.filter(event=event).order_by("-created", "-pk").first()
    if latest is None:
        return None, []
    if latest.status == SchedulePlanRequest.Status.QUEUED:
        if timezone.now() - latest.created < PLANNING_STALE:
            return latest, []
        return None, [_("Planning did not finish; plan the schedule again.")]
    if latest.status == SchedulePlanRequest.Status.FAILED:
        return None, list(latest.problems)
    return None, []
