"""Result entry API: one APIView per operation (HackSoft style), thin over the services.

Input serializers check shape only; the engines judge the rules. Refusals share one body:
``{"code", "message", "violations": [{"code", "rule", "index"|"path", "message"}], ...}``.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import IntegrityError
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from referee import api_schema
from tournaments.events.access import Action, Actor, NotAllowed, allowed
from tournaments.events.models import Registration, Table
from tournaments.events.services.registrations import RegistrationRefused, registration_check_in
from tournaments.results import api_examples as ex
from tournaments.results.models import ResultSubmission, Ruling
from tournaments.results.selectors import table_history
from tournaments.results.services import action_log
from tournaments.results.services import results as svc
from tournaments.results.violation_text import refusal_text


def actor_of(request) -> Actor:
    user = request.user if request.user and request.user.is_authenticated else None
    # A write through an API token is logged under the token's name (integrations app).
    name = getattr(request.auth, "actor_label", None)
    return Actor(user=user, name=name, remote_addr=request.META.get("REMOTE_ADDR"))


def error_body(code: str, message: str, violations=(), **extra) -> dict:
    """A refusal. The service words its refusals in English for API clients; a client that
    asks for Japanese gets the pages' Japanese sentence for it (one language a response)."""
    if (get_language() or "en").startswith("ja"):
        message = refusal_text(message)
    return {"code": code, "message": message, "violations": list(violations), **extra}


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField()
    rule = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    message_ja = serializers.CharField(required=False)
    index = serializers.IntegerField(required=False)
    path = serializers.CharField(required=False)
    params = serializers.DictField(required=False)


# Refusals: the one Error body of every API refusal (referee/api_schema.py); the
# statuses every operation can answer are added to the schema there.
ErrorSerializer = api_schema.ErrorSerializer


class SubmissionOutputSerializer(serializers.ModelSerializer):
    violations = ViolationSerializer(many=True)
    confirmations = serializers.SerializerMethodField()

    class Meta:
        model = ResultSubmission
        fields = [
            "id", "table", "version", "kind", "status", "payload", "engine_key",
            "engine_version", "options", "edition", "outcome", "violations", "submitted_via",
            "confirmations_required", "confirmations", "created_at",
        ]  # fmt: skip

    def get_confirmations(self, obj) -> list[dict]:
        return [
            {"role": c.role, "registration": c.registration_id, "matched": c.matched}
            for c in obj.confirmations.all()
        ]


class RulingOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = Ruling
        fields = [
            "id", "event", "table", "submission", "registration", "kind", "reason", "points",
            "data", "created_at",
        ]  # fmt: skip


class ResultsApiBase(APIView):
    permission_classes = [IsAuthenticated]
    error_statuses = (409,)  # a constraint caught a race (IntegrityError below)

    def handle_exception(self, exc):
        if isinstance(exc, NotAllowed):
            return Response(error_body("forbidden", str(exc)), status=status.HTTP_403_FORBIDDEN)
        if isinstance(exc, svc.VersionConflict):
            return Response(
                error_body(exc.code, exc.message, **exc.extra), status=status.HTTP_409_CONFLICT
            )
        if isinstance(exc, svc.InvalidCorrection):
            return Response(
                error_body(exc.code, exc.message, **exc.extra),
                status=status.HTTP_422_UNPROCESSABLE_ENTITY,
            )
        if isinstance(exc, svc.ResultError):
            return Response(
                error_body(exc.code, exc.message, **exc.extra), status=status.HTTP_400_BAD_REQUEST
            )
        if isinstance(exc, IntegrityError):  # a constraint caught a race the locks missed
            return Response(error_body("conflict", str(exc)), status=status.HTTP_409_CONFLICT)
        return super().handle_exception(exc)

    @staticmethod
    def table(table_id: int) -> Table:
        return get_object_or_404(Table, pk=table_id)


