"""What an organizer's tool reads about its event: rounds (drafts too), each round's tables
with their result state, registrations, judges and the action log.

Read-only tokens may read them (the token's user must organize the event, as for writes).
Lists are paged (``limit``, ``offset``) and every answer carries an ``ETag`` of its body, so
a bot that polls gets ``304`` until something changed. Nothing here carries a secret: no
player's private link, no judge's table link, no invitation.
"""

from __future__ import annotations

import hashlib
import json

from django.core.serializers.json import DjangoJSONEncoder
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response

from tournaments.console.selectors.judges import event_judges
from tournaments.console.selectors.pages import registrations, round_board
from tournaments.events.models import Registration, Round
from tournaments.integrations.api import OrganizerApi, RegistrationsApi, RoundCreateApi
from tournaments.results.models import ActionLog


def conditional(request, body) -> Response:
    """``body`` with a strong ETag of its JSON; 304 when the client already has it."""
    text = json.dumps(body, sort_keys=True, cls=DjangoJSONEncoder)
    tag = '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'
    sent = [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]
    response = Response(status=304) if tag in sent else Response(body)
    response["ETag"] = tag
    response["Cache-Control"] = "private, no-store"
    return response


class Page(LimitOffsetPagination):
    default_limit = 100
    max_limit = 500


def paged(view: OrganizerApi, rows: list, item) -> dict:
    paginator = Page()
    page = paginator.paginate_queryset(rows, view.request, view=view)
    return {
        "count": paginator.count,
        "next": paginator.get_next_link(),
        "previous": paginator.get_previous_link(),
        "results": [item(row) for row in page],
    }


def many(row: tuple[str, dict]) -> serializers.Serializer:
    """A list of the named row shape, for the schema."""
    name, fields = row
    return inline_serializer(name, fields, many=True)


PAGED = {
    "count": serializers.IntegerField(),
    "next": serializers.URLField(allow_null=True),
    "previous": serializers.URLField(allow_null=True),
}
ROUND_ROW = (
    "OrganizerRound",
    {
        "number": serializers.IntegerField(),
        "status": serializers.ChoiceField(choices=Round.Status.choices),
        "game": serializers.CharField(),
        "is_final": serializers.BooleanField(),
        "published_at": serializers.DateTimeField(allow_null=True),
        "closed_at": serializers.DateTimeField(allow_null=True),
        "tables": serializers.IntegerField(),
    },
)
SEAT_ROW = (
    "OrganizerSeat",
    {
        "position": serializers.IntegerField(),
        "registration": serializers.IntegerField(),
        "name": serializers.CharField(),
    },
)
TABLE_ROW = (
    "OrganizerTable",
    {
        "id": serializers.IntegerField(),
        "number": serializers.IntegerField(),
        "game": serializers.CharField(),
        "state": serializers.ChoiceField(
            choices=["not_started", "draft", "submitted", "confirmed", "disputed"]
        ),
        "latest_version": serializers.IntegerField(allow_null=True),
        "seats": many(SEAT_ROW),
        "unconfirmed": serializers.ListField(
            child=serializers.IntegerField(),
            allow_null=True,
            help_text="registrations that have not confirmed the submitted result "
            "(null when no player confirmation is awaited)",
        ),
        "awaiting_judge": serializers.BooleanField(),
        "incomplete": serializers.BooleanField(help_text='its result reads "n + ?"'),
        "late": serializers.BooleanField(),
    },
)
REGISTRATION_ROW = (
    "OrganizerRegistration",
    {
        "id": serializers.IntegerField(),
        "name": serializers.CharField(),
        "reading": serializers.CharField(),
        "club": serializers.CharField(),
        "status": serializers.ChoiceField(choices=Registration.Status.choices),
    },
)
JUDGE_ROW = (
    "OrganizerJudge",
    {
        "username": serializers.CharField(),
        "head": serializers.BooleanField(),
        "whole_event": serializers.BooleanField(
            help_text="invited once for the event; given tables each round"
        ),
        "any_table": serializers.BooleanField(
            help_text="takes any table of the current round whose card link they open"
        ),
        "tables": serializers.ListField(child=serializers.DictField()),
        "invitation_pending": serializers.BooleanField(),
    },
)
LOG_ROW = (
    "OrganizerLogEntry",
    {
        "id": serializers.IntegerField(),
        "at": serializers.DateTimeField(),
        "action": serializers.CharField(),
        "actor": serializers.CharField(),
        "table": serializers.IntegerField(allow_null=True, help_text="the table's id"),
        "submission": serializers.IntegerField(allow_null=True),
        "data": serializers.DictField(),
    },
)


