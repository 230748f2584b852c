"""A league ratings run refreshes only the events where a changed rating shows, and a
running event's player pages are rendered before the version moves (no rush of misses)."""

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


def test_a_ratings_run_prerenders_a_running_events_pages_before_it_bumps(
    django_capture_on_commit_callbacks,
):
    league = League.objects.create(name="Cairo Café")  # a rating is shown only in a league
    event, regs = event_with_players(players(4), status=Event.Status.RUNNING, league=league)
    confirmed_table(event, regs, [1, 2, 3, 4])
    before = public_cache.current_version(event.slug)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        ratings_recompute()
    assert public_cache.current_version(event.slug) == before  # nothing stale yet
    for callback in callbacks:
        callback()  # the flip: render every page at the next version (eager), then bump
    assert public_cache.current_version(event.slug) == public_cache.next_version(before)
    for language in ("ja", "en"):
        page = public_cache.lookup(event.slug, private_path(regs[0], language), language)
        assert page.html is not None  # ready before anyone asked: the rush hits the cache
    assert "League rating" in page.html  # rendered with the new rating


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
