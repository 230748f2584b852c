"""League ratings bookkeeping (console extra): one row per ratings recompute.

The ratings themselves live in ``PlayerRating`` (models_console), which the seating
service already reads for round-1 seeding by rating. ``RatingRun`` records each full
recompute (how many confirmed tables it read, the hash of that input) so a recompute
whose input has not changed writes nothing: the recompute is idempotent and observable.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class RatingRun(models.Model):
    computed_at = models.DateTimeField(_("computed at"), auto_now_add=True)
    tables = models.PositiveIntegerField(_("tables rated"), default=0)
    players = models.PositiveIntegerField(_("players rated"), default=0)
    input_hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["-computed_at", "-id"]
        verbose_name = _("rating recompute")
        verbose_name_plural = _("rating recomputes")

    def __str__(self) -> str:
        return f"{self.computed_at:%Y-%m-%d %H:%M}: {self.tables} tables"


__all__ = ["RatingRun"]

from tournaments import league_signals  # noqa: E402,F401 - confirmations re-rate the league
