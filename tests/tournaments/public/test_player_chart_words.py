"""The rank chart's round labels in the page's language (first-evening walk-through: the
/ja/ player page labelled its points "R1", "R2")."""

from __future__ import annotations

import pytest

from tests.tournaments.console.test_archive import played_event
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def test_the_rank_chart_names_rounds_in_japanese(client):
    event, _ = played_event(rounds=2, players=8)
    standings_recompute(event_id=event.pk)
    registration = event.registrations.first()
    path = f"/events/{event.slug}/players/{registration.pk}/"
    ja = client.get("/ja" + path).content.decode()
    chart = ja.split('class="chart"')[1].split("</section>")[0]
    assert ">2回戦</text>" in chart  # the standings after round 2: one point
    assert ">R2<" not in chart
    en = client.get("/en" + path).content.decode()
    assert ">R2</text>" in en.split('class="chart"')[1]