def submission_response(outcome: svc.SubmitOutcome) -> Response:
    sub = outcome.submission
    data = SubmissionOutputSerializer(sub).data
    if not outcome.created:
        code = status.HTTP_200_OK  # the same idempotency key: the first write, unchanged
    elif sub.status == ResultSubmission.Status.DRAFT and sub.violations:
        code = status.HTTP_422_UNPROCESSABLE_ENTITY
    else:
        code = status.HTTP_201_CREATED
    return Response(data, status=code)


class EntryInput(serializers.Serializer):
    kind = serializers.ChoiceField(choices=ResultSubmission.Kind.choices)
    payload = serializers.DictField(help_text="The sheet or move log: a JSON object.")
    base_version = serializers.IntegerField(min_value=0, default=0)
    idempotency_key = serializers.CharField(max_length=80, required=False, allow_blank=True)


class ResultSubmitApi(ResultsApiBase):
    """Submit a score sheet or move log; invalid entries are kept as drafts (422)."""

    InputSerializer = EntryInput

    @extend_schema(
        request=InputSerializer,
        responses={201: SubmissionOutputSerializer, 200: SubmissionOutputSerializer,
                   422: SubmissionOutputSerializer, 409: ErrorSerializer},
        examples=ex.SUBMIT,
    )  # fmt: skip
    def post(self, request, table_id: int):
        data = self._input(request)
        outcome = svc.result_submit(
            table_id=self.table(table_id).pk, actor=actor_of(request), **data
        )
        return submission_response(outcome)

    def _input(self, request) -> dict:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        data["idempotency_key"] = data.get("idempotency_key") or None
        return data


class ResultDraftApi(ResultSubmitApi):
    """Save an entry as typed; nothing counts until it is submitted."""

    @extend_schema(
        request=EntryInput,
        responses={201: SubmissionOutputSerializer, 200: SubmissionOutputSerializer,
                   409: ErrorSerializer},
        examples=ex.DRAFT,
    )  # fmt: skip
    def post(self, request, table_id: int):
        data = self._input(request)
        outcome = svc.result_save_draft(
            table_id=self.table(table_id).pk, actor=actor_of(request), **data
        )
        sub = outcome.submission
        code = status.HTTP_201_CREATED if outcome.created else status.HTTP_200_OK
        return Response(SubmissionOutputSerializer(sub).data, status=code)


class ResultCorrectApi(ResultSubmitApi):
    """A head judge's correction: a new version, confirmed when the engine accepts it."""

    class InputSerializer(EntryInput):
        reason = serializers.CharField()

        class Meta:
            ref_name = "CorrectionInput"

    @extend_schema(
        request=InputSerializer,
        responses={201: SubmissionOutputSerializer, 200: SubmissionOutputSerializer,
                   422: ErrorSerializer, 409: ErrorSerializer},
        examples=ex.CORRECT,
    )  # fmt: skip
    def post(self, request, table_id: int):
        data = self._input(request)
        outcome = svc.result_correct(
            table_id=self.table(table_id).pk, actor=actor_of(request), **data
        )
        return submission_response(outcome)


class TableHistoryApi(ResultsApiBase):
    """Every version of a table's result, newest first."""

    @extend_schema(
        responses={200: SubmissionOutputSerializer(many=True)},
        examples=ex.HISTORY,
    )
    def get(self, request, table_id: int):
        table = self.table(table_id)
        if not allowed(actor_of(request), Action.VIEW_TABLE, table=table):
            raise NotAllowed("not your table")
        return Response(SubmissionOutputSerializer(table_history(table), many=True).data)


class ResultConfirmApi(ResultsApiBase):
    """Confirm a submission (a player for themselves, a judge handing over the device with
    ``registration_id``, a second judge, or a blind re-entry with ``blind_payload``)."""

    class InputSerializer(serializers.Serializer):
        registration_id = serializers.IntegerField(required=False)
        blind_payload = serializers.DictField(required=False)

        class Meta:
            ref_name = "ConfirmInput"

    @extend_schema(
        request=InputSerializer,
        responses={200: SubmissionOutputSerializer, 409: ErrorSerializer},
        examples=ex.CONFIRM,
    )  # fmt: skip
    def post(self, request, submission_id: int):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        get_object_or_404(ResultSubmission, pk=submission_id)
        sub = svc.result_confirm(
            submission_id=submission_id, actor=actor_of(request), **serializer.validated_data
        )
        sub = ResultSubmission.objects.get(pk=sub.pk)
        return Response(SubmissionOutputSerializer(sub).data)


