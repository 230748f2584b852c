"""The live stream: a table confirmation reaches a listener on a real ASGI server within a
second; a reconnecting client resumes with Last-Event-ID; the public hears no table state
that is not released and no judge call; the embedded default (no Redis) says "poll"."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.test import override_settings

from tests.tournaments.results.helpers import as_user, imhotep_sheet
from tournaments.events.domain import ResultChanged, TableResult
from tournaments.integrations import live

ROOT = Path(__file__).resolve().parents[3]


def frames(text: str) -> list[dict]:
    """The events of an event-stream text: [{"id", "event", "data"}]."""
    out = []
    for block in text.split("\n\n"):
        fields = {}
        for line in block.splitlines():
            if line and not line.startswith(":") and ": " in line:
                key, value = line.split(": ", 1)
                fields[key] = value
        if "event" in fields:
            fields["data"] = json.loads(fields["data"])
            out.append(fields)
    return out


def read_stream(client, path: str, **headers) -> list[dict]:
    response = client.get(path, headers=headers)
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-store"
    return frames(b"".join(response.streaming_content).decode())


@pytest.fixture
def short_answers(monkeypatch):
    monkeypatch.setattr(live, "WSGI_STREAM_SECONDS", 0.3)


@pytest.mark.django_db
def test_updates_are_resumed_after_the_last_event_id(client, event, short_answers):
    event.status = "running"
    event.save()
    live.publish(event.pk, "round.published", {"round": 1})
    live.publish(event.pk, "standings.updated", {"version": 3, "after_round": 1})
    path = f"/api/events/{event.slug}/live/"
    first = read_stream(client, path, **{"Last-Event-ID": "0-0"})
    assert [f["event"] for f in first] == ["round.published", "standings.updated"]
    assert first[1]["data"] == {"kind": "standings.updated", "version": 3, "after_round": 1}
    live.publish(event.pk, "clock.changed", {"round": 1, "action": "start"})
    resumed = read_stream(client, path, **{"Last-Event-ID": first[-1]["id"]})
    assert [f["event"] for f in resumed] == ["clock.changed"]
    assert read_stream(client, path) == []  # no id: only what comes from now on


@pytest.mark.django_db
def test_a_resume_from_before_what_is_kept_says_reset(client, event, short_answers, monkeypatch):
    event.status = "running"
    event.save()
    monkeypatch.setattr(live, "STREAM_LENGTH", 2)
    for n in range(1, 6):
        live.publish(event.pk, "round.published", {"round": n})
    got = read_stream(client, f"/api/events/{event.slug}/live/", **{"Last-Event-ID": "1-0"})
    assert got[0]["event"] == "reset"
    assert [f["data"]["round"] for f in got[1:]][-1] == 5


@pytest.mark.django_db
def test_the_public_hears_no_unreleased_table_state_and_no_judge_call(client, event, short_answers):
    from django.contrib.auth import get_user_model

    from tournaments.events.models import EventRole

    event.status = "running"
    event.save()
    live.publish(event.pk, "table.state", {"round": 1, "table": 2, "after": "submitted"})
    live.publish(event.pk, "judge.call", {"round": 1, "table": 2})
    live.publish(event.pk, "table.released", {"round": 1, "table": 2})
    path = f"/api/events/{event.slug}/live/"
    public = read_stream(client, path, **{"Last-Event-ID": "0-0"})
    assert [f["event"] for f in public] == ["table.released"]
    assert client.get(path + "?staff=1").status_code == 403
    organizer = get_user_model().objects.create_user("mina", password="pw")
    EventRole.objects.create(user=organizer, event=event, role="organizer")
    client.force_login(organizer)
    staff = read_stream(client, path + "?staff=1", **{"Last-Event-ID": "0-0"})
    assert [f["event"] for f in staff] == ["table.state", "judge.call", "table.released"]


@pytest.mark.django_db
def test_a_draft_event_has_no_stream_and_the_embedded_default_says_poll(client, event):
    event.status = "draft"
    event.save()
    assert client.get(f"/api/events/{event.slug}/live/").status_code == 404
    event.status = "running"
    event.save()
    with override_settings(REDIS_URL=""):
        assert client.get(f"/api/events/{event.slug}/live/").status_code == 204


@pytest.mark.django_db
def test_a_result_change_is_said_to_staff_and_a_release_to_everyone(event):
    live.publish(event.pk, "round.published", {"round": 9})  # the streams exist
    before = {a: _length(event.pk, a) for a in (live.PUBLIC, live.STAFF)}
    change = ResultChanged(
        event_id=event.pk, round_id=0, round_number=1, table_id=0, table_number=2,
        action=ResultChanged.SAVED, before=TableResult("pending", None),
        after=TableResult("submitted", None),
    )  # fmt: skip
    from tournaments.integrations.live_subscribers import on_result_changed

    on_result_changed(change)
    assert _length(event.pk, live.STAFF) == before[live.STAFF] + 1
    assert _length(event.pk, live.PUBLIC) == before[live.PUBLIC]


def _length(event_id: int, audience: str) -> int:
    return live._client().xlen(live.stream_key(event_id, audience))


# --- a real ASGI server --------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def asgi_server(transactional_db, tmp_path):
    """``uvicorn referee.asgi:application`` (the docker-compose ``live`` service) on the
    test database and this run's Redis key prefix."""
    from django.conf import settings
    from django.db import connection

    from tests.realstack import required_urls, with_database_name

    urls = required_urls()
    if urls is None:
        pytest.skip("needs DATABASE_URL and REDIS_URL (the real stack)")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_WORKER"}
    env.update(
        DJANGO_SETTINGS_MODULE="referee.settings.test",
        DATABASE_URL=with_database_name(urls[0], connection.settings_dict["NAME"]),
        REDIS_URL=urls[1],
        TEST_CACHE_KEY_PREFIX=settings.CACHES["default"]["KEY_PREFIX"],
    )
    log = open(tmp_path / "uvicorn.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "referee.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--no-access-log"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                assert process.poll() is None, (tmp_path / "uvicorn.log").read_text()
                time.sleep(0.2)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.mark.realstack
def test_a_confirmation_reaches_a_listener_on_a_real_server_within_a_second(asgi_server):
    from tests.tournaments.results.helpers import make_event, make_table, user
    from tournaments.results.services import results as svc

    event = make_event(status="running")
    table = make_table(event, players=3)
    head = as_user(user("head", event, "organizer"))
    connection = http.client.HTTPConnection("127.0.0.1", asgi_server, timeout=10)
    connection.request("GET", f"/api/events/{event.slug}/live/",
                       headers={"Host": "localhost"})  # fmt: skip
    response = connection.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/event-stream"
    assert response.readline().startswith(b"retry:")  # the stream is open

    sub = svc.result_submit(
        table_id=table.pk, actor=head, kind="sheet", payload=imhotep_sheet(), base_version=0
    ).submission
    started = time.monotonic()
    svc.result_confirm(submission_id=sub.pk, actor=head)
    text = b""
    while b"table.released" not in text or not text.endswith(b"\n\n"):
        text += response.readline()  # up to the blank line that ends the update
    elapsed = time.monotonic() - started
    connection.close()
    assert elapsed < 1.0, elapsed
    released = [f for f in frames(text.decode()) if f["event"] == "table.released"]
    assert released[0]["data"] == {"kind": "table.released", "round": table.round.number,
                                   "table": table.number}  # fmt: skip


@pytest.mark.django_db
def test_a_judge_call_is_said_to_staff_only(client, event, short_answers):
    from django.contrib.auth import get_user_model

    from tests.tournaments.factories import PlayerFactory
    from tournaments.events.models import EventRole, Registration
    from tournaments.results.services.calls import judge_call_create

    event.status = "running"
    event.save()
    registration = Registration.objects.create(event=event, player=PlayerFactory())
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=True):
        report = judge_call_create(registration=registration, message="ルールの質問です")
    path = f"/api/events/{event.slug}/live/"
    assert read_stream(client, path, **{"Last-Event-ID": "0-0"}) == []  # not public
    organizer = get_user_model().objects.create_user("mina", password="pw")
    EventRole.objects.create(user=organizer, event=event, role="organizer")
    client.force_login(organizer)
    staff = read_stream(client, path + "?staff=1", **{"Last-Event-ID": "0-0"})
    assert [(f["event"], f["data"]["report"], f["data"]["state"]) for f in staff] == [
        ("judge.call", report.pk, "open")
    ]
    assert "ルール" not in str(staff)  # who called and why stay on the board
