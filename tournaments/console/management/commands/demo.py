"""``python manage.py demo [--host H --port P | --base-url URL]``: the 18-player evening
of a café, "Cairo Café Open" (Imhotep, tables of 4 and 3, a final table of four), with an
organizer account. Round 1 is played and closed; round 2 is under way with one table
waiting for its players' confirmation, so an organizer can try the board, the clock,
judge calls and judges, then close round 2, seat the final from the standings and finish
the event (the podium on the public pages). Idempotent: running it again finds what
exists and creates nothing twice (the organizer's password is new each time, printed
with where to log in).

Printed links use the address the server will be reached at: ``--base-url``, else
``http://<host>:<port>`` (``make demo`` passes its HOST and PORT); for a host that listens
on every interface (0.0.0.0, the café's network) the machine's LAN address, so phones
can open them.
"""

from __future__ import annotations

import datetime as dt
import os

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from tournaments.console.services.accounts import printed_base_url
from tournaments.events import links as lan
from tournaments.events.models import Event, EventConfig, Player, Registration, Seat
from tournaments.events.services.registrations import registration_check_in, registration_create

DEMO_SLUG = "cairo-cafe-open"
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
    ("佐々木 杏", "ささき あん", ""),
    ("山口 蒼", "やまぐち あおい", "ピラミッド同好会"),
    ("松本 美咲", "まつもと みさき", "カイロ・カフェ"),
    ("井上 樹", "いのうえ いつき", ""),
    ("木村 花", "きむら はな", "ナイル会"),
    ("林 大和", "はやし やまと", ""),
]
# What the organizer would set for a café evening: the final is the top four at one table.
DEMO_CONFIG = {"finals_cut": 4, "round_minutes": 50}


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
    help = "Create (or find) the demo event 'Cairo Café Open': an 18-player evening in round 2."

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
                "status": Event.Status.REGISTRATION,
                "game_key": "imhotep",
                "options_preset": "",
                "table_sizes": [4, 3],
                "rounds_planned": 2,
            },
        )
        verb = "Created" if created else "Found"
        first_round = Seat.objects.filter(round__event=event, round__number=1).count()
        if first_round not in (0, len(DEMO_PLAYERS)):
            # Seeded by an older demo (twelve players in round 1): left as it is.
            self.stdout.write(
                f"Found demo event {event.name!r} from an older demo, left as it is "
                "(delete the database file in var/ to seed the 18-player evening)."
            )
        else:
            EventConfig.objects.get_or_create(event=event, defaults={"data": DEMO_CONFIG})
            for name, reading, club in DEMO_PLAYERS:
                player, _ = Player.objects.get_or_create(
                    display_name=name, reading=reading, defaults={"club": club}
                )
                registration = Registration.objects.filter(event=event, player=player).first()
                if registration is None:
                    registration = registration_create(event=event, player=player)
                if registration.status == Registration.Status.REGISTERED and created:
                    registration_check_in(registration_id=registration.pk)
            self.stdout.write(
                f"{verb} demo event {event.name!r}: {event.registrations.count()} players."
            )
            from tournaments.console.demo.evening import demo_evening  # rounds 1 and 2

            demo_evening(event, self.stdout.write, base=base)
        from tournaments.console.demo.public import demo_public  # public pages' demo step

        demo_public(event, self.stdout.write, base=base)
        from tournaments.console.demo.accounts import demo_accounts

        demo_accounts(event, self.stdout.write, base)
        self.stdout.write(f"\n  Demo event: {base}/ja/events/{event.slug}/   (English: /en/...)\n")
        return None
