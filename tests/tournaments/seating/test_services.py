"""The seating service: optimiser output stored as Table/Seat/RoundBye rows with its cost."""

from __future__ import annotations

import itertools

import pytest
from django.db import IntegrityError

from tests.tournaments.factories import EventFactory, RegistrationFactory, RoundFactory
from tournaments.events.models import EventConfig, Registration, Round, RoundBye, Seat, Table
from tournaments.results.models import ActionLog
from tournaments.seating.optimiser import SeatingError
from tournaments.seating.selectors import seating_players
from tournaments.seating.services import (
    SeatingServiceError,
    round_close,
    round_publish,
    round_seat,
    seats_swap,
    table_reseat,
)
from tournaments.standings.models import StandingsSnapshot

pytestmark = pytest.mark.django_db


def _event(players: int, sizes=(4, 3), clubs=()):
    event = EventFactory(table_sizes=list(sizes))
    regs = [RegistrationFactory(event=event) for _ in range(players)]
    for reg, club in zip(regs, clubs, strict=False):
        reg.player.club = club
        reg.player.save()
    return event, regs


def _tables(rnd) -> list[list[int]]:
    out: dict[int, list[int]] = {}
    for table_number, rid in (
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "position")
        .values_list("table__number", "registration_id")
    ):
        out.setdefault(table_number, []).append(rid)
    return list(out.values())


def _pairs(tables) -> set[frozenset]:
    return {frozenset(p) for t in tables for p in itertools.combinations(t, 2)}


def _snapshot(event, ranking: list[int]):
    rows = [
        {"registration": rid, "rank": i, "metrics": {"tp": len(ranking) - i}}
        for i, rid in enumerate(ranking, start=1)
    ]
    StandingsSnapshot.objects.create(
        event=event, version=1, after_round=1, rows=rows, content_hash="x"
    )


def test_round_seat_seats_every_checked_in_player_at_allowed_tables():
    event, regs = _event(14)
    regs[0].status = Registration.Status.REGISTERED  # not checked in: not seated
    regs[0].save()
    rnd = RoundFactory(event=event)
    record = round_seat(round_id=rnd.pk)
    tables = _tables(rnd)
    seated = sorted(r for t in tables for r in t)
    assert seated == sorted(r.pk for r in regs[1:])
    assert sorted(len(t) for t in tables) == [3, 3, 3, 4]  # 13 = 4+3+3+3, no bye
    assert record.mode == "random" and record.byes == []
    assert len(record.breakdown["tables"]) == 4
    assert record.breakdown["total"]["repeats"] == 0
    assert set(Table.objects.filter(round=rnd).values_list("game_key", flat=True)) == {"imhotep"}
    assert ActionLog.objects.filter(event=event, action="round_seated").count() == 1


def test_byes_are_recorded_when_table_sizes_do_not_fit():
    event, regs = _event(10, sizes=(4,))
    rnd = RoundFactory(event=event)
    record = round_seat(round_id=rnd.pk, seed=7)
    byes = list(RoundBye.objects.filter(round=rnd).values_list("registration_id", flat=True))
    assert len(byes) == 2 and sorted(byes) == sorted(record.byes)
    assert not Seat.objects.filter(round=rnd, registration_id__in=byes).exists()
    # round 2: nobody gets a second bye before everyone had one
    round_publish(round_id=rnd.pk)
    rnd2 = RoundFactory(event=event)
    round_seat(round_id=rnd2.pk, seed=7)
    byes2 = set(RoundBye.objects.filter(round=rnd2).values_list("registration_id", flat=True))
    assert len(byes2) == 2 and not byes2 & set(byes)


def test_round_two_in_standings_mode_avoids_every_round_one_meeting():
    event, regs = _event(16, sizes=(4,))
    EventConfig.objects.create(event=event, data={"seating_mode": "standings"})
    rnd1 = RoundFactory(event=event)
    round_seat(round_id=rnd1.pk)
    round_publish(round_id=rnd1.pk)
    _snapshot(event, [r.pk for r in regs])
    rnd2 = RoundFactory(event=event)
    record = round_seat(round_id=rnd2.pk)
    assert record.mode == "standings"
    assert record.breakdown["total"]["repeats"] == 0
    assert not _pairs(_tables(rnd1)) & _pairs(_tables(rnd2))
    # the selector saw the history and the snapshot
    players = {p.id: p for p in seating_players(rnd2)}
    first = regs[0].pk
    assert players[first].rank == 1 and players[first].points == 15
    assert sum(players[first].met.values()) == 3
    assert sum(players[first].seat_counts) == 1


def test_same_club_is_split_when_possible():
    event, regs = _event(8, sizes=(4,), clubs=["A", "A", "B", "B", "C", "C", "D", "D"])
    rnd = RoundFactory(event=event)
    record = round_seat(round_id=rnd.pk)
    assert record.breakdown["total"]["club"] == 0


