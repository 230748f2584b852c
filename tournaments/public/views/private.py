"""A player's private page (opened with their private URL): the public player fragment
plus their actions: check in, confirm results (the judge feature's player page), report a
problem.

Tabbycat #2233: everyone opens their private page the moment a draw is released, so these
pages are rendered ahead of time (``services.public_pages``) and cached like the public
pages, keyed by path (which holds the token) at the event's version, and served by the WSGI
fast path. Hence nothing per-request may be in them:

* no CSRF token: the POST views are ``csrf_exempt``. CSRF defends ambient credentials
  (cookies); here the credential is the unguessable token in the URL itself, so a forged
  cross-site POST would need the secret it is meant to protect;
* no flash messages: a POST redirects to ``?done=<what>``, a fixed, cacheable variant.

Responses are ``Cache-Control: private, no-store`` and send no Referer.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from referee.security_headers import PRIVATE_PAGE_HEADERS
from tournaments.events.models import Event, Registration, Round
from tournaments.events.services.registrations import registration_check_in
from tournaments.public import cache as public_cache
from tournaments.public import refresh
from tournaments.public import selectors as sel
from tournaments.public.views.pages import (
    _language,
    cache_path,
    cached_player_fragment,
    event_data_for_player,
)
from tournaments.results.models import ResultSubmission
from tournaments.results.selectors import player_current_table
from tournaments.results.services.calls import EmptyCall, judge_call_create

DONE = set(public_cache.PRIVATE_DONE)


def _registration(token: str) -> Registration:
    registration = (
        Registration.objects.select_related("event", "player")
        .exclude(event__status=Event.Status.DRAFT)
        .filter(private_token=token)
        .first()
    )
    if registration is None:
        raise Http404
    return registration


def _confirm_url(registration: Registration) -> str:
    """The judge feature's player page, where a player confirms or disputes a result."""
    try:
        return reverse("judge:player", kwargs={"token": registration.private_token})
    except NoReverseMatch:
        return ""


def _pending_confirmations(registration: Registration) -> list[dict]:
    """Submitted results at this player's tables that they have not confirmed yet, newest
    first (a confirmation bumps the event's pages, so the cached page drops it)."""
    pending = (
        ResultSubmission.objects.filter(
            table__seats__registration=registration,
            table__round__status__in=sel.RELEASED,
            status=ResultSubmission.Status.SUBMITTED,
        )
        .exclude(confirmations__registration=registration)
        .select_related("table__round")
        .order_by("-created_at")
    )
    return [{"round": s.table.round.number, "table": s.table.number} for s in pending]


def render_private(
    registration: Registration,
    data: sel.EventData | None,
    language: str,
    version: str,
    path: str,
    done: str = "",
    histories: dict | None = None,
    known: dict | None = None,
    fragment: str | None = None,
) -> str:
    """``known`` (from ``private_bulk``) carries the pending results and current table of
    many players at once, so a prerender does not query per player."""
    event = registration.event
    if fragment is None and registration.status != Registration.Status.DROPPED:
        data = data or event_data_for_player(event.slug)
        if registration.pk in data.people:
            fragment = cached_player_fragment(data, registration.pk, language, version, histories)
    with translation.override(language):
        live_path = reverse(
            "tournaments:player", kwargs={"slug": event.slug, "registration_id": registration.pk}
        )
        partial = live_path + "?partial=1"
        context = {
            "event": event,
            "registration": registration,
            "person": registration.player,
            "fragment": fragment or "",
            "can_check_in": registration.status == Registration.Status.REGISTERED
            and event.status in (Event.Status.REGISTRATION, Event.Status.RUNNING),
            "pending": known["pending"] if known else _pending_confirmations(registration),
            "confirm_url": _confirm_url(registration),
            "current_table": known["current_table"]
            if known
            else player_current_table(registration),
            "token": registration.private_token,
            "done": done if done in DONE else "",
            "live_url": partial,
            "live_etag": public_cache.etag_for(version, language, partial),
            "page_path": path,
        }
        return render_to_string("public/private.html", context)


