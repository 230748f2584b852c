"""Schedules decided in advance: plan one, upload one, read the round seated from it.

League nights and short events where everyone should meet everyone at most once plan
every round up front (``schedule_plan``: a known design, else the tabu search) or bring
their own draw as a CSV file (``schedule_upload``). Either is stored as the event's
``EventSchedule`` with its repeat count, lower bound and method, shown before any round
is published; ``services.round_seat(mode="schedule")`` then seats each round from it.

Upload problems are collected in one pass, each naming the file's row and field in the
organizer's language, so the file is fixed once (the view keeps the text on error).
"""

from __future__ import annotations

import csv
import io
import unicodedata
import zlib
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.events.access import Actor
from tournaments.events.models import Event, Registration, Round
from tournaments.events.selectors.event_config import allowed_table_sizes, event_config
from tournaments.results.services import action_log
from tournaments.seating.models import EventSchedule, SchedulePlanRequest
from tournaments.seating.optimiser import Schedule, SeatingError, plan_schedule
from tournaments.seating.optimiser.fixed import validate_schedule
from tournaments.seating.selectors import penalty_weights, schedule_players

SYSTEM = Actor(name="system:seating")
# The meeting matrix of the planner grows with players squared; larger events are seated
# round by round in standings mode.
MAX_PLANNED_PLAYERS = 200
MAX_PLANNED_ROUNDS = 20
MAX_UPLOAD_CHARS = 200_000


class ScheduleError(Exception):
    """The schedule cannot be planned or stored; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


def first_open_round(event: Event) -> int:
    """The first round a schedule may still seat: after the last published round."""
    done = (
        Round.objects.filter(event=event)
        .exclude(status=Round.Status.DRAFT)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return (done or 0) + 1


def _sizes(event: Event, number: int) -> tuple[int, ...]:
    game = event_config(event)["round_games"].get(str(number)) or event.game_key
    return allowed_table_sizes(event, game)


def _store(event: Event, schedule: Schedule, numbers, *, seed: int, source: str, actor):
    """Store ``schedule`` as the event's; its rounds are the event's rounds ``numbers``."""
    rounds = [
        {
            "number": number,
            "tables": [list(t.players) for t in rnd.tables],
            "byes": list(rnd.byes),
        }
        for number, rnd in zip(numbers, schedule.rounds, strict=True)
    ]
    stored, _created = EventSchedule.objects.update_or_create(
        event=event,
        defaults={
            "method": schedule.method[:120],
            "seed": seed,
            "rounds": rounds,
            "repeat_meetings": schedule.repeat_meetings,
            "lower_bound": schedule.lower_bound,
            "max_meetings": schedule.max_meetings,
            "source": source,
        },
    )
    action_log.record(
        actor,
        "schedule_uploaded" if schedule.method == "fixed" else "schedule_planned",
        event.pk,
        data={
            "rounds": [r["number"] for r in rounds],
            "repeat_meetings": schedule.repeat_meetings,
            "lower_bound": schedule.lower_bound,
            "method": schedule.method,
        },
    )
    return stored


@dataclass(frozen=True)
class PlanInputs:
    """What a plan is made from: the checked-in players (with their earlier meetings)
    from the first open round on, and the event's table sizes and weights."""

    ids: list[int]
    players: list
    first: int
    seed: int
    sizes: tuple[int, ...]
    weights: object


def plan_inputs(event: Event, rounds: int, seed: int | None) -> PlanInputs:
    """The field to plan ``rounds`` rounds for; ScheduleError naming what is missing."""
    if not 1 <= rounds <= MAX_PLANNED_ROUNDS:
        raise ScheduleError(
            [_("Rounds: plan between 1 and %(max)d rounds.") % {"max": MAX_PLANNED_ROUNDS}]
        )
    ids = sorted(
        Registration.objects.filter(event=event, status=Registration.Status.CHECKED_IN).values_list(
            "pk", flat=True
        )
    )
    if len(ids) < 2:
        raise ScheduleError(
            [_("Check the players in first: the schedule seats the checked-in players.")]
        )
    if len(ids) > MAX_PLANNED_PLAYERS:
        raise ScheduleError(
            [
                _(
                    "A planned schedule is for up to %(max)d players; seat a larger event "
                    "round by round in standings mode."
                )
                % {"max": MAX_PLANNED_PLAYERS}
            ]
        )
    first = first_open_round(event)
    seed = zlib.crc32(f"{event.slug}:schedule:{first}".encode()) if seed is None else seed
    return PlanInputs(
        ids=ids,
        players=schedule_players(event.pk, ids, first),
        first=first,
        seed=seed,
        sizes=_sizes(event, first),
        weights=penalty_weights(event_config(event)),
    )


