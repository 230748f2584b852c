"""Standings presentation: one number format on every page, no movement column before
there is an earlier round, the columns a phone keeps, and the player's rank line."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.console.helpers import organizer
from tests.tournaments.factories import EventFactory, RegistrationFactory
from tournaments.events.models import Event, EventRole
from tournaments.public.render import exact_metric, format_metric
from tournaments.standings.models import StandingsSnapshot

pytestmark = pytest.mark.django_db

COLUMNS = {"precedence": ["tp", "sos", "game_points"], "extra_metrics": ["games"]}


def test_one_number_format_with_the_exact_fraction_for_a_title():
    assert [format_metric(v) for v in (3, "3/2", "9/2", "1/3", "4/1", None, 2.5)] == [
        "3", "1.5", "4.5", "0.33", "4", "–", "2.5",
    ]  # fmt: skip
    assert [exact_metric(v) for v in (3, "3/2", "1/3", "4/1", None)] == ["", "3/2", "1/3", "", ""]


def _event_with_snapshots(after_rounds: list[int]):
    event = EventFactory(status=Event.Status.RUNNING)
    regs = [RegistrationFactory(event=event) for _ in range(3)]
    tps = ["9/2", "3", "3/2"]
    for version, after in enumerate(after_rounds, start=1):
        rows = [
            {
                "registration": reg.pk,
                "rank": rank,
                "metrics": {"tp": tp, "sos": "7/3", "game_points": 40 - rank, "games": after},
                "movement": -(rank - 1) if after == 1 else 0,  # what round 1 used to show
            }
            for rank, (reg, tp) in enumerate(zip(regs, tps, strict=True), start=1)
        ]
        StandingsSnapshot.objects.create(
            event=event,
            version=version,
            after_round=after,
            rows=rows,
            standings=COLUMNS,
            content_hash=str(version),
        )
    return event, regs


def test_no_movement_column_after_the_first_round(client):
    event, _ = _event_with_snapshots([1])
    page = client.get(f"/en/events/{event.slug}/standings/").content.decode()
    assert "Movement since the previous round" not in page and "▼" not in page


def test_movement_column_once_there_is_an_earlier_round(client):
    event, _ = _event_with_snapshots([1, 2])
    page = client.get(f"/en/events/{event.slug}/standings/").content.decode()
    assert "Movement since the previous round" in page


def test_public_and_console_print_the_same_numbers(client):
    event, regs = _event_with_snapshots([1])
    public = client.get(f"/en/events/{event.slug}/standings/").content.decode()
    assert '<td class="num" title="9/2">4.5</td>' in public
    assert '<td class="num" title="3/2">1.5</td>' in public
    user = organizer()
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    console = client.get(f"/en/console/{event.slug}/").content.decode()
    standings = console.split('id="standings"')[1].split("</table>")[0]
    assert "4.5" in standings and "1.5" in standings
    assert "9/2" not in re.sub(r'title="[^"]*"', "", standings)  # the fraction only on hover


def test_a_phone_keeps_rank_name_points_and_the_first_tiebreak(client):
    event, _ = _event_with_snapshots([1, 2])
    page = client.get(f"/en/events/{event.slug}/standings/").content.decode()
    head = page.split("<thead>")[1].split("</thead>")[0]
    classes = re.findall(r'<th scope="col" class="([^"]*)"><abbr title="([^"]*)"', head)
    assert [c for c, title in classes if "extra" not in c] == ["num", "num"]  # TP and SoS
    kept = [title for c, title in classes if "extra" not in c]
    assert kept == ["Tournament points", "Strength of schedule"]
    hidden = [title for c, title in classes if "extra" in c]
    assert hidden == ["Game points", "Games", "Movement since the previous round"]
    assert (
        "@media (max-width: 40rem)" in page and "table.standings .extra { display: none; }" in page
    )
    assert 'id="all-columns"' in page  # the rest on request


def test_the_player_page_says_rank_of_and_points(client):
    event, regs = _event_with_snapshots([1, 2])
    page = client.get(f"/en/events/{event.slug}/players/{regs[2].pk}/").content.decode()
    assert "Rank 3 of 3, 1.5 points" in page
    ja = client.get(f"/ja/events/{event.slug}/players/{regs[0].pk}/").content.decode()
    assert "3人中1位、4.5点" in ja
