"""A player's private page (opened with their private URL): the public player fragment
(prerendered, cached) plus their actions: check in, confirm results, report a problem.

The token authorises; the page is ``Cache-Control: private, no-store`` and sends no
Referer, so the token stays in the player's hands. Forms carry a CSRF token, which is why
only the fragment, never this wrapper, is cached.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments import public_cache
from tournaments.models import Event, Registration, Round, Table
from tournaments.models_public import ProblemReport
from tournaments.models_results import ResultSubmission
from tournaments.selectors import public as sel
from tournaments.services.registrations import registration_check_in
from tournaments.views.public import _language, cached_player_fragment, player_fragment_key


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


def _pending_confirmations(registration: Registration) -> list[dict]:
    """Submitted (not yet confirmed) results at this player's tables, newest first."""
    pending = (
        ResultSubmission.objects.filter(
            table__seats__registration=registration,
            table__round__status__in=sel.RELEASED,
            status=ResultSubmission.Status.SUBMITTED,
        )
        .select_related("table__round")
        .order_by("-created_at")
    )
    out = []
    for submission in pending:
        out.append(
            {
                "submission": submission,
                "round": submission.table.round.number,
                "table": submission.table.number,
                "confirm_url": _confirm_url(registration, submission),
            }
        )
    return out


def _confirm_url(registration: Registration, submission: ResultSubmission) -> str:
    """The results feature's confirm page for a player, when it exists."""
    candidates = [
        (
            "results:player-confirm",
            {"token": registration.private_token, "submission_id": submission.pk},
        ),
        (
            "tournaments:player-confirm",
            {"token": registration.private_token, "submission_id": submission.pk},
        ),
        (
            "results:player-table",
            {"token": registration.private_token, "table_id": submission.table_id},
        ),
    ]
    for name, kwargs in candidates:
        try:
            return reverse(name, kwargs=kwargs)
        except NoReverseMatch:
            continue
    return ""


def _current_table(registration: Registration) -> Table | None:
    return (
        Table.objects.filter(seats__registration=registration, round__status=Round.Status.PUBLISHED)
        .select_related("round")
        .order_by("-round__number")
        .first()
    )


@require_http_methods(["GET", "HEAD"])
def private_page(request: HttpRequest, token: str) -> HttpResponse:
    registration = _registration(token)
    event = registration.event
    language = _language(request)
    # The rush path: the fragment was prerendered when the round was published.
    found = public_cache.lookup(event.slug, player_fragment_key(registration.pk), language)
    version, fragment = found.version, found.html
    if fragment is None and registration.status != Registration.Status.DROPPED:
        data = sel.event_data(event)
        if registration.pk in data.people:
            fragment = cached_player_fragment(data, registration.pk, language, version)
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
        "pending": _pending_confirmations(registration),
        "current_table": _current_table(registration),
        "token": token,
        "live_url": partial,
        "live_etag": public_cache.etag_for(version, language, partial),
        "page_path": request.path,
    }
    response = render(request, "public/private.html", context)
    response["Cache-Control"] = "private, no-store"
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex"
    return response


@require_POST
def private_check_in(request: HttpRequest, token: str) -> HttpResponse:
    registration = _registration(token)
    if registration.status == Registration.Status.REGISTERED and registration.event.status in (
        Event.Status.REGISTRATION,
        Event.Status.RUNNING,
    ):
        registration_check_in(registration_id=registration.pk)
        messages.success(request, _("You are checked in."))
    return redirect("tournaments:private", token=token)


@require_POST
def private_report(request: HttpRequest, token: str) -> HttpResponse:
    registration = _registration(token)
    message = request.POST.get("message", "").strip()[:2000]
    if not message:
        messages.error(request, _("Please describe the problem."))
        return redirect("tournaments:private", token=token)
    ProblemReport.objects.create(
        registration=registration, table=_current_table(registration), message=message
    )
    messages.success(request, _("Thank you. A judge will come to your table."))
    return redirect("tournaments:private", token=token)
