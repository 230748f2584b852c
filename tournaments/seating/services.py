"""Seat a round, publish it, fix it by hand — the Django half of the seating optimiser.

Every write is one transaction under a row lock on the round, so two organizers pressing
"seat" at once cannot interleave, and a re-seat that breaks a constraint leaves the old
seating untouched. The optimiser itself (``tournaments.seating``) is pure; this module
only reads its input through ``selectors.seating`` and stores its output: Table and Seat
rows, ``RoundBye`` rows, and the cost breakdown in ``RoundSeatingRecord``.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.events.access import Actor
from tournaments.events.domain import RoundSeated, RoundStatusChanged, announce
from tournaments.events.models import Event, Registration, Round, RoundBye, Seat, Table
from tournaments.events.selectors.event_config import (
    allowed_table_sizes,
    event_config,
    round_game_key,
)
from tournaments.results.models import ResultSubmission
from tournaments.results.services import action_log
from tournaments.seating.models import RoundSeatingRecord
from tournaments.seating.optimiser import PenaltyWeights, SeatingError, seat_round
from tournaments.seating.optimiser.cost import CostModel
from tournaments.seating.optimiser.fixed import validate_schedule
from tournaments.seating.optimiser.types import TableCost
from tournaments.seating.schedules import scheduled_round
from tournaments.seating.selectors import penalty_weights, seating_players

SYSTEM = Actor(name="system:seating")


class SeatingServiceError(Exception):
    """The request cannot be carried out (wrong round state, player not seated, ...)."""


def default_seed(rnd: Round) -> int:
    """A stable seed per round, so seating the same round twice gives the same tables."""
    return zlib.crc32(f"{rnd.event.slug}:{rnd.number}".encode())


def _locked_round(round_id: int) -> Round:
    return Round.objects.select_for_update().select_related("event").get(pk=round_id)


def _log(actor: Actor, rnd: Round, action: str, table: Table | None = None, **data) -> None:
    action_log.record(
        actor, action, rnd.event_id, table_id=table.pk if table is not None else None, data=data
    )


def _announce_seated(rnd: Round) -> None:
    announce(
        RoundSeated(
            event_id=rnd.event_id, round_id=rnd.pk, number=rnd.number, round_status=rnd.status
        )
    )


@transaction.atomic
def round_create(*, event_id: int, actor: Actor = SYSTEM) -> Round:
    """The next round, as a draft. Refused once the event is finished, once a final has
    been created (the final is the last round) and while a round is still open."""
    event = Event.objects.select_for_update().get(pk=event_id)
    if event.status == Event.Status.FINISHED:
        raise SeatingServiceError(_("The event is finished: no more rounds."))
    rounds = Round.objects.filter(event=event)
    if rounds.filter(is_final=True).exists():
        raise SeatingServiceError(_("The final is the last round: no round follows it."))
    open_round = rounds.exclude(status=Round.Status.CLOSED).order_by("number").first()
    if open_round is not None:
        raise SeatingServiceError(
            _("Close round %(n)d before creating the next one.") % {"n": open_round.number}
        )
    number = (rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    rnd = Round.objects.create(event=event, number=number)
    _log(actor, rnd, "round_created", round=number)
    return rnd


@transaction.atomic
def round_seat(
    *,
    round_id: int,
    mode: str | None = None,
    seed: int | None = None,
    weights: PenaltyWeights | None = None,
    actor: Actor = SYSTEM,
) -> RoundSeatingRecord:
    """Seat a draft round with the optimiser, replacing any earlier draft seating.

    Defaults come from the event's configuration: its seating mode (round 1 is random
    unless the event seeds it by rating), its penalty weights, and the table sizes of the
    round's game in the event's preference order. Raises SeatingError when the checked-in
    players cannot be seated, SeatingServiceError when the round is not a draft.
    """
    rnd = _locked_round(round_id)
    if rnd.status != Round.Status.DRAFT:
        raise SeatingServiceError(f"round {rnd.number} is {rnd.status}; only a draft is seated")
    if rnd.is_final:
        raise SeatingServiceError(
            _("The final is seated from the standings (top cut); it is not drawn again.")
        )
    config = event_config(rnd.event)
    seeding = config["round1_seeding"] if rnd.number == 1 else "standings"
    if mode is None and scheduled_round(rnd.event_id, rnd.number) is not None:
        mode = "schedule"  # the event planned or uploaded this round's tables
    if mode is None:
        mode = config["seating_mode"]
        if rnd.number == 1 and seeding != "rating":
            mode = "random"
    weights = weights or penalty_weights(config)
    seed = default_seed(rnd) if seed is None else seed
    game_key = round_game_key(rnd)
    sizes = allowed_table_sizes(rnd.event, game_key)
    players = seating_players(rnd, seeding=seeding)
    if not players:
        raise SeatingError("nobody is checked in")
    breakdown_extra = {}
    if mode == "schedule":
        result, stored = _from_schedule(rnd, players, sizes, weights)
        seed = stored.seed
        breakdown_extra["schedule"] = {
            "repeat_meetings": stored.repeat_meetings,
            "lower_bound": stored.lower_bound,
            "method": stored.method,
        }
    else:
        result = seat_round(players, sizes, mode=mode, weights=weights, seed=seed)

    # Queryset deletes and bulk creates: a constant number of queries whatever the number
    # of players (no model signal follows these rows; the one announcement below says
    # what happened, and nobody shows a draft round).
    Seat.objects.filter(round=rnd).delete()
    Table.objects.filter(round=rnd).delete()
    RoundBye.objects.filter(round=rnd).delete()
    tables = Table.objects.bulk_create(
        [Table(round=rnd, number=t.number, game_key=game_key) for t in result.tables]
    )
    Seat.objects.bulk_create(
        [
            Seat(table=table, round=rnd, registration_id=rid, position=position)
            for table, seated in zip(tables, result.tables, strict=True)
            for position, rid in enumerate(seated.players, start=1)
        ]
    )
    RoundBye.objects.bulk_create([RoundBye(round=rnd, registration_id=rid) for rid in result.byes])
    if game_key != rnd.game_key:
        rnd.game_key = game_key
        rnd.save(update_fields=["game_key"])
    record, _created = RoundSeatingRecord.objects.update_or_create(
        round=rnd,
        defaults={
            "mode": mode,
            "seed": seed,
            "weights": weights.to_dict(),
            "breakdown": {**result.to_dict(), **breakdown_extra},
            "byes": list(result.byes),
            "manual_changes": 0,
        },
    )
    _log(
        actor,
        rnd,
        "round_seated",
        round=rnd.number,
        mode=mode,
        seed=seed,
        repeats=result.total.repeats,
        soft=result.total.soft,
    )
    _announce_seated(rnd)
    return record


def _from_schedule(rnd: Round, players, sizes, weights):
    """The round as the event's schedule seats it, with its costs; refused (naming the
    players) unless the checked-in players are exactly the schedule's for this round."""
    found = scheduled_round(rnd.event_id, rnd.number)
    if found is None:
        raise SeatingServiceError(
            _("The event's schedule has no round %(n)d: plan or upload it first.")
            % {"n": rnd.number}
        )
    stored, entry = found
    here = {p.id for p in players}
    listed = [pk for table in entry["tables"] for pk in table]
    absent = [pk for pk in listed if pk not in here]
    unplanned = sorted(here - set(listed) - set(entry["byes"]))
    if absent or unplanned:
        names = dict(
            Registration.objects.filter(pk__in=absent + unplanned).values_list(
                "pk", "player__display_name"
            )
        )
        problems = []
        if absent:
            problems.append(
                _("Seated by the schedule but not checked in: %(names)s.")
                % {"names": ", ".join(names[pk] for pk in absent)}
            )
        if unplanned:
            problems.append(
                _("Checked in but not in the schedule's round %(n)d: %(names)s.")
                % {"n": rnd.number, "names": ", ".join(names[pk] for pk in unplanned)}
            )
        problems.append(_("Check the players in or out, or plan or upload the schedule again."))
        raise SeatingServiceError(" ".join(problems))
    byes = [pk for pk in entry["byes"] if pk in here]
    raw = [([[str(pk) for pk in table] for table in entry["tables"]], [str(pk) for pk in byes])]
    sizes = sorted({*sizes, *(len(t) for t in entry["tables"])}, reverse=True)
    schedule = validate_schedule(raw, players, sizes, weights=weights)
    return schedule.rounds[0], stored


