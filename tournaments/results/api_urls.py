"""Result entry API routes (mounted under /api/ by ``referee.api_urls``)."""

from django.urls import path

from tournaments.results import api

urlpatterns = [
    path("tables/<int:table_id>/results/", api.ResultSubmitApi.as_view(), name="result-submit"),
    path("tables/<int:table_id>/drafts/", api.ResultDraftApi.as_view(), name="result-draft"),
    path(
        "tables/<int:table_id>/corrections/", api.ResultCorrectApi.as_view(), name="result-correct"
    ),
    path("tables/<int:table_id>/rulings/", api.RulingCreateApi.as_view(), name="ruling-create"),
    path("tables/<int:table_id>/history/", api.TableHistoryApi.as_view(), name="table-history"),
    path("results/<int:submission_id>/confirm/", api.ResultConfirmApi.as_view(), name="confirm"),
    path("results/<int:submission_id>/dispute/", api.ResultDisputeApi.as_view(), name="dispute"),
    path("results/<int:submission_id>/discard/", api.ResultDiscardApi.as_view(), name="discard"),
    path(
        "registrations/<int:registration_id>/check-in/", api.CheckInApi.as_view(), name="check-in"
    ),
]
