"""Console: answer a player's judge call from the progress board or the table page
(acknowledge: a judge is on the way; resolve: done). The event's organizers and head
judges; the services check the role again and write the audit log."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.console.views.events import actor_of, console_event
from tournaments.events.access import NotAllowed
from tournaments.results.models import ProblemReport
from tournaments.results.services.calls import judge_call_acknowledge, judge_call_resolve

STEPS = {"acknowledge": judge_call_acknowledge, "resolve": judge_call_resolve}


@login_required
@require_POST
def call_action(request, slug):
    event = console_event(request, slug)
    report_id = request.POST.get("report", "")
    report = get_object_or_404(
        ProblemReport, pk=int(report_id) if report_id.isdigit() else 0, registration__event=event
    )
    step = STEPS.get(request.POST.get("action", ""))
    if step is None:
        messages.error(request, _("Choose acknowledge or resolve."))
    else:
        try:
            step(report_id=report.pk, actor=actor_of(request))
        except NotAllowed:
            messages.error(request, _("You may not answer this call."))
    target = request.POST.get("next", "")
    # A path of this site only: redirect() would take "foo" for a view name (500).
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, {request.get_host()}, request.is_secure()
    ):
        target = reverse("console:event", args=[slug])
    return redirect(target)