def _current_tables(rnd: Round) -> list[tuple[Table, list[int]]]:
    tables: dict[int, tuple[Table, list[int]]] = {
        t.pk: (t, []) for t in Table.objects.filter(round=rnd).order_by("number")
    }
    for table_id, rid in (
        Seat.objects.filter(round=rnd)
        .order_by("position")
        .values_list("table_id", "registration_id")
    ):
        tables[table_id][1].append(rid)
    return list(tables.values())


def round_cost(rnd: Round, weights: PenaltyWeights, mode: str) -> dict[str, object]:
    """The cost breakdown of the round as it is seated now (after manual changes)."""
    current = _current_tables(rnd)
    seated_ids = [rid for _, ids in current for rid in ids]
    players = seating_players(rnd, registration_ids=seated_ids)
    sizes = [len(ids) for _, ids in current if ids]
    model = CostModel(
        players, weights, use_spread=(mode == "standings"), largest_table=max(sizes, default=1)
    )
    total, tables = TableCost(), []
    for table, ids in current:
        cost = model.breakdown([model.index[rid] for rid in ids])
        total += cost
        tables.append({"number": table.number, "players": ids, "cost": cost.to_dict()})
    return {"tables": tables, "total": total.to_dict()}


def _refresh_record(rnd: Round, actor: Actor, action: str, **data) -> RoundSeatingRecord:
    record = RoundSeatingRecord.objects.select_for_update().filter(round=rnd).first()
    if record is None:
        config = event_config(rnd.event)
        record = RoundSeatingRecord(
            round=rnd, mode="manual", seed=0, weights=penalty_weights(config).to_dict()
        )
    weights = PenaltyWeights(**{k: v for k, v in record.weights.items() if k != "repeat"})
    breakdown = dict(record.breakdown or {})
    before = breakdown.get("total")
    breakdown.update(round_cost(rnd, weights, record.mode))
    record.breakdown = breakdown
    record.manual_changes += 1
    record.save()
    record.cost_before = before  # the round's total cost before this change (for the page)
    _log(
        actor,
        rnd,
        action,
        round=rnd.number,
        repeats=breakdown["total"]["repeats"],
        cost_before=before,
        cost_after=breakdown["total"],
        **data,
    )
    _announce_seated(rnd)
    return record


