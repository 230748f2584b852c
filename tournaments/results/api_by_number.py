"""The table-writing endpoints again, addressed as a client knows a table: the event, the
round number and the table number (``/api/events/<slug>/rounds/<n>/tables/<t>/results/``).

The numbers are turned into the table's id before anything else runs, so the token scope
check (``integrations.auth.event_id_of``), the role checks and the views are the ones the
``/api/tables/<id>/…`` routes use. A table that is not in that round of that event is 404:
a client can never reach another event's table by getting a number wrong.
"""

from __future__ import annotations

from django.urls import path

from tournaments.events.models import Table
from tournaments.results import api

TABLE = "events/<slug:slug>/rounds/<int:number>/tables/<int:table>/"


def table_id_of(slug: str, number: int, table: int) -> int:
    """The id of table ``table`` of round ``number`` of event ``slug``; 0 (no table) when
    there is none, so the view answers 404."""
    return (
        Table.objects.filter(round__event__slug=slug, round__number=number, number=table)
        .values_list("pk", flat=True)
        .first()
    ) or 0


def by_number(view_class: type) -> type:
    """``view_class`` reached by event, round and table number instead of the table's id."""

    class ByNumber(view_class):
        def dispatch(self, request, *args, slug: str, number: int, table: int, **kwargs):
            kwargs["table_id"] = table_id_of(slug, number, table)
            return super().dispatch(request, *args, **kwargs)

    ByNumber.__name__ = ByNumber.__qualname__ = view_class.__name__ + "ByNumber"
    ByNumber.__doc__ = view_class.__doc__
    return ByNumber


urlpatterns = [
    path(TABLE + "results/", by_number(api.ResultSubmitApi).as_view(), name="table-submit"),
    path(TABLE + "drafts/", by_number(api.ResultDraftApi).as_view(), name="table-draft"),
    path(TABLE + "corrections/", by_number(api.ResultCorrectApi).as_view(), name="table-correct"),
    path(TABLE + "rulings/", by_number(api.RulingCreateApi).as_view(), name="table-ruling"),
    path(TABLE + "history/", by_number(api.TableHistoryApi).as_view(), name="table-history-n"),
]
