"""Fixing a seating by name: move one player to another table (the service) and the round
page's swap/move selects, which show names, never internal numbers, and report the cost
before and after each change."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.console.helpers import organizer
from tests.tournaments.factories import EventFactory, RegistrationFactory, RoundFactory
from tournaments.events.models import EventRole, Registration, RoundBye, Seat
from tournaments.results.models import ActionLog
from tournaments.seating.services import SeatingServiceError, round_seat, seat_move

pytestmark = pytest.mark.django_db


def _seated(players=13):
    event = EventFactory(table_sizes=[4, 3])
    regs = [RegistrationFactory(event=event) for _ in range(players)]
    rnd = RoundFactory(event=event)
    round_seat(round_id=rnd.pk)
    return event, regs, rnd


def _table_of_size(rnd, size: int):
    return next(t for t in rnd.tables.order_by("number") if t.seats.count() == size)


def test_move_takes_a_player_to_the_last_seat_and_closes_up_the_old_table():
    event, regs, rnd = _seated()
    four = _table_of_size(rnd, 4)
    three = _table_of_size(rnd, 3)
    mover = four.seats.get(position=2).registration_id
    stay = list(
        four.seats.exclude(position=2)
        .order_by("position")
        .values_list("registration_id", flat=True)
    )  # noqa: E501
    record = seat_move(round_id=rnd.pk, registration_id=mover, table_number=three.number)
    assert Seat.objects.get(round=rnd, registration_id=mover).table_id == three.pk
    assert Seat.objects.get(round=rnd, registration_id=mover).position == 4
    left = list(four.seats.order_by("position").values_list("registration_id", "position"))
    assert left == [(rid, i) for i, rid in enumerate(stay, start=1)]  # start player kept
    assert record.manual_changes == 1 and record.cost_before is not None
    entry = ActionLog.objects.get(action="seat_moved")
    assert entry.data["cost_before"] == record.cost_before
    assert entry.data["cost_after"] == record.breakdown["total"]


def test_move_refuses_a_table_size_the_game_does_not_allow():
    event, regs, rnd = _seated()
    four = _table_of_size(rnd, 4)
    three = _table_of_size(rnd, 3)
    mover = three.seats.first().registration_id
    with pytest.raises(SeatingServiceError):
        seat_move(round_id=rnd.pk, registration_id=mover, table_number=four.number)  # 5 and 2
    with pytest.raises(SeatingServiceError):
        seat_move(round_id=rnd.pk, registration_id=mover, table_number=99)
    with pytest.raises(SeatingServiceError):
        seat_move(round_id=rnd.pk, registration_id=mover, table_number=three.number)


def test_a_late_player_on_a_bye_is_moved_into_a_table():
    event, regs, rnd = _seated(players=12)  # three tables of four
    late = RegistrationFactory(event=event)
    RoundBye.objects.create(round=rnd, registration=late)
    sizes = sorted(t.seats.count() for t in rnd.tables.all())
    assert sizes == [4, 4, 4]
    with pytest.raises(SeatingServiceError):
        seat_move(round_id=rnd.pk, registration_id=late.pk, table_number=1)  # a fifth seat
    dropped = RegistrationFactory(event=event, status=Registration.Status.DROPPED)
    with pytest.raises(SeatingServiceError):
        seat_move(round_id=rnd.pk, registration_id=dropped.pk, table_number=1)


def test_round_page_swaps_and_moves_by_name_and_shows_the_cost_before_and_after(client):
    event, regs, rnd = _seated()
    user = organizer()
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    base = f"/en/console/{event.slug}/rounds/1"
    page = client.get(f"{base}/").content.decode()
    assert not re.search(r"#\d+", page.split('id="seating"')[1])  # no internal numbers shown
    swap_a = page.split('id="swap-a"')[1].split("</select>")[0]
    name = regs[0].player.display_name
    assert re.search(rf">{re.escape(name)} \([^)]*\) — table \d+, seat \d+<", swap_a)

    three = _table_of_size(rnd, 3)
    four = _table_of_size(rnd, 4)
    mover = four.seats.get(position=4).registration
    response = client.post(
        f"{base}/do/", {"action": "move", "player": mover.pk, "table": three.number}, follow=True
    )
    text = response.content.decode()
    assert re.search(r"Cost before: repeat meetings \d+, weighted terms [\d.]+ → after: ", text)
    assert Seat.objects.get(round=rnd, registration=mover).table_id == three.pk

    a, b = (t.seats.first().registration_id for t in rnd.tables.order_by("number")[:2])
    response = client.post(f"{base}/do/", {"action": "swap", "a": a, "b": b}, follow=True)
    assert "Cost before:" in response.content.decode()
    response = client.post(f"{base}/do/", {"action": "swap", "a": "", "b": b}, follow=True)
    assert (
        response.status_code == 200 and "Choose two players to swap." in response.content.decode()
    )

    # re-seat a table through its per-seat selects (names), in a new order
    table = rnd.tables.order_by("number").first()
    ids = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    client.post(f"{base}/do/", {"action": "reseat", "table": table.number, "seat": ids[::-1]})
    assert (
        list(table.seats.order_by("position").values_list("registration_id", flat=True))
        == ids[::-1]
    )  # noqa: E501

    ja = client.get(f"/ja/console/{event.slug}/rounds/1/").content.decode()
    assert "卓" in ja.split('id="swap-a"')[1].split("</select>")[0]
