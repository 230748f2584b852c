"""A confirmed table re-rates the league in a real Celery worker (PostgreSQL + Redis).

Skipped only when DATABASE_URL/REDIS_URL are unset (see tests/realstack.py)."""

from __future__ import annotations

import pytest

from tests.tournaments.ratings.helpers import confirmed_table, event_with_players, players, user
from tournaments.ratings.models import PlayerRating

pytestmark = [pytest.mark.realstack, pytest.mark.django_db(transaction=True)]


def test_confirmation_rerates_in_the_worker(real_celery_worker, settings):
    settings.RATINGS_COALESCE_SECONDS = 0
    people = players(3)
    event, regs = event_with_players(people)
    confirmed_table(event, regs, [1, 2, 3], confirmed_by=user())  # autocommit: at once

    def rated():
        return PlayerRating.objects.count() == 3 or None

    real_celery_worker.wait_for(rated)
    mus = {r.player_id: r.mu for r in PlayerRating.objects.all()}
    assert mus[people[0].pk] > mus[people[1].pk] > mus[people[2].pk]
    assert "Task tournaments.ratings_recompute[" in real_celery_worker.log()
