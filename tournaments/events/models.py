"""Events and people: the domain core every other app builds on.

Event, Player, Registration, League; the structure of a round (Round, Table, Seat,
RoundBye); per-event configuration and roles (EventConfig, EventRole); EventSummary.
Every invariant that the database can hold is a database constraint.

Seat carries ``round`` copied from its table so that "one seat per player per round" is a
plain UniqueConstraint(round, registration); ``Seat.save`` keeps the copy honest and on
PostgreSQL a composite foreign key (migration tournaments 0002) makes a mismatch impossible.

The tables keep the names they had when everything lived in one ``tournaments`` app
(``db_table``), so moving the models into apps moved no data.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.events import names
from tournaments.events.tokens import new_token

# The largest table of every supported game has four seats: a fifth is refused by the DB.
MAX_SEATS_PER_TABLE = 4


def _status_check(name: str, choices: type[models.TextChoices]) -> models.CheckConstraint:
    return models.CheckConstraint(condition=Q(status__in=choices.values), name=name)


def _known_engine_keys() -> tuple[str, ...]:
    import engines  # engines/ is pure Python; imported lazily to keep app loading light

    return engines.available_engines()


def _engine_player_counts(game_key: str) -> range | None:
    import engines

    try:
        return engines.get_engine(game_key).meta.player_counts
    except (LookupError, AttributeError):
        return None


class EventStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    REGISTRATION = "registration", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class League(models.Model):
    """Events at one venue whose players are rated together, owned by the organizer who
    named it: another organizer's league of the same name is another league (names are
    unique per owner). ``owner`` null: a league made without an organizer (``manage.py
    event_archive import``), which no organizer's form or import can name."""

    name = models.CharField(_("name"), max_length=120)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,  # an organizer with leagues is deactivated, not deleted
        null=True,
        blank=True,
        related_name="leagues",
        verbose_name=_("owner"),
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_league"  # the table it had before the split into apps
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="league_name_not_blank"),
            models.UniqueConstraint(fields=["owner", "name"], name="league_name_per_owner"),
            models.UniqueConstraint(
                fields=["name"],
                condition=Q(owner__isnull=True),
                name="league_name_without_owner",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    Status = EventStatus

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=100, unique=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.DRAFT
    )
    # Blank when each round chooses its own game (multi-game events).
    game_key = models.CharField(_("game"), max_length=40, blank=True)
    options_preset = models.CharField(_("options preset"), max_length=60, blank=True)
    options_overrides = models.JSONField(_("option overrides"), default=dict, blank=True)
    # Organizer-supplied printed component values, keyed by game key; null = none supplied.
    edition = models.JSONField(_("edition data"), null=True, blank=True)
    # Allowed table sizes in order of preference, e.g. [4, 3].
    table_sizes = models.JSONField(_("table sizes"), default=list, blank=True)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds planned"), default=1)
    # Events at one venue rated together (models_league); null = no league.
    league = models.ForeignKey(
        "events.League",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        verbose_name=_("league"),
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_event"  # the table it had before the split into apps
        ordering = ["-starts_on", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=F("starts_on")), name="event_ends_after_start"
            ),
            models.CheckConstraint(condition=Q(rounds_planned__gte=1), name="event_rounds_ge_1"),
            models.CheckConstraint(condition=~Q(name=""), name="event_name_not_blank"),
            _status_check("event_status_valid", EventStatus),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        errors: dict[str, str] = {}
        if self.game_key and self.game_key not in _known_engine_keys():
            errors["game_key"] = _("Unknown game %(key)s.") % {"key": self.game_key}
        if not isinstance(self.options_overrides, dict):
            errors["options_overrides"] = _("Option overrides must be a JSON object.")
        if self.edition is not None and not isinstance(self.edition, dict):
            errors["edition"] = _("Edition data must be a JSON object keyed by game.")
        sizes = self.table_sizes
        if not isinstance(sizes, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in sizes
        ):
            errors["table_sizes"] = _("Table sizes must be a list of whole numbers.")
        elif len(set(sizes)) != len(sizes):
            errors["table_sizes"] = _("Each table size may appear once.")
        elif any(not 1 <= n <= MAX_SEATS_PER_TABLE for n in sizes):
            errors["table_sizes"] = _("Tables seat between 1 and %(max)d players.") % {
                "max": MAX_SEATS_PER_TABLE
            }
        elif self.game_key and "game_key" not in errors:
            allowed = _engine_player_counts(self.game_key)
            if allowed is not None and any(n not in allowed for n in sizes):
                errors["table_sizes"] = _("%(game)s is played by %(lo)d to %(hi)d players.") % {
                    "game": self.game_key,
                    "lo": allowed.start,
                    "hi": allowed.stop - 1,
                }
        if self.starts_on and self.ends_on and self.ends_on < self.starts_on:
            errors["ends_on"] = _("An event cannot end before it starts.")
        if errors:
            raise ValidationError(errors)


