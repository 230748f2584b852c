"""Organizer API: what the console does, for tools holding an API token (or a session).

Thin over the same services as the console, with the same checks: the caller must
organize the event (a token acts as the organizer who made it, within its scope, see
``auth.py``). Every successful write is in the event's action log under the token's name.
Refusals share one body: ``{"code", "message", "field"?, "errors"?}``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io

from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

import engines
from tournaments.console.services.archive import ArchiveError, event_archive, event_archive_import
from tournaments.console.services.events import event_save
from tournaments.console.services.finals import event_finish
from tournaments.console.services.player_import import (
    ImportRefused,
    players_csv_import,
    players_csv_preview,
)
from tournaments.events.access import Actor
from tournaments.events.models import Event, Registration, Round
from tournaments.events.release import IMMEDIATE, ON_CLOSE
from tournaments.events.services.registrations import registration_drop
from tournaments.integrations.models import ApiToken
from tournaments.integrations.services import organizes
from tournaments.public.api import EventListApi
from tournaments.results.models import ConfirmationPolicy
from tournaments.results.services import action_log
from tournaments.seating.optimiser import SeatingError
from tournaments.seating.services import (
    SeatingServiceError,
    round_close,
    round_create,
    round_publish,
    round_seat,
    round_unpublish,
    seats_swap,
)

STATUS_OUT = inline_serializer("StatusOut", {"status": serializers.CharField()})
ROUND_OUT = inline_serializer("RoundNumberOut", {"number": serializers.IntegerField()})
ROUND_ACTION_OUT = inline_serializer(
    "RoundActionOut",
    {
        "status": serializers.CharField(required=False),
        "tables": serializers.IntegerField(required=False),
        "mode": serializers.CharField(required=False),
        "swapped": serializers.ListField(child=serializers.IntegerField(), required=False),
    },
)
REGISTRATIONS_OUT = inline_serializer(
    "RegistrationsOut",
    {
        "ok": serializers.BooleanField(),
        "saved": serializers.BooleanField(),
        "rows": serializers.ListField(child=serializers.DictField(), required=False),
        "errors": serializers.ListField(child=serializers.CharField(), required=False),
        "registrations": serializers.ListField(child=serializers.IntegerField(), required=False),
    },
)
ARCHIVE = inline_serializer(
    "EventArchive",
    {
        "format": serializers.CharField(),
        "event": serializers.DictField(),
        # Whether the judge and private tokens are in it (docs/security.md).
        "contains_secrets": serializers.BooleanField(required=False),
        "secret_fields": serializers.ListField(child=serializers.CharField(), required=False),
    },
)


EXAMPLES = {
    "event": [
        OpenApiExample(
            "New event",
            value={"name": "Nile Night", "slug": "nile-night", "starts_on": "2026-11-27",
                   "game": "imhotep", "rounds_planned": 3, "table_sizes": [4, 3]},
            request_only=True,
        ),
        OpenApiExample("Created", value={"slug": "nile-night"}, response_only=True),
    ],
    "registrations": [
        OpenApiExample(
            "Register and check in",
            value={"players": [{"name": "佐藤 葵", "reading": "さとう あおい", "club": "Cairo"}],
                   "check_in": True, "preview": False},
            request_only=True,
        ),
        OpenApiExample("Saved", value={"ok": True, "saved": True, "registrations": [12]},
                       response_only=True),
    ],
    "round": [
        OpenApiExample("Seat by standings", value={"mode": "standings", "seed": 7},
                       request_only=True),
        OpenApiExample("Swap two players", value={"registration_a": 12, "registration_b": 19},
                       request_only=True),
        OpenApiExample("Seated", value={"tables": 3, "mode": "standings"}, response_only=True),
    ],
}  # fmt: skip


def refusal(code: str, message: str, http: int = 400, **extra) -> Response:
    return Response({"code": code, "message": message, **extra}, status=http)


class OrganizerApi(APIView):
    permission_classes = [IsAuthenticated]

    def actor(self) -> Actor:
        token = self.request.auth if isinstance(self.request.auth, ApiToken) else None
        return Actor(
            user=self.request.user,
            name=token.actor_label if token else None,
            remote_addr=self.request.META.get("REMOTE_ADDR"),
        )

    def organized_event(self, slug: str) -> Event:
        event = get_object_or_404(Event, slug=slug)
        if not organizes(self.request.user, event):
            self.permission_denied(self.request, message=_("You do not organize this event."))
        return event

    def logged(self, event: Event, action: str, response: Response, **data) -> Response:
        """Record a successful write in the event's action log (who: the token's name)."""
        if response.status_code < 400:
            action_log.record(self.actor(), f"api:{action}", event.pk, data=data)
        return response


class EventCreateIn(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    slug = serializers.SlugField(max_length=100)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(
        required=False, help_text="On or after starts_on (400 otherwise); starts_on if left out."
    )
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True)
    game = serializers.ChoiceField(
        choices=["", *engines.available_engines()],
        required=False,
        help_text="An installed game engine; empty: chosen per round.",
    )
    rounds_planned = serializers.IntegerField(min_value=1, max_value=50, default=3)
    table_sizes = serializers.ListField(
        child=serializers.IntegerField(min_value=2, max_value=4),
        required=False,
        help_text="Each size once, and only sizes the game is played by (400 otherwise).",
    )
    confirmation_policy = serializers.ChoiceField(
        choices=ConfirmationPolicy.choices,
        default=ConfirmationPolicy.PLAYERS,
        help_text="who confirms a submitted result",
    )
    release_policy = serializers.ChoiceField(
        choices=[(IMMEDIATE, "at confirmation"), (ON_CLOSE, "when the round closes")],
        default=IMMEDIATE,
        help_text="when confirmed results become public",
    )

    def validate(self, attrs):
        ends_on = attrs.get("ends_on")
        if ends_on is not None and ends_on < attrs["starts_on"]:
            raise serializers.ValidationError(
                {"ends_on": _("An event cannot end before it starts.")}
            )
        return attrs


class EventCreateApi(OrganizerApi):
    """Create an event; the caller becomes its organizer (a token for all events)."""

    error_statuses = (409,)  # the slug is taken

    @extend_schema(
        request=EventCreateIn,
        examples=EXAMPLES["event"],
        responses={201: inline_serializer("EventCreated", {"slug": serializers.SlugField()})},
        operation_id="event_create",
    )
    def post(self, request):
        data = EventCreateIn(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        if Event.objects.filter(slug=d["slug"]).exists():
            return refusal("conflict", _("An event with this slug exists."), 409, field="slug")
        fields = {
            "name": d["name"],
            "slug": d["slug"],
            "starts_on": d["starts_on"],
            "ends_on": d.get("ends_on") or d["starts_on"],
            "venue": d.get("venue", ""),
            "game_key": d.get("game", ""),
            "rounds_planned": d["rounds_planned"],
            "table_sizes": d.get("table_sizes") or [],
        }
        try:
            event = event_save(
                fields=fields,
                # Every other setting at its default; the console edits them.
                config={"release_policy": d["release_policy"]},
                confirmation_policy=d["confirmation_policy"],
                user=request.user,
            )
        except ValidationError as error:
            errors = error.message_dict
            field = next(iter(errors), None)
            message = f"{field}: {errors[field][0]}" if field else _("The event was refused.")
            return refusal("invalid", message, errors=errors, **({"field": field} if field else {}))
        response = Response({"slug": event.slug}, status=status.HTTP_201_CREATED)
        return self.logged(event, "event_create", response)


class PlayerIn(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    reading = serializers.CharField(max_length=100, required=False, allow_blank=True)
    club = serializers.CharField(max_length=100, required=False, allow_blank=True)


class RegistrationsIn(serializers.Serializer):
    players = serializers.ListField(  # a ListField: the schema then says minItems/maxItems
        child=PlayerIn(),
        allow_empty=False,
        min_length=1,
        max_length=2000,
        help_text="Each name and reading once, none registered already (400 otherwise).",
    )
    check_in = serializers.BooleanField(default=False)
    preview = serializers.BooleanField(default=False, help_text="check only; write nothing")


class RegistrationsApi(OrganizerApi):
    """Register players in bulk, with the CSV import's checks and preview (all or nothing)."""

    @extend_schema(
        request=RegistrationsIn,
        examples=EXAMPLES["registrations"],
        responses={200: REGISTRATIONS_OUT, 201: REGISTRATIONS_OUT},
        operation_id="registrations_bulk",
    )
    def post(self, request, slug: str):
        event = self.organized_event(slug)
        data = RegistrationsIn(data=request.data)
        data.is_valid(raise_exception=True)
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["name", "reading", "club"])
        for p in data.validated_data["players"]:
            writer.writerow([p["name"], p.get("reading", ""), p.get("club", "")])
        text = buffer.getvalue()
        preview = players_csv_preview(event, text)
        rows = [
            {"index": i, "name": r.name, "errors": r.errors, "known_player": r.existing_player_id}
            for i, r in enumerate(preview.rows)
        ]
        if not preview.ok:  # the one Error body, with every row's refusals
            index, errors = next(
                ((i, r.errors) for i, r in enumerate(preview.rows) if r.errors), (None, [])
            )
            message = (errors or preview.errors or [_("The players were refused.")])[0]
            field = {"field": f"players[{index}]"} if index is not None else {}
            return refusal(
                "invalid", message, rows=rows, file_errors=preview.errors, ok=False, saved=False,
                **field,
            )  # fmt: skip
        if data.validated_data["preview"]:
            body = {"ok": True, "rows": rows, "errors": [], "saved": False}
            return Response(body, status=200)
        try:
            registrations = players_csv_import(
                event, text, check_in=data.validated_data["check_in"]
            )
        except ImportRefused as error:
            return refusal("invalid", str(error), rows=rows)
        body = {"ok": True, "saved": True, "registrations": [r.pk for r in registrations]}
        return self.logged(event, "registrations", Response(body, status=201), count=len(rows))


