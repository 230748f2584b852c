"""Shared pieces of the organizer tools' pages (/console/tools/...): organizer-only access.

Organizers are users with an ``EventRole`` of kind organizer for the event, and
superusers. ``is_staff`` grants nothing here: a judge made staff (to log in, before the
site had its own login) is no organizer of any event. Head judges use the main console;
these pages change event data (edition values, finals) or show league ratings, which is
the organizer's call.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.events.access import Actor
from tournaments.events.models import Event, EventRole, League
from tournaments.results.services import action_log


def is_organizer(user, event: Event | None = None) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    roles = EventRole.objects.filter(user=user, role=EventRole.Kind.ORGANIZER)
    if event is not None:
        roles = roles.filter(event=event)
    return roles.exists()


def organizer_event(request, slug: str) -> Event:
    """The event, if the logged-in user organizes it; else 403 (404 if unknown)."""
    event = get_object_or_404(Event, slug=slug)
    if not is_organizer(request.user, event):
        raise PermissionDenied(_("You do not organize this event."))
    return event


def organized_league_ids(user) -> set[int | None] | None:
    """The leagues ``user`` owns and those of the events they organize (None: events
    without a league); ``None`` for a superuser, who sees every league. An event only
    enters a league through its owner (``league_named``), so organizing one of its events
    means the owner let you in."""
    if user.is_superuser:
        return None
    organized = EventRole.objects.filter(user=user, role=EventRole.Kind.ORGANIZER)
    return set(organized.values_list("event__league_id", flat=True)) | set(
        League.objects.filter(owner=user).values_list("pk", flat=True)
    )


def require_any_organizer(request) -> None:
    if not is_organizer(request.user):
        raise PermissionDenied(_("Only organizers may open this page."))


def log_action(request, event: Event, action: str, **data) -> None:
    """An audit entry for a console change (the action log is append-only)."""
    actor = Actor(user=request.user, remote_addr=request.META.get("REMOTE_ADDR"))
    action_log.record(actor, action, event.pk, data=data)


@login_required
def tools_home(request, slug: str):
    """Entry page of the organizer tools for one event."""
    from django.shortcuts import render

    from tournaments.console.services.edition_data import event_game_keys

    event = organizer_event(request, slug)
    games = event_game_keys(event)
    return render(request, "console/tools/home.html", {"event": event, "games": games})
