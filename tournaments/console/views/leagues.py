"""The league settings pages (the league's owner only): the owner's leagues, and one
league's public page and season rule."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.console.league_forms import PLACES, LeagueSeasonForm, place_field
from tournaments.console.services.leagues import league_season_save
from tournaments.events.models import League
from tournaments.ratings.models import LeagueSeason


@login_required
def league_list(request):
    leagues = League.objects.filter(owner=request.user).select_related("season").order_by("name")
    return render(request, "console/tools/league_list.html", {"leagues": leagues})


@login_required
def league_settings(request, league_id: int):
    league = get_object_or_404(League, pk=league_id)
    if league.owner_id != request.user.pk:
        raise PermissionDenied(_("Only the league's owner changes its settings."))
    season = LeagueSeason.objects.filter(league=league).first()
    status = 200
    if request.method == "POST":
        form = LeagueSeasonForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            league_season_save(
                league,
                public=data["public"],
                rule=data["rule"],
                best_n=data.get("best_n"),
                points=form.points(),
            )
            messages.success(request, _("League settings saved."))
            return redirect("tools:league-settings", league_id=league.pk)
        status = 400  # the page again with what was typed and why it was refused
    else:
        form = LeagueSeasonForm(initial=LeagueSeasonForm.initial_for(season))
    context = {
        "league": league,
        "season": season,
        "form": form,
        "place_fields": [form[place_field(p)] for p in range(1, PLACES + 1)],
    }
    return render(request, "console/tools/league_settings.html", context, status=status)
