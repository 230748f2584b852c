"""The database itself refuses broken tournaments (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from tests.tournaments.factories import (
    EventFactory,
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    SeatFactory,
    TableFactory,
    seated_table,
)
from tournaments.events.models import Event, Round, Seat, Table

pytestmark = pytest.mark.django_db


def _refused(**fields) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.bulk_create([Seat(**fields)])  # bulk_create skips Seat.save's checks


def test_factories_keep_a_seat_inside_one_event():
    seat = SeatFactory()
    assert seat.round_id == seat.table.round_id
    assert seat.registration.event_id == seat.table.round.event_id
    assert seat.position == 1


def test_double_seating_in_a_round_is_refused_by_the_database(full_table):
    other_table = TableFactory(round=full_table.round)
    already_seated = full_table.seats.get(position=1).registration
    _refused(table=other_table, round=full_table.round, registration=already_seated, position=1)


def test_same_player_may_sit_in_different_rounds(full_table):
    registration = full_table.seats.get(position=1).registration
    next_round = RoundFactory(event=full_table.round.event)
    seat = SeatFactory(table=TableFactory(round=next_round), registration=registration)
    assert seat.round == next_round


def test_duplicate_seat_position_is_refused_by_the_database(table):
    seated_table(table, 2)
    newcomer = RegistrationFactory(event=table.round.event)
    _refused(table=table, round=table.round, registration=newcomer, position=2)


def test_oversized_table_fifth_seat_is_refused_by_the_database(full_table):
    newcomer = RegistrationFactory(event=full_table.round.event)
    _refused(table=full_table, round=full_table.round, registration=newcomer, position=5)
    assert full_table.seats.count() == 4


@pytest.mark.parametrize("position", [0, 5, 9], ids=lambda p: f"position_{p}")
def test_seat_position_outside_one_to_four_is_refused(table, position):
    newcomer = RegistrationFactory(event=table.round.event)
    _refused(table=table, round=table.round, registration=newcomer, position=position)


def test_seat_save_fills_round_from_its_table(table):
    registration = RegistrationFactory(event=table.round.event)
    seat = Seat.objects.create(table=table, registration=registration, position=1)
    assert seat.round_id == table.round_id


def test_seat_save_refuses_a_round_other_than_its_tables(table):
    other_round = RoundFactory(event=table.round.event)
    registration = RegistrationFactory(event=table.round.event)
    with pytest.raises(ValidationError):
        Seat(table=table, round=other_round, registration=registration, position=1).save()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="composite FK is PostgreSQL-only")
def test_postgresql_refuses_a_seat_whose_round_differs_from_its_tables(table):
    other_round = RoundFactory(event=table.round.event)
    registration = RegistrationFactory(event=table.round.event)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.bulk_create(
            [Seat(table=table, round=other_round, registration=registration, position=1)]
        )
        connection.check_constraints()  # the foreign key is deferred to commit


def test_seat_clean_refuses_a_player_from_another_event(table):
    outsider = RegistrationFactory()  # a different event
    seat = Seat(table=table, registration=outsider, position=1)
    with pytest.raises(ValidationError) as excinfo:
        seat.full_clean()
    assert "registration" in excinfo.value.message_dict


def test_registration_once_per_event(registration):
    with pytest.raises(IntegrityError), transaction.atomic():
        RegistrationFactory(event=registration.event, player=registration.player)


def test_private_tokens_are_unique_and_192_bit():
    a, b = RegistrationFactory(), RegistrationFactory()
    assert a.private_token != b.private_token
    assert len(a.private_token) == 32  # 24 bytes, base64url
    with pytest.raises(IntegrityError), transaction.atomic():
        RegistrationFactory(private_token=a.private_token)


def test_judge_tokens_are_unique():
    a = TableFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        TableFactory(judge_token=a.judge_token)


def test_round_number_unique_per_event_and_positive(published_round):
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundFactory(event=published_round.event, number=published_round.number)
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundFactory(event=published_round.event, number=0)


def test_table_number_unique_per_round(table):
    with pytest.raises(IntegrityError), transaction.atomic():
        TableFactory(round=table.round, number=table.number)


def test_published_round_needs_a_publication_time(event):
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundFactory(event=event, status=Round.Status.PUBLISHED, published_at=None)


def test_event_cannot_end_before_it_starts():
    with pytest.raises(IntegrityError), transaction.atomic():
        EventFactory(starts_on=dt.date(2026, 11, 22), ends_on=dt.date(2026, 11, 21))


@pytest.mark.parametrize(
    ("factory", "field"),
    [(EventFactory, "status"), (RoundFactory, "status"), (TableFactory, "status")],
    ids=["event_case", "round_case", "table_case"],
)
def test_unknown_status_is_refused_by_the_database(factory, field):
    with pytest.raises(IntegrityError), transaction.atomic():
        factory(**{field: "bogus"})


def test_unknown_registration_status_is_refused():
    with pytest.raises(IntegrityError), transaction.atomic():
        RegistrationFactory(status="bogus")


def test_blank_player_name_is_refused():
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerFactory(display_name="")


def test_event_clean_refuses_unknown_game_key():
    event = EventFactory.build(game_key="senet")
    with pytest.raises(ValidationError) as excinfo:
        event.full_clean()
    assert "game_key" in excinfo.value.message_dict


def test_event_clean_refuses_table_sizes_beyond_four():
    event = EventFactory.build(game_key="", table_sizes=[5, 4])
    with pytest.raises(ValidationError) as excinfo:
        event.full_clean()
    assert "table_sizes" in excinfo.value.message_dict


def test_event_clean_accepts_a_registered_game():
    import engines

    key = engines.available_engines()[0]
    allowed = engines.get_engine(key).meta.player_counts
    event = EventFactory.build(game_key=key, table_sizes=[max(allowed)])
    event.full_clean()


def test_deleting_an_event_cascades_to_its_rounds(full_table):
    event = full_table.round.event
    event.delete()
    assert not Event.objects.exists()
    assert not Table.objects.exists()


def test_event_clean_refuses_a_table_size_the_game_does_not_allow():
    import engines

    for key in engines.available_engines():
        allowed = engines.get_engine(key).meta.player_counts
        too_small = min(allowed) - 1
        if too_small < 1:
            continue
        event = EventFactory.build(game_key=key, table_sizes=[too_small])
        with pytest.raises(ValidationError) as excinfo:
            event.full_clean()
        assert "table_sizes" in excinfo.value.message_dict, key
