"""A whole evening's logs hold no private or judge token (issue 31, "Logs without secrets").

The demo event is seeded, then every player's private pages, every table's judge page, a
judge's posts, 404s and 4xx with bad tokens, a token in a query string and a referrer, the
console pages and API calls are requested. Everything the project's log handler writes
meanwhile (settings.LOGGING's "console", with its redaction filter) is captured, in the
plain format and in the JSON one (LOG_FORMAT=json): every request has one request line
(view, method, status, time), every JSON line parses, and no token appears anywhere.
"""

from __future__ import annotations

import io
import json
import logging
import logging.config
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.console.demo.accounts import DEMO_ORGANIZER
from tournaments.console.demo.results import demo_sheet
from tournaments.console.management.commands.demo import DEMO_SLUG
from tournaments.events.models import Event, Registration, Table

ROOT = Path(__file__).resolve().parents[2]
BOGUS = "Zz9bogusTokenThatMatchesNothing00"


def _formatter(name: str) -> logging.Formatter:
    """The formatter settings.LOGGING configures under ``name``."""
    config = dict(settings.LOGGING["formatters"][name])
    return logging.config.DictConfigurator({}).configure_formatter(config)


@pytest.fixture(params=["plain", "json"])
def evening_log(request):
    """The project's console handler writing into a buffer, in each LOG_FORMAT."""
    handlers = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    assert handlers, "settings.LOGGING's console handler is on the root logger"
    handler = handlers[0]
    buffer = io.StringIO()
    previous_stream = handler.setStream(buffer)
    previous_formatter = handler.formatter
    handler.setFormatter(_formatter(request.param))
    yield request.param, buffer
    handler.setFormatter(previous_formatter)
    handler.setStream(previous_stream)


def _evening(client) -> tuple[list[str], list[tuple[str, int]]]:
    """Seed the demo and play its evening through the test client.

    Returns every token of the event and each request made with the status it got."""
    call_command("demo", stdout=StringIO())
    event = Event.objects.get(slug=DEMO_SLUG)
    registrations = list(Registration.objects.filter(event=event))
    tables = list(Table.objects.filter(round__event=event).order_by("round__number", "number"))
    assert len(registrations) >= 8 and len(tables) >= 5
    tokens = [r.private_token for r in registrations] + [t.judge_token for t in tables]
    made: list[tuple[str, int]] = []

    def request(method: str, url: str, **kwargs) -> int:
        status = getattr(client, method)(url, **kwargs).status_code
        assert status < 500, (method, url, status)
        made.append((url, status))
        return status

    first = registrations[0].private_token
    for registration in registrations:
        token = registration.private_token
        assert request("get", f"/ja/p/{token}/") == 200
        assert request("get", f"/en/p/{token}/") == 200
        assert request("get", f"/p/{token}/") == 302  # to the language's page
        assert request("get", f"/ja/judge/player/{token}/") == 200
    for table in tables:
        assert request("get", f"/ja/judge/{table.judge_token}/") == 200
        assert request("get", f"/ja/judge/{table.judge_token}/state") == 200
    # A judge's posts: a draft of a sheet, and a body that is not JSON.
    waiting = tables[-1]
    entry = {"action": "draft", "kind": "sheet",
             "payload": demo_sheet(waiting.number, waiting.seats.count())}  # fmt: skip
    request("post", f"/ja/judge/{waiting.judge_token}/entry", data=entry,
            content_type="application/json")  # fmt: skip
    assert request("post", f"/ja/judge/{waiting.judge_token}/entry", data="{not json",
                   content_type="application/json") == 400  # fmt: skip
    # Bad tokens, missing pages, a wrong method; a token in a query string and a referrer.
    assert request("get", f"/ja/judge/{BOGUS}/") == 404
    assert request("get", f"/ja/judge/{BOGUS}/state") == 404
    assert request("get", f"/en/p/{BOGUS}/") == 404
    assert request("get", f"/ja/judge/player/{BOGUS}/") == 404
    assert request("get", "/ja/no-such-page/") == 404
    assert request("put", f"/ja/p/{first}/report/") == 405
    request("get", f"/ja/events/{DEMO_SLUG}/standings/?token={first}&p=/ja/p/{first}/",
            HTTP_REFERER=f"https://cafe.example/ja/p/{first}/")  # fmt: skip
    # The organizer's evening: console pages, a check-in scanned from a player's QR, the API.
    client.force_login(get_user_model().objects.get(username=DEMO_ORGANIZER))
    console = f"/ja/console/{DEMO_SLUG}/"
    for path in ("", "players/", "judges/", "check-in/", "rounds/1/", "rounds/2/",
                 "rounds/2/print/", "players/slips/"):  # fmt: skip
        assert request("get", console + path) == 200, path
    assert request("get", "/ja/console/") == 200
    scanned = f"https://cafe.example/ja/p/{registrations[1].private_token}/"
    assert request("post", console + "check-in/scan/", data={"token": scanned}) == 302
    api = f"/api/events/{DEMO_SLUG}/"
    for path in ("", "standings/", "players/", "registrations/", "rounds/", "judges/", "log/",
                 "rounds/1/seating/"):  # fmt: skip
        assert request("get", api + path) == 200, path
    assert request("get", "/api/events/no-such-event/") == 404
    return tokens, made


