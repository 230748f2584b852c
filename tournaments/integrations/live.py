"""Live updates: one server-sent events stream per event (``/api/events/<slug>/live/``).

What happened is appended to a Redis stream per event and audience (``publish``, called by
``live_subscribers`` after commit); each listener reads it from where it left off with
``XREAD BLOCK``, so a client that reconnects with ``Last-Event-ID`` gets what it missed
(the last ``STREAM_LENGTH`` updates are kept). Two audiences:

- ``public``: what the public pages show — a round published or closed, a table's result
  released, the standings updated, the round clock changed, the event finished. No score,
  nothing unreleased: a client reads the public API again to see what changed.
- ``staff`` (``?staff=1``, an organizer or head judge by session or API token): the same,
  plus every table's state (submitted, confirmed, disputed…) and judge calls.

The view is async: under an ASGI server (``uvicorn referee.asgi:application``, the ``live``
service of docker-compose) a few thousand idle listeners are a few thousand coroutines
waiting on Redis, not a few thousand gunicorn threads. Without Redis (the embedded default)
there is no stream: the endpoint answers ``204``, which tells an ``EventSource`` not to
reconnect, and the pages keep polling. Under a WSGI server (runserver, gunicorn) each
answer ends after ``WSGI_STREAM_SECONDS`` and the client resumes with its Last-Event-ID.
"""

from __future__ import annotations

import json
import logging
import re
import time

import redis
import redis.asyncio as aioredis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse

from tournaments.events.access import Actor
from tournaments.events.models import Event

logger = logging.getLogger(__name__)

STREAM_LENGTH = 500  # updates kept per event and audience, for Last-Event-ID resumes
STREAM_TTL_SECONDS = 3 * 24 * 3600  # an event's stream goes when no one wrote for 3 days
KEEPALIVE_SECONDS = 15  # a comment line this often keeps proxies from closing an idle one
RETRY_MS = 3000
WSGI_STREAM_SECONDS = 25  # under WSGI an answer holds a thread: it ends and is resumed
PUBLIC = "public"
STAFF = "staff"
STREAM_ID = re.compile(r"^\d{1,20}-\d{1,20}$")

# Kinds every listener gets; the staff stream gets these and the staff-only ones.
PUBLIC_KINDS = frozenset(
    {"round.published", "round.closed", "table.released", "standings.updated",
     "clock.changed", "event.finished", "announcement"}
)  # fmt: skip
STAFF_KINDS = PUBLIC_KINDS | {"table.state", "judge.call"}


def stream_key(event_id: int, audience: str) -> str:
    prefix = settings.CACHES["default"].get("KEY_PREFIX") or "referee"
    return f"{prefix}:live:{event_id}:{audience}"


def _client() -> redis.Redis | None:
    if not settings.REDIS_URL:
        return None
    return redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=2)


def publish(event_id: int, kind: str, data: dict) -> None:
    """Append one update to the event's streams. Never raises: while Redis is away the
    listeners miss the update and the pages' polling shows it instead."""
    audiences = [STAFF] + ([PUBLIC] if kind in PUBLIC_KINDS else [])
    if kind not in STAFF_KINDS:
        raise ValueError(f"unknown live update kind {kind!r}")
    client = _client()
    if client is None:
        return
    body = json.dumps({"kind": kind, **data}, separators=(",", ":"), default=str)
    try:
        with client.pipeline(transaction=False) as pipe:
            for audience in audiences:
                key = stream_key(event_id, audience)
                pipe.xadd(
                    key, {"kind": kind, "data": body}, maxlen=STREAM_LENGTH, approximate=False
                )
                pipe.expire(key, STREAM_TTL_SECONDS)
            pipe.execute()
    except redis.RedisError as error:
        logger.warning("live update %s of event %s not sent: %r", kind, event_id, error)
    finally:
        client.close()


def _event_id(slug: str) -> int:
    """The event's id if the public may see it (not a draft); else 404."""
    found = (
        Event.objects.filter(slug=slug)
        .exclude(status=Event.Status.DRAFT)
        .values_list("pk", flat=True)
        .first()
    )
    if found is None:
        raise Http404("no such event")
    _done_with_the_database()
    return found


def _done_with_the_database() -> None:
    """A stream stays open for minutes and never reads the database again: give the
    connection back now rather than hold it (and a PostgreSQL backend) for that long.
    Inside a transaction (a test's) it is left alone."""
    if not connection.in_atomic_block:
        connection.close()


