"""Admin for events and people: events, players, registrations, rounds, tables, seats, roles."""

from django.contrib import admin

from tournaments.events.models import (
    Event,
    EventConfig,
    EventRole,
    EventSummary,
    League,
    OutboxTask,
    Player,
    Registration,
    Round,
    RoundBye,
    RoundClock,
    Seat,
    Table,
)


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "status"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "game_key", "status", "is_final", "published_at", "closed_at"]
    show_change_link = True


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "starts_on", "ends_on", "status", "game_key"]
    list_filter = ["status", "game_key"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [RegistrationInline, RoundInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "reading", "club", "created"]
    search_fields = ["display_name", "reading", "club"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "status", "created"]
    list_filter = ["status", "event"]
    search_fields = ["player__display_name", "player__reading"]
    autocomplete_fields = ["player", "event"]
    # The private token is a secret link: shown to staff, never editable.
    readonly_fields = ["private_token", "created"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["number", "game_key", "status"]
    show_change_link = True


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "game_key", "status", "published_at"]
    list_filter = ["status", "event"]
    inlines = [TableInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "registration"]
    raw_id_fields = ["registration"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "game_key", "status"]
    list_filter = ["status", "round__event"]
    readonly_fields = ["judge_token"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "position", "registration"]
    list_filter = ["round__event"]
    raw_id_fields = ["table", "registration"]


@admin.register(EventSummary)
class EventSummaryAdmin(admin.ModelAdmin):
    list_display = ["event", "registered", "checked_in", "dropped", "refreshed_at"]
    readonly_fields = ["event", "registered", "checked_in", "dropped", "refreshed_at"]


@admin.register(EventConfig)
class EventConfigAdmin(admin.ModelAdmin):
    list_display = ["event", "updated"]
    raw_id_fields = ["event"]


@admin.register(EventRole)
class EventRoleAdmin(admin.ModelAdmin):
    list_display = ["event", "user", "role", "table", "registration"]
    list_filter = ["role"]
    raw_id_fields = ["table", "registration"]


@admin.register(RoundBye)
class RoundByeAdmin(admin.ModelAdmin):
    list_display = ["round", "registration", "points"]
    raw_id_fields = ["registration"]


@admin.register(RoundClock)
class RoundClockAdmin(admin.ModelAdmin):
    list_display = ["round", "started_at", "deadline", "paused_remaining"]
    raw_id_fields = ["round"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created"]
    search_fields = ["name", "owner__username"]


@admin.register(OutboxTask)
class OutboxTaskAdmin(admin.ModelAdmin):
    """Tasks waiting for the broker; the reconciler sends them (docs/reliability.md)."""

    list_display = ["task", "args", "attempts", "created_at"]
    readonly_fields = ["task", "args", "kwargs", "options", "dedup_key", "attempts",
                       "last_error", "created_at"]  # fmt: skip
