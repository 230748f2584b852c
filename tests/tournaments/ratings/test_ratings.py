"""League ratings: OpenSkill Plackett-Luce from confirmed placements (hand-checked small
cases, ties, idempotency, chronological order), the selector and round-1 seeding order."""

from __future__ import annotations

import datetime as dt

import pytest
from openskill.models import PlackettLuce

from tests.tournaments.ratings.helpers import (
    confirmed_table,
    event_with_players,
    players,
    user,
)
from tournaments.ratings.models import PlayerRating, RatingRun
from tournaments.ratings.selectors import event_players_by_rating, league_table, player_rating
from tournaments.ratings.services import (
    RatedTable,
    compute_ratings,
    ratings_recompute,
    registrations_by_rating,
)
from tournaments.results.models import ResultSubmission, Ruling

pytestmark = pytest.mark.django_db

DEFAULT = PlackettLuce().rating()


def test_winner_goes_up_loser_goes_down_pure():
    values = compute_ratings([RatedTable(1, 1, (10, 20), (1, 2))])
    assert values[10].mu > DEFAULT.mu > values[20].mu
    assert values[10].sigma < DEFAULT.sigma  # one game teaches something about both
    assert values[10].games == values[20].games == 1


def test_four_player_table_orders_mu_by_placement():
    values = compute_ratings([RatedTable(1, 1, (1, 2, 3, 4), (1, 2, 3, 4))])
    mus = [values[p].mu for p in (1, 2, 3, 4)]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 4


def test_tied_players_share_rank_and_get_equal_ratings():
    values = compute_ratings([RatedTable(1, 1, (1, 2, 3), (1, 1, 3))])
    assert values[1].mu == pytest.approx(values[2].mu)
    assert values[1].mu > DEFAULT.mu > values[3].mu


def test_matches_openskill_directly():
    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    [[a1], [b1], [c1]] = model.rate([[a], [b], [c]], ranks=[2, 1, 3])
    values = compute_ratings([RatedTable(1, 1, (1, 2, 3), (2, 1, 3))])
    assert (values[1].mu, values[2].mu, values[3].mu) == pytest.approx((a1.mu, b1.mu, c1.mu))
    assert values[2].sigma == pytest.approx(b1.sigma)


def test_recompute_from_confirmed_tables_and_idempotent():
    people = players(4)
    event, regs = event_with_players(people)
    confirmed_table(event, regs[:2], [1, 2])
    confirmed_table(event, regs[2:], [2, 1])
    run = ratings_recompute()
    assert run is not None and run.tables == 2 and run.players == 4
    first = {r.player_id: (r.mu, r.sigma, r.games) for r in PlayerRating.objects.all()}
    assert first[people[0].pk][0] > first[people[1].pk][0]
    assert first[people[3].pk][0] > first[people[2].pk][0]

    assert ratings_recompute() is None  # same input: nothing written
    assert RatingRun.objects.count() == 1
    forced = ratings_recompute(force=True)
    assert forced is not None
    again = {r.player_id: (r.mu, r.sigma, r.games) for r in PlayerRating.objects.all()}
    assert again == first


def test_only_confirmed_results_count():
    people = players(2)
    event, regs = event_with_players(people)
    table = confirmed_table(event, regs, [1, 2])
    ResultSubmission.objects.filter(table=table).update(status=ResultSubmission.Status.SUBMITTED)
    ratings_recompute()
    assert PlayerRating.objects.count() == 0


def test_events_are_rated_in_chronological_order_not_creation_order():
    people = players(2)
    later, later_regs = event_with_players(people, day=dt.date(2026, 11, 20))
    earlier, earlier_regs = event_with_players(people, day=dt.date(2026, 11, 1))
    confirmed_table(later, later_regs, [2, 1])  # created first, played later
    confirmed_table(earlier, earlier_regs, [1, 2])
    ratings_recompute()
    a, b = people
    expected = compute_ratings(
        [RatedTable(1, 1, (a.pk, b.pk), (1, 2)), RatedTable(2, 2, (a.pk, b.pk), (2, 1))]
    )
    assert PlayerRating.objects.get(player=a).mu == pytest.approx(expected[a.pk].mu)
    view = player_rating(a.pk)
    assert view.events == 2 and view.games == 2
    assert view.ordinal == pytest.approx(view.mu - 3 * view.sigma)


