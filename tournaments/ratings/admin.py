"""Admin for league ratings and the recompute runs (read-only)."""

from django.contrib import admin

from tournaments.ratings.models import LeagueSeason, PlayerRating, RatingRun


@admin.register(RatingRun)
class RatingRunAdmin(admin.ModelAdmin):
    list_display = ["computed_at", "tables", "players", "input_hash"]
    readonly_fields = ["computed_at", "tables", "players", "input_hash"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ["player", "league", "mu", "sigma", "games", "updated"]
    list_filter = ["league"]
    raw_id_fields = ["player"]


@admin.register(LeagueSeason)
class LeagueSeasonAdmin(admin.ModelAdmin):
    list_display = ["league", "public", "rule", "best_n", "updated"]
    readonly_fields = ["public_id", "updated"]
