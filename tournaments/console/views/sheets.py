"""Printable paper score sheets (A4): blank per game, or one per table of a round."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import engines
from tournaments.console.selectors.paper_sheets import (
    event_paper_sheet,
    paper_sheet,
    round_paper_sheets,
)
from tournaments.console.services.edition_data import event_game_keys
from tournaments.console.views.tools import organizer_event, require_any_organizer
from tournaments.events.models import Round

# Headings printed in Japanese with English below (a sheet may reach either kind of player).
SHEET_LABELS = {
    "end_position": gettext_lazy("End position (as on the judge page)"),
    "table": gettext_lazy("Table"),
    "points": gettext_lazy("Points by category"),
    "seat": gettext_lazy("seat"),
    "category": gettext_lazy("category"),
    "total": gettext_lazy("total"),
    "rank": gettext_lazy("rank"),
    "signature": gettext_lazy("signature"),
}


def bilingual_labels() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for key, text in SHEET_LABELS.items():
        with translation.override("ja"):
            ja = str(text)
        with translation.override("en"):
            en = str(text)
        out[key] = {"ja": ja, "en": en}
    return out


def _render(request, event, sheets):
    context = {"event": event, "sheets": sheets, "labels": bilingual_labels()}
    return render(request, "console/tools/paper_sheets.html", context)


@login_required
def sheet_index(request, slug: str):
    event = organizer_event(request, slug)
    games = [engines.get_engine(key).meta for key in event_game_keys(event)]
    rounds = Round.objects.filter(event=event).order_by("number")
    return render(
        request,
        "console/tools/sheet_index.html",
        {"event": event, "games": games, "rounds": rounds},
    )


@login_required
def blank_sheet(request, game: str, slug: str | None = None):
    """A blank sheet for any registered game (all seats empty)."""
    event = organizer_event(request, slug) if slug else None
    if event is None:
        require_any_organizer(request)
    if game not in engines.available_engines():
        raise Http404(_("Unknown game %(key)s.") % {"key": game})
    copies = max(1, min(int(request.GET.get("copies", "1") or 1), 40))
    # An event's sheet asks only for what its options have (version, board sides).
    sheet = event_paper_sheet(event, game) if event is not None else paper_sheet(game)
    sheets = [sheet] * copies
    return _render(request, event, sheets)


@login_required
def round_sheets(request, slug: str, number: int):
    event = organizer_event(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    sheets = round_paper_sheets(rnd)
    return _render(request, event, sheets)
