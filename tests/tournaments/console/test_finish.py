"""Finals and the finish: the final is named and not drawn again, no round after it or
after the finish, publishing a round makes the event "running", and finishing publishes
the final standings, the final table's result and the podium."""

from __future__ import annotations

import pytest

from tests.tournaments.console.helpers import confirm_all, organizer
from tests.tournaments.console.test_archive import played_event
from tests.tournaments.factories import EventFactory, RegistrationFactory, RoundFactory
from tournaments.console.services.finals import awards, event_finish, finals_create
from tournaments.events.models import Event, EventRole, Round
from tournaments.results.models import ActionLog
from tournaments.seating.services import (
    SeatingServiceError,
    round_close,
    round_create,
    round_publish,
    round_seat,
)
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def _final_played(players=12):
    event, user = played_event(rounds=2, players=players)
    standings_recompute(event_id=event.pk)
    final = finals_create(event_id=event.pk)
    round_publish(round_id=final.pk)
    confirm_all(final, user)
    round_close(round_id=final.pk)
    return event, user, final


def _winner_of(final) -> int:
    table = final.tables.get()
    sub = table.submissions.get(status="confirmed")
    ranks = [p["rank"] for p in sub.outcome["players"]]
    seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    return seats[ranks.index(1)]


def test_publishing_a_round_moves_the_event_from_registration_to_running(
    client, django_capture_on_commit_callbacks
):
    event = EventFactory(status=Event.Status.REGISTRATION, table_sizes=[4])
    for _ in range(8):
        RegistrationFactory(event=event)
    home = client.get(f"/en/events/{event.slug}/").content.decode()
    assert "Registration open" in home
    rnd = RoundFactory(event=event)
    round_seat(round_id=rnd.pk)
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION  # seating a draft changes nothing
    with django_capture_on_commit_callbacks(execute=True):  # the page cache follows
        round_publish(round_id=rnd.pk)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert ActionLog.objects.filter(event=event, action="event_status").count() == 1
    home = client.get(f"/en/events/{event.slug}/").content.decode()
    assert "Running" in home and "Registration open" not in home


def test_the_final_is_not_drawn_again_and_no_round_follows_it():
    event, user = played_event(rounds=2, players=12)
    standings_recompute(event_id=event.pk)
    final = finals_create(event_id=event.pk)
    assert final.is_final
    seats_before = list(final.seats.values_list("registration_id", "position"))
    with pytest.raises(SeatingServiceError):
        round_seat(round_id=final.pk)
    assert list(final.seats.values_list("registration_id", "position")) == seats_before
    with pytest.raises(SeatingServiceError):
        round_create(event_id=event.pk)
    round_publish(round_id=final.pk)
    confirm_all(final, user)
    round_close(round_id=final.pk)
    with pytest.raises(SeatingServiceError):
        round_create(event_id=event.pk)  # closed, but still the last round
    with pytest.raises(SeatingServiceError):
        finals_create(event_id=event.pk)  # one final


def test_round_create_refuses_while_a_round_is_open():
    event, _ = played_event(rounds=1, players=8)
    second = round_create(event_id=event.pk)
    assert second.number == 2 and second.status == Round.Status.DRAFT
    with pytest.raises(SeatingServiceError):
        round_create(event_id=event.pk)


def test_finish_needs_every_round_closed_then_stops_round_creation():
    event, user = played_event(rounds=1, players=8)
    rnd = round_create(event_id=event.pk)
    with pytest.raises(SeatingServiceError):
        event_finish(event_id=event.pk)  # round 2 is open
    rnd.delete()
    podium = event_finish(event_id=event.pk)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and len(podium) == 3
    for refused in (round_create, finals_create, event_finish):
        with pytest.raises(SeatingServiceError):
            refused(event_id=event.pk)
    assert event.rounds.count() == 1
    logged = ActionLog.objects.get(event=event, action="event_finished")
    assert logged.data["podium"] == [p["registration"] for p in podium]


