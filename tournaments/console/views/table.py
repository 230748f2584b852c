"""Console: one table — its result versions, rulings and corrections with reasons, and its
audit trail. Every write goes through the result services (which check the organizer's
role and write the action log). A correction is entered on the table's phone form
(results' judge page, /judge/tables/<id>/), the same form as entry, never as JSON."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.console.selectors.audit import table_audit
from tournaments.console.services.lost_values import has_lost_values, missing_count
from tournaments.console.views.events import actor_of, console_event
from tournaments.console.views.tools import is_organizer
from tournaments.events.access import NotAllowed
from tournaments.events.models import Table
from tournaments.results.models import ResultSubmission, Ruling
from tournaments.results.selectors import open_judge_calls, table_current, table_game_key
from tournaments.results.services.rescore import rescore_refused
from tournaments.results.services.results import (
    ResultError,
    result_confirm,
    result_discard,
    result_rule,
)
from tournaments.results.unchecked_text import localized_unchecked
from tournaments.results.violation_text import localized


def _table(request, slug, number, table_number) -> Table:
    event = console_event(request, slug)
    return get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event=event,
        round__number=number,
        number=table_number,
    )


def _int_list(text: str) -> list[int] | None:
    parts = [p for p in text.replace(" ", "").split(",") if p]
    return [int(p) for p in parts] if parts else None


def _act(request, table: Table) -> None:
    actor = actor_of(request)
    action = request.POST.get("action")
    reason = request.POST.get("reason", "").strip()
    submission_id = request.POST.get("submission") or None
    if action == "confirm":
        result_confirm(submission_id=int(submission_id), actor=actor)
    elif action == "discard":
        result_discard(submission_id=int(submission_id), actor=actor, reason=reason)
    elif action == "rule":
        result_rule(
            actor=actor,
            table_id=table.pk,
            kind=request.POST.get("kind", ""),
            reason=reason,
            submission_id=int(submission_id) if submission_id else None,
            registration_id=int(request.POST["registration"])
            if request.POST.get("registration")
            else None,
            points=request.POST.get("points") or None,
            placements=_int_list(request.POST.get("placements", "")),
            resolution=request.POST.get("resolution", ""),
        )
    else:
        # Corrections are entered on the phone form (judge:table-login), never as JSON.
        raise ValueError(_("Unknown action."))


def _waiting_for_values(request, table: Table) -> dict | None:
    """When the table's current result reads "n + ?": the game, and how many of its lost
    printed values are still unknown (the organizer's short screen enters them)."""
    current = table_current(table)
    players = ((current.outcome or {}).get("players") or []) if current else []
    if not any(p.get("complete") is False for p in players):
        return None
    game = table_game_key(table)
    missing = missing_count(table.round.event, game) if has_lost_values(game) else 0
    return {
        "game": game,
        "missing": missing,
        "organizes": is_organizer(request.user, table.round.event),
    }


def _problems(violations: list) -> list[dict]:
    """The engine's problems in the page's language, each rule as printed ("L11", not
    "nile_murals:L11")."""
    return [
        {**v, "rule_id": (v.get("rule") or "").rpartition(":")[2]}
        for v in localized(violations, get_language() or "ja")
    ]


@login_required
def table_view(request, slug, number, table_number):
    table = _table(request, slug, number, table_number)
    status = 200
    if request.method == "POST":
        try:
            _act(request, table)
        except (ResultError, NotAllowed, ValueError, KeyError) as error:
            # Refused, nothing written: the page again with the reason, as a
            # 4xx (a redirect would report the refusal as a success to scripts and proxies).
            messages.error(request, str(error) or error.__class__.__name__)
            status = 403 if isinstance(error, NotAllowed) else getattr(error, "status", 400)
        else:
            messages.success(request, _("Saved."))
            return redirect("console:table", slug=slug, number=number, table_number=table_number)
    submissions = list(table.submissions.order_by("-version"))
    latest = submissions[0] if submissions else None
    # What the engine could not check in the version that stands (the newest not discarded).
    current = next((s for s in submissions if s.status != ResultSubmission.Status.DISCARDED), None)
    return render(
        request,
        "console/table.html",
        {
            "event": table.round.event,
            "table": table,
            "seats": table.seats.select_related("registration__player").order_by("position"),
            "submissions": submissions,
            "latest": latest,
            "current": current,
            "unchecked": localized_unchecked(current.outcome, get_language() or "ja")
            if current
            else [],
            "rulings": Ruling.objects.filter(table=table).order_by("created_at"),
            "kinds": Ruling.Kind.choices,
            "log": table_audit(table),
            "waiting": _waiting_for_values(request, table),
            "refused": [
                {"sub": s, "problems": _problems(s.violations)}
                for s in submissions
                if rescore_refused(s)
            ],
            "statuses": ResultSubmission.Status,
            "calls": open_judge_calls(table.round.event_id, table_ids=[table.pk]),
        },
        status=status,
    )