def test_impossible_input_raises_before_writing():
    event, _ = _event(1, sizes=(4, 3))
    rnd = RoundFactory(event=event)
    with pytest.raises(SeatingError):
        round_seat(round_id=rnd.pk)
    assert not Table.objects.filter(round=rnd).exists()


def test_only_a_draft_round_is_seated_and_published_once():
    event, _ = _event(8, sizes=(4,))
    rnd = RoundFactory(event=event)
    with pytest.raises(SeatingServiceError):
        round_publish(round_id=rnd.pk)  # nothing seated yet
    round_seat(round_id=rnd.pk)
    round_publish(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED and rnd.published_at
    with pytest.raises(SeatingServiceError):
        round_seat(round_id=rnd.pk)
    with pytest.raises(SeatingServiceError):
        round_close(round_id=rnd.pk)  # tables not confirmed
    Table.objects.filter(round=rnd).update(status=Table.Status.CONFIRMED)
    round_close(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED


def test_swap_exchanges_seats_and_recomputes_the_cost():
    event, regs = _event(16, sizes=(4,))
    rnd1 = RoundFactory(event=event)
    round_seat(round_id=rnd1.pk)
    rnd2 = RoundFactory(event=event)
    record = round_seat(round_id=rnd2.pk)
    assert record.breakdown["total"]["repeats"] == 0
    t1, t2 = _tables(rnd2)[:2]
    met = _pairs(_tables(rnd1))
    # move a to table 2 next to a round-1 opponent: the breakdown must show the repeat
    a, b = next(
        (a, b) for a in t1 for b in t2 if any(frozenset((a, x)) in met for x in t2 if x != b)
    )
    record = seats_swap(round_id=rnd2.pk, registration_a=a, registration_b=b)
    after = _tables(rnd2)
    assert a in after[1] and b in after[0]
    repeats_now = len(met & _pairs(after))
    assert repeats_now > 0
    assert record.breakdown["total"]["repeats"] == repeats_now
    assert record.manual_changes == 1
    assert record.breakdown["total"]["repeats"] == sum(
        t["cost"]["repeats"] for t in record.breakdown["tables"]
    )
    with pytest.raises(SeatingServiceError):
        seats_swap(round_id=rnd2.pk, registration_a=a, registration_b=a)


def test_table_reseat_reorders_and_refuses_atomically():
    event, regs = _event(8, sizes=(4,))
    rnd = RoundFactory(event=event)
    round_seat(round_id=rnd.pk)
    table1, table2 = Table.objects.filter(round=rnd).order_by("number")
    before = _tables(rnd)
    new_order = list(reversed(before[0]))
    table_reseat(table_id=table1.pk, registration_ids=new_order)
    assert _tables(rnd)[0] == new_order
    # a player of table 2 cannot be pulled in: nothing changes
    with pytest.raises(SeatingServiceError):
        table_reseat(table_id=table1.pk, registration_ids=new_order[:3] + [before[1][0]])
    assert _tables(rnd) == [new_order, before[1]]
    with pytest.raises(SeatingServiceError):
        table_reseat(table_id=table1.pk, registration_ids=new_order[:1])  # size 1
    assert _tables(rnd) == [new_order, before[1]]


def test_table_reseat_rolls_back_when_the_database_refuses(monkeypatch):
    event, regs = _event(8, sizes=(4,))
    rnd = RoundFactory(event=event)
    round_seat(round_id=rnd.pk)
    table1 = Table.objects.filter(round=rnd).order_by("number").first()
    before = _tables(rnd)
    real = Seat.objects.bulk_create

    def failing(objs, *a, **kw):
        real(objs[:1], *a, **kw)
        raise IntegrityError("simulated failure half-way")

    monkeypatch.setattr(Seat.objects, "bulk_create", failing)
    with pytest.raises(IntegrityError):
        table_reseat(table_id=table1.pk, registration_ids=list(reversed(before[0])))
    monkeypatch.undo()
    assert _tables(rnd) == before


def test_late_entry_joins_a_table_with_room():
    event, regs = _event(7, sizes=(4, 3))
    rnd = RoundFactory(event=event)
    round_seat(round_id=rnd.pk)
    late = RegistrationFactory(event=event)
    three = next(t for t in Table.objects.filter(round=rnd) if t.seats.count() == 3)
    ids = list(three.seats.order_by("position").values_list("registration_id", flat=True))
    record = table_reseat(table_id=three.pk, registration_ids=[*ids, late.pk])
    assert three.seats.count() == 4
    assert late.pk in [p for t in record.breakdown["tables"] for p in t["players"]]