def plan(inputs: PlanInputs, rounds: int) -> Schedule:
    try:
        return plan_schedule(
            inputs.players, rounds, inputs.sizes, weights=inputs.weights, seed=inputs.seed
        )
    except SeatingError as error:
        raise ScheduleError([str(error)]) from error


def store_plan(event: Event, inputs: PlanInputs, planned: Schedule, actor) -> EventSchedule:
    numbers = range(inputs.first, inputs.first + len(planned.rounds))
    return _store(event, planned, numbers, seed=inputs.seed, source="", actor=actor)


def supersede_requests(event: Event) -> None:
    """A plan still being made for the event is not stored once the organizer asked for
    another, uploaded a file or deleted the schedule; and a failed one's problems are no
    longer shown (the request keeps them)."""
    SchedulePlanRequest.objects.filter(
        event=event, status=SchedulePlanRequest.Status.QUEUED
    ).update(status=SchedulePlanRequest.Status.SUPERSEDED, finished=timezone.now())
    SchedulePlanRequest.objects.filter(
        event=event, status=SchedulePlanRequest.Status.FAILED
    ).update(status=SchedulePlanRequest.Status.SUPERSEDED)


@transaction.atomic
def schedule_plan(
    *, event_id: int, rounds: int, seed: int | None = None, actor: Actor = SYSTEM
) -> EventSchedule:
    """Plan ``rounds`` rounds for the checked-in players, from the first open round on
    (earlier rounds' meetings count), replacing any stored schedule. Here and now: the
    console sends a plan that needs the search to a worker (``schedule_requests``)."""
    event = Event.objects.select_for_update().get(pk=event_id)
    inputs = plan_inputs(event, rounds, seed)
    supersede_requests(event)
    return store_plan(event, inputs, plan(inputs, rounds), actor)


