"""``manage.py organizer_create USERNAME [--event SLUG ...] [--password]``.

Creates (or finds) an organizer account for a real install: with ``--event`` the user
organizes those events; without, they may create events (each one they create is theirs).
Prints a one-time link where they choose their password (``--base-url`` or
PUBLIC_BASE_URL names the address they reach), or, with ``--password``, sets a random
password and prints it.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tournaments.console.services.accounts import (
    AccountError,
    account_allow_event_creation,
    account_grant_role,
    account_set_password,
    account_user,
    invite_path,
    printed_base_url,
)
from tournaments.events.models import Event


class Command(BaseCommand):
    help = "Create an organizer account and print a one-time login link (or a password)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--event", action="append", default=[], help="slug; repeatable")
        parser.add_argument("--email", default="")
        parser.add_argument("--password", action="store_true", help="set and print a password")
        parser.add_argument("--base-url", default=None, help="e.g. http://192.168.1.23:8000")
        parser.add_argument("--language", default="ja", choices=["ja", "en"])

    def handle(self, *args, **options):
        events = []
        for slug in options["event"]:
            event = Event.objects.filter(slug=slug).first()
            if event is None:
                raise CommandError(f"no event with the slug {slug!r}")
            events.append(event)
        try:
            if events:
                for event in events:
                    user = account_grant_role(
                        username=options["username"],
                        event=event,
                        role="organizer",
                        email=options["email"],
                    )
            else:
                user = account_user(options["username"], options["email"])
                account_allow_event_creation(user)
        except AccountError as error:
            raise CommandError(str(error)) from error
        base = printed_base_url(options["base_url"])
        what = ", ".join(e.slug for e in events) or "new events (may create them)"
        self.stdout.write(f"Organizer {user.get_username()!r}: {what}")
        if options["password"]:
            password = account_set_password(user)
            self.stdout.write(f"  log in at: {base}/{options['language']}/accounts/login/")
            self.stdout.write(f"  user name: {user.get_username()}")
            self.stdout.write(f"  password: {password}")
        else:
            self.stdout.write(
                "  one-time link (choose a password; works once, for 3 days): "
                f"{base}{invite_path(user, options['language'])}"
            )
