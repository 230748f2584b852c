"""A player's private page's template, rendered from their registration with no request
(``renderer.render_page`` is its only caller): the public player fragment plus their
actions (check in, confirm results, report a problem).

Nothing per-request may be in it (it is cached and prerendered; ``views.private`` says
why there is no CSRF token and no flash message).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import translation

from tournaments.events.models import (
    CANCELLABLE_STATUSES,
    ENTERED_STATUSES,
    Event,
    Registration,
    Round,
)
from tournaments.events.selectors.signups import waitlist_position
from tournaments.public import cache as public_cache
from tournaments.public import selectors as sel
from tournaments.results.models import ResultSubmission
from tournaments.results.selectors import player_current_table

DONE = set(public_cache.PRIVATE_DONE)


def _confirm_url(registration: Registration) -> str:
    """The judge feature's player page, where a player confirms or disputes a result."""
    try:
        return reverse("judge:player", kwargs={"token": registration.private_token})
    except NoReverseMatch:
        return ""


def pending_confirmations(registration: Registration) -> list[dict]:
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
    language: str,
    version: str,
    path: str,
    done: str = "",
    known: dict | None = None,
    fragment: str | None = None,
) -> str:
    """``known`` (from ``private_bulk``) carries the pending results and current table of
    many players at once, so a batch does not query per player; ``fragment``: the
    player's public fragment ("" when they have none: dropped)."""
    event = registration.event
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
            "pending": known["pending"] if known else pending_confirmations(registration),
            "confirm_url": _confirm_url(registration),
            "current_table": known["current_table"]
            if known
            else player_current_table(registration),
            "token": registration.private_token,
            "can_cancel": registration.status in CANCELLABLE_STATUSES
            and event.status == Event.Status.REGISTRATION,
            "waitlist_position": waitlist_position(registration),
            # A sign-up without a place sits at no table: nothing to report from one.
            "show_report": registration.status in ENTERED_STATUSES,
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
    if current is not None:
        for table in current.tables:
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
