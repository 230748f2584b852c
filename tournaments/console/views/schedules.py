"""Console: the event's schedule decided in advance — plan it, upload it, see its repeat
count before any round is published (the event's organizers only)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.console.forms import SchedulePlanForm, ScheduleUploadForm
from tournaments.console.selectors.schedules import schedule_summary
from tournaments.console.services.player_import import ImportRefused, decode_upload
from tournaments.console.views.events import actor_of
from tournaments.console.views.tools import organizer_event
from tournaments.seating.models import EventSchedule
from tournaments.seating.schedule_requests import planning_state, schedule_plan_request
from tournaments.seating.schedules import (
    ScheduleError,
    first_open_round,
    schedule_delete,
    schedule_upload,
)


def _saved(request, stored) -> None:
    messages.success(
        request,
        _("Schedule saved: %(repeats)d repeat meetings (lower bound %(bound)d).")
        % {"repeats": stored.repeat_meetings, "bound": stored.lower_bound},
    )


@login_required
def schedule_view(request, slug):
    """GET: the stored schedule and both forms. POST ``action=plan|upload|delete``; a
    refused plan or file comes back as 400 with every problem and the text as sent."""
    event = organizer_event(request, slug)
    first = first_open_round(event)
    plan_form = SchedulePlanForm(
        initial={"rounds": max(1, (event.rounds_planned or first) - first + 1)}
    )
    upload_form = ScheduleUploadForm()
    problems: list[str] = []
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "plan":
        plan_form = SchedulePlanForm(request.POST)
        if plan_form.is_valid():
            try:
                outcome = schedule_plan_request(
                    event_id=event.pk,
                    rounds=plan_form.cleaned_data["rounds"],
                    seed=plan_form.cleaned_data.get("seed"),
                    actor=actor_of(request),
                )
            except ScheduleError as error:
                problems = error.problems
            else:
                if isinstance(outcome, EventSchedule):
                    _saved(request, outcome)
                # else the page shows "planning…" until a worker has stored the plan
                return redirect("console:schedule", slug=slug)
    elif action == "upload":
        upload_form = ScheduleUploadForm(request.POST, request.FILES)
        if upload_form.is_valid():
            upload = upload_form.cleaned_data.get("file")
            try:
                text = decode_upload(upload.read()) if upload else upload_form.cleaned_data["text"]
                stored = schedule_upload(event_id=event.pk, text=text, actor=actor_of(request))
            except ImportRefused as error:
                problems = [str(error)]
            except ScheduleError as error:
                problems = error.problems
                # Keep what was sent: the file's text comes back in the box to fix it there.
                upload_form = ScheduleUploadForm({"text": text})
            else:
                _saved(request, stored)
                return redirect("console:schedule", slug=slug)
    elif action == "delete":
        schedule_delete(event_id=event.pk, actor=actor_of(request))
        return redirect("console:schedule", slug=slug)
    refused = request.method == "POST"
    planning, failed = planning_state(event)
    if not refused:
        problems = failed  # the last plan the worker could not make, until the next one
    return render(
        request,
        "console/schedule.html",
        {
            "event": event,
            "summary": schedule_summary(event),
            "first_round": first,
            "plan_form": plan_form,
            "upload_form": upload_form,
            "action": action,
            "problems": problems,
            "planning": planning,
        },
        status=400 if refused else 200,
    )


@login_required
def schedule_status(request, slug):
    """Whether a plan is still being made, for the page's refresh (static/pages/
    schedule_planning.js reloads the page once it is not)."""
    event = organizer_event(request, slug)
    planning, _failed = planning_state(event)
    return JsonResponse({"planning": planning is not None}, headers={"Cache-Control": "no-store"})
