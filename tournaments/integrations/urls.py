"""Console page for API tokens and webhooks (under /<lang>/console/<slug>/api-access/)
and for all of an organizer's events (/<lang>/console/api-tokens/)."""

from django.urls import path

from tournaments.integrations import views

app_name = "integrations"

urlpatterns = [
    path("api-tokens/", views.tokens, name="tokens"),
    path("<slug:slug>/api-access/", views.access, name="access"),
]
