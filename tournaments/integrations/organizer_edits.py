"""An organizer's corrections through the API: edit or delete an event, correct or remove a
registration. Deleting is for mistakes only: an event with rounds, or a player who was
seated, has a history, and is finished or dropped instead (409 says so)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.console.services.events import EventNotDeletable, event_delete, event_save
from tournaments.events.models import Registration
from tournaments.events.selectors.event_config import event_config
from tournaments.events.services.registrations import (
    RegistrationRefused,
    registration_delete,
    registration_update,
)
from tournaments.integrations.api import EventCreateIn, OrganizerApi, refusal
from tournaments.public.api import EventDetailApi
from tournaments.results.models import EventResultSettings

EVENT_FIELDS = {  # API field → Event field
    "name": "name",
    "venue": "venue",
    "starts_on": "starts_on",
    "ends_on": "ends_on",
    "game": "game_key",
    "rounds_planned": "rounds_planned",
    "table_sizes": "table_sizes",
}


class EventEditIn(EventCreateIn):
    """Every field optional: only those sent change."""

    slug = None  # the address stays

    def __init__(self, *args, **kwargs):
        super().__init__(*args, partial=True, **kwargs)

    class Meta:
        ref_name = "EventEditIn"


class EventApi(OrganizerApi, EventDetailApi):
    """GET: the public event (no login). PATCH: change it. DELETE: remove an event that has
    no round yet (an organizer token that may write)."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    authentication_classes = APIView.authentication_classes  # the public read has none
    get = EventDetailApi.get

    @extend_schema(
        request=EventEditIn,
        responses={200: inline_serializer("EventEdited", {"slug": serializers.SlugField()})},
        operation_id="event_edit",
    )
    def patch(self, request, slug: str):
        event = self.organized_event(slug)
        data = EventEditIn(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        fields = {EVENT_FIELDS[k]: v for k, v in d.items() if k in EVENT_FIELDS}
        config = dict(event_config(event))
        if "release_policy" in d:
            config["release_policy"] = d["release_policy"]
        stored = EventResultSettings.objects.filter(event=event).first()
        policy = d.get("confirmation_policy") or (
            stored.confirmation_policy if stored else EventResultSettings().confirmation_policy
        )
        try:
            event_save(event=event, fields=fields, config=config, confirmation_policy=policy)
        except ValidationError as error:
            return refusal("invalid", "the event was refused", errors=error.message_dict)
        changed = sorted(d)
        return self.logged(event, "event_edit", Response({"slug": event.slug}), fields=changed)

    @extend_schema(request=None, responses={204: None, 409: None}, operation_id="event_delete")
    def delete(self, request, slug: str):
        event = self.organized_event(slug)
        try:
            event_delete(event_id=event.pk)
        except EventNotDeletable as error:
            return refusal("has_history", str(error), 409)
        # The action log went with the event; nothing is left to write it in.
        return Response(status=status.HTTP_204_NO_CONTENT)


class RegistrationEditIn(serializers.Serializer):
    name = serializers.CharField(max_length=100, required=False)
    reading = serializers.CharField(max_length=100, required=False, allow_blank=True)
    club = serializers.CharField(max_length=100, required=False, allow_blank=True)


class RegistrationApi(OrganizerApi):
    """PATCH: correct a player's name, reading or club. DELETE: remove a registration made
    by mistake (a player who was seated is dropped instead: 409)."""

    def registration(self, registration_id: int):
        registration = get_object_or_404(
            Registration.objects.select_related("event", "player"), pk=registration_id
        )
        return registration, self.organized_event(registration.event.slug)

    @extend_schema(
        request=RegistrationEditIn,
        responses={
            200: inline_serializer(
                "RegistrationEdited",
                {"id": serializers.IntegerField(), "name": serializers.CharField(),
                 "reading": serializers.CharField(), "club": serializers.CharField()},
            )
        },
        operation_id="registration_edit",
    )  # fmt: skip
    def patch(self, request, registration_id: int):
        registration, event = self.registration(registration_id)
        data = RegistrationEditIn(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            registration = registration_update(
                registration_id=registration.pk, organizer=request.user, **data.validated_data
            )
        except RegistrationRefused as error:
            return refusal("refused", str(error), 409)
        except ValidationError as error:
            return refusal("invalid", "the player was refused", errors=error.message_dict)
        player = registration.player
        body = {"id": registration.pk, "name": player.display_name, "reading": player.reading,
                "club": player.club}  # fmt: skip
        return self.logged(event, "registration_edit", Response(body), registration=registration.pk)

    @extend_schema(
        request=None, responses={204: None, 409: None}, operation_id="registration_delete"
    )
    def delete(self, request, registration_id: int):
        registration, event = self.registration(registration_id)
        try:
            registration_delete(registration_id=registration.pk)
        except RegistrationRefused as error:
            return refusal("has_history", str(error), 409)
        return self.logged(
            event, "registration_delete", Response(status=204), registration=registration_id
        )