def test_finishing_publishes_the_podium_the_finals_result_and_the_final_standings(
    client, django_capture_on_commit_callbacks
):
    event, user, final = _final_played()
    winner = _winner_of(final)
    slug = event.slug
    names = dict(event.registrations.values_list("pk", "player__display_name"))

    # before the finish the final is played "silent"
    home = client.get(f"/en/events/{slug}/").content.decode()
    assert 'id="podium"' not in home and "The final is finished." in home
    result = client.get(f"/en/events/{slug}/rounds/{final.number}/tables/1/").content.decode()
    assert "Results of this round are not released yet." in result

    with django_capture_on_commit_callbacks(execute=True):  # the page cache follows
        podium = event_finish(event_id=event.pk)
    assert podium[0]["registration"] == winner == awards(event)[0]["registration"]

    home = client.get(f"/en/events/{slug}/").content.decode()
    podium_html = home.split('id="podium"')[1].split("</section>")[0]
    assert "Winner" in podium_html and names[winner] in podium_html
    assert podium_html.index(names[winner]) < podium_html.index("2nd place")
    assert "results not yet released" not in home and "frozen after" not in home
    assert "Final" in home.split('id="rounds-heading"')[1]  # the final is named in the list
    result = client.get(f"/en/events/{slug}/rounds/{final.number}/tables/1/").content.decode()
    assert "Final table 1" in result and "Confirmed result" in result

    standings = client.get(f"/en/events/{slug}/standings/").content.decode()
    final_table = standings.split('id="final-standings"')[1].split("</section>")[0]
    first_row = final_table.split("<tbody>")[1].split("</tr>")[0]
    assert names[winner] in first_row and "final table: 1" in first_row
    assert "Standings before the final" in standings

    player = client.get(f"/en/events/{slug}/players/{winner}/").content.decode()
    assert "Final place 1 of 12" in player
    ja = client.get(f"/ja/events/{slug}/").content.decode()
    assert "優勝" in ja and "最終結果" in ja


def test_console_finish_button_and_no_round_creation_after_it(client):
    event, user, final = _final_played(players=8)
    client.force_login(user)
    base = f"/en/console/{event.slug}"
    home = client.get(f"{base}/").content.decode()
    assert 'id="finish-event"' in home and 'id="new-round"' not in home
    assert 'id="create-finals"' not in home and "Final (" in home
    response = client.post(f"{base}/status/", {"status": "finished"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    home = client.get(f"{base}/").content.decode()
    assert 'id="event-finished"' in home and 'id="console-podium"' in home
    assert 'id="finish-event"' not in home and 'id="new-round"' not in home
    response = client.post(f"{base}/rounds/new/", follow=True)
    assert "The event is finished: no more rounds." in response.content.decode()
    assert event.rounds.count() == 3
    page = client.get(f"{base}/rounds/{final.number}/").content.decode()
    assert "Final (round 3)" in page and 'id="seat-round"' not in page


def test_finish_through_the_status_select_reports_an_open_round(client):
    event, _ = played_event(rounds=1, players=8)
    user = organizer("other")
    EventRole.objects.create(user=user, event=event, role="organizer")
    round_create(event_id=event.pk)
    client.force_login(user)
    response = client.post(f"/ja/console/{event.slug}/status/", {"status": "finished"}, follow=True)
    assert "大会を終了する前に第2回戦を締めてください。" in response.content.decode()
    event.refresh_from_db()
    assert event.status != Event.Status.FINISHED


def test_a_finished_events_page_no_longer_announces_its_planned_rounds(
    client, django_capture_on_commit_callbacks
):
    """First-evening walk-through: after two rounds and the final, the finished event's
    page still ended "全2ラウンド予定。" under three played rounds."""
    event, _user, _final = _final_played()
    assert "ラウンド予定" in client.get(f"/ja/events/{event.slug}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the page cache follows
        event_finish(event_id=event.pk)
    assert "ラウンド予定" not in client.get(f"/ja/events/{event.slug}/").content.decode()