class RegistrationDropApi(OrganizerApi):
    @extend_schema(request=None, responses={200: STATUS_OUT}, operation_id="registration_drop")
    def post(self, request, registration_id: int):
        registration = get_object_or_404(Registration, pk=registration_id)
        event = self.organized_event(registration.event.slug)
        registration = registration_drop(registration_id=registration.pk)
        response = Response({"status": registration.status})
        return self.logged(event, "drop", response, registration=registration.pk)


class RoundCreateApi(OrganizerApi):
    """Add the next round (a draft) to the event."""

    error_statuses = (409,)  # the event's state allows no new round

    @extend_schema(request=None, responses={201: ROUND_OUT}, operation_id="round_create")
    def post(self, request, slug: str):
        event = self.organized_event(slug)
        try:
            rnd = round_create(event_id=event.pk, actor=self.actor())
        except SeatingServiceError as error:
            return refusal("refused", str(error), 409)
        # round_create logs it under this actor (the token's name).
        return Response({"number": rnd.number}, status=201)


class RoundActionIn(serializers.Serializer):
    mode = serializers.ChoiceField(choices=["random", "standings"], required=False)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**31 - 1)
    registration_a = serializers.IntegerField(required=False)
    registration_b = serializers.IntegerField(required=False)


class RoundActionApi(OrganizerApi):
    """``seat`` (optimiser; ``mode``, ``seed``), ``swap`` (``registration_a``,
    ``registration_b``), ``publish``, ``unpublish`` (back to a draft, before any result is
    entered) or ``close`` a round."""

    ACTIONS = ("seat", "swap", "publish", "unpublish", "close")
    error_statuses = (409,)  # the round's state refuses the action

    @extend_schema(
        request=RoundActionIn, responses={200: ROUND_ACTION_OUT}, examples=EXAMPLES["round"]
    )
    def post(self, request, slug: str, number: int, action: str):
        event = self.organized_event(slug)
        rnd = get_object_or_404(Round, event=event, number=number)
        if action not in self.ACTIONS:
            return refusal(
                "unknown_action",
                _("The action must be one of %(actions)s.") % {"actions": ", ".join(self.ACTIONS)},
                404,
            )
        data = RoundActionIn(data=request.data)
        data.is_valid(raise_exception=True)
        d, actor = data.validated_data, self.actor()
        try:
            if action == "seat":
                record = round_seat(
                    round_id=rnd.pk, mode=d.get("mode"), seed=d.get("seed"), actor=actor
                )
                body = {"tables": len(record.breakdown["tables"]), "mode": record.mode}
            elif action == "swap":
                if "registration_a" not in d or "registration_b" not in d:
                    return refusal(
                        "invalid",
                        _("A swap needs registration_a and registration_b."),
                        field="registration_a",
                    )
                seats_swap(
                    round_id=rnd.pk,
                    registration_a=d["registration_a"],
                    registration_b=d["registration_b"],
                    actor=actor,
                )
                body = {"swapped": [d["registration_a"], d["registration_b"]]}
            elif action == "publish":
                body = {"status": round_publish(round_id=rnd.pk, actor=actor).status}
            elif action == "unpublish":
                body = {"status": round_unpublish(round_id=rnd.pk, actor=actor).status}
            else:
                body = {"status": round_close(round_id=rnd.pk, actor=actor).status}
        except (SeatingServiceError, SeatingError) as error:
            return refusal("refused", str(error), 409)
        # The seating services log their own actions with this actor (the token's name).
        return Response(body)


