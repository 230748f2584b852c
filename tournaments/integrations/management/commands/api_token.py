"""``manage.py api_token USERNAME --name NAME [--event SLUG] [--write]``.

Makes an API token for an organizer's tool from the command line, for a host who sets up a
bot before any event exists (the console's pages do the same: ``/console/api-tokens/`` for
all of an organizer's events, ``/console/<slug>/api-access/`` for one). Prints the key
once; only its hash is stored.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.events.models import Event
from tournaments.integrations.services import token_create


class Command(BaseCommand):
    help = "Make an API token for an organizer (all their events, or one) and print it once."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", required=True, help="what the token is for, e.g. 'bot'")
        parser.add_argument("--event", default=None, help="slug: a token for this event only")
        parser.add_argument("--write", action="store_true", help="may change data")

    def handle(self, *args, **options):
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"no user {options['username']!r} (manage.py organizer_create)")
        event = None
        if options["event"]:
            event = Event.objects.filter(slug=options["event"]).first()
            if event is None:
                raise CommandError(f"no event with the slug {options['event']!r}")
        try:
            token, key = token_create(
                user=user, name=options["name"], event=event, can_write=options["write"]
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        scope = f"event {event.slug}" if event else "all of the user's events"
        access = "read and write" if token.can_write else "read only"
        self.stderr.write(f"Token {token.name!r} for {user.get_username()}: {scope}, {access}.")
        self.stderr.write("Send it as 'Authorization: Bearer <token>'; it is not shown again:")
        self.stdout.write(key)
