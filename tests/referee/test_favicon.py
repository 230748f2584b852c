"""Every page asked for /favicon.ico and got 404 (issue 17 walk-through): the site has an
icon, named in base.html and answered at the address browsers try without being told."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def _body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_the_icon_is_linked_and_served(client):
    html = client.get("/ja/accounts/login/").content.decode()
    href = re.search(r'<link rel="icon" href="([^"]+)"', html).group(1)
    icon = client.get(href)
    assert icon.status_code == 200 and icon["Content-Type"] == "image/svg+xml"
    assert b"<svg" in _body(icon)


def test_favicon_ico_is_served(client):
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert _body(icon)[:4] == b"\x00\x00\x01\x00"  # an ICO file's header
