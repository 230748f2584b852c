"""One Japanese word for a round and one for a table on every page staff and players
read (issue 17 walk-through): the console and judge calls said 第2ラウンド / 5番卓 while
public pages said 第2回戦 / 5卓. The style chosen: 第N回戦 and N番卓."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.events.models import EventRole, Round
from tournaments.seating.services import round_publish, round_seat

pytestmark = pytest.mark.django_db
ROUND = re.compile(r"第\d+(ラウンド|回戦)")
TABLE = re.compile(r"\d+(番卓|卓)(?!中)")  # "N卓中": a count


@pytest.fixture
def seated(django_capture_on_commit_callbacks):
    organizer = get_user_model().objects.create_user("words-org")
    event = EventFactory(slug="words-cup", game_key="imhotep", table_sizes=[4], status="running")
    EventRole.objects.create(user=organizer, event=event, role="organizer")
    for i in range(8):
        RegistrationFactory(event=event, player=PlayerFactory(display_name=f"W{i}"))
    rnd = Round.objects.create(event=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_seat(round_id=rnd.pk)
        round_publish(round_id=rnd.pk)
    return organizer, event, rnd


def _words(html: str) -> tuple[set[str], set[str]]:
    text = re.sub(r"<[^>]+>", " ", html)
    return {m.group(1) for m in ROUND.finditer(text)}, {m.group(1) for m in TABLE.finditer(text)}


def test_board_judge_page_and_public_seating_say_the_same(client, seated):
    organizer, event, rnd = seated
    table = rnd.tables.order_by("number").first()
    caller = table.seats.order_by("position").first().registration
    client.post(f"/ja/p/{caller.private_token}/report/", {"message": "石"})  # a call names a table
    client.force_login(organizer)
    pages = {
        "board": client.get(f"/ja/console/{event.slug}/rounds/1/board/"),
        "console round": client.get(f"/ja/console/{event.slug}/rounds/1/"),
        "judge": client.get(f"/ja/judge/{table.judge_token}/", follow=True),
        "public seating": client.get(f"/ja/events/{event.slug}/rounds/1/seating/"),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        rounds, tables = _words(response.content.decode())
        assert rounds == {"回戦"}, (name, rounds)
        assert tables <= {"番卓"}, (name, tables)
    for name in ("board", "judge", "public seating"):
        assert _words(pages[name].content.decode())[1] == {"番卓"}, name
