"""Public pages (language-prefixed by ``i18n_patterns`` in referee/urls.py)."""

from django.urls import path

from tournaments.public.views import pages as public
from tournaments.public.views import private, screen, signup

app_name = "tournaments"

urlpatterns = [
    path("", public.event_list, name="event-list"),
    path("events/<slug:slug>/", public.event_home, name="event-detail"),
    path("events/<slug:slug>/seating/", public.seating_current, name="seating-current"),
    path("events/<slug:slug>/rounds/<int:number>/seating/", public.seating, name="seating"),
    path(
        "events/<slug:slug>/rounds/<int:number>/tables/<int:table>/",
        public.table_result,
        name="table-result",
    ),
    path("events/<slug:slug>/standings/", public.standings, name="standings"),
    path("events/<slug:slug>/screen/", screen.screen, name="screen"),
    path("events/<slug:slug>/signup/", signup.signup, name="signup"),
    path("events/<slug:slug>/players/<int:registration_id>/", public.player, name="player"),
    path("leagues/<str:public_id>/", public.league, name="league"),
    path(
        "leagues/<str:public_id>/players/<int:player_id>/",
        public.league_player,
        name="league-player",
    ),
    path("p/<str:token>/", private.private_page, name="private"),
    path("p/<str:token>/check-in/", private.private_check_in, name="private-check-in"),
    path("p/<str:token>/report/", private.private_report, name="private-report"),
    path("p/<str:token>/cancel/", signup.private_cancel, name="private-cancel"),
    path("p/<str:token>/qr.svg", signup.private_qr, name="private-qr"),
]
