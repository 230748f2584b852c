"""The short screen for the printed values a game's rulebook lost (services/lost_values)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

import engines
from tournaments.console.services import lost_values as svc
from tournaments.console.views.tools import log_action, organizer_event


@login_required
def lost_values(request, slug: str, game: str):
    event = organizer_event(request, slug)
    if game not in svc.games_with_lost_values(event):
        raise Http404(_("This event does not play that game."))
    errors: dict[str, str] = {}
    problems: list[str] = []
    status = 200
    if request.method == "POST":
        source = request.POST.get("source", "").strip()[:200] or _("organizer: physical copy")
        try:
            paths = svc.lost_values_save(event, game, request.POST, source)
        except svc.LostValueErrors as err:
            errors, problems, status = err.fields, err.problems, 400
        else:
            log_action(request, event, "edition_filled", game=game, paths=paths)
            messages.success(request, _("Saved. The game engine checked the values."))
            return redirect("tools:lost-values", slug=event.slug, game=game)
    rows = svc.lost_rows(event, game)
    for row in rows:
        row["error"] = errors.get(row["field"], "")
        row["entered"] = request.POST.get(row["field"], "") if request.method == "POST" else ""
    # Refusals of fields the screen does not list (a printed value posted by hand).
    problems = problems + [
        message for name, message in errors.items() if name not in {r["field"] for r in rows}
    ]
    meta = engines.get_engine(game).meta
    context = {"event": event, "game": game, "meta": meta, "rows": rows, "problems": problems}
    return render(request, "console/tools/lost_values.html", context, status=status)