class Player(models.Model):
    """A person across events."""

    display_name = models.CharField(_("display name"), max_length=100)
    reading = models.CharField(_("reading (kana)"), max_length=100, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_player"  # the table it had before the split into apps
        ordering = ["reading", "display_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.CheckConstraint(condition=~Q(display_name=""), name="player_name_not_blank"),
        ]

    def __str__(self) -> str:
        return self.display_name

    def clean(self) -> None:
        # Not field validators: those would be a migration for a rule the database needs
        # no part in; every place that creates a player runs full_clean or these checks.
        errors = {}
        for field, check in (
            ("display_name", names.validate_name),
            ("reading", names.validate_reading),
            ("club", names.validate_text),
        ):
            try:
                check(getattr(self, field))
            except ValidationError as error:
                errors[field] = error.messages
        if errors:
            raise ValidationError(errors)


class RegistrationStatus(models.TextChoices):
    REGISTERED = "registered", _("Registered")  # confirmed: has a place in the event
    CHECKED_IN = "checked_in", _("Checked in")
    DROPPED = "dropped", _("Dropped")
    # Sign-ups on the public page that have no place (yet): the organizer has not approved
    # them, the event is full, or the player (or the organizer) cancelled.
    PENDING = "pending", _("Awaiting approval")
    WAITLISTED = "waitlisted", _("On the waiting list")
    CANCELLED = "cancelled", _("Cancelled")


# In the event: listed on its pages, seated, ranked (a dropped player keeps their history).
ENTERED_STATUSES = (
    RegistrationStatus.REGISTERED,
    RegistrationStatus.CHECKED_IN,
    RegistrationStatus.DROPPED,
)
# Holding a place: what the capacity counts and who may still be seated.
ACTIVE_STATUSES = (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)
# What a player may cancel from their private page (a checked-in player tells the desk).
CANCELLABLE_STATUSES = (
    RegistrationStatus.REGISTERED,
    RegistrationStatus.PENDING,
    RegistrationStatus.WAITLISTED,
)


class RegistrationQuerySet(models.QuerySet):
    def entered(self) -> RegistrationQuerySet:
        """Players in the event (not a sign-up waiting for a place, nor cancelled)."""
        return self.filter(status__in=ENTERED_STATUSES)

    def active(self) -> RegistrationQuerySet:
        """Players holding a place (registered or checked in)."""
        return self.filter(status__in=ACTIVE_STATUSES)


class Registration(models.Model):
    """A player in one event. ``private_token`` opens that person's page; never list it."""

    Status = RegistrationStatus

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.REGISTERED
    )
    private_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    # Self sign-up (the public sign-up page; services/signups.py). ``signup_key`` is the
    # normalized reading and club: one live sign-up per person per event, held by the
    # database so two phones sending the same form at once cannot both get in.
    self_signup = models.BooleanField(_("signed up on the public page"), default=False)
    contact = models.CharField(_("contact"), max_length=200, blank=True)  # organizer only
    signup_key = models.CharField(max_length=250, blank=True, editable=False)
    # When the registration joined the waiting list: the list moves up in this order.
    queued_at = models.DateTimeField(_("on the waiting list since"), null=True, blank=True)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)

    objects = RegistrationQuerySet.as_manager()

    class Meta:
        db_table = "tournaments_registration"  # the table it had before the split into apps
        ordering = ["event", "player__reading", "player__display_name"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_once_per_event"),
            _status_check("registration_status_valid", RegistrationStatus),
            models.UniqueConstraint(
                fields=["event", "signup_key"],
                condition=~Q(signup_key="") & ~Q(status="cancelled"),
                name="registration_signup_once",
            ),
            models.CheckConstraint(
                condition=~Q(status="waitlisted") | Q(queued_at__isnull=False),
                name="registration_waitlisted_has_time",
            ),
            models.CheckConstraint(
                condition=~Q(status="cancelled") | Q(cancelled_at__isnull=False),
                name="registration_cancelled_has_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    PUBLISHED = "published", _("Published")
    CLOSED = "closed", _("Closed")


class Round(models.Model):
    Status = RoundStatus

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    # The game of this round; blank means the event's game.
    game_key = models.CharField(_("game"), max_length=40, blank=True)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.DRAFT
    )
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    # The final table(s): the top of the standings after the last regular round.
    is_final = models.BooleanField(_("final"), default=False)

    class Meta:
        db_table = "tournaments_round"  # the table it had before the split into apps
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_ge_1"),
            _status_check("round_status_valid", RoundStatus),
            models.CheckConstraint(
                condition=Q(status="draft") | Q(published_at__isnull=False),
                name="round_published_has_time",
            ),
            models.CheckConstraint(
                condition=~Q(status="closed") | Q(closed_at__isnull=False),
                name="round_closed_has_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} R{self.number}"

    @property
    def effective_game_key(self) -> str:
        return self.game_key or self.event.game_key

    def clean(self) -> None:
        if self.game_key and self.game_key not in _known_engine_keys():
            raise ValidationError({"game_key": _("Unknown game %(key)s.") % {"key": self.game_key}})


# Result entry may add states here (with a migration for the status constraint).
class TableStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    IN_PROGRESS = "in_progress", _("In progress")
    SUBMITTED = "submitted", _("Submitted")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")


class Table(models.Model):
    Status = TableStatus

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))
    game_key = models.CharField(_("game"), max_length=40, blank=True)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.PENDING
    )
    judge_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)

    class Meta:
        db_table = "tournaments_table"  # the table it had before the split into apps
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_ge_1"),
            _status_check("table_status_valid", TableStatus),
            # Target of Seat's composite foreign key (table, round) on PostgreSQL.
            models.UniqueConstraint(fields=["id", "round"], name="table_id_round_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round} T{self.number}"


class Seat(models.Model):
    """One registration at one table; position 1 is the start player."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # Copied from table.round so the database can hold "one seat per player per round".
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats", editable=False)
    registration = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="seats")
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        db_table = "tournaments_seat"  # the table it had before the split into apps
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["round", "registration"], name="seat_once_per_round"),
            models.CheckConstraint(
                condition=Q(position__gte=1) & Q(position__lte=MAX_SEATS_PER_TABLE),
                name="seat_position_in_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.position}: {self.registration.player}"

    def save(self, *args, **kwargs) -> None:
        self._sync_round()
        super().save(*args, **kwargs)

    def _sync_round(self) -> None:
        if self.table_id is None:
            return  # the missing table is reported by field validation
        table_round_id = self.table.round_id
        if self.round_id is None:
            self.round_id = table_round_id
        elif self.round_id != table_round_id:
            raise ValidationError({"round": _("A seat belongs to the round of its table.")})

    def clean(self) -> None:
        self._sync_round()
        if self.table_id is None or self.registration_id is None:
            return
        if self.registration.event_id != self.table.round.event_id:
            raise ValidationError(
                {"registration": _("The player is registered for a different event.")}
            )


class RoundBye(models.Model):
    """A registration that sat out a round; ``points`` null means the event's bye points."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="byes")
    points = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)

    class Meta:
        db_table = "tournaments_roundbye"  # the table it had before the split into apps
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "registration"], name="bye_once_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.round}: bye {self.registration_id}"


