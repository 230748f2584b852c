"""Standings snapshots: one stored standings table per version of an event's results."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.events.models import Event


class StandingsSnapshot(models.Model):
    """One computed standings table; a new version only when the content changed."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings_snapshots")
    version = models.PositiveIntegerField()
    after_round = models.PositiveSmallIntegerField(default=0)
    result_ids = models.JSONField(default=list)  # ResultSubmission ids counted
    ruling_ids = models.JSONField(default=list)
    provisional = models.BooleanField(default=False)
    rows = models.JSONField(default=list)
    standings = models.JSONField(default=dict)  # Standings.to_dict() minus rows
    content_hash = models.CharField(max_length=64)
    computed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_standingssnapshot"  # the table it had before the split into apps
        ordering = ["event", "-version"]
        get_latest_by = "version"
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")
        constraints = [
            models.UniqueConstraint(fields=["event", "version"], name="snapshot_version_unique")
        ]

    def __str__(self) -> str:
        return f"{self.event} standings v{self.version}"


class StandingsCheck(models.Model):
    """What the last recompute of an event read: a fingerprint of its standings inputs.

    Written in the recompute's own transaction, so a recompute that dies (a worker killed
    mid-run) leaves the previous fingerprint, and the reconciler sees the event as stale.
    """

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="standings_check"
    )
    fingerprint = models.CharField(max_length=64)
    checked_at = models.DateTimeField()

    class Meta:
        verbose_name = _("standings check")
        verbose_name_plural = _("standings checks")

    def __str__(self) -> str:
        return f"{self.event} standings read at {self.checked_at:%Y-%m-%d %H:%M:%S}"