def _refuse_if_results(tables: Sequence[Table]) -> None:
    live = ResultSubmission.objects.filter(table__in=tables).exclude(
        status=ResultSubmission.Status.DISCARDED
    )
    if live.exists():
        raise SeatingServiceError(
            "a table with a result cannot be re-seated; discard the result or rule first"
        )


@transaction.atomic
def seats_swap(
    *, round_id: int, registration_a: int, registration_b: int, actor: Actor = SYSTEM
) -> RoundSeatingRecord:
    """Exchange the seats of two players of a round (same or different tables) and
    recompute the round's cost breakdown."""
    rnd = _locked_round(round_id)
    if rnd.status == Round.Status.CLOSED:
        raise SeatingServiceError("a closed round cannot change")
    seats = {
        s.registration_id: s
        for s in Seat.objects.select_related("table").filter(
            round=rnd, registration_id__in=[registration_a, registration_b]
        )
    }
    if registration_a == registration_b or len(seats) != 2:
        raise SeatingServiceError("both players must be seated in this round")
    a, b = seats[registration_a], seats[registration_b]
    _refuse_if_results([a.table, b.table])
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(
                table_id=a.table_id, round=rnd, registration_id=registration_b, position=a.position
            ),
            Seat(
                table_id=b.table_id, round=rnd, registration_id=registration_a, position=b.position
            ),
        ]
    )
    return _refresh_record(rnd, actor, "seats_swapped", players=[registration_a, registration_b])


