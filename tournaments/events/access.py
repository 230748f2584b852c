"""Who may do what at a table: one decision function, used by every service.

Principals (an :class:`Actor`): a logged-in user with :class:`EventRole` rows (a judge for
the whole event has a table-judge row per table of each round: ``services.judges``), a table's
private judge URL (``judge_table_id``), or a player's private URL (``registration``).

| role | may |
|---|---|
| organizer, head judge | everything in their event (rulings and corrections only they) |
| table judge, judge URL | view, draft, submit, confirm, discard unconfirmed, answer calls |
| judge for the whole event | as a table judge, at the tables they have in each round |
| player (role or private URL) | view, draft, submit, confirm self, dispute; own tables, check-in |
| anyone else (public) | nothing here (public pages show released data only) |
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from tournaments.events.models import EventRole, Registration, Table


class Action(StrEnum):
    VIEW_TABLE = "view_table"
    DRAFT = "draft"
    SUBMIT = "submit"
    CONFIRM = "confirm"
    DISPUTE = "dispute"
    DISCARD = "discard"
    RULE = "rule"
    CORRECT = "correct"
    CHECK_IN = "check_in"
    ANSWER_CALL = "answer_call"  # acknowledge / resolve a player's judge call


EVENT_WIDE = frozenset(Action)
TABLE_JUDGE = frozenset(
    {
        Action.VIEW_TABLE,
        Action.DRAFT,
        Action.SUBMIT,
        Action.CONFIRM,
        Action.DISCARD,
        Action.ANSWER_CALL,
    }
)
PLAYER_AT_TABLE = frozenset(
    {Action.VIEW_TABLE, Action.DRAFT, Action.SUBMIT, Action.CONFIRM, Action.DISPUTE}
)


class NotAllowed(PermissionError):
    pass


@dataclass(frozen=True)
class Actor:
    user: object | None = None  # an authenticated django User, else None
    registration: Registration | None = None  # came through the player's private URL
    judge_table_id: int | None = None  # came through the table's private judge URL
    remote_addr: str | None = None
    name: str | None = None  # a system actor ("system:standings") has only a name
    _roles: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def user_id(self) -> int | None:
        user = self.user
        return user.pk if user is not None and getattr(user, "is_authenticated", False) else None

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        if self.user_id is not None:
            return f"user:{self.user.get_username()}"
        if self.registration is not None:
            return f"player:{self.registration.pk}"
        if self.judge_table_id is not None:
            return f"judge-url:table {self.judge_table_id}"
        return "anonymous"

    def roles(self, event_id: int) -> list[EventRole]:
        if self.user_id is None:
            return []
        if event_id not in self._roles:
            self._roles[event_id] = list(
                EventRole.objects.filter(user_id=self.user_id, event_id=event_id)
            )
        return self._roles[event_id]

    def is_event_staff(self, event_id: int) -> bool:
        """Organizer or head judge of the event (or a Django superuser)."""
        if self.user_id is not None and getattr(self.user, "is_superuser", False):
            return True
        return any(
            r.role in (EventRole.Kind.ORGANIZER, EventRole.Kind.HEAD_JUDGE)
            for r in self.roles(event_id)
        )

    def judges_table(self, table: Table) -> bool:
        if self.judge_table_id == table.pk:
            return True
        return any(
            r.role == EventRole.Kind.TABLE_JUDGE and r.table_id == table.pk
            for r in self.roles(table.round.event_id)
        )

    def own_registration_ids(self, event_id: int) -> set[int]:
        ids = {r.registration_id for r in self.roles(event_id) if r.role == EventRole.Kind.PLAYER}
        if self.registration is not None and self.registration.event_id == event_id:
            ids.add(self.registration.pk)
        return ids

    def seated_registration_ids(self, table: Table) -> set[int]:
        own = self.own_registration_ids(table.round.event_id)
        if not own:
            return set()
        return set(
            table.seats.filter(registration_id__in=own).values_list("registration_id", flat=True)
        )


def allowed(actor: Actor, action: Action, *, table: Table | None = None, registration=None) -> bool:
    if table is not None:
        event_id = table.round.event_id
    elif registration is not None:
        event_id = registration.event_id
    else:
        return False
    if actor.is_event_staff(event_id):
        return True
    if action == Action.CHECK_IN:
        return registration is not None and registration.pk in actor.own_registration_ids(event_id)
    if table is None:
        return False
    if action in TABLE_JUDGE and actor.judges_table(table):
        return True
    return action in PLAYER_AT_TABLE and bool(actor.seated_registration_ids(table))


def require(actor: Actor, action: Action, *, table: Table | None = None, registration=None) -> None:
    if not allowed(actor, action, table=table, registration=registration):
        raise NotAllowed(f"{actor.label} may not {action.value} here")


def tables_judged_by(actor: Actor):
    """Tables the actor may open as a judge (for a "my tables" list after login)."""
    if actor.user_id is None:
        return Table.objects.none()
    roles = EventRole.objects.filter(user_id=actor.user_id)
    staff_events = roles.filter(
        role__in=[EventRole.Kind.ORGANIZER, EventRole.Kind.HEAD_JUDGE]
    ).values("event_id")
    judged = roles.filter(role=EventRole.Kind.TABLE_JUDGE).values("table_id")
    return Table.objects.filter(round__event_id__in=staff_events) | Table.objects.filter(
        pk__in=judged
    )