def test_engine_override_ruling_replaces_placements():
    people = players(2)
    event, regs = event_with_players(people)
    table = confirmed_table(event, regs, [1, 2])
    Ruling.objects.create(
        event=event,
        table=table,
        kind=Ruling.Kind.ENGINE_OVERRIDE,
        reason="misread sheet",
        data={"placements": [2, 1]},
    )
    ratings_recompute()
    assert player_rating(people[1].pk).mu > player_rating(people[0].pk).mu


def test_player_without_games_has_no_rating():
    assert player_rating(players(1)[0].pk) is None


def test_round1_seeding_order_best_ordinal_first_unrated_last():
    people = players(5)
    old, old_regs = event_with_players(people[:4], day=dt.date(2026, 10, 1))
    confirmed_table(old, old_regs, [4, 3, 2, 1])
    ratings_recompute()
    new, new_regs = event_with_players(people, day=dt.date(2026, 11, 22))
    ordered = registrations_by_rating(new.pk)
    assert [r.player_id for r in ordered] == [
        people[3].pk,
        people[2].pk,
        people[1].pk,
        people[0].pk,
        people[4].pk,
    ]
    rows = event_players_by_rating(new.pk)
    assert rows[-1][1] is None and rows[0][1].games == 1
    assert [v.player_id for v in league_table()] == [p.pk for p in people[3::-1]]


def test_confirmation_enqueues_a_recompute(django_capture_on_commit_callbacks):
    people = players(2)
    event, regs = event_with_players(people)
    with django_capture_on_commit_callbacks(execute=True):
        confirmed_table(event, regs, [1, 2], confirmed_by=user())
    assert PlayerRating.objects.count() == 2  # the eager Celery task ran after commit


def test_ratings_pages(client):
    people = players(2)
    event, regs = event_with_players(people)
    confirmed_table(event, regs, [1, 2])
    ratings_recompute()
    assert client.get("/en/console/tools/ratings/").status_code == 302
    client.force_login(user("player", staff=False))
    assert client.get("/en/console/tools/ratings/").status_code == 403
    client.force_login(user())
    page = client.get("/en/console/tools/ratings/")
    assert page.status_code == 200
    assert people[0].display_name.encode() in page.content
    event_page = client.get(f"/en/console/tools/{event.slug}/ratings/")
    assert event_page.status_code == 200
    response = client.post("/en/console/tools/ratings/", {"recompute": "1"})
    assert response.status_code == 302


def test_seating_service_round1_rating_order_matches_the_recomputed_ratings():
    """The seating selector reads PlayerRating for round 1 seeded by rating: after a
    recompute its ranks follow registrations_by_rating."""
    from tournaments.events.models import Round
    from tournaments.seating.selectors import seating_players

    people = players(5)
    old, old_regs = event_with_players(people[:4], day=dt.date(2026, 10, 1))
    confirmed_table(old, old_regs, [2, 4, 1, 3])
    ratings_recompute()
    new, _ = event_with_players(people, day=dt.date(2026, 11, 22))
    rnd = Round.objects.create(event=new, number=1)
    ranks = {p.id: p.rank for p in seating_players(rnd, seeding="rating")}
    expected = [r.pk for r in registrations_by_rating(new.pk)]
    assert sorted(ranks, key=ranks.get) == expected


def test_a_burst_of_confirmations_sends_one_recompute(django_capture_on_commit_callbacks):
    from unittest import mock

    from tournaments.ratings import services as ratings

    people = players(8)
    event, regs = event_with_players(people)
    judge = user()
    with mock.patch("tournaments.ratings.tasks.ratings_recompute_task.apply_async") as send:
        with django_capture_on_commit_callbacks(execute=True):
            for i in range(4):
                confirmed_table(event, regs[2 * i : 2 * i + 2], [1, 2], confirmed_by=judge)
        assert send.call_count == 1
        ratings.ratings_task_started()  # the task began: the next confirmation sends again
        with django_capture_on_commit_callbacks(execute=True):
            confirmed_table(event, regs[:2], [2, 1], round_number=2, confirmed_by=judge)
        assert send.call_count == 2