@transaction.atomic
def table_reseat(
    *, table_id: int, registration_ids: Sequence[int], actor: Actor = SYSTEM
) -> RoundSeatingRecord:
    """Replace one table's seating (seat order = list order) in one transaction.

    Each player must be registered in the event and either at this table already or not
    seated elsewhere in the round; players left out become unseated. The table's size must
    be allowed for its game. Nothing changes when any check or constraint fails.
    """
    table = Table.objects.select_related("round__event").get(pk=table_id)
    rnd = _locked_round(table.round_id)
    if rnd.status == Round.Status.CLOSED:
        raise SeatingServiceError("a closed round cannot change")
    ids = list(registration_ids)
    if len(set(ids)) != len(ids):
        raise SeatingServiceError("a player appears twice")
    sizes = allowed_table_sizes(rnd.event, table.game_key or round_game_key(rnd))
    if len(ids) not in sizes:
        raise SeatingServiceError(f"{len(ids)} players: this table seats {sorted(sizes)}")
    known = set(
        Registration.objects.filter(event_id=rnd.event_id, pk__in=ids)
        .active()
        .values_list("pk", flat=True)
    )
    if missing := [rid for rid in ids if rid not in known]:
        raise SeatingServiceError(f"not active in this event: {missing}")
    elsewhere = list(
        Seat.objects.filter(round=rnd, registration_id__in=ids)
        .exclude(table=table)
        .values_list("registration_id", flat=True)
    )
    if elsewhere:
        raise SeatingServiceError(f"already seated at another table: {elsewhere}")
    _refuse_if_results([table])
    Seat.objects.filter(table=table).delete()
    Seat.objects.bulk_create(
        [
            Seat(table=table, round=rnd, registration_id=rid, position=position)
            for position, rid in enumerate(ids, start=1)
        ]
    )
    RoundBye.objects.filter(round=rnd, registration_id__in=ids).delete()
    return _refresh_record(rnd, actor, "table_reseated", table=table, players=ids)


@transaction.atomic
def seat_move(
    *, round_id: int, registration_id: int, table_number: int, actor: Actor = SYSTEM
) -> RoundSeatingRecord:
    """Move one player (seated, on a bye or not seated) to the last seat of another table.

    Both tables must keep a size the game allows; the table left behind closes up its
    seats (the start player stays first). Refused at tables with a result."""
    rnd = _locked_round(round_id)
    if rnd.status == Round.Status.CLOSED:
        raise SeatingServiceError("a closed round cannot change")
    registration = (
        Registration.objects.filter(event_id=rnd.event_id, pk=registration_id).active().first()
    )
    if registration is None:
        raise SeatingServiceError(_("That player is not active in this event."))
    target = Table.objects.filter(round=rnd, number=table_number).first()
    if target is None:
        raise SeatingServiceError(
            _("Round %(n)d has no table %(t)s.") % {"n": rnd.number, "t": table_number}
        )
    seat = Seat.objects.select_related("table").filter(round=rnd, registration=registration).first()
    if seat is not None and seat.table_id == target.pk:
        raise SeatingServiceError(_("The player already sits at that table."))
    game = target.game_key or round_game_key(rnd)
    sizes = allowed_table_sizes(rnd.event, game)
    target_ids = list(target.seats.order_by("position").values_list("registration_id", flat=True))
    if len(target_ids) + 1 not in sizes:
        raise SeatingServiceError(
            _("Table %(t)d would seat %(n)d; tables seat %(sizes)s.")
            % {"t": target.number, "n": len(target_ids) + 1, "sizes": sorted(sizes)}
        )
    touched = [target]
    if seat is not None:
        source = seat.table
        left = list(
            source.seats.exclude(pk=seat.pk)
            .order_by("position")
            .values_list("registration_id", flat=True)
        )
        if len(left) not in allowed_table_sizes(rnd.event, source.game_key or game):
            raise SeatingServiceError(
                _("Table %(t)d would seat %(n)d; tables seat %(sizes)s.")
                % {"t": source.number, "n": len(left), "sizes": sorted(sizes)}
            )
        touched.append(source)
    _refuse_if_results(touched)
    if seat is not None:
        Seat.objects.filter(table=source).delete()
        Seat.objects.bulk_create(
            [
                Seat(table=source, round=rnd, registration_id=rid, position=position)
                for position, rid in enumerate(left, start=1)
            ]
        )
    Seat.objects.create(
        table=target, round=rnd, registration=registration, position=len(target_ids) + 1
    )
    RoundBye.objects.filter(round=rnd, registration=registration).delete()
    return _refresh_record(
        rnd, actor, "seat_moved", table=target, players=[registration.pk], to_table=table_number
    )


