"""The league settings form (the league's owner): a public page or not, and the season
rule — the best N results, points per placement (one labelled field per place, not a
list to type), or the rating. Kept apart from ``forms.py`` (the event forms)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.ratings.models import LeagueSeason

PLACES = 12  # places a café can give points for; the places after the last scored score 0
POINTS_MAX = 9999


def place_field(place: int) -> str:
    return f"place_{place}"


class LeagueSeasonForm(forms.Form):
    public = forms.BooleanField(
        label=_("Public league page"),
        required=False,
        help_text=_("Anyone with the page's address sees the league's events and leaderboard."),
    )
    rule = forms.ChoiceField(
        label=_("Season rule"), choices=LeagueSeason.Rule.choices, widget=forms.RadioSelect
    )
    best_n = forms.IntegerField(
        label=_("Results counted (N)"),
        required=False,
        min_value=1,
        max_value=99,
        help_text=_("For the best N results: how many of each player's events count."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for place in range(1, PLACES + 1):
            self.fields[place_field(place)] = forms.IntegerField(
                label=_("Points for place %(place)d") % {"place": place},
                required=False,
                min_value=0,
                max_value=POINTS_MAX,
            )

    @classmethod
    def initial_for(cls, season: LeagueSeason | None) -> dict:
        if season is None:
            return {"public": False, "rule": LeagueSeason.Rule.RATING}
        initial = {"public": season.public, "rule": season.rule, "best_n": season.best_n}
        for place, points in enumerate(season.placement_points or [], start=1):
            initial[place_field(place)] = points
        return initial

    def points(self) -> list[int]:
        values = [self.cleaned_data.get(place_field(p)) for p in range(1, PLACES + 1)]
        while values and values[-1] is None:
            values.pop()
        return values

    def clean(self):
        cleaned = super().clean()
        rule = cleaned.get("rule")
        needs_n = rule == LeagueSeason.Rule.BEST_N and cleaned.get("best_n") is None
        if needs_n and "best_n" not in self.errors:
            self.add_error(
                "best_n", _("The best N results rule needs how many results count (1–99).")
            )
        if rule == LeagueSeason.Rule.PLACEMENT_POINTS and not any(
            place_field(p) in self.errors for p in range(1, PLACES + 1)
        ):
            points = self.points()
            if not points:
                self.add_error(
                    place_field(1),
                    _("Points per placement needs the points for place 1 at least."),
                )
            for place, value in enumerate(points, start=1):
                if value is None:
                    self.add_error(
                        place_field(place),
                        _(
                            "Give the points for every place up to the last one filled "
                            "(leave only the places after it empty)."
                        ),
                    )
        return cleaned
