"""Parse first, then judge: pydantic models turn JSON into typed values or path-named errors."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from engines.core.errors import MalformedInput
from engines.core.types import Violation


class Model(BaseModel):
    """Base of every document part: frozen, and unknown fields are an error, not ignored."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Envelope(BaseModel):
    """The one envelope every game's documents share (DESIGN.md, Documents)."""

    model_config = ConfigDict(extra="forbid")

    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    preset: str | None = None
    edition: dict[str, Any] | str | None = None
    players: list[str] = Field(min_length=1)
    sheet: dict[str, Any] | None = None
    moves: list[dict[str, Any]] | None = None


def json_path(loc: Iterable[Any], prefix: str = "$") -> str:
    out = prefix
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def violations_from(error: ValidationError, prefix: str, drop_first: Any = None) -> list[Violation]:
    """Turn pydantic's errors into our violations, each naming the JSON path it concerns.

    ``drop_first`` removes the discriminator tag pydantic puts at the front of a tagged
    union's error location, so the path is the document's path, not pydantic's.
    """
    out = []
    for err in error.errors():
        loc = list(err["loc"])
        if drop_first is not None and loc and loc[0] == drop_first:
            loc = loc[1:]
        path = json_path(loc, prefix)
        out.append(
            Violation(
                code=f"malformed.{err['type']}",
                rule=None,
                message="{path}: {detail}",
                params={"path": path, "detail": err["msg"]},
                path=path,
            )
        )
    return out


def parse_model(model: type[BaseModel] | TypeAdapter[Any], data: Any, prefix: str) -> Any:
    """Validate ``data`` or raise MalformedInput naming every bad path under ``prefix``."""
    try:
        if isinstance(model, TypeAdapter):
            return model.validate_python(data)
        # As model_validate with its defaults, without that classmethod's own overhead.
        return model.__pydantic_validator__.validate_python(data)
    except ValidationError as error:
        tag = data.get("type") if isinstance(data, Mapping) else None
        raise MalformedInput(violations_from(error, prefix, drop_first=tag)) from None


def parse_envelope(doc: Any) -> Envelope:
    if type(doc) is not dict and not isinstance(doc, Mapping):  # exact type first: no ABC check
        raise MalformedInput(
            [Violation("malformed.document", None, "the document must be a JSON object", path="$")]
        )
    env = parse_model(Envelope, doc, "$")
    if (env.sheet is None) == (env.moves is None):
        raise MalformedInput(
            [
                Violation(
                    "malformed.envelope",
                    None,
                    'a document carries exactly one of "sheet" and "moves"',
                    path="$",
                )
            ]
        )
    return env
