"""Result entry: versioned submissions, confirmations, rulings, the audit log, problem reports.

Integrity lives in the database, not in process locks (aesthetics §10):

* ``ResultSubmission`` rows are append-only versions per table: ``(table, version)`` is
  unique, an idempotency key is unique per table, and a partial unique constraint allows
  at most one ``confirmed`` row per table. Only ``status`` (and the confirmation
  counters) ever change on a row; the payload and the engine's verdict never do.
* ``ActionLog`` refuses updates and deletes at the model level; services write it through
  typed constructors in ``tournaments.results.services.action_log``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.events.models import Event, Registration, Table


class ConfirmationPolicy(models.TextChoices):
    PLAYERS = "players", _("Every player at the table confirms")
    # The judge's device cannot confirm for anyone: a photographed table card (its judge
    # link) is then no way to confirm on behalf of the players.
    PLAYERS_OWN_DEVICE = (
        "players_own_device",
        _("Every player confirms on their own device (their private link)"),
    )
    SECOND_JUDGE = "second_judge", _("A second judge confirms")
    BLIND_REENTRY = "blind_reentry", _("A second judge re-enters the sheet blind")
    NONE = "none", _("No confirmation (the submission counts at once)")


POLICY_TRUSTS = {
    ConfirmationPolicy.PLAYERS: _(
        "Trusts whoever holds the table's judge page: anyone with the judge link (it is "
        "printed on the table card) can confirm for every player at the table."
    ),
    ConfirmationPolicy.PLAYERS_OWN_DEVICE: _(
        "Trusts each player's private link: every player confirms for themselves on their "
        "own phone; the judge page enters results but confirms for nobody."
    ),
    ConfirmationPolicy.SECOND_JUDGE: _(
        "Trusts logged-in judges: a judge other than the one who entered the result confirms."
    ),
    ConfirmationPolicy.BLIND_REENTRY: _(
        "Trusts logged-in judges and the data: a second judge enters the sheet again without "
        "seeing it; a mismatch goes to the head judge."
    ),
    ConfirmationPolicy.NONE: _(
        "Trusts whoever enters the result: it counts at once, nobody confirms."
    ),
}


class EventResultSettings(models.Model):
    """How an event confirms results; one row per event, created with defaults on use."""

    Policy = ConfirmationPolicy

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="result_settings")
    confirmation_policy = models.CharField(
        _("confirmation policy"),
        max_length=20,
        choices=Policy.choices,
        default=Policy.PLAYERS,
    )
    # Count submitted (not yet confirmed) results in standings, marked provisional.
    count_provisional = models.BooleanField(
        _("count submitted results provisionally"), default=False
    )

    class Meta:
        db_table = "tournaments_eventresultsettings"  # the table it had before the split into apps
        verbose_name = _("result settings")
        verbose_name_plural = _("result settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(confirmation_policy__in=ConfirmationPolicy.values),
                name="result_settings_policy_valid",
            )
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.confirmation_policy}"


class SubmissionKind(models.TextChoices):
    SHEET = "sheet", _("Score sheet")
    LOG = "log", _("Move log")


class SubmissionStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    SUBMITTED = "submitted", _("Submitted")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")
    DISCARDED = "discarded", _("Discarded")


class SubmittedVia(models.TextChoices):
    USER = "user", _("Logged-in user")
    PARTICIPANT = "participant", _("Player's private URL")
    JUDGE_TOKEN = "judge_token", _("Table's private judge URL")


def sheet_photo_path(instance: ResultSubmission, filename: str) -> str:
    """A random name (the extension the service checked): no player name, no guessing."""
    import secrets
    from pathlib import PurePath

    suffix = PurePath(filename).suffix.lower()
    return f"sheet-photos/{instance.table_id}/{secrets.token_urlsafe(16)}{suffix}"


class ResultSubmission(models.Model):
    Kind = SubmissionKind
    Status = SubmissionStatus
    Via = SubmittedVia

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="submissions")
    version = models.PositiveIntegerField(_("version"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    payload = models.JSONField(_("payload as entered"))
    engine_key = models.CharField(_("game"), max_length=40)
    engine_version = models.CharField(_("engine version"), max_length=20, blank=True)
    options = models.JSONField(_("resolved options"), default=dict, blank=True)
    edition = models.JSONField(_("edition"), null=True, blank=True)
    outcome = models.JSONField(_("outcome"), null=True, blank=True)
    violations = models.JSONField(_("violations"), default=list, blank=True)
    # [[rank, total], ...] per seat, copied from the outcome when saved: standings read
    # this small column instead of decoding thousands of full outcomes.
    lines = models.JSONField(default=list, blank=True, editable=False)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices)
    submitted_via = models.CharField(max_length=12, choices=Via.choices)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="result_submissions",
    )
    submitted_by_registration = models.ForeignKey(
        Registration,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="result_submissions",
    )
    remote_addr = models.GenericIPAddressField(null=True, blank=True)
    idempotency_key = models.CharField(max_length=80, null=True, blank=True)  # noqa: DJ001 - NULL: no key (unique when set)
    confirmations_required = models.PositiveSmallIntegerField(default=0)
    # A photo of the paper sheet, in the deployment's media storage under a random name;
    # served only through the table's and the seated players' private pages.
    sheet_photo = models.FileField(
        _("photo of the paper sheet"), upload_to=sheet_photo_path, blank=True, max_length=200
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_resultsubmission"  # the table it had before the split into apps
        ordering = ["table", "version"]
        verbose_name = _("result submission")
        verbose_name_plural = _("result submissions")
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="submission_version_unique"),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(status="confirmed"),
                name="submission_one_confirmed_per_table",
            ),
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="submission_idempotency_key_unique",
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="submission_version_ge_1"),
            models.CheckConstraint(
                condition=Q(status__in=SubmissionStatus.values), name="submission_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=SubmissionKind.values), name="submission_kind_valid"
            ),
            # A result that counts has an outcome: only drafts may carry violations alone.
            models.CheckConstraint(
                condition=~Q(status__in=["submitted", "confirmed"]) | Q(outcome__isnull=False),
                name="submission_counted_has_outcome",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} v{self.version} ({self.status})"

    def save(self, *args, **kwargs) -> None:
        if self.outcome and not self.lines:
            self.lines = self.lines_of(self.outcome)
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "lines"}
        super().save(*args, **kwargs)

    @staticmethod
    def lines_of(outcome: dict | None) -> list[list[int | None]]:
        if not outcome:
            return []
        return [[p["rank"], p.get("total")] for p in outcome.get("players", [])]

    @property
    def placements(self) -> list[int]:
        """Engine ranks in seat order (empty without an outcome)."""
        if not self.outcome:
            return []
        return [p["rank"] for p in self.outcome.get("players", [])]


class ConfirmationRole(models.TextChoices):
    PLAYER = "player", _("Player")
    SECOND_JUDGE = "second_judge", _("Second judge")
    HEAD_JUDGE = "head_judge", _("Head judge")


class Confirmation(models.Model):
    Role = ConfirmationRole

    submission = models.ForeignKey(
        ResultSubmission, on_delete=models.CASCADE, related_name="confirmations"
    )
    role = models.CharField(max_length=12, choices=Role.choices)
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Blind re-entry: the second judge's own entry, and whether it matched.
    blind_payload = models.JSONField(null=True, blank=True)
    matched = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_confirmation"  # the table it had before the split into apps
        ordering = ["submission", "created_at"]
        verbose_name = _("confirmation")
        verbose_name_plural = _("confirmations")
        constraints = [
            models.UniqueConstraint(
                fields=["submission", "registration"],
                condition=Q(registration__isnull=False),
                name="confirmation_once_per_player",
            ),
            models.CheckConstraint(
                condition=Q(role__in=ConfirmationRole.values), name="confirmation_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.submission} confirmed by {self.role}"


class RulingKind(models.TextChoices):
    PENALTY_POINTS = "penalty_points", _("Penalty points")
    GAME_LOSS = "game_loss", _("Game loss")
    DISQUALIFICATION = "disqualification", _("Disqualification")
    ENGINE_OVERRIDE = "engine_override", _("Override of the engine's verdict")
    VARIANT_INTERPRETATION = "variant_interpretation", _("Variant interpretation")


class Ruling(models.Model):
    """A head judge's decision. Standings apply it (see selectors.standings)."""

    Kind = RulingKind

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rulings")
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="rulings"
    )
    submission = models.ForeignKey(
        ResultSubmission, on_delete=models.SET_NULL, null=True, blank=True, related_name="rulings"
    )
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, null=True, blank=True, related_name="rulings"
    )
    kind = models.CharField(_("kind"), max_length=30, choices=Kind.choices)
    reason = models.TextField(_("reason"))
    # Tournament points taken away (penalty_points); positive numbers.
    points = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    # engine_override: {"placements": [rank per seat, seat order]}.
    data = models.JSONField(default=dict, blank=True)
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_ruling"  # the table it had before the split into apps
        ordering = ["event", "created_at"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=RulingKind.values), name="ruling_kind_valid"
            ),
            models.CheckConstraint(condition=~Q(reason=""), name="ruling_reason_not_blank"),
            models.CheckConstraint(
                condition=~Q(kind="penalty_points")
                | (Q(points__isnull=False) & Q(registration__isnull=False)),
                name="ruling_penalty_has_points_and_player",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=["game_loss", "disqualification"])
                | Q(registration__isnull=False),
                name="ruling_targets_a_player",
            ),
            models.CheckConstraint(
                condition=~Q(kind="engine_override") | Q(table__isnull=False),
                name="ruling_override_has_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.kind}"


class ActionLogQuerySet(models.QuerySet):
    def update(self, **kwargs):  # noqa: ARG002
        raise PermissionError("the action log is append-only")

    def delete(self):
        raise PermissionError("the action log is append-only")


class ActionLog(models.Model):
    """Append-only audit entries; write them with ``services.action_log`` constructors."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="action_log")
    table = models.ForeignKey(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    submission = models.ForeignKey(
        ResultSubmission, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.CharField(max_length=40)
    actor_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor = models.CharField(max_length=120)  # who, readable even after the user is gone
    data = models.JSONField(default=dict, blank=True)
    remote_addr = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ActionLogQuerySet.as_manager()

    class Meta:
        db_table = "tournaments_actionlog"  # the table it had before the split into apps
        ordering = ["event", "created_at", "id"]
        verbose_name = _("action log entry")
        verbose_name_plural = _("action log")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor}: {self.action}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise PermissionError("the action log is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionError("the action log is append-only")


class ProblemReport(models.Model):
    """A player's "report a problem" from their private page: a judge call. It shows on
    the round's progress board and the table's pages until a judge resolves it; a judge
    acknowledges it first ("coming"). ``*_by`` is the user, ``*_by_label`` who it was in
    words (also a judge who came through the table's private URL, who has no user)."""

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="problem_reports"
    )
    table = models.ForeignKey(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="problem_reports"
    )
    message = models.TextField(_("message"), max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)
    acknowledged_at = models.DateTimeField(_("acknowledged at"), null=True, blank=True)
    acknowledged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("acknowledged by"),
    )
    acknowledged_by_label = models.CharField(max_length=150, blank=True)
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("resolved by"),
    )
    resolved_by_label = models.CharField(max_length=150, blank=True)

    class Meta:
        db_table = "tournaments_problemreport"  # the table it had before the split into apps
        ordering = ["-created_at"]
        verbose_name = _("problem report")
        verbose_name_plural = _("problem reports")
        constraints = [
            models.CheckConstraint(condition=~Q(message=""), name="problem_report_not_blank"),
        ]
        indexes = [
            # The board asks for an event's open calls every few seconds.
            models.Index(fields=["registration", "resolved_at"], name="problem_report_open"),
        ]

    def __str__(self) -> str:
        return f"{self.registration}: {self.message[:40]}"

    @property
    def acknowledged_by_display(self) -> str:
        """Who is coming, in the page's words: ``acknowledged_by_label`` is the audit label
        ("user:karim", "judge-url:table 10"), not something to print to a judge."""
        if self.acknowledged_by is not None:
            return self.acknowledged_by.get_username()
        label = self.acknowledged_by_label
        if label.startswith("judge-url:"):
            return str(_("the table's judge page"))
        return label.removeprefix("user:")