class EventFinishApi(OrganizerApi):
    error_statuses = (409,)  # rounds still open, or finished already

    @extend_schema(
        request=None,
        responses={
            200: inline_serializer(
                "Finished",
                {
                    "status": serializers.CharField(),
                    "podium": serializers.ListField(child=serializers.DictField()),
                },
            )
        },
        operation_id="event_finish",
    )
    def post(self, request, slug: str):
        event = self.organized_event(slug)
        try:
            podium = event_finish(event_id=event.pk, actor=self.actor())
        except SeatingServiceError as error:
            return refusal("refused", str(error), 409)
        response = Response({"status": Event.Status.FINISHED, "podium": podium})
        return self.logged(event, "event_finish", response)


class ArchiveExportApi(OrganizerApi):
    """The event archive. Its judge and private tokens only for a caller that may write
    (an organizer's session or write token): a read-only token gets it without them
    (``contains_secrets`` says which; docs/security.md)."""

    @extend_schema(responses={200: ARCHIVE}, operation_id="archive_export")
    def get(self, request, slug: str):
        event = self.organized_event(slug)
        token = request.auth if isinstance(request.auth, ApiToken) else None
        archive = event_archive(event.pk, with_secrets=token is None or token.can_write)
        return Response(archive, headers={"Cache-Control": "private, no-store"})


class ArchiveImportApi(OrganizerApi):
    """Import an event archive (as exported); the caller becomes its organizer."""

    @extend_schema(
        request=ARCHIVE,
        responses={201: inline_serializer("Imported", {"slug": serializers.SlugField()})},
        operation_id="archive_import",
    )
    def post(self, request):
        if not isinstance(request.data, dict):
            return refusal("invalid", _("The body must be an event archive (a JSON object)."))
        slug = request.query_params.get("slug") or None
        try:
            event = event_archive_import(request.data, slug=slug, organizer=request.user)
        except ArchiveError as error:
            return refusal("invalid_archive", str(error))
        response = Response({"slug": event.slug}, status=201)
        return self.logged(
            event, "archive_import", response, at=dt.datetime.now(dt.UTC).isoformat()
        )


class EventsApi(EventCreateApi, EventListApi):
    """GET: the public event list (no login). POST: create an event (organizer token)."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    authentication_classes = APIView.authentication_classes
    get_authenticators = APIView.get_authenticators  # not the public reads' (token only)
    get = EventListApi.get
