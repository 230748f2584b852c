"""The organizer tools, under /<lang>/console/tools/ (edition data, board maps, ratings,
awards, paper score sheets). Organizer-only; see views/tools.py."""

from django.urls import path

from tournaments.console.views import (
    awards,
    boards,
    editions,
    leagues,
    lost_values,
    ratings,
    sheets,
)
from tournaments.console.views.tools import tools_home

app_name = "tools"

urlpatterns = [
    path("ratings/", ratings.league, name="ratings"),
    path("leagues/", leagues.league_list, name="leagues"),
    path("leagues/<int:league_id>/", leagues.league_settings, name="league-settings"),
    path("<slug:slug>/", tools_home, name="home"),  # after "ratings/"
    path("<slug:slug>/ratings/", ratings.event_ratings, name="event-ratings"),
    path("<slug:slug>/awards/", awards.awards, name="awards"),
    path("sheets/<str:game>/", sheets.blank_sheet, name="blank-sheet"),
    path("<slug:slug>/sheets/", sheets.sheet_index, name="sheets"),
    path("<slug:slug>/sheets/game/<str:game>/", sheets.blank_sheet, name="event-blank-sheet"),
    path("<slug:slug>/sheets/round/<int:number>/", sheets.round_sheets, name="round-sheets"),
    path("<slug:slug>/editions/", editions.edition_list, name="editions"),
    path(
        "<slug:slug>/editions/nile_murals/areas/",
        boards.nile_areas_editor,
        name="nile-areas",
    ),
    path(
        "<slug:slug>/editions/terra_pyramides/board/<str:side>/",
        boards.board_editor,
        name="board",
    ),
    path("<slug:slug>/editions/<str:game>/lost/", lost_values.lost_values, name="lost-values"),
    path("<slug:slug>/editions/<str:game>/", editions.edition_detail, name="edition"),
    path(
        "<slug:slug>/editions/<str:game>/export.json",
        editions.edition_export,
        name="edition-export",
    ),
    path("<slug:slug>/editions/<str:game>/import/", editions.edition_import, name="edition-import"),
]
