"""Awards page: podium and per-game best scores (printable for the prize giving)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from tournaments.console.selectors.awards import best_scores, podium
from tournaments.console.views.tools import organizer_event


@login_required
def awards(request, slug: str):
    event = organizer_event(request, slug)
    context = {"event": event, "podium": podium(event), "games": best_scores(event)}
    return render(request, "console/tools/awards.html", context)
