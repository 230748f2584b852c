"""Public HTML pages. Views stay thin: they call selectors and render templates."""

from django.http import Http404
from django.shortcuts import render

from tournaments.selectors.events import event_by_slug, event_list_public, round_seating


def event_list(request):
    return render(request, "tournaments/event_list.html", {"events": event_list_public()})


def event_detail(request, slug: str):
    event = event_by_slug(slug)
    if event is None:
        raise Http404
    seated_round = round_seating(event)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "round": seated_round.round if seated_round else None,
            "tables": seated_round.tables if seated_round else [],
        },
    )
