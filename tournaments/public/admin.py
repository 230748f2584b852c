"""Admin for the public pages' settings (the standings freeze)."""

from django.contrib import admin

from tournaments.public.models import PublicSettings


@admin.register(PublicSettings)
class PublicSettingsAdmin(admin.ModelAdmin):
    list_display = ["event", "standings_frozen_after_round"]
