"""Console page for API tokens and webhooks (under /<lang>/console/<slug>/api-access/)."""

from django.urls import path

from tournaments.integrations import views

app_name = "integrations"

urlpatterns = [
    path("<slug:slug>/api-access/", views.access, name="access"),
]
