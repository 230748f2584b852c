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


@pytest.mark.parametrize(
    ("cut", "said"),
    [
        ("abc", "決勝卓の人数は2以上の整数で入力してください。"),
        ("1", "決勝卓の人数は2以上の整数で入力してください。"),
        ("-1", "決勝卓の人数は2以上の整数で入力してください。"),
        ("5", "決勝進出者5人ではこのゲームの卓を組めません。"),
    ],
)
def test_a_bad_top_cut_is_refused_in_the_pages_words(client, cut, said):
    """The console's top-cut number (first-evening walk-through): "abc" showed Python's
    "invalid literal for int()", "-1" seated all but the last player and five players
    (tables of 3 or 4) answered in English."""
    event, user = played_event(rounds=1, players=8)
    standings_recompute(event_id=event.pk)
    client.force_login(user)
    home = client.get(f"/ja/console/{event.slug}/").content.decode()
    assert '<label for="finals-cut">決勝卓の人数</label>' in home  # the number is named
    response = client.post(f"/ja/console/{event.slug}/finals/", {"cut": cut}, follow=True)
    page = response.content.decode()
    assert said in page and "invalid literal" not in page
    assert not event.rounds.filter(is_final=True).exists()


def test_the_final_waits_for_every_round_in_the_pages_words():
    event, _ = played_event(rounds=1, players=8)
    standings_recompute(event_id=event.pk)
    Round.objects.create(event=event, number=2)
    from django.utils import translation

    with translation.override("ja"), pytest.raises(SeatingServiceError) as refused:
        finals_create(event_id=event.pk)
    assert str(refused.value) == "決勝の前にすべての回戦を締めてください。"