class ReasonInput(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True, default="")


class ResultDisputeApi(ResultsApiBase):
    """Flag a result as wrong; it stops counting until a head judge rules."""

    InputSerializer = ReasonInput

    @extend_schema(
        request=ReasonInput,
        responses={200: SubmissionOutputSerializer},
        examples=ex.DISPUTE,
    )
    def post(self, request, submission_id: int):
        serializer = ReasonInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        get_object_or_404(ResultSubmission, pk=submission_id)
        sub = svc.result_dispute(
            submission_id=submission_id, actor=actor_of(request), **serializer.validated_data
        )
        return Response(SubmissionOutputSerializer(sub).data)


class ResultDiscardApi(ResultsApiBase):
    """Discard a version (a confirmed one: head judge only)."""

    @extend_schema(
        request=ReasonInput,
        responses={200: SubmissionOutputSerializer},
        examples=ex.DISCARD,
    )
    def post(self, request, submission_id: int):
        serializer = ReasonInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        get_object_or_404(ResultSubmission, pk=submission_id)
        sub = svc.result_discard(
            submission_id=submission_id, actor=actor_of(request), **serializer.validated_data
        )
        return Response(SubmissionOutputSerializer(sub).data)


class RulingCreateApi(ResultsApiBase):
    """A head judge's ruling at a table, optionally resolving a disputed submission."""

    class InputSerializer(serializers.Serializer):
        kind = serializers.ChoiceField(choices=Ruling.Kind.choices)
        reason = serializers.CharField()
        submission_id = serializers.IntegerField(required=False)
        registration_id = serializers.IntegerField(required=False)
        # A JSON number (the schema's "number"): as a string the schema could not say that
        # "" or "-" is no amount.
        points = serializers.DecimalField(
            max_digits=7,
            decimal_places=2,
            required=False,
            coerce_to_string=False,
            min_value=Decimal("-99999.99"),
            max_value=Decimal("99999.99"),
            help_text="At most two decimal places.",
        )
        placements = serializers.ListField(child=serializers.IntegerField(), required=False)
        resolution = serializers.ChoiceField(choices=["confirm", "discard", ""], default="")

        class Meta:
            ref_name = "RulingInput"

    @extend_schema(
        request=InputSerializer,
        responses={201: RulingOutputSerializer},
        examples=ex.RULINGS,
    )
    def post(self, request, table_id: int):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        ruling = svc.result_rule(
            actor=actor_of(request), table_id=self.table(table_id).pk, **serializer.validated_data
        )
        return Response(RulingOutputSerializer(ruling).data, status=status.HTTP_201_CREATED)


class CheckInApi(ResultsApiBase):
    """Check a player in (the player themselves, or event staff)."""

    @extend_schema(
        request=None,
        responses={
            200: inline_serializer("CheckIn", {"status": serializers.CharField()}),
        },
        examples=ex.CHECK_IN,
    )
    def post(self, request, registration_id: int):
        registration = get_object_or_404(Registration, pk=registration_id)
        if not allowed(actor_of(request), Action.CHECK_IN, registration=registration):
            raise NotAllowed("you may check in only yourself")
        before = registration.status
        try:
            registration = registration_check_in(registration_id=registration.pk)
        except RegistrationRefused as refused:  # a sign-up without a place
            raise serializers.ValidationError({"status": [str(refused)]}) from refused
        if registration.status != before:  # a write through the API is in the action log
            action_log.record(
                actor_of(request),
                "registration.check_in",
                registration.event_id,
                data={"registration": registration.pk, "was": before},
            )
        return Response({"status": registration.status})
