"""League ratings pages: the league table (an organizer sees the leagues of the events
they organize) and an event's players in round-1 seeding order by rating."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.console.views.tools import (
    organized_league_ids,
    organizer_event,
    require_any_organizer,
)
from tournaments.events.models import League
from tournaments.events.selectors.event_config import event_config
from tournaments.ratings.models import RatingRun
from tournaments.ratings.selectors import event_players_by_rating, league_table, leagues
from tournaments.ratings.services import ratings_recompute


def _chosen(wanted: str | None, choices: list) -> tuple[int | None, str]:
    if wanted is None:
        return choices[0] if choices else (None, "")
    return next((c for c in choices if str(c[0] or "") == wanted), (None, ""))


def _named_apart(choices: list[tuple[int | None, str]]) -> list[tuple[int | None, str]]:
    """Leagues belong to their owners, so two may share a name (a co-organizer sees
    both, a superuser every one): those get their owner's name beside theirs."""
    names = [name for _id, name in choices]
    shared = [pk for pk, name in choices if pk is not None and names.count(name) > 1]
    if not shared:
        return choices
    owners = dict(League.objects.filter(pk__in=shared).values_list("pk", "owner__username"))
    return [
        (pk, _("%(name)s (%(owner)s)") % {"name": name, "owner": owners.get(pk) or "—"})
        if pk in owners
        else (pk, name)
        for pk, name in choices
    ]


@login_required
def league(request):
    require_any_organizer(request)
    allowed = organized_league_ids(request.user)  # None: a superuser, every league
    choices = _named_apart([c for c in leagues() if allowed is None or c[0] in allowed])
    if request.method == "POST":
        # The recompute is league-wide and deterministic; it is run for a league the user
        # organizes an event in (?league= names it, as on the page).
        wanted = request.POST.get("league", request.GET.get("league"))
        if wanted is None:
            league_id = choices[0][0] if choices else None
        else:
            league_id = int(wanted) if wanted.isdigit() else None if wanted == "" else -1
        if allowed is not None and league_id not in allowed:
            raise PermissionDenied(_("You organize no event in this league."))
        run = ratings_recompute(force=True)
        messages.success(
            request, _("Ratings recomputed from %(n)d confirmed tables.") % {"n": run.tables}
        )
        return redirect("tools:ratings")
    # ?league=<id>; ?league= (empty): the events without a league
    chosen = _chosen(request.GET.get("league"), choices)
    visible = allowed is None or chosen[0] in allowed  # an unknown ?league= shows nothing
    context = {
        "rows": league_table(chosen[0]) if visible else [],
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
