"""Public-page settings and player problem reports (owned by the public pages feature)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Registration, Table


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

    class Meta:
        verbose_name = _("public page settings")
        verbose_name_plural = _("public page settings")

    def __str__(self) -> str:
        return f"{self.event}: public settings"


class ProblemReport(models.Model):
    """A player's "report a problem" from their private page, for the judges to read."""

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="problem_reports"
    )
    table = models.ForeignKey(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="problem_reports"
    )
    message = models.TextField(_("message"), max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("problem report")
        verbose_name_plural = _("problem reports")
        constraints = [
            models.CheckConstraint(condition=~Q(message=""), name="problem_report_not_blank"),
        ]

    def __str__(self) -> str:
        return f"{self.registration}: {self.message[:40]}"


__all__ = ["ProblemReport", "PublicSettings"]

from tournaments import public_signals  # noqa: E402,F401 - cache versions follow model saves
