"""Admin for the console's models: event configuration, round seating records, ratings."""

from django.contrib import admin

from tournaments.models_console import EventConfig, PlayerRating, RoundSeatingRecord


@admin.register(EventConfig)
class EventConfigAdmin(admin.ModelAdmin):
    list_display = ["event", "updated"]
    raw_id_fields = ["event"]


@admin.register(RoundSeatingRecord)
class RoundSeatingRecordAdmin(admin.ModelAdmin):
    list_display = ["round", "mode", "seed", "manual_changes", "updated"]
    list_filter = ["mode"]
    raw_id_fields = ["round"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ["player", "league", "mu", "sigma", "games", "updated"]
    list_filter = ["league"]
    raw_id_fields = ["player"]
