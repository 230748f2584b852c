"""Admin for the stored seating of each round."""

from django.contrib import admin

from tournaments.seating.models import EventSchedule, RoundSeatingRecord, SchedulePlanRequest


@admin.register(RoundSeatingRecord)
class RoundSeatingRecordAdmin(admin.ModelAdmin):
    list_display = ["round", "mode", "seed", "manual_changes", "updated"]
    list_filter = ["mode"]
    raw_id_fields = ["round"]


@admin.register(EventSchedule)
class EventScheduleAdmin(admin.ModelAdmin):
    list_display = ["event", "method", "repeat_meetings", "lower_bound", "created"]
    raw_id_fields = ["event"]


@admin.register(SchedulePlanRequest)
class SchedulePlanRequestAdmin(admin.ModelAdmin):
    list_display = ["event", "rounds", "first_round", "status", "created"]
    list_filter = ["status"]
    raw_id_fields = ["event"]
