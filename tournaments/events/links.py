"""Absolute links for phones (QR codes, printed slips, the demo's printed URLs).

Built from ``settings.PUBLIC_BASE_URL`` when set, else from the address the request came
to. In LAN mode a request to a loopback address (the organizer's own laptop browser) gets
the laptop's LAN address instead: a phone cannot open 127.0.0.1.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port

from referee.lan import is_loopback_host, reachable_url


def absolute_url(request, path: str) -> str:
    base = getattr(settings, "PUBLIC_BASE_URL", "")
    if base:
        return base.rstrip("/") + path
    host, port = split_domain_port(request.get_host())
    if getattr(settings, "LAN_MODE", False) and is_loopback_host(host):
        return reachable_url(host, port or request.get_port(), request.scheme) + path
    return request.build_absolute_uri(path)


def phone_unreachable(url: str) -> bool:
    """The link names this machine only (localhost, 127.0.0.1): no phone can open it."""
    return is_loopback_host(urlsplit(url).hostname or "")