def private_bulk(data: sel.EventData) -> dict[int, dict]:
    """Per registration: pending confirmations and current table, from one query."""
    known: dict[int, dict] = {pk: {"pending": [], "current_table": None} for pk in data.people}
    current = next((r for r in reversed(data.rounds) if r.status == Round.Status.PUBLISHED), None)
    tables = {}
    if current is not None:
        for table in current.tables:
            tables[table.id] = table
            for seat in table.seats:
                if seat.person.registration_id in known:
                    known[seat.person.registration_id]["current_table"] = _TableRef(
                        current.number, table.number
                    )
    pending = (
        ResultSubmission.objects.filter(
            table__round__event=data.event,
            table__round__status__in=sel.RELEASED,
            status=ResultSubmission.Status.SUBMITTED,
        )
        .select_related("table__round")
        .prefetch_related("table__seats", "confirmations")
        .order_by("-created_at")
    )
    for submission in pending:
        confirmed = {c.registration_id for c in submission.confirmations.all()}
        for seat in submission.table.seats.all():
            if seat.registration_id in known and seat.registration_id not in confirmed:
                known[seat.registration_id]["pending"].append(
                    {"round": submission.table.round.number, "table": submission.table.number}
                )
    return known


class _TableRef:
    """What the private page shows of the current table (``round.number``, ``number``)."""

    def __init__(self, round_number: int, number: int) -> None:
        self.round = type("RoundRef", (), {"number": round_number})()
        self.number = number


@require_http_methods(["GET", "HEAD"])
def private_page(request: HttpRequest, token: str) -> HttpResponse:
    language = _language(request)
    path = cache_path(request)
    done = request.GET.get("done", "")
    owner = public_cache.owner_of_token(token)
    found = public_cache.lookup(owner[0], path, language, player=owner[1]) if owner else None
    stale = found is not None and found.html is None and found.stale_html is not None
    if stale and not refresh.in_refresh():
        # Everyone gets the previous render at once; a background batch renders the new
        # one. One small query first: a token whose event went back to draft, or a
        # deleted registration, must not keep its old page.
        registration = _registration(token)
        slug = registration.event.slug
        found = refresh.serve_stale(found, slug, path, language, registration.pk, done)
    if found is None or found.html is None:
        registration = _registration(token)
        slug = registration.event.slug
        public_cache.remember_token(token, slug, registration.pk)
        version = refresh.pinned_version(path, language)
        if version is None:
            version = public_cache.lookup(slug, path, language, player=registration.pk).version
        known = refresh.batch_private(slug, registration.pk)
        html = render_private(registration, None, language, version, path, done, known=known)
        public_cache.store(path, language, version, html)
        found = public_cache.Lookup(version, html)
    etag = public_cache.etag_for(found.version, language, path)
    if public_cache.etag_matches(request.headers.get("If-None-Match"), etag):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(found.html)
    response["ETag"] = etag
    for name, value in PRIVATE_PAGE_HEADERS.items():
        response[name] = value
    return response


def _back(token: str, done: str) -> HttpResponse:
    response = redirect(reverse("tournaments:private", kwargs={"token": token}) + f"?done={done}")
    response["Referrer-Policy"] = "no-referrer"
    return response


@csrf_exempt  # see the module docstring: the URL's token is the credential
@require_POST
def private_check_in(request: HttpRequest, token: str) -> HttpResponse:
    registration = _registration(token)
    if registration.status == Registration.Status.REGISTERED and registration.event.status in (
        Event.Status.REGISTRATION,
        Event.Status.RUNNING,
    ):
        registration_check_in(registration_id=registration.pk)
    return _back(token, "checked-in")


@csrf_exempt  # see the module docstring: the URL's token is the credential
@require_POST
def private_report(request: HttpRequest, token: str) -> HttpResponse:
    registration = _registration(token)
    try:
        judge_call_create(registration=registration, message=request.POST.get("message", ""))
    except EmptyCall:
        return _back(token, "empty")
    return _back(token, "reported")
