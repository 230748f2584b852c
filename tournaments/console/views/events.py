"""Organizer console: access rules, the event list, creating and editing an event.

Everything under /console/ needs a logged-in user. Creating an event needs a staff user,
a superuser or someone who already organizes an event; an event's pages need its
organizer or head judge (``Actor.is_event_staff``): ``is_staff`` opens no event's pages.
A table judge opening /console/ is sent to their tables.
"""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.console.forms import EventForm
from tournaments.console.selectors.incomplete import (
    game_name,
    incomplete_results,
    rescore_refused_tables,
)
from tournaments.console.selectors.pages import latest_snapshot, standings_rows
from tournaments.console.services.events import event_copy as event_copy_service
from tournaments.console.services.events import event_save, event_set_status, unique_address
from tournaments.console.services.finals import awards, event_finish
from tournaments.console.services.lost_values import games_with_lost_values, missing_count
from tournaments.console.views.accounts import has_console
from tournaments.console.views.tools import is_organizer
from tournaments.events.access import Actor, tables_judged_by
from tournaments.events.models import Event, EventRole, Registration, Round
from tournaments.events.selectors.event_config import event_config
from tournaments.public.screen import (
    AnnouncementRefused,
    screen_announcement,
    screen_announcement_set,
)
from tournaments.results.models import POLICY_TRUSTS, ConfirmationPolicy
from tournaments.results.selectors import event_result_settings
from tournaments.seating.finals import final_round
from tournaments.seating.services import SeatingServiceError


def may_create_events(user) -> bool:
    return bool(
        user.is_superuser
        or user.is_staff
        or user.has_perm("events.add_event")  # manage.py organizer_create without --event
        or EventRole.objects.filter(user=user, role=EventRole.Kind.ORGANIZER).exists()
    )


def actor_of(request) -> Actor:
    return Actor(user=request.user, remote_addr=request.META.get("REMOTE_ADDR"))


def console_event(request, slug: str) -> Event:
    """The event, if the logged-in user organizes (or head-judges) it; else 403."""
    event = get_object_or_404(Event, slug=slug)
    if not actor_of(request).is_event_staff(event.pk):
        raise PermissionDenied(_("You do not organize this event."))
    return event


