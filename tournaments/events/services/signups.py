"""Players signing themselves up on the event's public page (issue 29).

The organizer's sign-up settings (``event_config(event)["signup"]``: open, capacity,
approval, closing time) decide what a sign-up becomes: ``pending`` when the organizer
approves each one, ``registered`` while the event has room, else ``waitlisted``. A cancel
that frees a place, or a capacity raised or removed by the organizer, moves the waiting
list up, first come first served (``queued_at``); each player who moves up is e-mailed
after the commit when the deployment configures mail.

Every write here locks the event's row first (``select_for_update``), so sign-ups,
cancels and approvals of one event happen one after the other: two phones cannot both
take the last place, and a place freed by a cancel goes to exactly one waiting player.
Each service announces one ``RegistrationChanged`` after its commit.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
import re
import unicodedata

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.events import names
from tournaments.events.domain import RegistrationChanged, announce
from tournaments.events.kana import search_key
from tournaments.events.models import CANCELLABLE_STATUSES, Event, Player, Registration
from tournaments.events.selectors.signups import signup_settings, waiting_list
from tournaments.events.services.summaries import event_summary_schedule_refresh

logger = logging.getLogger(__name__)

Status = Registration.Status


class SignupRefused(Exception):
    """A sign-up, cancel or approval the event's settings or state do not allow.

    ``field`` names the form field at fault ("" for the whole form); the message is in
    the active language."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def signup_key(reading: str, club: str) -> str:
    """One person's key: the reading as hiragana (kana, katakana or romaji alike) and the
    club without case, width or spaces. The same key twice is the same person."""
    club_key = re.sub(r"\s+", "", unicodedata.normalize("NFKC", club or "").casefold())
    return f"{search_key(reading)}|{club_key}"


def signup_closes_at(settings: dict) -> dt.datetime | None:
    raw = settings.get("closes_at")
    if not raw:
        return None
    try:
        value = dt.datetime.fromisoformat(str(raw))
    except ValueError:
        # Not a time (an archive from elsewhere): closed, rather than open for ever.
        return dt.datetime.min.replace(tzinfo=dt.UTC)
    return value if timezone.is_aware(value) else timezone.make_aware(value)


def signup_problem(event: Event, settings: dict, now: dt.datetime | None = None) -> str | None:
    """Why the sign-up page takes no sign-up now, or None when it does."""
    now = now or timezone.now()
    if not settings.get("open"):
        return _("Sign-up on this page is not open for this event.")
    if event.status != Event.Status.REGISTRATION:
        return _("Sign-up is closed: the event has started.")
    closes = signup_closes_at(settings)
    if closes is not None and now >= closes:
        return _("Sign-up closed at %(time)s.") % {
            "time": timezone.localtime(closes).strftime("%Y-%m-%d %H:%M")
        }
    return None


def _locked_event(event_id: int) -> Event:
    return Event.objects.select_for_update().get(pk=event_id)


def _has_room(event: Event, settings: dict) -> bool:
    capacity = settings.get("capacity")
    if capacity is None:
        return True
    return Registration.objects.filter(event=event).active().count() < int(capacity)


def signup_fill_places(event: Event) -> list[int]:
    """Give the event's free places to its waiting list; the caller holds the event's row
    lock (a drop or a removal by the organizer, ``services/registrations.py``)."""
    return _promote(event, signup_settings(event))


def _promote(event: Event, settings: dict) -> list[int]:
    """Give the free places to the waiting list, in its order; the promoted ids."""
    promoted: list[int] = []
    while _has_room(event, settings):
        first = waiting_list(event).select_for_update().first()
        if first is None:
            break
        first.status = Status.REGISTERED
        first.queued_at = None
        first.save(update_fields=["status", "queued_at"])
        promoted.append(first.pk)
    _mail_promoted_on_commit(promoted)
    return promoted


def _mail_promoted_on_commit(registration_ids: list[int]) -> None:
    if registration_ids:
        # After the commit, outside the event's lock; robust: a mail server's outage
        # neither undoes the promotion nor fails the request that caused it.
        transaction.on_commit(
            functools.partial(signup_mail_promoted, registration_ids), robust=True
        )


@transaction.atomic
def signup_settings_apply(*, event_id: int) -> list[int]:
    """The organizer saved the sign-up settings: a capacity raised or removed gives the
    new places to the waiting list at once, in its order (before the event starts); the
    promoted ids. Each player who moves up is announced as a ``RegistrationChanged``
    (waiting to registered)."""
    event = _locked_event(event_id)
    if event.status != Event.Status.REGISTRATION:
        return []
    promoted = _promote(event, signup_settings(event))
    if promoted:
        event_summary_schedule_refresh(event.pk)
    for registration_id in promoted:
        announce(
            RegistrationChanged(
                event_id=event.pk,
                registration_id=registration_id,
                before=Status.WAITLISTED,
                after=Status.REGISTERED,
                promoted=(registration_id,),
            )
        )
    return promoted


