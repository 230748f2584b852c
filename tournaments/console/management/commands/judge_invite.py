"""``manage.py judge_invite EVENT USERNAME [--head | --table N ... | --whole-event]``.

Gives a judge their role in one event and prints a one-time link where they choose a
password (and are logged in). ``--head`` makes a head judge (the event's console: board,
check-in, rulings); ``--table N`` a table judge of table N in round R (default: the
latest round), who sees only their tables' pages; ``--whole-event`` a judge for the whole
event, invited once and given tables each round on the judges page (``--any-table``: or
taking the table whose card link they open while logged in). The console's judges page
(``/console/<event>/judges/``) invites through the same service.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, no_translations

from tournaments.console.services.accounts import (
    AccountError,
    account_grant_role,
    invite_path,
    judge_tables,
    printed_base_url,
)
from tournaments.events.models import Event


class Command(BaseCommand):
    help = "Invite a judge to an event: prints a one-time login link."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("username")
        parser.add_argument("--head", action="store_true", help="head judge")
        parser.add_argument("--table", type=int, action="append", default=[])
        parser.add_argument("--round", type=int, default=None)
        parser.add_argument(
            "--whole-event", action="store_true", help="judge for every round of the event"
        )
        parser.add_argument(
            "--any-table", action="store_true", help="with --whole-event: any table they scan"
        )
        parser.add_argument("--email", default="")
        parser.add_argument("--base-url", default=None, help="e.g. http://192.168.1.23:8000")
        parser.add_argument("--language", default="ja", choices=["ja", "en"])

    @no_translations  # the command speaks English; the console page speaks the page's language
    def handle(self, *args, **options):
        event = Event.objects.filter(slug=options["event"]).first()
        if event is None:
            raise CommandError(f"no event with the slug {options['event']!r}")
        if [options["head"], bool(options["table"]), options["whole_event"]].count(True) != 1:
            raise CommandError("give --head, at least one --table N, or --whole-event")
        if options["any_table"] and not options["whole_event"]:
            raise CommandError("--any-table goes with --whole-event")
        try:
            tables = (
                judge_tables(event, options["table"], options["round"]) if options["table"] else []
            )
        except AccountError as error:
            raise CommandError(str(error)) from error
        try:
            user = account_grant_role(
                username=options["username"],
                event=event,
                role="head_judge"
                if options["head"]
                else "event_judge"
                if options["whole_event"]
                else "table_judge",
                tables=tables,
                email=options["email"],
                any_table=options["any_table"],
            )
        except AccountError as error:
            raise CommandError(str(error)) from error
        if options["head"]:
            role = "head judge"
        elif options["whole_event"]:
            role = "judge for the whole event" + (
                ", any table they scan" if options["any_table"] else ""
            )
        else:
            role = "judge of tables " + ", ".join(str(t.number) for t in tables)
        base = printed_base_url(options["base_url"])
        self.stdout.write(f"{user.get_username()!r}: {role} in {event.slug}")
        self.stdout.write(
            "  one-time link (choose a password; works once, for 3 days): "
            f"{base}{invite_path(user, options['language'])}"
        )