@transaction.atomic
def round_publish(*, round_id: int, actor: Actor = SYSTEM) -> Round:
    """Make a seated draft round public (players see their tables)."""
    rnd = _locked_round(round_id)
    if rnd.status != Round.Status.DRAFT:
        raise SeatingServiceError(f"round {rnd.number} is already {rnd.status}")
    if not rnd.tables.exists():
        raise SeatingServiceError("seat the round before publishing it")
    if rnd.event.status == Event.Status.FINISHED:
        raise SeatingServiceError(_("The event is finished."))
    rnd.status = Round.Status.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save(update_fields=["status", "published_at"])
    _log(actor, rnd, "round_published", round=rnd.number)
    _announce_status(rnd, before=Round.Status.DRAFT)
    event = Event.objects.select_for_update().get(pk=rnd.event_id)
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION):
        # a published round is play under way: no longer "registration open"
        _log(actor, rnd, "event_status", status=Event.Status.RUNNING, was=event.status)
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status", "updated"])
    return rnd


@transaction.atomic
def round_unpublish(*, round_id: int, actor: Actor = SYSTEM) -> Round:
    """Take a round published by mistake back to a draft, before any result was entered
    at it: players no longer see its tables, and it can be seated again."""
    rnd = _locked_round(round_id)
    if rnd.status != Round.Status.PUBLISHED:
        raise SeatingServiceError(f"round {rnd.number} is {rnd.status}, not published")
    if ResultSubmission.objects.filter(table__round=rnd).exists():
        raise SeatingServiceError(f"round {rnd.number} has results entered: it stays published")
    rnd.status = Round.Status.DRAFT
    rnd.published_at = None
    rnd.save(update_fields=["status", "published_at"])
    _log(actor, rnd, "round_unpublished", round=rnd.number)
    _announce_status(rnd, before=Round.Status.PUBLISHED)
    return rnd


@transaction.atomic
def round_close(*, round_id: int, actor: Actor = SYSTEM) -> Round:
    """Close a published round once every table has a confirmed result (the standings
    and ratings hear of it: ``RoundStatusChanged``)."""
    rnd = _locked_round(round_id)
    if rnd.status != Round.Status.PUBLISHED:
        raise SeatingServiceError(f"round {rnd.number} is {rnd.status}, not published")
    open_tables = list(
        rnd.tables.exclude(status=Table.Status.CONFIRMED).values_list("number", flat=True)
    )
    if open_tables:
        raise SeatingServiceError(f"tables without a confirmed result: {open_tables}")
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    _log(actor, rnd, "round_closed", round=rnd.number)
    _announce_status(rnd, before=Round.Status.PUBLISHED)
    return rnd


def _announce_status(rnd: Round, before: str) -> None:
    announce(
        RoundStatusChanged(
            event_id=rnd.event_id,
            round_id=rnd.pk,
            number=rnd.number,
            before=before,
            after=rnd.status,
        )
    )
