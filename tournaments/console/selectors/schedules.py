"""The event's stored schedule as the console shows it: counts, method, names."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.events.models import Event, Registration, Round
from tournaments.seating.models import EventSchedule


def method_label(method: str) -> str:
    """The schedule's method in the page's language (the optimiser names it in English)."""
    if method == "fixed":
        return _("uploaded file")
    if method == "search":
        return _("search (fewest repeat meetings found)")
    if method.startswith("construction: affine plane"):
        return _("construction: affine plane %(plane)s") % {
            "plane": method.split("affine plane ", 1)[1]
        }
    if method.startswith("construction: social golfer"):
        return _("construction: published social golfer solution (32 players, 10 rounds)")
    if method.startswith("construction:"):
        return _("construction: resolvable design (every pair meets at most once)")
    return method


def schedule_summary(event: Event) -> dict | None:
    """Counts, method and every round's tables by name; None without a schedule."""
    stored = EventSchedule.objects.filter(event=event).first()
    if stored is None:
        return None
    names = dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))
    status = dict(Round.objects.filter(event=event).values_list("number", "status"))
    rounds = [
        {
            "number": entry["number"],
            "status": status.get(entry["number"]),
            "tables": [[names.get(pk, str(pk)) for pk in table] for table in entry["tables"]],
            "byes": [names.get(pk, str(pk)) for pk in entry["byes"]],
        }
        for entry in stored.rounds
    ]
    return {
        "stored": stored,
        "method": method_label(stored.method),
        "optimal": stored.repeat_meetings == stored.lower_bound,
        "rounds": rounds,
        "numbers": [r["number"] for r in rounds],
    }
