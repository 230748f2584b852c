"""Parse first, then judge: pydantic models turn JSON into typed values or path-named errors."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    TypeAdapter,
    ValidationError,
)
from pydantic_core import PydanticCustomError, core_schema

from engines.core.errors import MalformedInput
from engines.core.types import Violation

# Scalar schemas whose lax mode would read a JSON value as another type: ``true`` as 1,
# ``"3"`` as 3, ``1.0`` as 1, ``1`` as ``true``. A judge's document means what it says.
_STRICT_SCALARS = frozenset({"int", "float", "bool", "str"})


def _reject_bool(value: Any) -> Any:
    # A literal of numbers compares by ==, and True == 1: refuse the bool before it does.
    if type(value) is bool:
        raise PydanticCustomError("literal_error", "Input should be a number, not true/false")
    return value


def strict_scalars(schema: Any) -> Any:
    """Make every scalar in a pydantic core schema strict, in place; returns the schema.

    Containers stay lax on purpose: a JSON array is the only way to write a tuple, so
    ``[1, 2]`` must still fill a ``tuple[int, int]`` - only the items are read strictly.
    """
    stack = [schema]
    while stack:
        node = stack.pop()
        if type(node) is dict:
            kind = node.get("type")
            if type(kind) is str:
                if kind in _STRICT_SCALARS:
                    node["strict"] = True
                elif kind == "function-before" and node["function"].get("function") is _reject_bool:
                    continue  # a literal wrapped already (a nested model's schema seen again)
                elif kind == "literal":
                    expected = node.get("expected", ())
                    if any(type(v) in (int, float) for v in expected) and not any(
                        type(v) is bool for v in expected
                    ):
                        inner = dict(node)
                        node.clear()
                        node.update(
                            core_schema.no_info_before_validator_function(_reject_bool, inner)
                        )
                        continue
            stack.extend(node.values())
        elif type(node) is list:
            stack.extend(node)
    return schema


def strict_adapter(tp: Any) -> TypeAdapter[Any]:
    """A TypeAdapter for a plain type (not a Model) that reads scalars as strictly as Model."""
    return TypeAdapter(tp, config=ConfigDict(strict=True))


class Model(BaseModel):
    """Base of every document part: frozen, unknown fields are an error, not ignored, and
    scalars are read strictly (no ``true`` for 1, no ``"3"`` for 3: see ``strict_scalars``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return strict_scalars(handler(source))  # type: ignore[no-any-return]


class Envelope(Model):
    """The one envelope every game's documents share (DESIGN.md, Documents)."""

    model_config = ConfigDict(frozen=False, extra="forbid")

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
        params: dict[str, Any] = {"path": path, "detail": err["msg"]}
        for key, value in (err.get("ctx") or {}).items():  # bounds for the Japanese text
            if type(value) in (int, float, str):
                params[key] = value
        out.append(
            Violation(
                code=f"malformed.{err['type']}",
                rule=None,
                message="{path}: {detail}",
                params=params,
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