def qr_svg(data: str) -> str:
    """An inline SVG QR code (no raster image, prints sharp)."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=8)
    buffer = io.BytesIO()
    image.save(buffer)
    text = buffer.getvalue().decode()
    return text[text.index("<svg") :]


@login_required
def event_list(request):
    if not has_console(request.user) and not may_create_events(request.user):
        # A table judge works on their tables' pages, not in the console.
        if tables_judged_by(actor_of(request)).exists():
            return redirect("judge:my-tables")
        raise PermissionDenied(_("Only an event's organizers and head judges open the console."))
    if request.user.is_superuser:
        events = Event.objects.all()
    else:
        ids = EventRole.objects.filter(
            user=request.user, role__in=[EventRole.Kind.ORGANIZER, EventRole.Kind.HEAD_JUDGE]
        ).values("event_id")
        events = Event.objects.filter(pk__in=ids)
    return render(
        request,
        "console/event_list.html",
        {"events": events, "may_create": may_create_events(request.user)},
    )


@login_required
def event_create(request):
    if not may_create_events(request.user):
        raise PermissionDenied(_("You may not create events."))
    form = EventForm(request.POST or None, initial={"game_key": _usual_game(request.user)})
    if request.method == "POST" and form.is_valid():
        try:
            event = event_save(
                fields=form.event_fields(),
                config=form.config(),
                confirmation_policy=form.cleaned_data["confirmation_policy"],
                user=request.user,
            )
        except Exception as error:  # model validation (unique slug, sizes for the game)
            form.add_error(None, _format_error(error))
        else:
            return redirect("console:event", slug=event.slug)
    return render(
        request, "console/event_form.html", {"form": form, "event": None}, status=_status(form)
    )


def _status(form) -> int:
    """400 for a form sent back with its errors (each named by its field), else 200."""
    return 400 if form.is_bound and form.errors else 200


@login_required
def event_address(request):
    """The web address a new event named ``?name=`` would get, for the form to show as
    the name is typed (the address is made again when the form is sent)."""
    if not may_create_events(request.user):
        raise PermissionDenied(_("You may not create events."))
    name = request.GET.get("name", "")[:200]
    address = unique_address(name, timezone.localdate()) if name.strip() else ""
    return JsonResponse({"address": address})


def _usual_game(user) -> str:
    """The game a new event starts with: that of the organizer's latest event with one
    game, else the first game (a café setting up its weekly evening types only a name)."""
    import engines

    latest = (
        Event.objects.filter(
            roles__user=user, roles__role=EventRole.Kind.ORGANIZER, game_key__gt=""
        )
        .order_by("-starts_on", "-pk")
        .values_list("game_key", flat=True)
        .first()
    )
    available = list(engines.available_engines())
    return latest if latest in available else (available[0] if available else "")


def _format_error(error) -> str:
    messages_ = getattr(error, "messages", None)
    return "; ".join(str(m) for m in messages_) if messages_ else str(error)


@login_required
def event_edit(request, slug):
    event = console_event(request, slug)
    policy = event_result_settings(event.pk).confirmation_policy
    initial = EventForm.initial_for(event, event_config(event), policy)
    form = EventForm(request.POST or None, initial=initial, instance=event)
    if request.method == "POST" and form.is_valid():
        try:
            event = event_save(
                event=event,
                fields=form.event_fields(),
                config=form.config(),
                confirmation_policy=form.cleaned_data["confirmation_policy"],
                user=request.user,
            )
        except Exception as error:
            form.add_error(None, _format_error(error))
        else:
            messages.success(request, _("Saved."))
            return redirect("console:event", slug=event.slug)
    context = {
        "form": form,
        "event": event,
        "lost": lost_value_links(event),
        "organizes": is_organizer(request.user, event),
    }
    return render(request, "console/event_form.html", context, status=_status(form))


def lost_value_links(event) -> list[dict]:
    """The event's games whose rulebook lost printed values still unknown, with how many
    (shown on the event page and under the event form, linking to the short screen)."""
    return [
        {"game": game, "name": game_name(game), "missing": missing}
        for game in games_with_lost_values(event)
        if (missing := missing_count(event, game))
    ]


@login_required
def event_home(request, slug):
    event = console_event(request, slug)
    counts = {
        status: event.registrations.filter(status=status).count()
        for status in Registration.Status.values
    }
    rounds = event.rounds.order_by("number")
    open_round = event.rounds.exclude(status=Round.Status.CLOSED).exists()
    final = final_round(event)
    finished = event.status == Event.Status.FINISHED
    incomplete = incomplete_results(event)
    policy = event_result_settings(event.pk).confirmation_policy
    return render(
        request,
        "console/event_home.html",
        {
            "event": event,
            "counts": counts,
            "rounds": rounds,
            "snapshot": latest_snapshot(event),
            "standings": standings_rows(event),
            "config": event_config(event),
            # Who can confirm a result at this event, in the organizer's words (issue 21).
            "policy": ConfirmationPolicy(policy).label,
            "policy_trusts": POLICY_TRUSTS[policy],
            "statuses": Event.Status.choices,
            "next_round": (
                event.rounds.order_by("-number").values_list("number", flat=True).first() or 0
            )
            + 1,
            "open_round": open_round,
            "final": final,
            "finished": finished,
            "can_create_round": not (finished or final or open_round),
            "can_create_final": bool(rounds) and not (finished or final or open_round),
            "can_finish": bool(rounds) and not (finished or open_round),
            "podium": awards(event)[:3] if finished else [],
            "incomplete": incomplete,
            "rescore_refused": rescore_refused_tables(event),
            "organizes": is_organizer(request.user, event),  # the judges page is theirs
            "announcement": screen_announcement(event.pk),
            # A game already named by the warning above is not listed twice.
            "lost": [
                g for g in lost_value_links(event) if g["game"] not in {i.game for i in incomplete}
            ],
        },
    )


@login_required
@require_POST
def event_announcement(request, slug):
    """The message on the café's screen (public/screen.py); empty clears it."""
    event = console_event(request, slug)
    try:
        text = screen_announcement_set(
            event_id=event.pk, text=request.POST.get("announcement", "")
        ).announcement
    except AnnouncementRefused as error:
        messages.error(request, str(error))
    else:
        if text:
            messages.success(request, _("The screen shows your message."))
        else:
            messages.success(request, _("The screen shows no message."))
    return redirect("console:event", slug=event.slug)


@login_required
@require_POST
def event_copy(request, slug):
    """ "Run it again next week": the copy opens on its console page (its organizers'
    call, like choosing a league)."""
    event = console_event(request, slug)
    if not is_organizer(request.user, event):
        raise PermissionDenied(_("Only the event's organizers copy it."))
    copy = event_copy_service(event=event, user=request.user)
    messages.success(
        request,
        _("A copy for %(date)s; players registered: %(count)d. Check its settings.")
        % {"date": copy.starts_on.isoformat(), "count": copy.registrations.count()},
    )
    return redirect("console:event", slug=copy.slug)


@login_required
@require_POST
def event_status(request, slug):
    event = console_event(request, slug)
    status = request.POST.get("status", "")
    if status == Event.Status.FINISHED and event.status != Event.Status.FINISHED:
        try:  # finishing publishes the final order: the one way to get there
            event_finish(event_id=event.pk, actor=actor_of(request))
        except SeatingServiceError as error:
            messages.error(request, str(error))
    elif status in Event.Status.values:
        event_set_status(event_id=event.pk, status=status)
    return redirect("console:event", slug=event.slug)