@pytest.mark.django_db
def test_an_evenings_logs_have_a_line_per_request_and_no_token(
    client, evening_log, django_capture_on_commit_callbacks
):
    log_format, buffer = evening_log
    with django_capture_on_commit_callbacks(execute=True):
        tokens, made = _evening(client)
    text = buffer.getvalue()
    assert text, "the handler wrote nothing"
    leaked = [token for token in tokens + [BOGUS] if token in text]
    assert leaked == [], f"{len(leaked)} tokens in the {log_format} log"

    lines = text.splitlines()
    if log_format == "json":
        records = [json.loads(line) for line in lines]  # every line is one JSON object
        assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
        requests = [r for r in records if r["logger"] == "referee.request"]
        assert [r["status"] for r in requests] == [status for _, status in made]
        for r in requests:
            assert r["view"] and isinstance(r["duration_ms"], float), r
            assert "?" not in r["path"] and "[token]" not in r["view"]
        views = {r["view"] for r in requests}
        assert {"tournaments:private", "judge:table", "judge:player", "judge:entry"} <= views
        assert any(r["view"] == "-" and r["status"] == 404 for r in requests)  # no URL
        assert not any("token=" in line for line in lines)  # the query string's secret
    else:
        requests = [line for line in lines if " referee.request " in line]
        assert len(requests) == len(made)
        for line, (_, status) in zip(requests, made, strict=True):
            assert line.startswith("INFO ") and line.endswith("ms"), line
            assert f" {status} " in line, line
        assert "/ja/p/[token]/ 200 tournaments:private" in text
        assert "/ja/judge/[token]/entry 400 judge:entry" in text


def test_log_format_json_configures_the_handler_and_redacts():
    """LOG_FORMAT=json in the environment: the project's handler writes JSON lines, its
    extra fields and exception text redacted too."""
    script = (
        "import django, logging; django.setup()\n"
        "log = logging.getLogger('tournaments.x')\n"
        "log.warning('at %s', '/ja/p/SeCrEt1/', extra={'path': '/ja/judge/SeCrEt2/'})\n"
        "try:\n    raise ValueError('/en/judge/player/SeCrEt3/')\n"
        "except ValueError:\n    log.exception('failed')\n"
    )
    env = {**os.environ, "LOG_FORMAT": "json", "DJANGO_SETTINGS_MODULE": "referee.settings.test"}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stderr.splitlines()]
    mine = [r for r in records if r["logger"] == "tournaments.x"]
    assert mine[0]["message"] == "at /ja/p/[token]/" and mine[0]["path"] == "/ja/judge/[token]/"
    assert mine[1]["level"] == "ERROR" and "/en/judge/player/[token]/" in mine[1]["exc_info"]
    assert "SeCrEt" not in done.stderr


def test_a_json_line_stays_json_when_a_token_is_next_to_an_escape():
    from referee.logredact import JsonFormatter

    record = logging.makeLogRecord({"msg": 'quoted "/ja/p/SeCrEt1" then\n/p/SeCrEt2\ttab'})
    line = JsonFormatter("%(message)s").format(record)
    assert json.loads(line)["message"] == 'quoted "/ja/p/[token]" then\n/p/[token]\ttab'


def test_an_unknown_log_format_is_refused_at_start():
    env = {**os.environ, "LOG_FORMAT": "xml", "DJANGO_SETTINGS_MODULE": "referee.settings.test"}
    done = subprocess.run([sys.executable, "-c", "import django; django.setup()"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode != 0 and "LOG_FORMAT must be plain or json" in done.stderr
