"""Finals: top cut, frozen public standings, awards."""

from __future__ import annotations

import pytest

from tests.tournaments.console.helpers import confirm_all
from tests.tournaments.console.test_archive import played_event
from tournaments.console.services.finals import awards, finals_create
from tournaments.events.models import Round
from tournaments.public.models import PublicSettings
from tournaments.seating.services import SeatingServiceError, round_publish
from tournaments.standings.models import StandingsSnapshot
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def test_top_cut_seats_the_best_four_in_seed_order_and_freezes_public_standings():
    event, user = played_event(rounds=2, players=12)
    snapshot = standings_recompute(event_id=event.pk)
    top = [row["registration"] for row in snapshot.rows[:4]]
    final = finals_create(event_id=event.pk)
    assert final.number == 3 and final.status == Round.Status.DRAFT
    seats = list(final.seats.order_by("position").values_list("registration_id", flat=True))
    assert seats == top
    assert PublicSettings.objects.get(event=event).standings_frozen_after_round == 2
    with pytest.raises(SeatingServiceError):
        finals_create(event_id=event.pk)  # the final is still open
    round_publish(round_id=final.pk)
    confirm_all(final, user)
    standings_recompute(event_id=event.pk)
    rows = awards(event)
    assert [r["source"] for r in rows[:4]] == ["final"] * 4
    assert len(rows) == 12 and {r["registration"] for r in rows[:4]} == set(top)
    sub = final.tables.get().submissions.get(status="confirmed")
    winner_seat = [p["rank"] for p in sub.outcome["players"]].index(1)
    assert rows[0]["registration"] == seats[winner_seat]


def test_finals_need_up_to_date_standings():
    event, _ = played_event(rounds=1, players=8)
    StandingsSnapshot.objects.filter(event=event).delete()
    with pytest.raises(SeatingServiceError):
        finals_create(event_id=event.pk)


def test_finals_and_awards_pages(client):
    event, user = played_event(rounds=1, players=8)
    standings_recompute(event_id=event.pk)
    client.force_login(user)
    response = client.post(f"/en/console/{event.slug}/finals/", {"cut": "4"})
    assert response.status_code == 302 and response["Location"].endswith("/rounds/2/")
    page = client.get(f"/en/console/{event.slug}/awards/").content.decode()
    assert page.count("(final table)") == 4


def test_archive_keeps_the_frozen_standings_setting():
    from tournaments.console.services.archive import event_archive, event_archive_import

    event, _ = played_event(rounds=1, players=8)
    standings_recompute(event_id=event.pk)
    finals_create(event_id=event.pk)
    copy = event_archive_import(event_archive(event.pk), slug="copy")
    assert PublicSettings.objects.get(event=copy).standings_frozen_after_round == 1
    assert copy.rounds.get(number=2).seating_record.mode == "finals"
