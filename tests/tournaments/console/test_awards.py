"""Awards extras: podium from the final order, best score per game (multi-game events)."""

from __future__ import annotations

import pytest

from tests.tournaments.ratings.helpers import (
    confirmed_table,
    event_with_players,
    players,
    user,
)
from tournaments.console.selectors.awards import best_scores, podium
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def test_best_score_per_game_in_a_multi_game_event():
    people = players(4)
    event, regs = event_with_players(people, game_key="", table_sizes=[2])
    confirmed_table(event, regs[:2], [1, 2], totals=[40, 31], game="imhotep")
    confirmed_table(event, regs[2:], [1, 2], totals=[55, 12], game="nile_murals")
    confirmed_table(event, [regs[0], regs[2]], [1, 1], totals=[55, 55], game="nile_murals",
                    round_number=2)  # fmt: skip
    games = {g.game: g for g in best_scores(event)}
    assert set(games) == {"imhotep", "nile_murals"}
    assert games["imhotep"].total == 40
    assert [h["name"] for h in games["imhotep"].holders] == [people[0].display_name]
    nile = games["nile_murals"]
    assert nile.total == 55 and nile.tables == 2
    assert [(h["name"], h["round"]) for h in nile.holders] == [
        (people[2].display_name, 1),
        (people[0].display_name, 2),
        (people[2].display_name, 2),
    ]
    assert nile.name_ja == "ナイルの壁画"


def test_incomplete_totals_are_not_best_scores():
    people = players(2)
    event, regs = event_with_players(people, table_sizes=[2])
    confirmed_table(event, regs, [1, 2], totals=[90, 20], complete=[False, True])
    (imhotep,) = best_scores(event)
    assert imhotep.total == 20 and imhotep.incomplete == 1


def test_podium_follows_the_standings_without_a_final():
    people = players(4)
    event, regs = event_with_players(people, table_sizes=[4])
    confirmed_table(event, regs, [3, 1, 2, 4])
    standings_recompute(event_id=event.pk)
    assert [row["name"] for row in podium(event)] == [
        people[1].display_name,
        people[2].display_name,
        people[0].display_name,
    ]


def test_awards_page(client):
    people = players(4)
    event, regs = event_with_players(people, table_sizes=[4])
    confirmed_table(event, regs, [3, 1, 2, 4], totals=[20, 40, 30, 10])
    standings_recompute(event_id=event.pk)
    url = f"/en/console/tools/{event.slug}/awards/"
    client.force_login(user("nobody", staff=False))
    assert client.get(url).status_code == 403
    client.force_login(user())
    page = client.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="podium"' in text and people[1].display_name in text
    assert 'id="best-scores"' in text and ">40<" in text


def test_tools_home_links_every_tool(client):
    from tests.tournaments.factories import EventFactory

    event = EventFactory(game_key="terra_pyramides", table_sizes=[4, 3, 2])
    client.force_login(user())
    text = client.get(f"/en/console/tools/{event.slug}/").content.decode()
    base = f"/en/console/tools/{event.slug}/"
    for part in ("editions/", "ratings/", "awards/", "sheets/"):
        assert f'href="{base}{part}"' in text
    assert f'href="{base}editions/terra_pyramides/board/standard/"' in text
    assert "/areas/" not in text  # the event does not play Nile Murals
    client.force_login(user("nobody", staff=False))
    assert client.get(f"/en/console/tools/{event.slug}/").status_code == 403


def test_podium_after_a_final_follows_the_final_table():
    """With the console's final played, the podium is the final table's top three."""
    from tests.tournaments.console.helpers import confirm_all
    from tests.tournaments.console.test_archive import played_event
    from tournaments.console.services.finals import finals_create
    from tournaments.seating.services import round_publish

    event, organizer_user = played_event(rounds=1, players=8)
    standings_recompute(event_id=event.pk)
    final = finals_create(event_id=event.pk, cut=4)
    round_publish(round_id=final.pk)
    confirm_all(final, organizer_user)
    standings_recompute(event_id=event.pk)
    sub = final.tables.get().submissions.get(status="confirmed")
    seats = list(final.seats.order_by("position").values_list("registration_id", flat=True))
    by_rank = sorted(zip([p["rank"] for p in sub.outcome["players"]], range(4), seats, strict=True))
    top = podium(event)
    assert [row["source"] for row in top] == ["final"] * 3
    assert top[0]["registration"] == by_rank[0][2]
    assert {row["registration"] for row in top} <= set(seats)
