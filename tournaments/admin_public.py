"""Admin for the public pages' models: the standings freeze and players' problem reports."""

from django.contrib import admin

from tournaments.models_public import ProblemReport, PublicSettings


@admin.register(PublicSettings)
class PublicSettingsAdmin(admin.ModelAdmin):
    list_display = ["event", "standings_frozen_after_round"]


@admin.register(ProblemReport)
class ProblemReportAdmin(admin.ModelAdmin):
    list_display = ["created_at", "registration", "table", "message", "resolved_at"]
    list_filter = ["resolved_at"]
    raw_id_fields = ["registration", "table"]
