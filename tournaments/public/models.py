"""What the public may see of one event beyond the release of rounds and results."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.events.models import Event


class PublicSettings(models.Model):
    """What the public may see of one event beyond the release of rounds and results.

    ``standings_frozen_after_round``: when set to N, public standings stay at the
    standings after round N, and results of later rounds stay hidden (a final played
    "silent"). Seating of later rounds is still shown once published.
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="public_settings")
    standings_frozen_after_round = models.PositiveSmallIntegerField(
        _("standings frozen after round"), null=True, blank=True
    )
    # What the organizer types for the café's screen (public/screen.py): shown to everyone.
    announcement = models.CharField(_("announcement"), max_length=300, blank=True)

    class Meta:
        db_table = "tournaments_publicsettings"  # the table it had before the split into apps
        verbose_name = _("public page settings")
        verbose_name_plural = _("public page settings")

    def __str__(self) -> str:
        return f"{self.event}: public settings"
