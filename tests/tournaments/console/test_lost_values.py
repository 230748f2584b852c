"""The organizer's short screen for the printed values a rulebook lost (issue 16): it
lists only the lost values with what each means, stores them in the event's edition
data through the engine's checks, refuses a printed value, and the event page warns
while results depend on values nobody has entered."""

from __future__ import annotations

import pytest

from tests.japanese_pages import CONSOLE_ALLOWED, english_in, page_texts
from tests.tournaments.results.helpers import make_event, make_table, user
from tournaments.console.services.edition_data import supplied_spec
from tournaments.events.access import Actor
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db

SHEET = {"players": [{"combo": 5, "area": 10, "miss": -1}, {"combo": 3, "area": 8, "miss": 0}]}


@pytest.fixture
def nile(client):
    event = make_event("nile_murals")
    client.force_login(user("nadia", event, "organizer"))
    return event


def url(event, lang="ja"):
    return f"/{lang}/console/tools/{event.slug}/editions/nile_murals/lost/"


def test_the_screen_lists_only_the_lost_values_with_their_meaning(client, nile):
    page = client.get(url(nile))
    assert page.status_code == 200
    names = [row["field"] for row in page.context["rows"]]
    # rules/nile_murals.md G2: Combo 1st = 6 and 2nd = 4 are printed; the rest are lost.
    assert "value:rank_points.combo.0" not in names
    assert "value:rank_points.combo.1" not in names
    assert "value:rank_points.combo.2" in names and "value:rank_points.miss.2" in names
    # G1: the card counts of 5, 6, 7, 9 and 10 cards are lost; 1-4 and 8 are printed.
    lost_cards = {n for n in names if n.endswith(".cards")}
    assert lost_cards == {f"value:combo_bonus.{k}.cards" for k in (5, 6, 7, 9, 10)}
    text = page.content.decode()
    assert "エリアトラック" in text and "1位" in text
    assert (
        english_in(page_texts(text), (nile.name, "nadia"), CONSOLE_ALLOWED) == []
    )  # no path, no English


def test_entered_values_are_stored_in_the_edition_and_score_the_table(client, nile):
    answer = client.post(
        url(nile),
        {"value:rank_points.area.0": "5", "value:rank_points.area.1": "", "source": "my copy"},
    )
    assert answer.status_code == 302
    nile.refresh_from_db()
    spec = supplied_spec(nile, "nile_murals")
    assert spec["values"]["rank_points"]["area"][0] == 5
    assert spec["values"]["rank_points"]["area"][1] is None  # blank stays unknown, never 0
    assert spec["sources"]["rank_points.area.0"] == "my copy"
    page = client.get(url(nile)).content.decode()
    assert "入力済み: 5" in page


@pytest.mark.parametrize(
    ("field", "raw"),
    [
        ("value:rank_points.combo.0", "7"),  # printed: 6 (rules S5)
        ("value:rank_points.area.0", "x"),  # not a number
        ("value:combo_bonus.5.cards", "9"),  # 0 to 4 cards
        ("value:ankh_count", "14"),  # printed, and not on this screen
    ],
)
def test_refused_entries_store_nothing_and_say_why(client, nile, field, raw):
    answer = client.post(url(nile), {field: raw, "value:rank_points.area.1": "3"})
    assert answer.status_code == 400
    nile.refresh_from_db()
    assert supplied_spec(nile, "nile_murals")["values"] == {}
    assert b'class="error"' in answer.content


def test_the_event_page_warns_while_results_depend_on_lost_values(client, nile):
    table = make_table(nile, players=2)
    svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet", payload=SHEET
    )
    page = client.get(f"/ja/console/{nile.slug}/").content.decode()
    assert 'id="incomplete-results"' in page
    assert english_in(page_texts(page), (nile.name, "nadia"), CONSOLE_ALLOWED) == []
    assert url(nile) in page
    table_url = f"/ja/console/{nile.slug}/rounds/{table.round.number}/tables/{table.number}/"
    assert table_url in page
    board = client.get(f"/ja/console/{nile.slug}/rounds/{table.round.number}/board/")
    assert "未完成（n + ?）" in board.content.decode()
    table_page = client.get(table_url).content.decode()
    assert 'id="table-incomplete"' in table_page and url(nile) in table_page
    assert english_in(page_texts(table_page), (nile.name, "nadia"), CONSOLE_ALLOWED) == []


def test_no_warning_without_incomplete_results(client):
    event = make_event("imhotep")
    client.force_login(user("omar", event, "organizer"))
    page = client.get(f"/ja/console/{event.slug}/").content.decode()
    assert 'id="incomplete-results"' not in page
    assert client.get(f"/ja/console/tools/{event.slug}/editions/imhotep/lost/").status_code == 404


def test_only_organizers_open_the_screen(client, nile):
    client.force_login(user("hana", nile, "head_judge"))
    assert client.get(url(nile)).status_code == 403


def test_event_page_and_form_name_the_values_still_unknown(client, nile):
    """Before any result: the event page and the event form say which printed values the
    game needs and link to the short screen; once all are entered, the note goes."""
    for page_url in (f"/ja/console/{nile.slug}/", f"/ja/console/{nile.slug}/edit/"):
        page = client.get(page_url).content.decode()
        assert 'id="lost-values-links"' in page and url(nile) in page
    values = {f"value:rank_points.{t}.{i}": "1" for t in ("area", "miss") for i in range(3)}
    values["value:rank_points.combo.2"] = "2"
    values.update({f"value:combo_bonus.{k}.cards": "1" for k in (5, 6, 7, 9, 10)})
    assert client.post(url(nile), values).status_code == 302
    assert 'id="lost-values-links"' not in client.get(f"/ja/console/{nile.slug}/").content.decode()
