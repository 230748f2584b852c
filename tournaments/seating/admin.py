"""Admin for the stored seating of each round."""

from django.contrib import admin

from tournaments.seating.models import RoundSeatingRecord


@admin.register(RoundSeatingRecord)
class RoundSeatingRecordAdmin(admin.ModelAdmin):
    list_display = ["round", "mode", "seed", "manual_changes", "updated"]
    list_filter = ["mode"]
    raw_id_fields = ["round"]
