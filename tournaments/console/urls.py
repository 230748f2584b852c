"""Organizer console URLs (under the language prefix: /ja/console/...)."""

from django.urls import path

from tournaments.console.views import calls as console_calls
from tournaments.console.views import events as console
from tournaments.console.views import exports as console_exports
from tournaments.console.views import finals as console_finals
from tournaments.console.views import judges as console_judges
from tournaments.console.views import players as console_players
from tournaments.console.views import rounds as console_rounds
from tournaments.console.views import schedules as console_schedules
from tournaments.console.views import table as console_table

app_name = "console"

urlpatterns = [
    path("", console.event_list, name="events"),
    path("new/", console.event_create, name="event-create"),
    path("new/address/", console.event_address, name="event-address"),
    path("import/", console_exports.archive_import, name="archive-import"),
    path("<slug:slug>/", console.event_home, name="event"),
    path("<slug:slug>/edit/", console.event_edit, name="event-edit"),
    path("<slug:slug>/status/", console.event_status, name="event-status"),
    path("<slug:slug>/announcement/", console.event_announcement, name="announcement"),
    path("<slug:slug>/copy/", console.event_copy, name="event-copy"),
    path("<slug:slug>/players/", console_players.player_list, name="players"),
    path("<slug:slug>/players/import/", console_players.player_import, name="import"),
    path(
        "<slug:slug>/players/signups/<int:registration_id>/",
        console_players.signup_decide,
        name="signup-decide",
    ),
    path(
        "<slug:slug>/players/<int:registration_id>/",
        console_players.registration_action,
        name="registration-action",
    ),
    path("<slug:slug>/players/slips/", console_players.slips, name="slips"),
    path("<slug:slug>/judges/", console_judges.judges, name="judges"),
    path("<slug:slug>/check-in/", console_players.check_in_desk, name="check-in"),
    path("<slug:slug>/check-in/scan/", console_players.check_in_token, name="check-in-scan"),
    path("<slug:slug>/schedule/", console_schedules.schedule_view, name="schedule"),
    path(
        "<slug:slug>/schedule/status/",
        console_schedules.schedule_status,
        name="schedule_status",
    ),
    path("<slug:slug>/rounds/new/", console_rounds.round_create, name="round-create"),
    path("<slug:slug>/rounds/<int:number>/", console_rounds.round_detail, name="round"),
    path("<slug:slug>/rounds/<int:number>/do/", console_rounds.round_action, name="round-action"),
    path("<slug:slug>/rounds/<int:number>/board/", console_rounds.round_board_view, name="board"),
    path(
        "<slug:slug>/rounds/<int:number>/board/live/",
        console_rounds.round_board_live,
        name="board-live",
    ),
    path("<slug:slug>/rounds/<int:number>/print/", console_rounds.round_print, name="print"),
    path(
        "<slug:slug>/rounds/<int:number>/tables/<int:table_number>/",
        console_table.table_view,
        name="table",
    ),
    path("<slug:slug>/calls/", console_calls.call_action, name="calls"),
    path("<slug:slug>/finals/", console_finals.finals, name="finals"),
    path("<slug:slug>/awards/", console_finals.awards_view, name="awards"),
    path(
        "<slug:slug>/export/<str:what>.<str:fmt>",
        console_exports.export,
        name="export",
    ),
]
