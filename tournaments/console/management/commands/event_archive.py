"""``manage.py event_archive export SLUG FILE`` / ``import FILE [--slug S] [--standings]``.

Moves one event between databases (for example from a café's laptop to the league
server). ``--standings`` prints the recomputed standings by player name as JSON after an
import, so a round trip can be compared.

Whoever runs this holds the database already: the export carries the judge and private
tokens (printed slips and table cards keep working after the move). ``--organizer NAME``
makes that user the imported event's organizer and owner of the league it names;
without it the league is one that no organizer owns.
"""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.console.services.archive import ArchiveError, event_archive, event_archive_import
from tournaments.events.models import Event, Registration
from tournaments.standings.services import standings_recompute


def standings_by_name(event: Event) -> list[list]:
    snapshot = standings_recompute(event_id=event.pk)
    names = dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))
    return [[names[row["registration"]], row["rank"], row["metrics"]] for row in snapshot.rows]


class Command(BaseCommand):
    help = "Export an event as a JSON archive, or import one."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["export", "import"])
        parser.add_argument("operands", nargs="+")
        parser.add_argument("--slug", default=None)
        parser.add_argument("--standings", action="store_true")
        parser.add_argument("--organizer", default=None, help="user name (import)")

    def handle(self, *args, **options):
        action, args = options["action"], options["operands"]
        slug, standings = options["slug"], options["standings"]
        if action == "export":
            if len(args) != 2:
                raise CommandError("export SLUG FILE")
            event = Event.objects.filter(slug=args[0]).first()
            if event is None:
                raise CommandError(f"no event {args[0]!r}")
            with open(args[1], "w", encoding="utf-8") as out:
                json.dump(event_archive(event.pk, with_secrets=True), out, ensure_ascii=False)
            return None
        with open(args[0], encoding="utf-8") as source:
            archive = json.load(source)
        organizer = None
        if options["organizer"]:
            organizer = get_user_model().objects.filter(username=options["organizer"]).first()
            if organizer is None:
                raise CommandError(f"no user {options['organizer']!r}")
        try:
            event = event_archive_import(archive, slug=slug, organizer=organizer)
        except ArchiveError as error:
            raise CommandError(str(error)) from error
        if standings:
            self.stdout.write(json.dumps(standings_by_name(event), ensure_ascii=False))
        else:
            self.stdout.write(f"imported {event.slug}")
        return None
