"""The café's network (LAN mode): serve the laptop to the phones on the same Wi-Fi.

``make demo HOST=0.0.0.0`` (or ``LAN=true`` with the local settings) lets requests in
whose Host is the laptop's address on a private network: ALLOWED_HOSTS cannot name an
address range, so the settings allow any host and :class:`LanHostMiddleware` refuses
every host that is not loopback, a private-range address or a ``.local`` name. Outside
LAN mode the middleware does nothing and ALLOWED_HOSTS alone decides. Which hosts are
local, and the machine's own LAN address, are worked out in tournaments/events/links.py
(the links printed for phones use them too).

CSRF needs no list of origins: a form posted from the page's own host is same-origin
(``Origin`` equals ``http://<Host>``), which Django accepts without CSRF_TRUSTED_ORIGINS.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseBadRequest
from django.http.request import split_domain_port

from tournaments.events.links import is_lan_host


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
