"""Leagues and the ratings bookkeeping (console extra).

A ``League`` groups the events held at one venue (a café): ratings are computed per
league from that league's events only (``Event.league``; events without a league form one
unnamed league of their own). The ratings themselves live in ``PlayerRating``
(models_console, one row per player and league), which the seating service reads for
round-1 seeding by rating. ``RatingRun`` records each full recompute (how many confirmed
tables it read, the hash of that input) so a recompute whose input has not changed writes
nothing: the recompute is idempotent and observable.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class League(models.Model):
    """Events at one venue whose players are rated together."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        constraints = [models.CheckConstraint(condition=~Q(name=""), name="league_name_not_blank")]

    def __str__(self) -> str:
        return self.name


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


__all__ = ["League", "RatingRun"]

from tournaments import league_signals  # noqa: E402,F401 - confirmations re-rate the league
