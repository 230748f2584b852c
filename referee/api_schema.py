"""The OpenAPI schema says what the server answers, refusals included, in English.

- ``AutoSchema`` (``REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]``) states that a required
  text needs a character other than white space (DRF trims before it checks) and a slug
  its pattern, and adds to every operation the refusals the project's layers make
  whatever the view (each with the one ``Error`` body,
  ``referee.api_errors``): 400 for any operation (a query or body the middleware, the
  parser or a serializer refuses), 401, 403 and 429 where a caller may authenticate
  (a bad token, a role or scope refused, the token's rate), 404 where the path names
  something, 413 and 415 where a body is sent (size limit, media type). A view lists the
  statuses its own logic adds in ``error_statuses`` (409 for a conflict with the event's
  state); an ``@extend_schema`` response for a status wins over these.

``referee.urls.SchemaView`` serves it in English whatever ``Accept-Language`` says (model
and field names are translated for the pages; the schema is for developers).
"""

from __future__ import annotations

from drf_spectacular import openapi
from rest_framework import serializers

STATUS_MEANINGS = {
    400: "The request was refused: a parameter, a field or the body is invalid "
    "(``field`` names it).",
    401: "No valid credentials: the token is unknown or revoked.",
    403: "Not allowed: the event role or the token's scope does not cover this.",
    404: "Nothing of that id or number (or not released yet).",
    409: "The request conflicts with the current state of the event or table.",
    413: "The request body is larger than the limit.",
    415: "The body's media type is not accepted: send JSON.",
    422: "The rules refuse the entry.",
    429: "Too many requests with this token: wait and try again.",
}


class ErrorSerializer(serializers.Serializer):
    """Every refusal: a stable ``code``, a ``message`` in the request's language (``detail``
    repeats it), the ``field`` at fault when one is, and further keys by operation."""

    code = serializers.CharField()
    message = serializers.CharField()
    detail = serializers.CharField(required=False)
    field = serializers.CharField(
        required=False, help_text="The path of the field at fault: players[1].name"
    )
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Every refused field with its messages.",
    )
    violations = serializers.ListField(
        child=serializers.DictField(), required=False, help_text="The rules an entry broke."
    )

    class Meta:
        ref_name = "Error"


class AutoSchema(openapi.AutoSchema):
    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if isinstance(field, serializers.SlugField) and "pattern" not in schema:
            schema["pattern"] = r"^[-\w]+$" if field.allow_unicode else r"^[-a-zA-Z0-9_]+$"
        # DRF trims a text before checking it is not blank: "  " is refused although its
        # length is 2. Say so: at least one character that is not white space.
        if (
            direction == "request"
            and isinstance(field, serializers.CharField)
            and field.trim_whitespace
            and not field.allow_blank
            and not {"pattern", "format", "enum"} & schema.keys()
        ):
            schema["pattern"] = r"\S"
        return schema

    def error_statuses(self) -> set[int]:
        codes = {400}
        if self.view.get_authenticators():
            codes |= {401, 403, 429}
        if "{" in self.path:
            codes.add(404)
        if self.method in ("POST", "PUT", "PATCH"):
            codes |= {413, 415}
        return codes | set(getattr(self.view, "error_statuses", ()))

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code in sorted(self.error_statuses()):
            if str(code) not in responses:
                response = self._get_response_for_code(ErrorSerializer, str(code))
                response["description"] = STATUS_MEANINGS.get(code, "Refused.")
                responses[str(code)] = response
        return responses
