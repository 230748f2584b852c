"""The REST API under /api/ (OpenAPI at /api/schema/, Swagger UI at /api/docs/): one
namespace, routes from each app that has an API."""

from django.urls import path

from tournaments.integrations import api as organizer
from tournaments.integrations import live
from tournaments.integrations import organizer_edits as edits
from tournaments.integrations import organizer_reads as reads
from tournaments.integrations import webhooks_api as webhooks
from tournaments.public import api as public
from tournaments.results.api_by_number import urlpatterns as result_by_number_urls
from tournaments.results.api_urls import urlpatterns as result_urls

app_name = "api"

EVENT = "events/<slug:slug>/"

urlpatterns = [
    *result_urls,
    *result_by_number_urls,
    # Public reads (released data only, conditional GETs).
    path("events/", organizer.EventsApi.as_view(), name="events"),
    path(EVENT, edits.EventApi.as_view(), name="event"),
    path(EVENT + "rounds/<int:number>/seating/", public.RoundSeatingApi.as_view(), name="seating"),
    path(
        EVENT + "rounds/<int:number>/tables/<int:table>/",
        public.TableResultApi.as_view(),
        name="table-result",
    ),
    path(EVENT + "standings/", public.StandingsApi.as_view(), name="standings"),
    path(EVENT + "live/", live.event_stream, name="live"),
    path(EVENT + "players/", public.PlayerListApi.as_view(), name="players"),
    path(EVENT + "players/<int:registration_id>/", public.PlayerDetailApi.as_view(), name="player"),
    # The organizer's writes (API token or session; see tournaments/integrations/).
    path(EVENT + "registrations/", reads.RegistrationListApi.as_view(), name="registrations"),
    path(
        "registrations/<int:registration_id>/",
        edits.RegistrationApi.as_view(),
        name="registration",
    ),
    path(
        "registrations/<int:registration_id>/drop/",
        organizer.RegistrationDropApi.as_view(),
        name="drop",
    ),
    path(EVENT + "rounds/", reads.RoundsApi.as_view(), name="round-create"),
    path(
        EVENT + "rounds/<int:number>/tables/", reads.RoundTablesApi.as_view(), name="round-tables"
    ),
    path(EVENT + "judges/", reads.JudgesApi.as_view(), name="judges"),
    path(EVENT + "log/", reads.ActionLogApi.as_view(), name="action-log"),
    *[
        path(
            EVENT + f"rounds/<int:number>/{action}/",
            organizer.RoundActionApi.as_view(),
            {"action": action},
            name=f"round-{action}",
        )
        for action in organizer.RoundActionApi.ACTIONS
    ],
    path(EVENT + "finish/", organizer.EventFinishApi.as_view(), name="event-finish"),
    path(EVENT + "archive/", organizer.ArchiveExportApi.as_view(), name="archive-export"),
    path("archives/", organizer.ArchiveImportApi.as_view(), name="archive-import"),
    path(EVENT + "webhooks/", webhooks.WebhookListApi.as_view(), name="webhooks"),
    path(EVENT + "webhooks/<int:webhook_id>/", webhooks.WebhookDetailApi.as_view(), name="webhook"),
    path(
        EVENT + "webhooks/<int:webhook_id>/deliveries/",
        webhooks.WebhookDeliveriesApi.as_view(),
        name="webhook-deliveries",
    ),
    path(
        EVENT + "webhooks/<int:webhook_id>/deliveries/<int:delivery_id>/redeliver/",
        webhooks.WebhookRedeliverApi.as_view(),
        name="webhook-redeliver",
    ),
    path(
        EVENT + "webhooks/<int:webhook_id>/ping/",
        webhooks.WebhookPingApi.as_view(),
        name="webhook-ping",
    ),
    path(
        EVENT + "webhooks/<int:webhook_id>/secret/",
        webhooks.WebhookSecretApi.as_view(),
        name="webhook-secret",
    ),
]
