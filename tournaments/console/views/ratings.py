"""League ratings pages: the league table (any organizer) and an event's players in
round-1 seeding order by rating."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.console.views.tools import organizer_event, require_any_organizer
from tournaments.events.selectors.event_config import event_config
from tournaments.ratings.models import RatingRun
from tournaments.ratings.selectors import event_players_by_rating, league_table, leagues
from tournaments.ratings.services import ratings_recompute


@login_required
def league(request):
    require_any_organizer(request)
    if request.method == "POST":
        run = ratings_recompute(force=True)
        messages.success(
            request, _("Ratings recomputed from %(n)d confirmed tables.") % {"n": run.tables}
        )
        return redirect("tools:ratings")
    choices = leagues()  # ?league=<id>; ?league= (empty): the events without a league
    if "league" in request.GET:
        wanted = request.GET["league"]
        chosen = next((c for c in choices if str(c[0] or "") == wanted), (None, ""))
    else:
        chosen = choices[0] if choices else (None, "")
    context = {
        "rows": league_table(chosen[0]),
        "leagues": choices,
        "league_id": chosen[0],
        "league_name": chosen[1],
        "last_run": RatingRun.objects.first(),
    }
    return render(request, "console/tools/ratings.html", context)


@login_required
def event_ratings(request, slug: str):
    event = organizer_event(request, slug)
    context = {
        "event": event,
        "rows": event_players_by_rating(event.pk),
        "league": event.league,
        "seeding": event_config(event).get("round1_seeding"),
        "last_run": RatingRun.objects.first(),
    }
    return render(request, "console/tools/event_ratings.html", context)