def _announce(registration: Registration, before: str, promoted: list[int]) -> None:
    event_summary_schedule_refresh(registration.event_id)
    announce(
        RegistrationChanged(
            event_id=registration.event_id,
            registration_id=registration.pk,
            before=before,
            after=registration.status,
            promoted=tuple(promoted),
        )
    )


def _duplicate(event: Event, key: str) -> bool:
    """Someone with this reading and club already signed up or was registered by the
    organizer (their key is computed from the player's reading and club)."""
    rows = (
        Registration.objects.filter(event=event)
        .exclude(status=Status.CANCELLED)
        .values_list("signup_key", "player__reading", "player__club")
    )
    return any((stored or signup_key(reading, club)) == key for stored, reading, club in rows)


@transaction.atomic
def signup_create(
    *,
    event_id: int,
    name: str,
    reading: str,
    club: str = "",
    contact: str = "",
    now: dt.datetime | None = None,
) -> Registration:
    """Sign a player up: ``pending`` (approval on), ``registered`` (room, nobody waiting)
    or ``waitlisted``. Raises ``SignupRefused`` (closed, duplicate, missing reading) or
    ``ValidationError`` (a name, reading, club or contact the site does not accept, by
    field)."""
    now = now or timezone.now()
    event = _locked_event(event_id)
    settings = signup_settings(event)
    problem = signup_problem(event, settings, now)
    if problem:
        raise SignupRefused(problem)
    name, reading, club, contact = (v.strip() for v in (name, reading, club, contact))
    if not reading:
        raise SignupRefused(_("Please give the reading of your name."), "reading")
    player = Player(display_name=name, reading=reading, club=club)
    errors: dict[str, list[str]] = {}
    try:
        player.full_clean()
    except ValidationError as error:
        errors.update(error.message_dict)
    # The organizer reads the contact in the console's lists: the name's rule for controls
    # (a right-to-left override would reorder the row around it).
    problem = names.text_problem(contact)
    if problem:
        errors["contact"] = [problem]
    if errors:
        raise ValidationError(errors)
    key = signup_key(reading, club)
    if _duplicate(event, key):
        raise SignupRefused(
            _(
                "Someone with this reading and club has already signed up for this event. "
                "If that was you, open the private page you were given."
            ),
            "reading",
        )
    promoted = _promote(event, settings)  # a raised capacity: the waiting list goes first
    if settings.get("approval"):
        status = Status.PENDING
    elif _has_room(event, settings) and not waiting_list(event).exists():
        status = Status.REGISTERED
    else:
        status = Status.WAITLISTED
    player.save()
    try:
        with transaction.atomic():
            registration = Registration.objects.create(
                event=event,
                player=player,
                status=status,
                self_signup=True,
                contact=contact,
                signup_key=key,
                queued_at=now if status == Status.WAITLISTED else None,
            )
    except IntegrityError as error:  # registration_signup_once: the same person, at once
        raise SignupRefused(
            _("Someone with this reading and club has already signed up for this event."),
            "reading",
        ) from error
    _announce(registration, "", promoted)
    return registration


@transaction.atomic
def signup_cancel(*, registration_id: int, now: dt.datetime | None = None) -> Registration:
    """The player gives up their place, their place in the queue or their request; a
    place freed goes to the first on the waiting list."""
    event_id = Registration.objects.values_list("event_id", flat=True).get(pk=registration_id)
    event = _locked_event(event_id)
    registration = Registration.objects.select_for_update().get(pk=registration_id)
    if registration.status not in CANCELLABLE_STATUSES:
        raise SignupRefused(_("This registration cannot be cancelled here."))
    if event.status != Event.Status.REGISTRATION:
        raise SignupRefused(
            _("The event has started: please tell the organizer at the desk instead.")
        )
    before = registration.status
    registration.status = Status.CANCELLED
    registration.cancelled_at = now or timezone.now()
    registration.queued_at = None
    registration.save(update_fields=["status", "cancelled_at", "queued_at"])
    promoted = _promote(event, signup_settings(event)) if before == Status.REGISTERED else []
    _announce(registration, before, promoted)
    return registration


@transaction.atomic
def signup_approve(*, registration_id: int, now: dt.datetime | None = None) -> Registration:
    """The organizer accepts a sign-up: a place when there is room and nobody is waiting
    before it, else the end of the waiting list. On a waiting registration: a place now,
    even beyond the capacity (the organizer's call), e-mailed after the commit as a
    promotion is."""
    event_id = Registration.objects.values_list("event_id", flat=True).get(pk=registration_id)
    event = _locked_event(event_id)
    registration = Registration.objects.select_for_update().get(pk=registration_id)
    before = registration.status
    if before == Status.PENDING:
        settings = signup_settings(event)
        if _has_room(event, settings) and not waiting_list(event).exists():
            registration.status = Status.REGISTERED
        else:
            registration.status = Status.WAITLISTED
            registration.queued_at = now or timezone.now()
    elif before == Status.WAITLISTED:
        registration.status = Status.REGISTERED
        registration.queued_at = None
    else:
        raise SignupRefused(_("Only a sign-up awaiting approval or waiting can be approved."))
    registration.save(update_fields=["status", "queued_at"])
    if before == Status.WAITLISTED:
        # Off the waiting list as a promotion is: the player is told the same way.
        _mail_promoted_on_commit([registration.pk])
    _announce(registration, before, [])
    return registration


