"""The café's network (LAN mode): serve the laptop to the phones on the same Wi-Fi.

``make demo HOST=0.0.0.0`` (or ``LAN=true`` with the local settings) lets requests in
whose Host is the laptop's address on a private network: ALLOWED_HOSTS cannot name an
address range, so the settings allow any host and :class:`LanHostMiddleware` refuses
every host that is not loopback, a private-range address or a ``.local`` name. Outside
LAN mode the middleware does nothing and ALLOWED_HOSTS alone decides.

CSRF needs no list of origins: a form posted from the page's own host is same-origin
(``Origin`` equals ``http://<Host>``), which Django accepts without CSRF_TRUSTED_ORIGINS.
"""

from __future__ import annotations

import functools
import ipaddress
import socket

from django.conf import settings
from django.http import HttpResponseBadRequest
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


class LanHostMiddleware:
    """In LAN mode (``settings.LAN_MODE``), 400 for any Host outside the local network."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if getattr(settings, "LAN_MODE", False):
            host, _port = split_domain_port(request.META.get("HTTP_HOST") or "")
            if not host and not request.META.get("HTTP_HOST"):
                host = request.META.get("SERVER_NAME", "")
            if not is_lan_host(host):
                return HttpResponseBadRequest(
                    "LAN mode serves only local-network hosts (private addresses, .local)."
                )
        return self.get_response(request)
