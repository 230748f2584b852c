"""Every example in the OpenAPI document matches the schema it illustrates, and every
result-entry operation shows a request, an answer and a refusal."""

from __future__ import annotations

import copy
import io
import json

import pytest
from jsonschema import Draft202012Validator

RESULT_ENTRY = [
    ("post", "/api/tables/{table_id}/results/"),
    ("post", "/api/tables/{table_id}/drafts/"),
    ("post", "/api/tables/{table_id}/corrections/"),
    ("post", "/api/tables/{table_id}/rulings/"),
    ("get", "/api/tables/{table_id}/history/"),
    ("post", "/api/results/{submission_id}/confirm/"),
    ("post", "/api/results/{submission_id}/dispute/"),
    ("post", "/api/results/{submission_id}/discard/"),
    ("post", "/api/registrations/{registration_id}/check-in/"),
]


@pytest.fixture(scope="module")
def document() -> dict:
    from django.core.management import call_command

    out = io.StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    return json.loads(out.getvalue())


def json_schema(node):
    """OpenAPI 3.0's ``nullable`` as JSON Schema (the rest of what we use is the same)."""
    if isinstance(node, list):
        return [json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: json_schema(value) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


def validator(document: dict, schema: dict) -> Draft202012Validator:
    root = {**json_schema(schema), "components": json_schema(document["components"])}
    return Draft202012Validator(root)


def examples(document: dict):
    """(where, schema, example value) for every example of every operation."""
    for path, item in document["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            for name, example in (body or {}).get("examples", {}).items():
                yield f"{method} {path} request {name!r}", body["schema"], example["value"]
            for code, response in operation.get("responses", {}).items():
                content = response.get("content", {}).get("application/json", {})
                for name, example in content.get("examples", {}).items():
                    where = f"{method} {path} {code} {name!r}"
                    yield where, content["schema"], example["value"]


def test_every_example_matches_its_schema(document):
    checked, broken = 0, []
    for where, schema, value in examples(document):
        checked += 1
        errors = list(validator(document, schema).iter_errors(value))
        broken += [f"{where}: {e.json_path}: {e.message}"[:300] for e in errors]
    assert checked > 40
    assert not broken, "\n".join(broken)


def test_the_check_refuses_an_example_that_breaks_the_schema(document):
    from tournaments.results.api_examples import SUBMITTED

    schema = {"$ref": "#/components/schemas/SubmissionOutput"}
    assert validator(document, schema).is_valid(SUBMITTED)
    for spoil in (lambda s: s.pop("status"), lambda s: s.update(version="two")):
        broken = copy.deepcopy(SUBMITTED)
        spoil(broken)
        assert not validator(document, schema).is_valid(broken)


@pytest.mark.parametrize(("method", "path"), RESULT_ENTRY)
def test_result_entry_operations_show_a_request_an_answer_and_a_refusal(document, method, path):
    operation = document["paths"][path][method]
    body = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if body is not None:
        assert body.get("examples"), "no request example"
    codes = {
        code
        for code, response in operation["responses"].items()
        if response.get("content", {}).get("application/json", {}).get("examples")
    }
    assert any(c.startswith("2") for c in codes), codes
    assert any(c.startswith("4") for c in codes), codes
