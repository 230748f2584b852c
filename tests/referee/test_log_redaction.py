"""No private or judge token in the logs (issue 26, hole 7): Django writes the path of every
4xx, an access log every path; the project's handler and gunicorn's access logger redact
the token segment (referee/logredact.py)."""

from __future__ import annotations

import io
import logging
from datetime import timedelta
from types import SimpleNamespace

import pytest

from referee.logredact import REDACTED, GunicornLogger, redact


@pytest.fixture
def project_log():
    """What the project's configured handler (settings.LOGGING) writes, as text."""
    handlers = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    assert handlers, "settings.LOGGING's console handler is on the root logger"
    buffer = io.StringIO()
    previous = handlers[0].setStream(buffer)
    yield buffer
    handlers[0].setStream(previous)


@pytest.mark.django_db
def test_token_urls_answered_4xx_and_2xx_leave_no_token_in_the_log(
    client, full_table, registration, project_log
):
    judge, private = full_table.judge_token, registration.private_token
    bogus = "Zz9bogusTokenThatMatchesNothing00"
    assert client.get(f"/ja/judge/{judge}/").status_code == 200
    assert client.post(f"/ja/judge/{judge}/entry", "{not json",
                       content_type="application/json").status_code == 400  # fmt: skip
    assert client.get(f"/ja/judge/{bogus}/").status_code == 404
    assert client.get(f"/ja/judge/{bogus}/state").status_code == 404
    assert client.get(f"/ja/p/{private}/").status_code == 200
    assert client.get(f"/en/p/{bogus}/").status_code == 404
    assert client.get(f"/ja/judge/player/{bogus}/").status_code == 404
    assert client.put(f"/ja/p/{private}/report/").status_code == 405
    log = project_log.getvalue()
    assert "Not Found" in log and "Bad Request" in log and "Method Not Allowed" in log
    for token in (judge, private, bogus):
        assert token not in log
    assert f"/ja/judge/{REDACTED}/" in log and f"/en/p/{REDACTED}/" in log


def test_an_exception_text_is_redacted_too(project_log):
    try:
        raise ValueError("no table at /ja/judge/SeCrEtToKeN123/entry")
    except ValueError:
        logging.getLogger("tournaments.anything").exception("failed on %s", "/p/SeCrEtToKeN123/")
    assert "SeCrEtToKeN123" not in project_log.getvalue()
    assert "/p/[token]/" in project_log.getvalue()


def test_what_is_redacted_and_what_is_not():
    assert redact("GET /ja/p/abc/check-in/ HTTP/1.1") == "GET /ja/p/[token]/check-in/ HTTP/1.1"
    assert redact("/p/abc") == "/p/[token]"
    assert redact("/ja/judge/abc/entry?x=1") == "/ja/judge/[token]/entry?x=1"
    assert redact("/en/judge/player/abc/results/3/") == "/en/judge/player/[token]/results/3/"
    assert redact("https://cafe.example/ja/p/abc/") == "https://cafe.example/ja/p/[token]/"
    # No secret in these: kept as they are.
    for text in ("/ja/judge/", "/ja/judge/tables/12/state", "/ja/events/spring/standings/"):
        assert redact(text) == text


def test_gunicorns_access_log_fields_are_redacted():
    from gunicorn.config import Config

    logger = GunicornLogger(Config())
    environ = {
        "REQUEST_METHOD": "GET", "RAW_URI": "/ja/judge/SeCrEt1/state?x=1",
        "PATH_INFO": "/ja/judge/SeCrEt1/state", "QUERY_STRING": "x=1",
        "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_REFERER": "https://c.example/ja/p/SeCrEt2/",
        "REMOTE_ADDR": "127.0.0.1",
    }  # fmt: skip
    response = SimpleNamespace(status="200 OK", sent=10, headers=[])
    request = SimpleNamespace(headers=[("REFERER", "https://c.example/ja/p/SeCrEt2/")])
    atoms = logger.atoms(response, request, environ, timedelta(milliseconds=3))
    text = repr(atoms)
    assert "SeCrEt1" not in text and "SeCrEt2" not in text
    assert atoms["r"] == "GET /ja/judge/[token]/state?x=1 HTTP/1.1"
