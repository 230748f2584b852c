"""Public read API: released data only, under the same release rules as the pages."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.events.models import Event
from tournaments.public.selectors import frozen_after, standings_snapshot


class StandingsApi(APIView):
    """The latest standings snapshot of a public event (released data: no login)."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={
            200: inline_serializer(
                "Standings",
                {
                    "version": serializers.IntegerField(),
                    "after_round": serializers.IntegerField(),
                    "provisional": serializers.BooleanField(),
                    "rows": serializers.ListField(child=serializers.DictField()),
                },
            )
        }
    )
    def get(self, request, slug: str):
        event = get_object_or_404(Event.objects.exclude(status=Event.Status.DRAFT), slug=slug)
        # The public pages' release rules: never past the organizer's standings freeze, and
        # with the on_close release policy never counting a round that is not closed.
        snap = standings_snapshot(event, frozen_after(event))
        if snap is None:
            return Response({"version": 0, "after_round": 0, "provisional": False, "rows": []})
        return Response(
            {
                "version": snap.version,
                "after_round": snap.after_round,
                "provisional": snap.provisional,
                "computed_at": snap.computed_at,
                "rows": snap.rows,
            }
        )
