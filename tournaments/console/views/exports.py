"""Console: standings and results as CSV or JSON, the event archive (export and import)."""

from __future__ import annotations

import csv
import io
import json
import re

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from referee import jsonparse
from tournaments.console.selectors.pages import results_rows, standings_rows
from tournaments.console.services.archive import ArchiveError, event_archive, event_archive_import
from tournaments.console.views.events import console_event, may_create_events
from tournaments.console.views.tools import is_organizer

PLAIN_NUMBER = re.compile(r"[-+]?\d+(?:[./]\d+)?")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(value):
    """A cell a spreadsheet will not run as a formula (OWASP CSV injection): text starting
    with = + - @ tab or CR gets a leading apostrophe. Numbers stay numbers (a negative
    metric is data, not a formula)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        if PLAIN_NUMBER.fullmatch(value):
            return value
        return "'" + value
    return value


def _csv(rows: list[dict], columns: list[str], filename: str) -> HttpResponse:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, extrasaction="ignore")
    writer.writerow({c: csv_safe(c) for c in columns})
    writer.writerows({k: csv_safe(v) for k, v in row.items()} for row in rows)
    response = HttpResponse("\ufeff" + buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _flat_standings(rows: list[dict]) -> tuple[list[dict], list[str]]:
    metrics = list(rows[0]["metrics"]) if rows else []
    flat = [{**{k: v for k, v in r.items() if k != "metrics"}, **r["metrics"]} for r in rows]
    return flat, ["rank", "name", "reading", "club", "registration", *metrics, "dropped_after"]


# What the console exports: (what, format). Anything else is 404, never the archive.
EXPORTS = {
    ("standings", "csv"),
    ("standings", "json"),
    ("results", "csv"),
    ("results", "json"),
    ("archive", "json"),
}


@login_required
def export(request, slug, what, fmt):
    event = console_event(request, slug)
    if (what, fmt) not in EXPORTS:
        raise Http404(_("No such export."))
    if what == "standings":
        rows = standings_rows(event)
        if fmt == "json":
            return JsonResponse({"event": event.slug, "standings": rows})
        flat, columns = _flat_standings(rows)
        return _csv(flat, columns, f"{event.slug}-standings.csv")
    if what == "results":
        rows = results_rows(event)
        if fmt == "json":
            return JsonResponse({"event": event.slug, "results": rows})
        columns = ["round", "table", "game", "seat", "registration", "name", "rank", "total"]
        return _csv(rows, columns, f"{event.slug}-results.csv")
    # The archive moves the event: its judge and private tokens go to its organizers
    # only, never to a head judge (docs/security.md).
    archive = event_archive(event.pk, with_secrets=is_organizer(request.user, event))
    response = HttpResponse(
        json.dumps(archive, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-archive.json"'
    return response


@login_required
def archive_import(request):
    if not may_create_events(request.user):
        raise PermissionDenied(_("You may not create events."))
    error = None
    if request.method == "POST":
        upload = request.FILES.get("file")
        try:
            # Read one byte past the limit: enough to refuse, never the whole of a huge file.
            data = upload.read(settings.ARCHIVE_MAX_BYTES + 1) if upload else None
            archive = jsonparse.loads(data, settings.ARCHIVE_MAX_BYTES) if upload else None
            event = event_archive_import(
                archive, slug=request.POST.get("slug") or None, organizer=request.user
            )
        except jsonparse.JSONInputError as problem:  # too deep, too large or not JSON
            error, status = str(problem), problem.status
        except ArchiveError as problem:
            error, status = str(problem), 400
        else:
            messages.success(request, _("Imported %(name)s.") % {"name": event.name})
            return redirect("console:event", slug=event.slug)
    status = status if error else 200  # refused, nothing imported
    return render(request, "console/archive_import.html", {"error": error}, status=status)
