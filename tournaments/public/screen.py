"""The café's screen: what it shows besides the event's released data (the organizer's
announcement), and who changes it."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.events.domain import AnnouncementChanged, announce
from tournaments.public.models import PublicSettings

ANNOUNCEMENT_MAX = 300


class AnnouncementRefused(ValueError):
    pass


@transaction.atomic
def screen_announcement_set(*, event_id: int, text: str) -> PublicSettings:
    """Show ``text`` on the café's screen (and the event's API); "" clears it."""
    text = " ".join((text or "").split())  # one line: a screen across the room
    if len(text) > ANNOUNCEMENT_MAX:
        raise AnnouncementRefused(
            _("At most %(max)s characters, not %(n)s.") % {"max": ANNOUNCEMENT_MAX, "n": len(text)}
        )
    settings_row, _created = PublicSettings.objects.select_for_update().get_or_create(
        event_id=event_id
    )
    if settings_row.announcement != text:
        settings_row.announcement = text
        settings_row.save(update_fields=["announcement"])  # its row signal bumps the pages
        announce(AnnouncementChanged(event_id=event_id, text=text))
    return settings_row


def screen_announcement(event_id: int) -> str:
    return (
        PublicSettings.objects.filter(event_id=event_id)
        .values_list("announcement", flat=True)
        .first()
        or ""
    )
