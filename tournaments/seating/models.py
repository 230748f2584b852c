"""The stored seating of a round: mode, seed, cost breakdown and manual changes."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.events.models import Round


class RoundSeatingRecord(models.Model):
    """How a round was seated: mode, seed, weights and the optimiser's cost breakdown.

    ``breakdown`` is ``RoundSeating.to_dict()`` with registration ids as player ids; it is
    recomputed after every manual swap or re-seat (``manual_changes`` counts them).
    """

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="seating_record")
    mode = models.CharField(_("seating mode"), max_length=20)
    seed = models.BigIntegerField(_("seed"), default=0)
    weights = models.JSONField(_("penalty weights"), default=dict)
    breakdown = models.JSONField(_("cost breakdown"), default=dict)
    byes = models.JSONField(_("byes"), default=list)
    manual_changes = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_roundseatingrecord"  # the table it had before the split into apps
        verbose_name = _("round seating record")
        verbose_name_plural = _("round seating records")

    def __str__(self) -> str:
        return f"{self.round}: {self.mode} seed {self.seed}"