def _page_of(name: str, row: tuple[str, dict]) -> serializers.Serializer:
    return inline_serializer(name, {**PAGED, "results": many(row)})


class RoundsApi(RoundCreateApi):
    """GET: every round of the event, drafts included. POST: add the next round."""

    @extend_schema(responses={200: many(ROUND_ROW)}, operation_id="rounds_list")
    def get(self, request, slug: str):
        event = self.organized_event(slug)
        rounds = event.rounds.order_by("number").prefetch_related("tables")
        body = [
            {
                "number": r.number,
                "status": r.status,
                "game": r.game_key or event.game_key,
                "is_final": r.is_final,
                "published_at": r.published_at,
                "closed_at": r.closed_at,
                "tables": len(r.tables.all()),
            }
            for r in rounds
        ]
        return conditional(request, body)


class RoundTablesApi(OrganizerApi):
    """A round's tables, a draft's too (its seating before it is published), each with its
    result state: pending confirmations, a judge's confirmation awaited, disputes."""

    @extend_schema(responses={200: many(TABLE_ROW)}, operation_id="round_tables")
    def get(self, request, slug: str, number: int):
        event = self.organized_event(slug)
        rnd = get_object_or_404(Round, event=event, number=number)
        body = [
            {
                "id": row.table.pk,
                "number": row.table.number,
                "game": row.table.game_key or rnd.game_key or event.game_key,
                "state": row.state,
                "latest_version": row.latest_version,
                "seats": [
                    {
                        "position": s.position,
                        "registration": s.registration_id,
                        "name": s.registration.player.display_name,
                    }
                    for s in sorted(row.table.seats.all(), key=lambda s: s.position)
                ],  # prefetched by round_board
                "unconfirmed": row.unconfirmed_registrations,
                "awaiting_judge": row.awaiting_judge,
                "incomplete": row.incomplete,
                "late": row.late,
            }
            for row in round_board(rnd)
        ]
        return conditional(request, body)


class RegistrationListApi(RegistrationsApi):
    """GET: the event's registrations with their status (``status``, ``q`` by name or
    reading, paged). POST: register players in bulk."""

    @extend_schema(
        parameters=[
            OpenApiParameter("status", enum=[c for c, _ in Registration.Status.choices]),
            OpenApiParameter("q", str, description="a name or reading (kana or romaji)"),
            OpenApiParameter("limit", int),
            OpenApiParameter("offset", int),
        ],
        responses={200: _page_of("OrganizerRegistrations", REGISTRATION_ROW)},
        operation_id="registrations_list",
    )
    def get(self, request, slug: str):
        event = self.organized_event(slug)
        wanted = request.query_params.get("status", "")
        if wanted and wanted not in Registration.Status.values:
            choices = ", ".join(Registration.Status.values)
            return Response(
                {"code": "invalid", "message": f"status must be one of {choices}",
                 "field": "status"},
                status=400,
            )  # fmt: skip
        rows = registrations(event, request.query_params.get("q", ""), wanted)
        body = paged(
            self,
            rows,
            lambda r: {
                "id": r.pk,
                "name": r.player.display_name,
                "reading": r.player.reading,
                "club": r.player.club,
                "status": r.status,
            },
        )
        return conditional(request, body)


class JudgesApi(OrganizerApi):
    """The event's judges: head judges, and the tables (round, table numbers) of the rest."""

    @extend_schema(responses={200: many(JUDGE_ROW)}, operation_id="judges_list")
    def get(self, request, slug: str):
        event = self.organized_event(slug)
        body = [
            {
                "username": row.user.get_username(),
                "head": row.head,
                "whole_event": row.event_judge,
                "any_table": row.any_table,
                "tables": [{"round": r, "table": t} for r, t in row.tables],
                "invitation_pending": row.pending,
            }
            for row in event_judges(event)
        ]
        return conditional(request, body)


class ActionLogApi(OrganizerApi):
    """The event's action log, newest first (``action`` filters by its name, paged)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("action", str, description="e.g. result.confirmation"),
            OpenApiParameter("limit", int),
            OpenApiParameter("offset", int),
        ],
        responses={200: _page_of("OrganizerActionLog", LOG_ROW)},
        operation_id="action_log",
    )
    def get(self, request, slug: str):
        event = self.organized_event(slug)
        rows = ActionLog.objects.filter(event=event).order_by("-created_at", "-id")
        if request.query_params.get("action"):
            rows = rows.filter(action=request.query_params["action"])
        body = paged(
            self,
            rows,
            lambda e: {
                "id": e.pk,
                "at": e.created_at,
                "action": e.action,
                "actor": e.actor,
                "table": e.table_id,
                "submission": e.submission_id,
                "data": e.data,
            },
        )
        return conditional(request, body)
