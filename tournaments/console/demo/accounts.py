"""The demo's organizer account: ``organizer``, organizer of the demo event, with a fresh
random password each time the demo is seeded (printed, with where to log in)."""

from __future__ import annotations

from tournaments.console.services.accounts import account_grant_role, account_set_password
from tournaments.events.models import Event

DEMO_ORGANIZER = "organizer"


def demo_accounts(event: Event, write, base: str) -> None:
    user = account_grant_role(username=DEMO_ORGANIZER, event=event, role="organizer")
    password = account_set_password(user)
    write("Organizer login (the console: check-in desk, rounds, progress board, judge calls):")
    write(f"  log in at: {base}/ja/accounts/login/   (English: {base}/en/accounts/login/)")
    write(f"  user name: {DEMO_ORGANIZER}")
    write(f"  password: {password}")
    write(f"  console: {base}/ja/console/{event.slug}/")
    write(
        f"  judges (invite one; a QR code for their phone): {base}/ja/console/{event.slug}/judges/"
    )
