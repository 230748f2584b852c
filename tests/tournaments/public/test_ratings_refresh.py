"""A league ratings run refreshes only the events where a changed rating shows, and of
their pages only those of the players whose rating moved."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.ratings.helpers import confirmed_table, event_with_players, players
from tournaments.events.models import Event, League
from tournaments.public import cache as public_cache
from tournaments.ratings.services import ratings_recompute

pytestmark = pytest.mark.django_db


def private_path(registration, language: str = "ja") -> str:
    with translation.override(language):
        return reverse("tournaments:private", kwargs={"token": registration.private_token})


def test_a_ratings_run_makes_only_the_pages_of_players_whose_rating_moved_stale(
    client, django_capture_on_commit_callbacks
):
    """Issue 21 (scale): a ratings run ~10 s after a burst of confirmations, often as the
    next round is released, used to render every player's page again (a flip). Only the
    players whose rating moved are shown something new; the others stay cached."""
    league = League.objects.create(name="Cairo Café")  # a rating is shown only in a league
    event, regs = event_with_players(players(5), status=Event.Status.RUNNING, league=league)
    confirmed_table(event, regs[:4], [1, 2, 3, 4])  # the fifth player has not played yet
    ids = [r.pk for r in regs]
    before = public_cache.player_versions(event.slug, ids)
    event_before = public_cache.current_version(event.slug)
    with django_capture_on_commit_callbacks(execute=True):
        ratings_recompute()
    after = public_cache.player_versions(event.slug, ids)
    assert {pk for pk in ids if after[pk] != before[pk]} == set(ids[:4])
    assert public_cache.current_version(event.slug) != event_before
    for language in ("ja", "en"):
        page = client.get(private_path(regs[0], language)).content.decode()
    assert "League rating" in page  # rendered with the new rating


def test_a_ratings_run_leaves_events_without_a_changed_rating_alone(
    django_capture_on_commit_callbacks,
):
    event, regs = event_with_players(players(4), status=Event.Status.RUNNING)
    confirmed_table(event, regs, [1, 2, 3, 4])
    bystander, _ = event_with_players(players(4), status=Event.Status.FINISHED)
    with django_capture_on_commit_callbacks(execute=True):
        ratings_recompute()
    untouched = public_cache.current_version(bystander.slug)
    rated = public_cache.current_version(event.slug)
    with django_capture_on_commit_callbacks(execute=True):
        assert ratings_recompute(force=True) is not None  # same input: no rating changes
    assert public_cache.current_version(bystander.slug) == untouched
    assert public_cache.current_version(event.slug) == rated