def _staff_user(request, event_id: int):
    """The organizer or head judge behind the request's session or API token, or None."""
    from tournaments.integrations.auth import key_hash
    from tournaments.integrations.models import ApiToken

    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        token = (
            ApiToken.objects.select_related("user")
            .filter(key_hash=key_hash(header[7:].strip()), revoked_at=None)
            .first()
        )
        if token is None or (token.event_id not in (None, event_id)):
            return None
        user = token.user
    else:
        user = request.user
    if not user.is_authenticated or not Actor(user=user).is_event_staff(event_id):
        return None
    _done_with_the_database()
    return user


def _resume_from(request) -> str:
    last = request.headers.get("Last-Event-ID") or request.GET.get("last_event_id") or ""
    return last if STREAM_ID.match(last) else "$"


def _frame(entry_id: bytes, fields: dict) -> str:
    kind = fields.get(b"kind", b"update").decode()
    data = fields.get(b"data", b"{}").decode()
    return f"id: {entry_id.decode()}\nevent: {kind}\ndata: {data}\n\n"


def _id(text: str | bytes) -> tuple[int, int]:
    text = text.decode() if isinstance(text, bytes) else text
    ms, seq = text.split("-")
    return int(ms), int(seq)


def _reset_needed(cursor: str, info: dict | None) -> bool:
    """Whether a resuming client may have missed updates that were trimmed away: some were
    trimmed, and its last id is older than the oldest one kept (a client whose last id
    was the newest trimmed one reads everything again for nothing, which is harmless)."""
    if cursor == "$" or not info or info["entries-added"] <= info["length"]:
        return False
    first = info.get("first-entry")
    return first is not None and _id(cursor) < _id(first[0])


def _info(client: redis.Redis, key: str) -> dict | None:
    try:
        return client.xinfo_stream(key)
    except redis.ResponseError:  # no such stream yet
        return None


async def _stream_info(call) -> dict | None:
    try:
        return await call
    except redis.ResponseError:
        return None


RESET = 'event: reset\ndata: {"kind":"reset"}\n\n'


async def _updates(key: str, cursor: str):
    """Every update after ``cursor``, then each new one as it comes, until the client goes
    (the ASGI server cancels this on disconnect)."""
    client = aioredis.from_url(settings.REDIS_URL, socket_connect_timeout=1)
    try:
        yield f"retry: {RETRY_MS}\n\n"
        if _reset_needed(cursor, await _stream_info(client.xinfo_stream(key))):
            yield RESET  # it reads everything again
        while True:
            got = await client.xread({key: cursor}, block=KEEPALIVE_SECONDS * 1000, count=100)
            if not got:
                yield ": keep-alive\n\n"
            for _key, entries in got or ():
                for entry_id, fields in entries:
                    cursor = entry_id.decode()
                    yield _frame(entry_id, fields)
    finally:
        await client.aclose()


def _updates_for_a_while(key: str, cursor: str, seconds: float):
    """The same under a WSGI server (runserver, gunicorn), where each listener holds a
    thread: the answer ends after ``seconds`` and the EventSource reconnects with its
    Last-Event-ID, so no thread is held for long."""
    client = _client()
    deadline = time.monotonic() + seconds
    try:
        yield f"retry: {RETRY_MS}\n\n"
        if _reset_needed(cursor, _info(client, key)):
            yield RESET
        while (left := deadline - time.monotonic()) > 0:
            got = client.xread({key: cursor}, block=max(1, int(left * 1000)), count=100)
            for _key, entries in got or ():
                for entry_id, fields in entries:
                    cursor = entry_id.decode()
                    yield _frame(entry_id, fields)
    except redis.RedisError:
        return  # the client reconnects after ``retry``; its pages poll meanwhile
    finally:
        client.close()


async def event_stream(request, slug: str):
    """``GET /api/events/<slug>/live/``: the event's updates as ``text/event-stream``."""
    event_id = await sync_to_async(_event_id)(slug)
    audience = PUBLIC
    if request.GET.get("staff"):
        user = await sync_to_async(_staff_user)(request, event_id)
        if user is None:
            return JsonResponse(
                {"code": "forbidden", "message": "the staff stream is for the event's "
                 "organizers and head judges"}, status=403,
            )  # fmt: skip
        audience = STAFF
    if not settings.REDIS_URL:
        return HttpResponse(status=204)  # no stream here: keep polling
    key, cursor = stream_key(event_id, audience), _resume_from(request)
    if isinstance(request, ASGIRequest):
        updates = _updates(key, cursor)
    else:
        updates = _updates_for_a_while(key, cursor, WSGI_STREAM_SECONDS)
    response = StreamingHttpResponse(updates, content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each update on at once
    return response
