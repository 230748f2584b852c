"""Judge and player pages (under the language prefix: /ja/judge/..., /en/judge/...)."""

from django.urls import path

from tournaments.results import views

app_name = "judge"

urlpatterns = [
    path("", views.my_tables, name="my-tables"),
    path("player/<str:token>/", views.player_page, name="player"),
    path(
        "player/<str:token>/results/<int:submission_id>/",
        views.player_action,
        name="player-action",
    ),
    path(
        "player/<str:token>/results/<int:submission_id>/photo",
        views.player_photo,
        name="player-photo",
    ),
    path(
        "player/<str:token>/results/<int:submission_id>/disputed/",
        views.player_disputed,
        name="player-disputed",
    ),
    path("tables/<int:table_id>/", views.table_page_login, name="table-login"),
    path("tables/<int:table_id>/state", views.state_json, name="state-login"),
    path("tables/<int:table_id>/entry", views.entry_json, name="entry-login"),
    path("tables/<int:table_id>/confirm", views.confirm_json, name="confirm-login"),
    path("tables/<int:table_id>/correct", views.correct_json, name="correct-login"),
    path("tables/<int:table_id>/preview", views.preview_json, name="preview-login"),
    path("tables/<int:table_id>/log-check", views.log_check_json, name="log-check-login"),
    path("tables/<int:table_id>/calls", views.calls_login, name="calls-login"),
    path("tables/<int:table_id>/photo", views.photo_login, name="photo-login"),
    path("<str:token>/", views.table_page, name="table"),
    path("<str:token>/qr.svg", views.table_qr, name="table-qr"),
    path("<str:token>/state", views.state_json, name="state"),
    path("<str:token>/entry", views.entry_json, name="entry"),
    path("<str:token>/confirm", views.confirm_json, name="confirm"),
    path("<str:token>/correct", views.correct_json, name="correct"),
    path("<str:token>/preview", views.preview_json, name="preview"),
    path("<str:token>/log-check", views.log_check_json, name="log-check"),
    path("<str:token>/calls", views.calls_token, name="calls"),
    path("<str:token>/photo", views.photo_token, name="photo"),
]
