"""One log line per request: the view, the method, the status, the time and the path.

``RequestLogMiddleware`` is first in ``MIDDLEWARE`` so its time covers every other
middleware and the view. The path is logged without its query string (a query may carry
anything a client typed) and with a private or judge token replaced by ``[token]``
(``referee/logredact.py``); no header or body is read. The fields are also passed as
``extra``, which the JSON format (``LOG_FORMAT=json``) writes as their own keys; the
plain format prints the message, one compact line.

A streamed response (the live stream's server-sent events) is logged when its headers
are ready: its time is the time to the first byte, not the connection's life.
Public pages answered by the WSGI fast path (``tournaments/public/wsgi.py``) never reach
Django's middleware and so have no line here; the proxy's access log has them.
"""

from __future__ import annotations

import logging
import time

from referee.logredact import redact

logger = logging.getLogger("referee.request")


def view_name(request) -> str:
    """The URL's name ("public:standings"), else its pattern, else "-" (no URL matched)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return "-"
    return match.view_name or match.route or "-"


class RequestLogMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        duration_ms = round((time.perf_counter() - started) * 1000, 1)
        fields = {
            "method": request.method,
            "path": redact(request.path),
            "status": response.status_code,
            "view": view_name(request),
            "duration_ms": duration_ms,
        }
        logger.info(
            "%(method)s %(path)s %(status)s %(view)s %(duration_ms).1fms", fields, extra=fields
        )
        return response
