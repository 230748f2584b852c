"""The event archive: export, import into a database without the event, same standings."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.console.helpers import confirm_all, organizer, players_csv
from tests.tournaments.factories import EventFactory, RoundFactory
from tournaments.console.services.archive import ArchiveError, event_archive, event_archive_import
from tournaments.console.services.player_import import players_csv_import
from tournaments.events.models import Event, Registration, Round, Seat
from tournaments.results.models import EventResultSettings, ResultSubmission, Ruling
from tournaments.seating.services import round_close, round_publish, round_seat
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def _standings_by_name(event):
    snapshot = standings_recompute(event_id=event.pk)
    names = dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))
    return [(names[r["registration"]], r["rank"], r["metrics"]) for r in snapshot.rows]


def _tables_by_name(event):
    return [
        (s.round.number, s.table.number, s.position, s.registration.player.display_name)
        for s in Seat.objects.filter(round__event=event)
        .select_related("round", "table", "registration__player")
        .order_by("round__number", "table__number", "position")
    ]


def played_event(rounds=2, players=12):
    user = organizer()
    event = EventFactory(table_sizes=[4, 3])
    EventResultSettings.objects.create(event=event, confirmation_policy="players")
    players_csv_import(event, players_csv(players), check_in=True)
    for _ in range(rounds):
        rnd = RoundFactory(event=event)
        round_seat(round_id=rnd.pk)
        round_publish(round_id=rnd.pk)
        from tournaments.events.models import EventRole

        EventRole.objects.get_or_create(user=user, event=event, role="organizer")
        confirm_all(rnd, user)
        round_close(round_id=rnd.pk)
    return event, user


def test_round_trip_keeps_results_seats_and_standings():
    event, user = played_event()
    table = event.rounds.get(number=1).tables.first()
    Ruling.objects.create(
        event=event, table=table, registration=table.seats.first().registration,
        kind="penalty_points", points=1, reason="slow play",
    )  # fmt: skip
    before_standings = _standings_by_name(event)
    before_tables = _tables_by_name(event)
    # through real JSON; the archive for moving the event, with its tokens
    archive = json.loads(json.dumps(event_archive(event.pk, with_secrets=True)))

    # a "fresh database": the event and its rows are gone (players stay, as in a café DB)
    ResultSubmission.objects.filter(table__round__event=event).delete()
    Seat.objects.filter(round__event=event).delete()
    Ruling.objects.filter(event=event).delete()
    Event.objects.filter(pk=event.pk).delete()

    imported = event_archive_import(archive)
    assert imported.slug == archive["event"]["slug"]
    assert _tables_by_name(imported) == before_tables
    assert _standings_by_name(imported) == before_standings
    assert list(imported.rounds.values_list("status", flat=True)) == ["closed", "closed"]
    assert ResultSubmission.objects.filter(table__round__event=imported).count() == len(
        [s for r in archive["rounds"] for t in r["tables"] for s in t["submissions"]]
    )
    assert Ruling.objects.get(event=imported).reason == "slow play"
    # private URLs keep working: tokens were free, so they were kept
    tokens = {r["private_token"] for r in archive["registrations"]}
    assert set(imported.registrations.values_list("private_token", flat=True)) == tokens


def test_import_twice_needs_a_new_slug_and_gets_new_tokens():
    event, _ = played_event(rounds=1, players=8)
    archive = event_archive(event.pk)
    with pytest.raises(ArchiveError):
        event_archive_import(archive)
    copy = event_archive_import(archive, slug="copy")
    assert copy.pk != event.pk
    assert not set(copy.registrations.values_list("private_token", flat=True)) & set(
        event.registrations.values_list("private_token", flat=True)
    )
    assert Round.objects.filter(event=copy).count() == 1


@pytest.mark.parametrize(
    "archive", [None, {}, {"format": "other"}, {"format": "referee-event-archive", "version": 9}]
)
def test_malformed_archives_are_refused(archive):
    with pytest.raises(ArchiveError):
        event_archive_import(archive)


def test_broken_archive_leaves_nothing_behind():
    event, _ = played_event(rounds=1, players=8)
    archive = event_archive(event.pk)
    archive["rounds"][0]["tables"][0]["seats"].append(999_999)  # unknown registration
    with pytest.raises(ArchiveError):
        event_archive_import(archive, slug="broken")
    assert not Event.objects.filter(slug="broken").exists()
