"""The client's address, read through the proxies the deployment names (``TRUSTED_PROXIES``).

Behind a TLS proxy every request comes from the proxy's address; gunicorn passes it on as
``REMOTE_ADDR`` and never reads ``X-Forwarded-For``. Login throttling keyed on that address
would throttle everyone at once. ``X-Forwarded-For`` is believed only as far as trusted
proxies wrote it: read from the right (each proxy appends the address it saw), skipping
trusted proxies, the first hop that is not a trusted proxy is the client. A header sent
by a client that is not a trusted proxy is ignored, so a forged header moves nothing.
Without ``TRUSTED_PROXIES`` (the embedded default, no proxy) the answer is ``REMOTE_ADDR``.

``ClientAddressMiddleware`` (first in ``MIDDLEWARE``) puts that address in
``REMOTE_ADDR`` for everything after it (the action log's addresses, throttles), keeping
the proxy's as ``PROXY_REMOTE_ADDR``; django-axes asks through ``AXES_CLIENT_IP_CALLABLE``.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@lru_cache(maxsize=8)
def _networks(
    trusted: tuple[str, ...],
) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in trusted if entry)


def trusted_networks():
    return _networks(tuple(getattr(settings, "TRUSTED_PROXIES", ()) or ()))


def _parse(text: str) -> Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[2001:db8::1]:443"
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # "203.0.113.9:51234"
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped  # one client, one key: ::ffff:198.51.100.7 is 198.51.100.7
    return address


def _trusted(address: Address, networks) -> bool:
    return any(address.version == net.version and address in net for net in networks)


PROXY_KEY = "PROXY_REMOTE_ADDR"


def client_address(request) -> str:
    """The address of the client that sent ``request``, as text."""
    remote_text = request.META.get("REMOTE_ADDR", "") or ""
    if PROXY_KEY in request.META:  # ClientAddressMiddleware has resolved it already
        return remote_text
    remote = _parse(remote_text)
    networks = trusted_networks()
    if remote is None or not networks or not _trusted(remote, networks):
        return str(remote) if remote is not None else remote_text
    client = remote
    hops = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    for hop in reversed(hops):
        address = _parse(hop)
        if address is None:
            break  # garbage: believe nothing further left than the last good hop
        client = address
        if not _trusted(address, networks):
            break
    return str(client)


class ClientAddressMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if PROXY_KEY not in request.META:
            address = client_address(request)
            request.META[PROXY_KEY] = request.META.get("REMOTE_ADDR", "")
            request.META["REMOTE_ADDR"] = address
        return self.get_response(request)
