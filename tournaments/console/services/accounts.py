"""Accounts for the people who run an evening: organizers and judges.

No one needs the Django admin or ``is_staff``: an organizer or judge is a plain user with
an :class:`EventRole` for their event. An invited user gets a one-time link: Django's
password-reset token for that user, opened at ``accounts:invite`` where they choose a
password (and are logged in). The token stops working once the password is set, and after
``PASSWORD_RESET_TIMEOUT`` (three days by default).
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from tournaments.events.models import Event, EventRole, Round, Table

ROLE_KINDS = {
    "organizer": EventRole.Kind.ORGANIZER,
    "head_judge": EventRole.Kind.HEAD_JUDGE,
    "table_judge": EventRole.Kind.TABLE_JUDGE,
    "event_judge": EventRole.Kind.EVENT_JUDGE,
}


class AccountError(ValueError):
    pass


def invite_path(user, language: str = "ja") -> str:
    """The one-time "choose your password" path for ``user`` (no scheme or host)."""
    with translation.override(language):
        return reverse(
            "accounts:invite",
            kwargs={
                "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
                "token": default_token_generator.make_token(user),
            },
        )


def account_user(username: str, email: str = ""):
    """Find or create the user; a new one has no usable password until invited."""
    username = username.strip()
    if not username:
        raise AccountError("a user name is needed")
    User = get_user_model()
    user, created = User.objects.get_or_create(username=username, defaults={"email": email})
    if created:
        user.set_unusable_password()  # until they open the invitation
        user.save(update_fields=["password"])
    return user


@transaction.atomic
def account_grant_role(
    *,
    username: str,
    event: Event,
    role: str,
    tables: list[Table] | None = None,
    email: str = "",
    any_table: bool = False,
):
    """Create (or find) the user and give them ``role`` in ``event``; a table judge gets
    one row per table; an event judge one row for the event (``any_table``: they take any
    table of the current round whose card link they open). Returns the user."""
    kind = ROLE_KINDS.get(role)
    if kind is None:
        raise AccountError(f"role is one of {', '.join(ROLE_KINDS)}")
    user = account_user(username, email)
    if kind == EventRole.Kind.TABLE_JUDGE:
        if not tables:
            raise AccountError("a table judge needs at least one table")
        for table in tables:
            if table.round.event_id != event.pk:
                raise AccountError(f"table {table.pk} is not in {event.slug}")
            EventRole.objects.get_or_create(user=user, event=event, role=kind, table=table)
    elif kind == EventRole.Kind.EVENT_JUDGE:
        EventRole.objects.update_or_create(
            user=user, event=event, role=kind, table=None, defaults={"any_table": any_table}
        )
    else:
        EventRole.objects.get_or_create(user=user, event=event, role=kind, table=None)
    return user


JUDGE_KINDS = (EventRole.Kind.HEAD_JUDGE, EventRole.Kind.TABLE_JUDGE, EventRole.Kind.EVENT_JUDGE)


def judge_round(event: Event, number: int | None = None) -> Round | None:
    """The round whose tables a table judge is invited to: round ``number``, else the
    latest round."""
    rounds = event.rounds.order_by("-number")
    return rounds.filter(number=number).first() if number else rounds.first()


def judge_tables(event: Event, numbers: list[int], round_number: int | None = None) -> list[Table]:
    """Tables ``numbers`` of the round (``judge_round``); AccountError names a missing one."""
    rnd = judge_round(event, round_number)
    if rnd is None:
        raise AccountError(_("The event has no such round yet."))
    tables = []
    for number in numbers:
        table = Table.objects.filter(round=rnd, number=number).first()
        if table is None:
            raise AccountError(
                _("Round %(round)d has no table %(table)d.")
                % {"round": rnd.number, "table": number}
            )
        tables.append(table)
    return tables


def invitation_pending(user) -> bool:
    """Invited and not yet in: no password chosen, so the one-time link still works."""
    return not user.has_usable_password()


def invitation_shareable(user, event: Event) -> bool:
    """May ``event``'s organizers be shown this user's one-time link? Only while it is
    pending and the user has nothing outside ``event``: the link sets the password, so
    handing it out for an account with other roles or rights would hand over the account."""
    return bool(
        invitation_pending(user)
        and not (user.is_superuser or user.is_staff)
        and not user.user_permissions.exists()
        and not EventRole.objects.filter(user=user).exclude(event=event).exists()
    )


@transaction.atomic
def judge_revoke(*, event: Event, user) -> int:
    """Take ``user``'s judge roles in ``event`` away (organizer roles stay). A pending
    invitation with nothing else behind it is cancelled: a fresh unusable password makes
    the link's token invalid. Returns how many roles were removed."""
    removed, _by_model = EventRole.objects.filter(
        user=user, event=event, role__in=JUDGE_KINDS
    ).delete()
    if invitation_pending(user) and not EventRole.objects.filter(user=user).exists():
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return removed


def account_set_password(user, password: str | None = None) -> str:
    """Set (and return) a password: the given one or a fresh random one."""
    password = password or secrets.token_urlsafe(9)
    user.set_password(password)
    user.save(update_fields=["password"])
    return password


def account_allow_event_creation(user) -> None:
    """Let ``user`` create events (Django's ``events.add_event`` permission); each event
    they create makes them its organizer, and only that."""
    from django.contrib.auth.models import Permission

    permission = Permission.objects.get(content_type__app_label="events", codename="add_event")
    user.user_permissions.add(permission)


def printed_base_url(given: str | None = None) -> str:
    """The scheme and host to print links with: ``given``, else PUBLIC_BASE_URL, else the
    development server's default address."""
    from django.conf import settings

    return (given or getattr(settings, "PUBLIC_BASE_URL", "") or "http://localhost:8000").rstrip(
        "/"
    )
