"""Absolute links for phones (QR codes, printed slips, the demo's printed URLs).

Built from ``settings.PUBLIC_BASE_URL`` when set, else from the address the request came
to. In LAN mode a request to a loopback address (the organizer's own laptop browser) gets
the laptop's LAN address instead: a phone cannot open 127.0.0.1. Which hosts count as
the local network is decided here too (``is_lan_host``, used by referee/lan.py's
middleware in LAN mode).
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port


def is_loopback_host(host: str) -> bool:
    """``host`` (no port) is this machine only: a phone cannot open a link to it."""
    host = host.strip("[]").lower()
    if host in ("localhost", "localhost.localdomain") or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_lan_host(host: str) -> bool:
    """``host`` (no port) is reachable only inside a local network: loopback, a private
    range (10/8, 172.16/12, 192.168/16, fc00::/7, link-local) or an mDNS ``.local`` name."""
    host = host.strip("[]").lower()
    if not host:
        return False
    if is_loopback_host(host) or host.endswith(".local"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_private and not address.is_unspecified


@functools.cache
def lan_address() -> str | None:
    """This machine's address on its local network (IPv4), or None.

    A UDP socket "connected" to a private-range address makes the kernel choose the
    outgoing interface; connect() on UDP sends no packet. Falls back to the addresses the
    host name resolves to."""
    candidates: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 9))
            candidates.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            candidates.append(info[4][0])
    except OSError:
        pass
    for candidate in candidates:
        if is_lan_host(candidate) and not is_loopback_host(candidate):
            return candidate
    return None


def reachable_url(url_host: str, port: str, scheme: str = "http") -> str:
    """``scheme://host[:port]`` with a loopback host swapped for the LAN address (when
    known), so a link printed for phones never names 127.0.0.1."""
    if is_loopback_host(url_host):
        url_host = lan_address() or url_host
    if ":" in url_host and not url_host.startswith("["):
        url_host = f"[{url_host}]"
    default = {"http": "80", "https": "443"}.get(scheme)
    return f"{scheme}://{url_host}" + (f":{port}" if port and port != default else "")


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
