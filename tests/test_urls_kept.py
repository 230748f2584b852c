"""Every URL that existed before the split into domain apps still answers the same page.

``tests/fixtures/before_apps/urls.json`` is the URL list of ``main`` at e07ec38 (every
pattern with its name, walked from the root resolver). Printed QR codes, private links and
bookmarks point at those addresses. For each pattern, filled in with the demo event's
values, the address must reach the view of the same name (through a permanent redirect
where a page moved: ``/console/extra/`` → ``/console/tools/``, ``/admin/tournaments/<model>/``
→ ``/admin/<app>/<model>/``), and a GET by an administrator must not answer 404 or 5xx.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import Resolver404, resolve
from django.utils import translation

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "before_apps" / "urls.json"
PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")
REDIRECT_VIEWS = {"tools_moved", "admin_model_moved", "admin_app_moved"}
# Views that answer 404 for the demo event's data, as they did before: the demo plays only
# Imhotep, and a content type without a public URL has no "view on site".
NOT_FOUND_FOR_THIS_DATA = {"admin:view_on_site", "console_extra:nile-areas", "console_extra:board"}


def _new_name(old: str, model_labels: dict[str, str]) -> str:
    if old.startswith("console_extra:"):
        return "tools:" + old.split(":", 1)[1]
    match = re.fullmatch(r"admin:tournaments_([a-z]+)_(\w+)", old)
    if match:
        return f"admin:{model_labels[match.group(1)]}_{match.group(1)}_{match.group(2)}"
    return old


@pytest.fixture
def demo_world(db):
    from django.contrib.auth import get_user_model

    from tournaments.events.models import Registration, Table
    from tournaments.results.models import ResultSubmission

    call_command("demo", stdout=open("/dev/null", "w"))  # noqa: SIM115 - closed at exit
    admin = get_user_model().objects.create_superuser("url-walker", "w@example.org", "pw")
    table = Table.objects.filter(round__event__slug="cairo-cafe-open").order_by("pk").first()
    registration = Registration.objects.filter(seats__table=table).first()
    submission = ResultSubmission.objects.order_by("pk").first()
    return {"admin": admin, "table": table, "registration": registration, "sub": submission}


def _fill(pattern: str, name: str, world: dict, object_ids: dict[str, int]) -> str | None:
    if "(?P<url>" in pattern:
        return None  # the admin's catch-all: not a page of its own
    if "(?P<app_label>" in pattern:
        pattern = re.sub(r"\^\(\?P<app_label>[^)]*\)", "tournaments", pattern).replace("/$", "/")
    judge = name.startswith("judge:") and name not in ("judge:player", "judge:player-action")
    values = {
        "slug": "cairo-cafe-open",
        "table_id": world["table"].pk,
        "token": world["table"].judge_token if judge else world["registration"].private_token,
        "submission_id": world["sub"].pk,
        "registration_id": world["registration"].pk,
        "number": 1,
        "table": 1,
        "table_number": 1,
        "game": "imhotep",
        "side": "standard",
        "what": "standings",
        "fmt": "csv",
        "content_type_id": 1,
        "id": world["admin"].pk,
    }
    model = re.match(r"admin:tournaments_([a-z]+)_", name or "")
    if model:
        values["object_id"] = object_ids.get(model.group(1), 1)
    else:
        values["object_id"] = world["admin"].pk
    return PARAM.sub(lambda m: str(values[m.group(2)]), pattern)


def test_every_url_from_before_the_split_reaches_the_same_page(demo_world, client):
    from django.apps import apps

    labels = {
        model._meta.model_name: model._meta.app_label
        for model in apps.get_models()
        if model.__module__.startswith("tournaments.")
    }
    object_ids = {
        model._meta.model_name: pk
        for model in apps.get_models()
        if model.__module__.startswith("tournaments.")
        for pk in [model.objects.order_by("pk").values_list("pk", flat=True).first()]
        if pk is not None
    }
    client.force_login(demo_world["admin"])
    old_urls = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert len(old_urls) > 200
    checked, problems = 0, []
    for pattern, name in old_urls:
        path = _fill(pattern, name or "", demo_world, object_ids)
        if path is None:
            continue
        translation.activate("en")  # resolve() reads the language prefix from the active one
        try:
            match = resolve(path)
        except Resolver404:
            problems.append(f"{path}: no longer resolves ({name})")
            continue
        response = client.get(path)
        if match.func.__name__ in REDIRECT_VIEWS:
            assert response.status_code == 301, path
            path = response["Location"]
            translation.activate("en")
            match = resolve(path.split("?")[0])
            response = client.get(path)
        expected = _new_name(name or "", labels)
        if name == "admin:app_list":  # the old app's index now lists its models under many apps
            expected = "admin:index"
        if name and match.view_name != expected:
            problems.append(f"{path}: reaches {match.view_name}, was {name}")
        not_found = response.status_code == 404 and name not in NOT_FOUND_FOR_THIS_DATA
        if not_found or response.status_code >= 500:
            problems.append(f"{path}: GET answered {response.status_code} ({name})")
        checked += 1
    translation.deactivate()
    assert not problems, "\n".join(problems)
    assert checked > 200
