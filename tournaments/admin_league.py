"""Admin for league ratings bookkeeping (console extra): the recompute runs, read-only."""

from django.contrib import admin

from tournaments.models_league import RatingRun


@admin.register(RatingRun)
class RatingRunAdmin(admin.ModelAdmin):
    list_display = ["computed_at", "tables", "players", "input_hash"]
    readonly_fields = ["computed_at", "tables", "players", "input_hash"]