def _key(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def _resolver(event: Event):
    """token -> (registration id, None) or (None, problem): a registration number, or a
    player's name when exactly one player of the event has it."""
    rows = list(
        Registration.objects.filter(event=event)
        .entered()
        .values_list("pk", "status", "player__display_name")
    )
    by_id = {pk: status for pk, status, _name in rows}
    by_name: dict[str, list[int]] = {}
    for pk, _status, name in rows:
        by_name.setdefault(_key(name), []).append(pk)

    def resolve(token: str) -> tuple[int | None, str | None]:
        if token.isdigit():
            pk = int(token)
            if pk not in by_id:
                return None, _("no registration number %(n)s in this event") % {"n": token}
        else:
            found = by_name.get(_key(token), [])
            if not found:
                return None, _("no player named “%(name)s” in this event") % {"name": token}
            if len(found) > 1:
                return None, _(
                    "%(count)d players are named “%(name)s”: use the registration number"
                ) % {"count": len(found), "name": token}
            pk = found[0]
        if by_id[pk] == Registration.Status.DROPPED:
            return None, _("“%(player)s” has dropped out") % {"player": token}
        return pk, None

    return resolve


def _row_problem(row: int, field: str, text: str) -> str:
    return _("Row %(row)d, %(field)s: %(problem)s") % {"row": row, "field": field, "problem": text}


def parse_upload(event: Event, text: str) -> tuple[dict[int, dict[int, list[int]]], list[str]]:
    """The CSV's tables by round and table number (registration ids in seat order), and
    every problem. Each row is ``round, table, player, player, ...`` (one player per row
    works too: rows of one table add up); a first row that is not numbered is a header.
    A player is a registration number or a name."""
    field_round, field_table, field_player = _("round"), _("table"), _("player")
    problems: list[str] = []
    if len(text) > MAX_UPLOAD_CHARS:
        return {}, [
            _("The file is too large (at most %(n)d characters).") % {"n": MAX_UPLOAD_CHARS}
        ]
    resolve = _resolver(event)
    tables: dict[int, dict[int, list[int]]] = {}
    first_row: dict[tuple[int, int], int] = {}
    listed: dict[tuple[int, int], int] = {}  # (round, table) -> players named in the file
    seen: dict[tuple[int, int], int] = {}  # (round, registration) -> row
    open_from = first_open_round(event)
    for row, cells in enumerate(csv.reader(io.StringIO(text.lstrip("\ufeff"))), start=1):
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if row == 1 and not cells[0].isdigit():
            continue  # a header
        numbers = []
        for name, cell in ((field_round, cells[0]), (field_table, (cells[1:2] or [""])[0])):
            if not cell.isdigit() or int(cell) < 1:
                problems.append(
                    _row_problem(
                        row, name, _("“%(value)s” is not a number from 1 up") % {"value": cell}
                    )
                )
            else:
                numbers.append(int(cell))
        tokens = [c for c in cells[2:] if c]
        if not tokens:
            problems.append(_row_problem(row, field_player, _("no player on this row")))
        if len(numbers) < 2 or not tokens:
            continue
        number, table = numbers
        if number < open_from:
            problems.append(
                _row_problem(
                    row,
                    field_round,
                    _("round %(n)d is already published; schedule rounds from %(first)d on")
                    % {"n": number, "first": open_from},
                )
            )
            continue
        first_row.setdefault((number, table), row)
        # The size check counts what the file says, so one misspelt name is one problem.
        listed[(number, table)] = listed.get((number, table), 0) + len(tokens)
        seats = tables.setdefault(number, {}).setdefault(table, [])
        for token in tokens:
            pk, problem = resolve(token)
            if problem:
                problems.append(_row_problem(row, field_player, problem))
                continue
            if (number, pk) in seen:
                problems.append(
                    _row_problem(
                        row,
                        field_player,
                        _("“%(player)s” is already seated in round %(n)d (row %(earlier)d)")
                        % {"player": token, "n": number, "earlier": seen[(number, pk)]},
                    )
                )
                continue
            seen[(number, pk)] = row
            seats.append(pk)
    if not tables and not problems:
        problems.append(_("The file has no rows with a round, a table and players."))
    for number, by_table in sorted(tables.items()):
        allowed = _sizes(event, number)
        for table in sorted(by_table):
            count = listed[(number, table)]
            if count not in allowed:
                problems.append(
                    _row_problem(
                        first_row[(number, table)],
                        field_table,
                        _(
                            "round %(n)d table %(t)d has %(count)d players; this game "
                            "plays with %(allowed)s"
                        )
                        % {
                            "n": number,
                            "t": table,
                            "count": count,
                            "allowed": ", ".join(str(s) for s in allowed),
                        },
                    )
                )
    return tables, problems


@transaction.atomic
def schedule_upload(*, event_id: int, text: str, actor: Actor = SYSTEM) -> EventSchedule:
    """Validate and store an uploaded schedule, replacing any stored one; raises
    ScheduleError with every problem (nothing is stored then)."""
    event = Event.objects.select_for_update().get(pk=event_id)
    supersede_requests(event)
    tables, problems = parse_upload(event, text)
    if problems:
        raise ScheduleError(problems)
    numbers = sorted(tables)
    everyone = sorted({pk for by_table in tables.values() for t in by_table.values() for pk in t})
    players = schedule_players(event.pk, everyone, numbers[0])
    raw = []
    for number in numbers:
        seated = [t for _n, t in sorted(tables[number].items()) if t]
        here = {pk for t in seated for pk in t}
        absent = [str(pk) for pk in everyone if pk not in here]
        raw.append(([[str(pk) for pk in t] for t in seated], absent))
    sizes = sorted({s for n in numbers for s in _sizes(event, n)}, reverse=True)
    weights = penalty_weights(event_config(event))
    schedule = validate_schedule(raw, players, sizes, weights=weights)
    return _store(event, schedule, numbers, seed=0, source=text, actor=actor)


@transaction.atomic
def schedule_delete(*, event_id: int, actor: Actor = SYSTEM) -> None:
    event = Event.objects.select_for_update().get(pk=event_id)
    supersede_requests(event)
    deleted, _rows = EventSchedule.objects.filter(event=event).delete()
    if deleted:
        action_log.record(actor, "schedule_deleted", event.pk)


def scheduled_round(event_id: int, number: int) -> tuple[EventSchedule, dict] | None:
    """The stored schedule and its entry for round ``number``, if it has one."""
    stored = EventSchedule.objects.filter(event_id=event_id).first()
    if stored is None:
        return None
    for entry in stored.rounds:
        if entry["number"] == number:
            return stored, entry
    return None
