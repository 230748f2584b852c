"""The audit trail in words: the action log stores keys (``result.submitted``), actor
labels (``user:nadia``, ``judge-url:table 3``) and, for status changes the services
decide, fixed English reasons; the console shows them in the page's language. A key
without words here is shown as stored (the console translation test then fails)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.results.models import ActionLog, ResultSubmission

ACTIONS = {
    "result.draft_saved": gettext_lazy("draft saved"),
    "result.submitted": gettext_lazy("result submitted"),
    "result.confirmation": gettext_lazy("confirmation"),
    "result.status": gettext_lazy("status changed"),
    "result.rescored": gettext_lazy("re-scored with the entered printed values"),
    "ruling.made": gettext_lazy("ruling"),
    "standings.snapshot": gettext_lazy("standings updated"),
    "call.acknowledged": gettext_lazy("judge call acknowledged"),
    "call.resolved": gettext_lazy("judge call resolved"),
    "judge_tables_set": gettext_lazy("judge's tables set"),
    "judge_table_taken": gettext_lazy("table taken by scanning its card"),
    "round_created": gettext_lazy("round created"),
    "round_seated": gettext_lazy("round seated"),
    "round_published": gettext_lazy("seating published"),
    "round_closed": gettext_lazy("round closed"),
    "event_status": gettext_lazy("event status changed"),
    "event_finished": gettext_lazy("event finished"),
    "clock_started": gettext_lazy("clock started"),
    "clock_paused": gettext_lazy("clock paused"),
    "clock_resumed": gettext_lazy("clock resumed"),
    "clock_extended": gettext_lazy("round time extended"),
    "clock_table_extra": gettext_lazy("extra time for the table"),
    "clock_time_up": gettext_lazy("time up"),
    "edition_filled": gettext_lazy("printed values entered"),
    "edition_imported": gettext_lazy("edition data imported"),
    "edition_board_saved": gettext_lazy("board map saved"),
    "edition_areas_saved": gettext_lazy("area map saved"),
}

# The services that act on their own (``system:<name>``).
SYSTEMS = {
    "standings": gettext_lazy("standings"),
    "seating": gettext_lazy("seating"),
    "rescore": gettext_lazy("re-scoring"),
}

# Reasons the result services write themselves (results/services/results.py).
REASONS = {
    "confirmed on entry": gettext_lazy("confirmed on entry"),
    "confirmed by a head judge": gettext_lazy("confirmed by a head judge"),
    "every player confirmed": gettext_lazy("every player confirmed"),
    "confirmed by a second judge": gettext_lazy("confirmed by a second judge"),
    "blind re-entry did not match": gettext_lazy("blind re-entry did not match"),
    # results/services/rescore.py
    "re-scored after printed values were entered": gettext_lazy(
        "re-scored after printed values were entered"
    ),
    "printed values entered make this result invalid; kept for the head judge": gettext_lazy(
        "printed values entered make this result invalid; kept for the head judge"
    ),
}
SUPERSEDED = re.compile(r"superseded by v(\d+)")
PREFIXED = re.compile(r"(correction|ruling \d+): (.*)", re.S)


@dataclass(frozen=True)
class AuditLine:
    at: object
    actor: str
    action: str
    status: str
    reason: str


def actor_text(label: str) -> str:
    kind, _sep, rest = label.partition(":")
    if kind == "user" and rest:
        return rest
    if kind == "player" and rest.isdigit():
        return _("player #%(id)s") % {"id": rest}
    if kind == "judge-url" and rest.startswith("table "):
        return _("judge link, table %(n)s") % {"n": rest.removeprefix("table ")}
    if kind == "system":
        return _("automatic (%(what)s)") % {"what": SYSTEMS.get(rest, rest)}
    return label


def reason_text(reason: str) -> str:
    if not reason:
        return ""
    if reason in REASONS:
        return str(REASONS[reason])
    superseded = SUPERSEDED.fullmatch(reason)
    if superseded:
        return _("replaced by version %(v)s") % {"v": superseded.group(1)}
    prefixed = PREFIXED.fullmatch(reason)
    if prefixed:
        head = prefixed.group(1)
        word = _("correction") if head == "correction" else _("ruling")
        return f"{word}: {prefixed.group(2)}"
    return reason  # a person's own words


def audit_lines(entries) -> list[AuditLine]:
    statuses = dict(ResultSubmission.Status.choices)
    out = []
    for entry in entries:
        data = entry.data if isinstance(entry.data, dict) else {}
        status = data.get("status") if entry.action == "result.status" else None
        out.append(
            AuditLine(
                at=entry.created_at,
                actor=actor_text(entry.actor),
                action=str(ACTIONS.get(entry.action, entry.action)),
                status=str(statuses.get(status, status or "")),
                reason=reason_text(str(data.get("reason") or "")),
            )
        )
    return out


def table_audit(table) -> list[AuditLine]:
    return audit_lines(ActionLog.objects.filter(table=table).order_by("created_at", "id"))
