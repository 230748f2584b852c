"""Admin for standings snapshots: read-only (the standings service writes them)."""

from django.contrib import admin

from tournaments.results.admin import ReadOnlyAdmin
from tournaments.standings.models import StandingsCheck, StandingsSnapshot


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(ReadOnlyAdmin):
    list_display = ["event", "version", "after_round", "provisional", "computed_at"]


@admin.register(StandingsCheck)
class StandingsCheckAdmin(ReadOnlyAdmin):
    list_display = ["event", "checked_at", "fingerprint"]
