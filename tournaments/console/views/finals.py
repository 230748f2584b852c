"""Console: the final (top cut, standings frozen) and the awards."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.console.services.finals import awards, finals_create
from tournaments.console.views.events import actor_of, console_event
from tournaments.seating.services import SeatingServiceError


@login_required
@require_POST
def finals(request, slug):
    event = console_event(request, slug)
    cut = request.POST.get("cut", "").strip()
    if cut and not (cut.isdigit() and int(cut) >= 2):
        messages.error(request, _("Players in the final: a whole number, at least 2."))
        return redirect("console:event", slug=slug)
    try:
        rnd = finals_create(
            event_id=event.pk, cut=int(cut) if cut else None, actor=actor_of(request)
        )
    except SeatingServiceError as error:
        messages.error(request, str(error))
        return redirect("console:event", slug=slug)
    return redirect("console:round", slug=slug, number=rnd.number)


@login_required
def awards_view(request, slug):
    event = console_event(request, slug)
    return render(request, "console/awards.html", {"event": event, "rows": awards(event)})
