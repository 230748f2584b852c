"""Organizer console: event configuration, the stored seating of a round, league ratings.

Kept in its own module (imported at the bottom of ``models.py``) so the console can grow
without touching the domain core.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Player, Round


class EventConfig(models.Model):
    """What the domain core's Event lacks, as one validated JSON document.

    Keys (all optional, defaults in ``tournaments.selectors.console.event_config``):
    ``round_games`` {round number: game key}, ``presets`` {game: preset},
    ``variants`` {game: {option: value}}, ``placement_points`` {size: [points...]},
    ``precedence`` [metric...], ``bye_points``, ``seating_mode`` random|standings,
    ``round1_seeding`` random|rating, ``weights`` {spread, seat, club, small_table},
    ``release_policy`` immediate|on_close, ``finals_cut``.
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="console_config")
    data = models.JSONField(_("configuration"), default=dict, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("event configuration")
        verbose_name_plural = _("event configurations")

    def __str__(self) -> str:
        return f"{self.event}: configuration"


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
        verbose_name = _("round seating record")
        verbose_name_plural = _("round seating records")

    def __str__(self) -> str:
        return f"{self.round}: {self.mode} seed {self.seed}"


class PlayerRating(models.Model):
    """A player's OpenSkill (Plackett-Luce) rating across the events they played in one
    league (``league`` null: the events that belong to no league)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    league = models.ForeignKey(
        "tournaments.League",
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


__all__ = ["EventConfig", "PlayerRating", "RoundSeatingRecord"]
