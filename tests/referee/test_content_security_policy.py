"""Content-Security-Policy: scripts only from the site's own files, on Django's responses
and on the WSGI fast path's; the templates keep no inline script that the policy would
block (issue 21)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.I)
HANDLER_ATTRIBUTE = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)


def _script_src(header: str) -> list[str]:
    directives = dict(part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    return directives["script-src"].split()


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT / "templates")))
def test_templates_have_no_inline_scripts_or_event_handler_attributes(path):
    text = path.read_text(encoding="utf-8")
    for attributes in SCRIPT_TAG.findall(text):
        assert "src=" in attributes or 'type="application/json"' in attributes, path
    assert not HANDLER_ATTRIBUTE.search(text), path


def test_the_policy_allows_no_inline_script(settings):
    from csp.utils import build_policy

    sources = _script_src(build_policy())
    assert sources == ["'self'"]
    assert "frame-ancestors 'none'" in build_policy()


@pytest.mark.django_db
def test_pages_carry_the_policy_and_the_swagger_ui_is_exempt(client):
    response = client.get("/ja/")
    assert _script_src(response["Content-Security-Policy"]) == ["'self'"]
    assert "Content-Security-Policy" not in client.get("/api/docs/")


@pytest.mark.django_db
def test_the_wsgi_fast_path_sends_the_same_policy(client):
    from tests.tournaments.factories import EventFactory
    from tournaments.public.wsgi import PublicPageCache

    event = EventFactory()
    path = f"/ja/events/{event.slug}/"
    django_header = client.get(path)["Content-Security-Policy"]
    captured = {}

    def start_response(status, headers):
        captured.update(status=status, headers=dict(headers))

    app = PublicPageCache(lambda environ, start: start("500 Django", []) or [b""])
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": ""}
    environ["wsgi.url_scheme"] = "http"
    b"".join(app(environ, start_response))
    assert captured["status"] == "200 OK" and captured["headers"]["X-Cache"] == "hit"
    fast = captured["headers"]["Content-Security-Policy"]
    assert sorted(fast.split("; ")) == sorted(django_header.split("; "))
