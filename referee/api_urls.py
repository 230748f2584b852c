"""The REST API under /api/ (OpenAPI at /api/schema/, Swagger UI at /api/docs/): one
namespace, routes from each app that has an API."""

from django.urls import path

from tournaments.public import api as public_api
from tournaments.results.api_urls import urlpatterns as result_urls

app_name = "api"

urlpatterns = [
    *result_urls,
    path("events/<slug:slug>/standings/", public_api.StandingsApi.as_view(), name="standings"),
]
