"""The café's screen: ``/<lang>/events/<slug>/screen/`` on a TV or projector, no login.

A page of large type that moves by itself between the round's seating (paged when it does
not fit), the standings after the last round and the organizer's announcement, with the
round clock always in view. It reads the public API (released data only, under the same
rules as the pages) and follows the event's live stream, polling when there is none; the
page itself carries only its words, in its language.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.public import selectors as sel
from tournaments.public.render import METRIC_LABELS, METRIC_SHORT

SECONDS_PER_PANEL = 12


@require_GET
def screen(request, slug: str):
    event = sel.public_event(slug)
    if event is None:
        raise Http404("no such event")
    api = f"/api/events/{event.slug}/"
    words = {
        "table": _("Table %(number)s"),
        "final_table": _("Final table %(number)s"),
        "round": _("Round %(number)s"),
        "seating": _("Seating"),
        "standings_after": _("Standings after round %(number)s"),
        "no_standings": _("No standings yet."),
        "no_round": _("No round is published yet."),
        "start_player": _("start player"),
        "rank": _("Rank"),
        "player": _("Player"),
        "time_left": _("Time left"),
        "time_up": _("Time is up."),
        "paused": _("(paused)"),
        "not_started": _("The round clock has not started."),
        "page": _("%(page)s of %(pages)s"),
        "announcement": _("Announcement"),
        "released": _("result in"),
    }
    metrics = {
        key: {"short": str(METRIC_SHORT.get(key, key)), "label": str(METRIC_LABELS.get(key, key))}
        for key in METRIC_LABELS
    }
    config = {
        "event": api,
        "stream": reverse("api:live", args=[event.slug]),
        "language": request.LANGUAGE_CODE,
        "seconds": SECONDS_PER_PANEL,
        "words": words,
        "metrics": metrics,
    }
    response = render(request, "public/screen.html", {"event": event, "config": config})
    response["Cache-Control"] = "public, max-age=60"  # a shell: the data comes from the API
    return response
