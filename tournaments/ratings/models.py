"""League ratings: one OpenSkill rating per player and league, and the recompute runs.

Ratings are computed per league from that league's events only (``Event.league``; events
without a league form one unnamed league of their own). ``RatingRun`` records each full
recompute (how many confirmed tables it read, the hash of that input) so a recompute
whose input has not changed writes nothing.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.events.models import Player


class RatingRun(models.Model):
    computed_at = models.DateTimeField(_("computed at"), auto_now_add=True)
    tables = models.PositiveIntegerField(_("tables rated"), default=0)
    players = models.PositiveIntegerField(_("players rated"), default=0)
    input_hash = models.CharField(max_length=64)

    class Meta:
        db_table = "tournaments_ratingrun"  # the table it had before the split into apps
        ordering = ["-computed_at", "-id"]
        verbose_name = _("rating recompute")
        verbose_name_plural = _("rating recomputes")

    def __str__(self) -> str:
        return f"{self.computed_at:%Y-%m-%d %H:%M}: {self.tables} tables"


class PlayerRating(models.Model):
    """A player's OpenSkill (Plackett-Luce) rating across the events they played in one
    league (``league`` null: the events that belong to no league)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    league = models.ForeignKey(
        "events.League",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="ratings",
        verbose_name=_("league"),
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_playerrating"  # the table it had before the split into apps
        ordering = ["-mu"]
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "league"],
                condition=models.Q(league__isnull=False),
                name="rating_one_per_player_and_league",
            ),
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(league__isnull=True),
                name="rating_one_per_player_without_league",
            ),
        ]

    def __str__(self) -> str:
        where = f" ({self.league})" if self.league_id else ""
        return f"{self.player}{where}: {self.mu:.1f} ± {self.sigma:.1f}"

    @property
    def ordinal(self) -> float:
        """The conservative display value mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def new_public_id() -> str:
    """The league page's address: unguessable (a league's name is not unique across
    owners, and a league the café has not made public must not be found by trying)."""
    import secrets

    return secrets.token_urlsafe(12)


class LeagueSeason(models.Model):
    """A league's public page and the rule its season leaderboard follows (the league's
    owner chooses both in the console). Without this row a league has no public page."""

    class Rule(models.TextChoices):
        # The N best event results, a result being the player's tournament points in that
        # event's public standings.
        BEST_N = "best_n", _("Best N results")
        # Points for each event's placement, from the café's table; every event counts.
        PLACEMENT_POINTS = "placement_points", _("Points per placement")
        # The league rating (OpenSkill ordinal, as on the ratings page).
        RATING = "rating", _("Rating")

    league = models.OneToOneField(
        "events.League", on_delete=models.CASCADE, related_name="season", verbose_name=_("league")
    )
    public = models.BooleanField(_("public page"), default=False)
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    rule = models.CharField(_("season rule"), max_length=20, choices=Rule, default=Rule.RATING)
    best_n = models.PositiveSmallIntegerField(_("results counted"), null=True, blank=True)
    # Points for 1st, 2nd, ... place; a place beyond the list scores no points.
    placement_points = models.JSONField(_("points per placement"), default=list, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("league season")
        verbose_name_plural = _("league seasons")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(rule="best_n") | models.Q(best_n__gte=1),
                name="season_best_n_needs_n",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.league}: {self.rule}"