class EventSummary(models.Model):
    """Counts for an event, recomputed from scratch by a Celery task after each change.

    Public pages read this one row instead of counting registrations on every request.
    Recomputing is idempotent: running the task twice gives the same row.
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="summary")
    registered = models.PositiveIntegerField(default=0)
    checked_in = models.PositiveIntegerField(default=0)
    dropped = models.PositiveIntegerField(default=0)
    refreshed_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_eventsummary"  # the table it had before the split into apps
        verbose_name = _("event summary")
        verbose_name_plural = _("event summaries")

    def __str__(self) -> str:
        return f"{self.event}: {self.checked_in}/{self.registered}"


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
        db_table = "tournaments_eventconfig"  # the table it had before the split into apps
        verbose_name = _("event configuration")
        verbose_name_plural = _("event configurations")

    def __str__(self) -> str:
        return f"{self.event}: configuration"


class EventRoleKind(models.TextChoices):
    ORGANIZER = "organizer", _("Organizer")
    HEAD_JUDGE = "head_judge", _("Head judge")
    TABLE_JUDGE = "table_judge", _("Table judge")
    PLAYER = "player", _("Player")
    # Invited once for the whole event: each round's tables are table-judge rows the
    # organizer gives (or the judge's scans give, with ``any_table``).
    EVENT_JUDGE = "event_judge", _("Judge (every round)")


class EventRole(models.Model):
    """A user's role in one event. A table judge has one row per table they judge; a
    player's row names their registration. An event judge has one row for the event (the
    invitation, revoked by deleting it) and a table-judge row per table they are given in
    each round; ``any_table`` lets them take any table of the current round whose table
    card link they open while logged in."""

    Kind = EventRoleKind

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(_("role"), max_length=20, choices=Kind.choices)
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="judge_roles"
    )
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, null=True, blank=True, related_name="user_roles"
    )
    any_table = models.BooleanField(_("any table they scan"), default=False)

    class Meta:
        db_table = "tournaments_eventrole"  # the table it had before the split into apps
        verbose_name = _("event role")
        verbose_name_plural = _("event roles")
        constraints = [
            models.CheckConstraint(
                condition=Q(role__in=EventRoleKind.values), name="event_role_valid"
            ),
            models.CheckConstraint(
                condition=~Q(role="table_judge") | Q(table__isnull=False),
                name="event_role_table_judge_has_table",
            ),
            models.CheckConstraint(
                condition=~Q(role="player") | Q(registration__isnull=False),
                name="event_role_player_has_registration",
            ),
            models.CheckConstraint(
                condition=Q(any_table=False) | Q(role="event_judge"),
                name="event_role_any_table_event_judge_only",
            ),
            models.UniqueConstraint(
                fields=["user", "event", "role"],
                condition=Q(table__isnull=True),
                name="event_role_once",
            ),
            models.UniqueConstraint(
                fields=["user", "table"],
                condition=Q(table__isnull=False),
                name="event_role_table_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} @ {self.event}"


class RoundClock(models.Model):
    """A round's timer, stored as data so it survives restarts: pages count down from a
    deadline the server gives them.

    Running: ``deadline`` set, ``paused_remaining`` null. Paused: ``deadline`` null,
    ``paused_remaining`` the seconds left. ``table_extra`` gives single tables extra
    seconds beyond the round's time ({table number: seconds}). ``time_up_logged`` records
    which deadlines already have their "time is up" entry in the action log
    ({"round": iso deadline, "tables": {number: iso deadline}}), so it is logged once.
    The reading of the clock is ``tournaments.events.clock``; the writes are
    ``tournaments.seating.clock``.
    """

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="clock")
    duration_seconds = models.PositiveIntegerField(_("round length (seconds)"))
    started_at = models.DateTimeField(_("started at"))
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    paused_remaining = models.IntegerField(_("seconds left while paused"), null=True, blank=True)
    extensions = models.JSONField(_("extensions"), default=list, blank=True)  # [seconds, ...]
    table_extra = models.JSONField(_("extra time per table"), default=dict, blank=True)
    time_up_logged = models.JSONField(default=dict, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("round clock")
        verbose_name_plural = _("round clocks")
        constraints = [
            models.CheckConstraint(
                condition=Q(deadline__isnull=False, paused_remaining__isnull=True)
                | Q(deadline__isnull=True, paused_remaining__isnull=False),
                name="round_clock_running_xor_paused",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: clock"


class OutboxTask(models.Model):
    """A Celery task whose sending failed after its write committed (the broker was away).

    The request that wrote the data succeeds anyway; the task waits here until the
    periodic reconciler (``standings.reconcile``, run by Celery beat) sends it again
    (``events.outbox.outbox_drain``). One row per task and arguments: a thousand failed
    sends of the same recompute during an outage leave one row, not a thousand.
    """

    task = models.CharField(max_length=200)
    args = models.JSONField(default=list, blank=True)
    kwargs = models.JSONField(default=dict, blank=True)
    options = models.JSONField(default=dict, blank=True)  # e.g. {"queue": "pages"}
    dedup_key = models.CharField(max_length=64, unique=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("pending task")
        verbose_name_plural = _("pending tasks")

    def __str__(self) -> str:
        return f"{self.task}{tuple(self.args)}"
