"""Admin for leagues and the ratings bookkeeping (console extra): the recompute runs,
read-only."""

from django.contrib import admin

from tournaments.models_league import League, RatingRun


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "created"]
    search_fields = ["name"]


@admin.register(RatingRun)
class RatingRunAdmin(admin.ModelAdmin):
    list_display = ["computed_at", "tables", "players", "input_hash"]
    readonly_fields = ["computed_at", "tables", "players", "input_hash"]
