"""Admin for result entry. The action log and submissions are read-only here: changes go
through the services so that every change is versioned and audited."""

from django.contrib import admin

from tournaments.results.models import (
    ActionLog,
    Confirmation,
    EventResultSettings,
    ProblemReport,
    ResultSubmission,
    Ruling,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ResultSubmission)
class ResultSubmissionAdmin(ReadOnlyAdmin):
    list_display = ["table", "version", "kind", "status", "engine_key", "created_at"]
    list_filter = ["status", "kind", "engine_key"]


@admin.register(ActionLog)
class ActionLogAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "event", "actor", "action", "table"]
    list_filter = ["action"]


@admin.register(Confirmation)
class ConfirmationAdmin(ReadOnlyAdmin):
    list_display = ["submission", "role", "registration", "user", "matched", "created_at"]


@admin.register(Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ["event", "kind", "table", "registration", "points", "created_at"]


@admin.register(EventResultSettings)
class EventResultSettingsAdmin(admin.ModelAdmin):
    list_display = ["event", "confirmation_policy", "count_provisional"]


@admin.register(ProblemReport)
class ProblemReportAdmin(admin.ModelAdmin):
    list_display = [
        "created_at",
        "registration",
        "table",
        "message",
        "acknowledged_at",
        "acknowledged_by_label",
        "resolved_at",
        "resolved_by_label",
    ]
    list_filter = ["resolved_at"]
    raw_id_fields = ["registration", "table", "acknowledged_by", "resolved_by"]
