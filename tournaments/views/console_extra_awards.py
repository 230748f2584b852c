"""Awards page: podium and per-game best scores (printable for the prize giving)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from tournaments.selectors.awards import best_scores, podium
from tournaments.views.console_extra_common import organizer_event


@login_required
def awards(request, slug: str):
    event = organizer_event(request, slug)
    context = {"event": event, "podium": podium(event), "games": best_scores(event)}
    return render(request, "console_extra/awards.html", context)
