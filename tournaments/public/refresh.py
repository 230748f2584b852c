"""Stale-while-revalidate for a player's pages (issue 21, "Scale").

During a rush every confirmation and every standings snapshot moves many players' page
versions, so almost every read of a player page (public or private) was the first read of
a new version and rendered inside the request: a 2,000-player event's web processes did
nothing but render (~20 renders/s on 2 cores, reads p99 ~10 s). Now, when a previous render
of such a page exists, every reader gets it at once (with its own ETag, so the next poll
picks the new one up) and one background task on the ``pages`` queue renders the current
version. Only a page never rendered before renders in the request.

The event's few shared pages (home, standings, seating, tables) still render in the first
reader's request (``views.pages.serve_cached`` lets the others have the stale copy): a
submitted result must reach the public standings within seconds, and the ``pages`` worker
may be busy with a ~10 s prerender.

At most one refresh per page waits in the queue (``events.coalesce``); the task clears its
flag before it renders, so a change after that queues another. The task renders by calling
the page's own view, so the background render is byte-for-byte what a request would store.
"""

from __future__ import annotations

import threading

from django.http import Http404, HttpRequest, QueryDict
from django.urls import resolve, reverse
from django.utils import translation

from tournaments.events import coalesce
from tournaments.public import cache as public_cache

_local = threading.local()


def in_refresh() -> bool:
    """True inside the refresh task: the view renders instead of serving the stale copy."""
    return getattr(_local, "active", False)


def _flag(path: str, language: str) -> str:
    return coalesce.flag_key("page", public_cache.page_key(path, language))


def request_refresh(
    path: str, language: str, registration_id: int | None = None, done: str = ""
) -> bool:
    """Queue a background render of the page at ``path`` (a private page: by its
    registration and ``done`` variant, so no token travels through the broker) unless one
    is already waiting. True: queued (or, with eager tasks, rendered already)."""
    from tournaments.events import outbox
    from tournaments.public.tasks import public_page_refresh_task

    if not coalesce.claim(_flag(path, language), 0):
        return False
    if registration_id is None:
        args = (language, path, None, "")
    else:
        args = (language, None, registration_id, done)
    outbox.send(public_page_refresh_task, args)
    return True


def refresh_page(
    language: str, path: str | None = None, registration_id: int | None = None, done: str = ""
) -> bool:
    """Render the page at its current version and store it, through its view. False: the
    page is gone (an unknown player, a draft event, a deleted registration)."""
    from tournaments.events.models import Registration

    with translation.override(language):
        if path is None:
            token = (
                Registration.objects.filter(pk=registration_id)
                .values_list("private_token", flat=True)
                .first()
            )
            if token is None:
                return False
            path = reverse("tournaments:private", kwargs={"token": token})
            if done in public_cache.PRIVATE_DONE:
                path += f"?done={done}"
        coalesce.release(_flag(path, language))
        request = _get_request(path)
        request.LANGUAGE_CODE = language
        match = resolve(request.path)
        _local.active = True
        try:
            response = match.func(request, *match.args, **match.kwargs)
        except Http404:
            # Gone since its last render (a draft event, an unknown player): drop the
            # stale copy, so the next read renders its 404 in the request.
            public_cache.forget(path, language)
            return False
        finally:
            _local.active = False
    return response.status_code == 200


def _get_request(path: str) -> HttpRequest:
    """A bare GET of ``path`` (no cookies, no headers: what a cached page may depend on)."""
    request = HttpRequest()
    request.method = "GET"
    request.path, _, query = path.partition("?")
    request.path_info = request.path
    request.GET = QueryDict(query)
    request.META = {"SERVER_NAME": "localhost", "SERVER_PORT": "80", "QUERY_STRING": query}
    return request


def serve_stale(
    found: public_cache.Lookup,
    path: str,
    language: str,
    registration_id: int | None = None,
    done: str = "",
    slug: str | None = None,
) -> public_cache.Lookup:
    """What a reader of a stale player page gets: the previous render, after queueing the
    new one. With eager tasks (no broker) the render ran just now: serve it instead."""
    request_refresh(path, language, registration_id, done)
    if _eager():
        current = public_cache.lookup(slug, path, language, player=registration_id)
        if current.html is not None:
            return current
    return public_cache.Lookup(found.stale_version, found.stale_html)


def _eager() -> bool:
    from tournaments.public.tasks import public_page_refresh_task

    return bool(public_page_refresh_task.app.conf.task_always_eager)
