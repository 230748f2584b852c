"""League settings (the league's owner): its public page and season rule."""

from __future__ import annotations

from django.db import transaction

from tournaments.events.models import League
from tournaments.ratings.models import LeagueSeason


@transaction.atomic
def league_season_save(
    league: League, *, public: bool, rule: str, best_n: int | None, points: list[int]
) -> LeagueSeason:
    """Store the league's settings. The page's address (``public_id``) is made once and
    kept, so a link handed out stays valid when the café hides the page and shows it
    again. The league's cached pages follow the row (``public.signals``)."""
    season, _created = LeagueSeason.objects.select_for_update().get_or_create(league=league)
    season.public = public
    season.rule = rule
    # What the other rules do not read is kept, so switching back finds it filled.
    if rule == LeagueSeason.Rule.BEST_N or best_n is not None:
        season.best_n = best_n
    if rule == LeagueSeason.Rule.PLACEMENT_POINTS or points:
        season.placement_points = list(points)
    season.save()
    return season
