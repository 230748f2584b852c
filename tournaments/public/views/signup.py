"""The event's public sign-up page and the private page's cancel and QR code (issue 29).

The sign-up page is not cached: it carries a CSRF token (a form anyone may post is the
case CSRF protects). Sign-ups are counted per client address (``SIGNUPS_PER_ADDRESS``
per ``SIGNUP_WINDOW_SECONDS``, the same counting as the render budget; the address is
the one ``referee/client_ip.py`` put in ``REMOTE_ADDR``): past it, 429 with the form as
it was typed. The limit is generous because a café's players share one address.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.events.links import absolute_url
from tournaments.events.models import Event
from tournaments.events.selectors.signups import signup_places, signup_settings
from tournaments.events.services.signups import (
    SignupRefused,
    signup_cancel,
    signup_closes_at,
    signup_create,
    signup_mail_link,
    signup_problem,
)
from tournaments.public import render_budget
from tournaments.public.forms import SignupForm
from tournaments.public.views.private import _back, _registration

# Model field -> form field, for the refusals of the Player model and of the service.
_FIELDS = {"display_name": "name", "reading": "reading", "club": "club", "contact": "contact"}


def _limit() -> int:
    return int(getattr(settings, "SIGNUPS_PER_ADDRESS", 30))


def _window() -> int:
    return int(getattr(settings, "SIGNUP_WINDOW_SECONDS", 3600))


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest, slug: str) -> HttpResponse:
    event = Event.objects.exclude(status=Event.Status.DRAFT).filter(slug=slug).first()
    if event is None:
        raise Http404
    signup_options = signup_settings(event)
    problem = signup_problem(event, signup_options)
    form = SignupForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if not render_budget.within_budget(request, "signups", _limit(), _window()):
            form.is_valid()  # the typed values are shown again, with the reason
            minutes = max(1, _window() // 60)
            form.add_error(
                None,
                _(
                    "Too many sign-ups from this address. Please try again in "
                    "%(minutes)d minutes, or ask the organizer."
                )
                % {"minutes": minutes},
            )
            status = 429
        elif form.is_valid():
            data = form.cleaned_data
            try:
                registration = signup_create(
                    event_id=event.pk,
                    name=data["name"],
                    reading=data["reading"],
                    club=data["club"],
                    contact=data["contact"],
                )
            except SignupRefused as refused:
                form.add_error(refused.field or None, refused.message)
                status = 409 if refused.field else 403
            except ValidationError as error:
                for field, messages in error.message_dict.items():
                    form.add_error(_FIELDS.get(field), messages)
                status = 400
            else:
                page = reverse("tournaments:private", kwargs={"token": registration.private_token})
                signup_mail_link(registration, absolute_url(request, page))
                return _back(registration.private_token, "signed-up")
        else:
            status = 400
    context = {
        "event": event,
        "form": form,
        "problem": problem,
        "closes_at": signup_closes_at(signup_options),
        "approval": bool(signup_options.get("approval")),
        "places": signup_places(event),
        "page_path": request.path,
    }
    response = render(request, "public/signup.html", context, status=status)
    response["Cache-Control"] = "private, no-store"
    return response


@csrf_exempt  # as the private page's other actions: the URL's token is the credential
@require_POST
def private_cancel(request: HttpRequest, token: str) -> HttpResponse:
    registration = _registration(token)
    if request.POST.get("sure") != "yes":
        return _back(token, "not-cancelled")  # the box "yes, give up my place" unticked
    try:
        signup_cancel(registration_id=registration.pk)
    except SignupRefused:
        return _back(token, "not-cancelled")
    return _back(token, "cancelled")


@require_GET
def private_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The player's private page as an SVG QR code to save (whoever can fetch it already
    holds the token)."""
    import io

    import qrcode
    import qrcode.image.svg

    registration = _registration(token)
    url = absolute_url(
        request, reverse("tournaments:private", kwargs={"token": registration.private_token})
    )
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10)
    buffer = io.BytesIO()
    image.save(buffer)
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    response["Referrer-Policy"] = "no-referrer"
    return response