@transaction.atomic
def signup_reject(*, registration_id: int, now: dt.datetime | None = None) -> Registration:
    """The organizer turns down a sign-up awaiting approval or waiting (it is kept,
    cancelled, so the player's page says so)."""
    event_id = Registration.objects.values_list("event_id", flat=True).get(pk=registration_id)
    _locked_event(event_id)
    registration = Registration.objects.select_for_update().get(pk=registration_id)
    if registration.status not in (Status.PENDING, Status.WAITLISTED):
        raise SignupRefused(_("Only a sign-up awaiting approval or waiting can be turned down."))
    before = registration.status
    registration.status = Status.CANCELLED
    registration.cancelled_at = now or timezone.now()
    registration.queued_at = None
    registration.save(update_fields=["status", "cancelled_at", "queued_at"])
    _announce(registration, before, [])
    return registration


def signup_mail_configured() -> bool:
    """The deployment set up e-mail: a backend other than the console's or the dummy, and
    for SMTP a host other than Django's default (no mail server is assumed)."""
    backend = getattr(django_settings, "EMAIL_BACKEND", "")
    if backend.endswith(("console.EmailBackend", "dummy.EmailBackend")) or not backend:
        return False
    if backend == "django.core.mail.backends.smtp.EmailBackend":
        return getattr(django_settings, "EMAIL_HOST", "localhost") not in ("", "localhost")
    return True


def _mail_address(registration: Registration) -> str | None:
    """The contact the player gave when it is an e-mail address and mail is configured."""
    address = registration.contact.strip()
    if not address or not signup_mail_configured():
        return None
    try:
        validate_email(address)
    except ValidationError:
        return None  # a phone number or a nickname: nothing to send
    return address


def _send(registration: Registration, subject: str, body: str, address: str) -> bool:
    try:
        send_mail(subject, body, None, [address])
    except Exception:  # noqa: BLE001 - any mail failure: logged, the change stands
        logger.exception("sign-up mail to registration %s failed", registration.pk)
        return False
    return True


def signup_mail_link(registration: Registration, link: str) -> bool:
    """E-mail the private link to the contact the player gave, when it is an address and
    e-mail is configured; True when sent. A mail failure never undoes the sign-up."""
    address = _mail_address(registration)
    if address is None:
        return False
    subject = _("Your page for %(event)s") % {"event": registration.event.name}
    body = _(
        "You signed up for %(event)s. Your private page (keep this link; do not share it):\n"
        "%(link)s\n\nStatus: %(status)s"
    ) % {
        "event": registration.event.name,
        "link": link,
        "status": registration.get_status_display(),
    }
    return _send(registration, subject, body, address)


def signup_private_link(registration: Registration) -> str | None:
    """The player's private page as an absolute link, when the deployment names its
    address (``PUBLIC_BASE_URL``); a promotion happens without a request to take it from."""
    base = getattr(django_settings, "PUBLIC_BASE_URL", "")
    if not base:
        return None
    return base.rstrip("/") + reverse(
        "tournaments:private", kwargs={"token": registration.private_token}
    )


def signup_mail_promoted(registration_ids: list[int]) -> int:
    """Tell each player who moved up from the waiting list that they now have a place,
    with their private link; how many mails were sent. Run after the promotion's commit.
    The players' pages are in the site's language (``LANGUAGE_CODE``): no player's own
    language is kept, and the organizer's request may be in another."""
    sent = 0
    rows = Registration.objects.filter(pk__in=registration_ids, status=Status.REGISTERED)
    for registration in rows.select_related("event"):
        address = _mail_address(registration)
        if address is None:
            continue
        with translation.override(django_settings.LANGUAGE_CODE):
            subject = _("A place for you at %(event)s") % {"event": registration.event.name}
            link = signup_private_link(registration)
            body = _(
                "A place became free at %(event)s and it is yours: you are no longer on "
                "the waiting list."
            ) % {"event": registration.event.name}
            if link:
                body += "\n\n" + _(
                    "Your private page (keep this link; do not share it):\n%(link)s"
                ) % {"link": link}
            else:
                body += "\n\n" + _("Open the private page you were given when you signed up.")
            body += "\n\n" + _("If you cannot come, please cancel from that page.")
        sent += _send(registration, subject, body, address)
    return sent
