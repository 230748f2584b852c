"""Console: registration (one by one, CSV with preview), drops, substitutes, the check-in
desk and printable private-URL slips."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournaments.console.forms import CsvForm, PlayerForm
from tournaments.console.selectors.pages import registrations
from tournaments.console.services.player_import import (
    ImportRefused,
    decode_upload,
    player_register,
    players_csv_import,
    players_csv_preview,
    registration_substitute,
)
from tournaments.console.views.events import console_event, qr_svg
from tournaments.events.links import absolute_url, phone_unreachable
from tournaments.events.models import ENTERED_STATUSES, Registration
from tournaments.events.selectors.signups import signup_places, signups_to_decide
from tournaments.events.services.registrations import (
    registration_check_in,
    registration_drop,
    registration_set_status,
)
from tournaments.events.services.signups import SignupRefused, signup_approve, signup_reject

SESSION_KEY = "console-csv-%s"
# A sign-up awaiting approval, waiting or cancelled has no place: checked in, they would
# be seated past the capacity.
_NO_PLACE = gettext_lazy(
    "%(name)s has no place in the event (awaiting approval, waiting or cancelled): "
    "approve them under sign-ups first."
)
UNDO_KEY = "console-last-check-in-%s"


def _with_ratings(event) -> list:
    """The registrations, each with ``rating_ordinal`` in the event's league (or None)."""
    from tournaments.ratings.services import league_ratings

    rows = registrations(event)
    ordinals = {
        r.player_id: r.ordinal for r in league_ratings(event.league_id, [g.player_id for g in rows])
    }
    for row in rows:
        row.rating_ordinal = ordinals.get(row.player_id)
    return rows


@login_required
def player_list(request, slug):
    event = console_event(request, slug)
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            player_register(event, d["name"], d["reading"], d["club"], check_in=d["check_in"])
        except (ImportRefused, Exception) as error:  # duplicate or model validation
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Registered %(name)s.") % {"name": d["name"]})
            return redirect("console:players", slug=slug)
    signups = signups_to_decide(event)
    return render(
        request,
        "console/players.html",
        {
            "event": event,
            "form": form,
            "registrations": _with_ratings(event),
            "signups": signups,
            "signup_groups": [
                (_("Awaiting your approval"), signups["pending"]),
                (_("Waiting list (in the order it moves up)"), signups["waiting"]),
            ],
            "signup_places": signup_places(event),
        },
    )


