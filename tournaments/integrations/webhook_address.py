"""Where a webhook may be delivered: the address policy, checked when a hook is registered
and again on every delivery, against the address the delivery then connects to.

A URL is refused when it is not a plain ``http(s)://host[:port]/path``: user info
(``user@host``), a backslash (``evil.example\\@127.0.0.1``: parsers disagree on the host),
spaces or control characters, a bad port. Its host is resolved once per delivery
(``resolve``, the seam tests replace); every answer must be allowed, and the delivery
connects to the first one, so a name that answers differently the second time (DNS
rebinding) cannot send it elsewhere.

Allowed: public internet addresses (``is_global``), never multicast; IPv6 forms that carry
an IPv4 address (``::ffff:127.0.0.1``, ``::127.0.0.1``, NAT64, 6to4) are judged by that
IPv4 address or refused. ``WEBHOOK_ALLOW_PRIVATE_ADDRESSES`` adds the café's LAN ranges
(``LAN_NETWORKS``) and nothing else: loopback and link-local stay closed.
``WEBHOOK_ADDRESSES_TREATED_AS_PUBLIC`` (test settings only, never read from the
environment) names the loopback address the tests' receivers listen on.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

LAN_NETWORKS = tuple(
    ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")
)
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")  # ::127.0.0.1, deprecated, never a real host
_NAT64 = ipaddress.ip_network("64:ff9b::/96")

# Why a URL or address is refused (stored as a failed delivery's ``last_error``; the
# console's delivery log says it in the page's language, integrations/views.py).
UNPARSEABLE = "address refused: not a plain http(s) url"
NOT_FOUND = "host name not found"
NOT_PUBLIC = "address refused: not a public internet address"


class AddressRefused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str  # as written (a name, or an IP literal without brackets)
    port: int
    path: str  # path and query, what the request line carries


def parse(url: str) -> Target:
    """The URL's parts, or ``AddressRefused(UNPARSEABLE)``."""
    if not isinstance(url, str) or any(c.isspace() or ord(c) < 32 or c == "\\" for c in url):
        raise AddressRefused(UNPARSEABLE)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise AddressRefused(UNPARSEABLE) from None
    if parts.scheme not in ("http", "https") or not parts.hostname or "@" in parts.netloc:
        raise AddressRefused(UNPARSEABLE)
    if port == 0:
        raise AddressRefused(UNPARSEABLE)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(
        scheme=parts.scheme,
        host=parts.hostname,
        port=port or (443 if parts.scheme == "https" else 80),
        path=path,
    )


def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to, in the resolver's order (a seam for tests)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [info[4][0] for info in infos]


def _embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def allowed(address: Address) -> bool:
    """Whether a delivery may connect to ``address`` under the settings in force."""
    if str(address) in getattr(settings, "WEBHOOK_ADDRESSES_TREATED_AS_PUBLIC", ()):
        return True
    if isinstance(address, ipaddress.IPv6Address):
        if address in _IPV4_COMPATIBLE:
            return False  # ::127.0.0.1 and ::
        embedded = _embedded_ipv4(address)
        if embedded is not None:
            return allowed(embedded)
    if address.is_multicast or address.is_loopback or address.is_link_local:
        return False
    if address.is_unspecified or address.is_reserved:
        return False
    if address.is_global:
        return True
    return bool(getattr(settings, "WEBHOOK_ALLOW_PRIVATE_ADDRESSES", False)) and any(
        address.version == net.version and address in net for net in LAN_NETWORKS
    )


def check(url: str) -> tuple[Target, str]:
    """The URL's target and the one address to connect to; ``AddressRefused`` otherwise."""
    target = parse(url)
    try:
        answers = resolve(target.host, target.port)
    except (OSError, UnicodeError):
        raise AddressRefused(NOT_FOUND) from None
    if not answers:
        raise AddressRefused(NOT_FOUND)
    addresses = []
    for answer in answers:
        try:
            addresses.append(ipaddress.ip_address(answer.split("%", 1)[0]))
        except ValueError:
            raise AddressRefused(NOT_PUBLIC) from None
    if not all(allowed(a) for a in addresses):
        raise AddressRefused(NOT_PUBLIC)
    return target, answers[0]
