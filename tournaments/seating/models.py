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


class EventSchedule(models.Model):
    """Rounds seated in advance for an event: planned (``plan_schedule``) or uploaded.

    ``rounds`` lists ``{"number": n, "tables": [[registration id, ...], ...], "byes":
    [...]}`` by the event's round number; a round seated in schedule mode takes its
    tables from here. The counts are the whole schedule's, earlier rounds' meetings
    included, so the organizer sees them before publishing. ``source`` keeps an uploaded
    file as it was sent.
    """

    event = models.OneToOneField(
        "events.Event", on_delete=models.CASCADE, related_name="seating_schedule"
    )
    method = models.CharField(_("method"), max_length=120)
    seed = models.BigIntegerField(_("seed"), default=0)
    rounds = models.JSONField(_("rounds"), default=list)
    repeat_meetings = models.PositiveIntegerField(_("repeat meetings"))
    lower_bound = models.PositiveIntegerField(_("lower bound of repeat meetings"))
    max_meetings = models.PositiveIntegerField(default=0)
    source = models.TextField(_("uploaded file"), blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("planned schedule")
        verbose_name_plural = _("planned schedules")

    def __str__(self) -> str:
        return f"{self.event}: {self.method}"

    def round_numbers(self) -> list[int]:
        return [r["number"] for r in self.rounds]


class SchedulePlanRequest(models.Model):
    """An organizer's request to plan the schedule, carried out by a worker when no known
    design makes it instant (the search takes seconds). The console page shows
    "planning…" while one is queued and its problems if it failed. ``players`` and
    ``first_round`` are the field as asked for: a plan for another field is not stored."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Planning")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")
        SUPERSEDED = "superseded", _("Replaced by a later request")

    event = models.ForeignKey(
        "events.Event", on_delete=models.CASCADE, related_name="schedule_plan_requests"
    )
    rounds = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    first_round = models.PositiveIntegerField()
    players = models.JSONField(default=list)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.QUEUED)
    problems = models.JSONField(default=list)
    actor_user_id = models.IntegerField(null=True, blank=True)
    actor = models.CharField(max_length=120, blank=True)
    remote_addr = models.GenericIPAddressField(null=True, blank=True)
    # The requester's page language: the worker writes ``problems`` in it.
    language = models.CharField(max_length=10, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["event", "status"])]

    def __str__(self) -> str:
        return f"{self.event}: {self.rounds} rounds ({self.status})"
