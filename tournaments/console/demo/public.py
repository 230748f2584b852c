"""Demo step for the public pages (called at the end of ``manage.py demo``; idempotent).

The data comes from the earlier steps (rounds through the seating services, results
through the result services, the standings task); this step renders the rush pages ahead of time
as a round publication would, and prints where to look, including one player's private
URL (a demo event: its tokens are not secrets).
"""

from __future__ import annotations

import os

from django.urls import reverse
from django.utils import translation

from tournaments.events.models import Event
from tournaments.public.services import public_pages_prerender


def demo_public(event: Event, write, base: str | None = None) -> None:
    stored = public_pages_prerender(event_id=event.pk)
    base = base or os.environ.get("DEMO_BASE_URL", "http://localhost:8000")
    first_round = event.rounds.exclude(status="draft").order_by("number").first()
    current = event.rounds.exclude(status="draft").order_by("-number").first()
    registration = event.registrations.select_related("player").order_by("pk").first()
    with translation.override("ja"):
        links = [("event", reverse("tournaments:event-detail", kwargs={"slug": event.slug}))]
        links.append(("standings", reverse("tournaments:standings", kwargs={"slug": event.slug})))
        if current is not None:
            kwargs = {"slug": event.slug, "number": current.number}
            links.append(("seating", reverse("tournaments:seating", kwargs=kwargs)))
        if first_round is not None:
            kwargs = {"slug": event.slug, "number": first_round.number}
            links.append(
                ("table result", reverse("tournaments:table-result", kwargs={**kwargs, "table": 1}))
            )
        if registration is not None:
            links.append(
                (
                    f"player page ({registration.player.display_name})",
                    reverse(
                        "tournaments:player",
                        kwargs={"slug": event.slug, "registration_id": registration.pk},
                    ),
                )
            )
            links.append(
                (
                    "their private page",
                    reverse("tournaments:private", kwargs={"token": registration.private_token}),
                )
            )
    write(f"Public pages ({stored} renders cached ahead of time):")
    for label, path in links:
        write(f"  {label}: {base}{path}")
