"""League ratings reach the public player page, and a recompute refreshes cached pages."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.ratings.helpers import confirmed_table, event_with_players, players
from tournaments.events.models import League
from tournaments.ratings.services import ratings_recompute

pytestmark = pytest.mark.django_db


def player_page(client, event, registration) -> str:
    with translation.override("en"):
        url = reverse(
            "tournaments:player", kwargs={"slug": event.slug, "registration_id": registration.pk}
        )
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_player_page_shows_the_league_rating_after_a_recompute(
    client, django_capture_on_commit_callbacks
):
    league = League.objects.create(name="Cairo Café")
    event, regs = event_with_players(players(4), game_key="imhotep", league=league)
    confirmed_table(event, regs, [1, 2, 3, 4])
    before = player_page(client, event, regs[0])
    assert "League rating" not in before  # nobody is rated yet

    with django_capture_on_commit_callbacks(execute=True):
        ratings_recompute()

    winner = player_page(client, event, regs[0])  # served fresh: the recompute bumped the cache
    loser = player_page(client, event, regs[3])
    assert "League rating" in winner and "1 games" in winner
    ordinal = float(winner.split("League rating ")[1].split(" ")[0])
    assert ordinal > float(loser.split("League rating ")[1].split(" ")[0])


def test_no_rating_on_the_player_page_of_an_event_without_a_league(
    client, django_capture_on_commit_callbacks
):
    event, regs = event_with_players(players(4), game_key="imhotep")
    confirmed_table(event, regs, [1, 2, 3, 4])
    with django_capture_on_commit_callbacks(execute=True):
        ratings_recompute()  # rates the events without a league together, as before
    from tournaments.ratings.models import PlayerRating

    assert PlayerRating.objects.filter(league__isnull=True).exists()
    page = player_page(client, event, regs[0])
    assert "League rating" not in page and "μ" not in page
