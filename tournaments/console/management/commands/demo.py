"""``python manage.py demo [--host H --port P | --base-url URL]``: an Imhotep event with
twelve checked-in players and a seated first round, and an organizer account. Idempotent:
running it again finds what exists and creates nothing twice (the organizer's password is
new each time, printed with where to log in).

Printed links use the address the server will be reached at: ``--base-url``, else
``http://<host>:<port>`` (``make demo`` passes its HOST and PORT); for a host that listens
on every interface (0.0.0.0, the café's network) the machine's LAN address, so phones
can open them.
"""

from __future__ import annotations

import datetime as dt
import os
import random

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from tournaments.console.services.accounts import printed_base_url
from tournaments.events import links as lan
from tournaments.events.models import Event, Player, Registration, Round, Seat, Table
from tournaments.events.services.registrations import registration_check_in, registration_create

DEMO_SLUG = "cairo-cafe-open"
TABLE_SIZE = 4
# Fictional players: display name, kana reading, club.
DEMO_PLAYERS = [
    ("佐藤 葵", "さとう あおい", "カイロ・カフェ"),
    ("鈴木 蓮", "すずき れん", "カイロ・カフェ"),
    ("高橋 結衣", "たかはし ゆい", "ナイル会"),
    ("田中 湊", "たなか みなと", ""),
    ("伊藤 陽菜", "いとう ひな", "ナイル会"),
    ("渡辺 颯太", "わたなべ そうた", ""),
    ("山本 凛", "やまもと りん", "ピラミッド同好会"),
    ("中村 悠真", "なかむら ゆうま", "ピラミッド同好会"),
    ("小林 芽依", "こばやし めい", ""),
    ("加藤 大翔", "かとう ひろと", "カイロ・カフェ"),
    ("吉田 紬", "よしだ つむぎ", ""),
    ("山田 陸", "やまだ りく", "ナイル会"),
]


def _simple_seating(registrations: list[Registration], seed: str) -> list[list[Registration]]:
    """A deterministic shuffle into tables of four (a placeholder until the seating
    optimiser in tournaments.seating is wired into a seat_round service)."""
    ordered = sorted(registrations, key=lambda r: r.pk)
    random.Random(seed).shuffle(ordered)
    return [ordered[i : i + TABLE_SIZE] for i in range(0, len(ordered), TABLE_SIZE)]


def demo_base_url(given: str | None, host: str | None, port: str) -> str:
    """Where the printed links point: ``given``; else ``host:port`` (a wildcard host
    becomes this machine's LAN address); else DEMO_BASE_URL / PUBLIC_BASE_URL."""
    if given:
        return given.rstrip("/")
    if host:
        if host in ("0.0.0.0", "::", "[::]"):
            host = lan.lan_address() or "127.0.0.1"
        return f"http://{host}:{port}"
    return os.environ.get("DEMO_BASE_URL") or printed_base_url()


class Command(BaseCommand):
    help = "Create (or find) the demo event 'Cairo Café Open' with a seated first round."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=None, help="where runserver listens")
        parser.add_argument("--port", default="8000")
        parser.add_argument("--base-url", default=None, help="e.g. http://192.168.1.23:8000")

    @transaction.atomic
    def handle(self, *args, **options):
        base = demo_base_url(options["base_url"], options["host"], str(options["port"]))
        today = timezone.localdate()
        event, created = Event.objects.get_or_create(
            slug=DEMO_SLUG,
            defaults={
                "name": "Cairo Café Open",
                "venue": "Cairo Café, Tokyo",
                "starts_on": today,
                "ends_on": today + dt.timedelta(days=0),
                "status": Event.Status.RUNNING,
                "game_key": "imhotep",
                "options_preset": "",
                "table_sizes": [4, 3],
                "rounds_planned": 3,
            },
        )
        for name, reading, club in DEMO_PLAYERS:
            player, _ = Player.objects.get_or_create(
                display_name=name, reading=reading, defaults={"club": club}
            )
            registration = Registration.objects.filter(event=event, player=player).first()
            if registration is None:
                registration = registration_create(event=event, player=player)
            if registration.status == Registration.Status.REGISTERED:
                registration_check_in(registration_id=registration.pk)

        round_1, _ = Round.objects.get_or_create(
            event=event,
            number=1,
            defaults={"status": Round.Status.PUBLISHED, "published_at": timezone.now()},
        )
        if not round_1.tables.exists():
            checked_in = list(event.registrations.filter(status=Registration.Status.CHECKED_IN))
            groups = _simple_seating(checked_in, seed=f"{event.slug}-round-{round_1.number}")
            for number, group in enumerate(groups, start=1):
                table = Table.objects.create(round=round_1, number=number, game_key="imhotep")
                for position, registration in enumerate(group, start=1):
                    Seat.objects.create(table=table, registration=registration, position=position)

        verb = "Created" if created else "Found"
        self.stdout.write(
            f"{verb} demo event {event.name!r}: {event.registrations.count()} players, "
            f"round 1 with {round_1.tables.count()} tables."
        )
        from tournaments.console.demo.results import demo_results  # result entry's demo step

        demo_results(event, self.stdout.write, base=base)
        from tournaments.console.demo.seating import demo_seating  # standings task + seated round 2

        demo_seating(event, self.stdout.write)
        from tournaments.console.demo.public import demo_public  # public pages' demo step

        demo_public(event, self.stdout.write, base=base)
        from tournaments.console.demo.accounts import demo_accounts

        demo_accounts(event, self.stdout.write, base)
        self.stdout.write(f"\n  Demo event: {base}/ja/events/{event.slug}/   (English: /en/...)\n")
        return None