@require_POST
@login_required
def signup_decide(request, slug, registration_id):
    """Approve or turn down a public sign-up (awaiting approval or waiting)."""
    event = console_event(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    action = request.POST.get("action")
    try:
        if action == "approve":
            registration = signup_approve(registration_id=registration.pk)
            if registration.status == Registration.Status.WAITLISTED:
                messages.success(
                    request,
                    _("%(name)s approved: the event is full, on the waiting list.")
                    % _n(registration),
                )
            else:
                messages.success(request, _("%(name)s has a place.") % _n(registration))
        elif action == "reject":
            signup_reject(registration_id=registration.pk)
            messages.success(request, _("%(name)s turned down.") % _n(registration))
    except SignupRefused as refused:
        messages.error(request, refused.message)
    return redirect("console:players", slug=slug)


@login_required
def player_import(request, slug):
    """Step 1 (POST file or text): preview with every error. Step 2 (POST confirm):
    import the previewed text, all or nothing."""
    event = console_event(request, slug)
    key = SESSION_KEY % event.pk
    form = CsvForm(request.POST or None, request.FILES or None)
    preview = None
    if request.method == "POST" and "confirm" in request.POST:
        text = request.session.get(key, "")
        try:
            created = players_csv_import(event, text, check_in="check_in" in request.POST)
        except ImportRefused as error:
            messages.error(request, str(error))
            preview = players_csv_preview(event, text)
        else:
            request.session.pop(key, None)
            messages.success(request, _("Imported %(count)d players.") % {"count": len(created)})
            return redirect("console:players", slug=slug)
    elif request.method == "POST" and form.is_valid():
        upload = form.cleaned_data.get("file")
        try:
            text = decode_upload(upload.read()) if upload else form.cleaned_data.get("text", "")
        except ImportRefused as error:
            form.add_error("file", str(error))
        else:
            request.session[key] = text
            preview = players_csv_preview(event, text)
    return render(
        request, "console/import.html", {"event": event, "form": form, "preview": preview}
    )


def _n(registration: Registration) -> dict:
    """The player's name for a message."""
    return {"name": registration.player.display_name}


def _remember_check_in(request, registration: Registration) -> None:
    """The desk offers "undo" for the last check-in (a mistap, the wrong namesake)."""
    request.session[UNDO_KEY % registration.event_id] = registration.pk


@login_required
@require_POST
def registration_action(request, slug, registration_id):
    """check_in, undo_check_in, drop (a confirmation page first), restore, substitute."""
    event = console_event(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    action = request.POST.get("action")
    target = request.POST.get("next", "")
    # A path of this site only: redirect() would take "foo" for a view name (500).
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, {request.get_host()}, request.is_secure()
    ):
        target = reverse("console:players", args=[slug])  # no open redirects
    if action == "check_in":
        if registration.status == Registration.Status.DROPPED:
            messages.error(
                request, _("%(name)s has dropped: restore them first.") % _n(registration)
            )
        elif registration.status not in ENTERED_STATUSES:
            messages.error(request, _NO_PLACE % _n(registration))
        else:
            registration_check_in(registration_id=registration.pk)
            _remember_check_in(request, registration)
            messages.success(request, _("Checked in %(name)s.") % _n(registration))
    elif action == "undo_check_in":
        if registration.status == Registration.Status.CHECKED_IN:
            registration_set_status(registration_id=registration.pk, status="registered")
            messages.success(request, _("Check-in of %(name)s undone.") % _n(registration))
        request.session.pop(UNDO_KEY % event.pk, None)
    elif action == "drop":
        if request.POST.get("confirmed") != "1":
            return render(
                request,
                "console/drop_confirm.html",
                {"event": event, "registration": registration, "next": target},
            )
        registration_drop(registration_id=registration.pk)
        messages.success(
            request,
            _("Dropped %(name)s: no longer seated; their results stay in the standings.")
            % _n(registration),
        )
    elif action == "restore":
        if registration.status == Registration.Status.DROPPED:
            registration_set_status(registration_id=registration.pk, status="registered")
            messages.success(
                request,
                _("Restored %(name)s: check them in to seat them again.") % _n(registration),
            )
    elif action == "substitute":
        name = request.POST.get("name", "").strip()
        if not name:
            messages.error(request, _("The substitute needs a name."))
        else:
            try:
                registration_substitute(
                    registration_id=registration.pk,
                    name=name,
                    reading=request.POST.get("reading", "").strip(),
                )
            except ValidationError as error:  # the name (events/names.py)
                messages.error(request, " ".join(error.messages))
            except Exception as error:  # noqa: BLE001 - shown to the organizer
                messages.error(request, str(error))
    return redirect(target)


@login_required
def check_in_desk(request, slug):
    """Search by name or reading, scan a QR code, one tap per player; lists of who is and
    is not here, the dropped (with restore), and "undo" for the last check-in."""
    event = console_event(request, slug)
    query = request.GET.get("q", "")
    found = registrations(event, query) if query else []
    missing = registrations(event, status=Registration.Status.REGISTERED)
    present = registrations(event, status=Registration.Status.CHECKED_IN)
    last = None
    last_id = request.session.get(UNDO_KEY % event.pk)
    if last_id:
        last = next((r for r in present if r.pk == last_id), None)
    return render(
        request,
        "console/check_in.html",
        {
            "event": event,
            "query": query,
            "found": found,
            "missing": missing,
            "present": present,
            "dropped": registrations(event, status=Registration.Status.DROPPED),
            "checked_in": len(present),
            "last_check_in": last,
        },
    )


@login_required
def check_in_token(request, slug):
    """A scanned player QR (their private URL or bare token) checks the player in."""
    event = console_event(request, slug)
    scanned = request.POST.get("token", "").strip().rstrip("/")
    token = scanned.rsplit("/", 1)[-1]
    registration = (
        Registration.objects.filter(event=event, private_token=token)
        .select_related("player")
        .first()
    )
    if request.method == "POST":
        if registration is None:
            messages.error(request, _("No player of this event has that code."))
        elif registration.status == Registration.Status.DROPPED:
            messages.error(
                request, _("%(name)s has dropped: restore them first.") % _n(registration)
            )
        elif registration.status not in ENTERED_STATUSES:
            messages.error(request, _NO_PLACE % _n(registration))
        else:
            registration_check_in(registration_id=registration.pk)
            _remember_check_in(request, registration)
            messages.success(request, _("Checked in %(name)s.") % _n(registration))
    return redirect("console:check-in", slug=slug)


@never_cache  # carries private tokens (judge / player URLs)
@login_required
def slips(request, slug):
    event = console_event(request, slug)
    rows = []
    for registration in registrations(event):
        if registration.status == Registration.Status.DROPPED:
            continue
        url = absolute_url(
            request, reverse("tournaments:private", kwargs={"token": registration.private_token})
        )
        rows.append({"registration": registration, "url": url, "qr": qr_svg(url)})
    unreachable = bool(rows) and phone_unreachable(rows[0]["url"])
    return render(
        request,
        "console/slips.html",
        {"event": event, "rows": rows, "phone_unreachable": unreachable},
    )
