"""The league settings page (issue 29): only the league's owner sets its public page
and season rule; points per placement are typed in one labelled field per place; bad
input is a 400 naming the field and rule in the page's language, with what was typed
kept; the Japanese page shows Japanese only."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.japanese_pages import CONSOLE_ALLOWED, english_in, page_texts
from tests.tournaments.ratings.helpers import user
from tournaments.events.models import League
from tournaments.ratings.models import LeagueSeason

pytestmark = pytest.mark.django_db


def settings_url(league, language="en") -> str:
    with translation.override(language):
        return reverse("tools:league-settings", kwargs={"league_id": league.pk})


@pytest.fixture
def owned(client):
    owner = user("owner", staff=False)
    league = League.objects.create(name="Nile Nights", owner=owner)
    client.force_login(owner)
    return owner, league


def test_owner_sets_points_per_placement_with_one_field_per_place(client, owned):
    _owner, league = owned
    page = client.get(settings_url(league)).content.decode()
    assert 'name="place_1"' in page and "Points for place 1" in page and "<textarea" not in page
    response = client.post(
        settings_url(league),
        {"public": "on", "rule": "placement_points", "place_1": "10", "place_2": "7",
         "place_3": "5", "place_4": "3"},
    )  # fmt: skip
    assert response.status_code == 302
    season = LeagueSeason.objects.get(league=league)
    assert season.public and season.rule == "placement_points"
    assert season.placement_points == [10, 7, 5, 3]
    page = client.get(settings_url(league)).content.decode()
    assert f"/en/leagues/{season.public_id}/" in page  # the public page's address
    assert 'name="place_2" value="7"' in page


def test_best_n_without_n_is_a_400_naming_the_field_in_japanese_keeping_the_input(client, owned):
    _owner, league = owned
    response = client.post(
        settings_url(league, "ja"), {"public": "on", "rule": "best_n", "place_1": "12"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "上位N回の成績の方式には、数える回数（1〜99）が必要です。" in page
    assert 'name="place_1" value="12"' in page
    assert re.search(r'value="best_n"[^>]*checked', page)
    assert not LeagueSeason.objects.exists()


def test_a_gap_in_the_points_table_is_refused_at_that_place(client, owned):
    _owner, league = owned
    response = client.post(
        settings_url(league), {"rule": "placement_points", "place_1": "10", "place_3": "5"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Give the points for every place up to the last one filled" in page
    assert 'name="place_3" value="5"' in page
    response = client.post(settings_url(league), {"rule": "placement_points", "place_1": "-1"})
    assert response.status_code == 400 and not LeagueSeason.objects.exists()


def test_only_the_owner_changes_a_league(client, owned):
    _owner, league = owned
    client.force_login(user("other", staff=False))
    assert client.get(settings_url(league)).status_code == 403
    response = client.post(settings_url(league), {"rule": "rating", "public": "on"})
    assert response.status_code == 403 and not LeagueSeason.objects.exists()
    client.logout()
    assert client.get(settings_url(league)).status_code == 302  # to the login page


def test_japanese_league_settings_pages(client, owned):
    _owner, league = owned
    with translation.override("ja"):
        listing = reverse("tools:leagues")
    for url in (listing, settings_url(league, "ja")):
        response = client.get(url)
        assert response.status_code == 200
        texts = page_texts(response.content.decode())
        assert english_in(texts, (league.name, "owner"), CONSOLE_ALLOWED) == []
    bad = client.post(settings_url(league, "ja"), {"rule": "placement_points"})
    assert bad.status_code == 400
    texts = page_texts(bad.content.decode())
    assert english_in(texts, (league.name, "owner"), CONSOLE_ALLOWED) == []
