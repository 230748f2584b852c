"""Names that would reorder or vanish from the standings are refused wherever a name is
entered (issue 26, hole 7): console form, CSV import, API, archive import, substitutes;
the public pages isolate every name with <bdi> (for names stored before the check)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from tests.tournaments.factories import RegistrationFactory
from tournaments.console.services.archive import ArchiveError
from tournaments.console.services.player_import import players_csv_preview
from tournaments.events import names
from tournaments.events.models import EventRole, Player

pytestmark = pytest.mark.django_db  # full_clean checks the table's constraints

RLO = "\u202e"
BAD_NAMES = [
    RLO + "reversed",  # a right-to-left override before Latin letters
    "佐藤" + RLO,
    "\u2066\u2067",  # isolates
    "\u200b\u200b",  # only zero-width spaces
    "\u200d\ufeff\u2060",  # only a joiner, a BOM and a word joiner
    "name\x00",
    "two\nlines",
]
GOOD_NAMES = ["佐藤 葵", "O'Neil-Smith", "👩\u200d👩\u200d👧 family", "محمد", "ﾔﾏﾀﾞ"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_bad_name_is_refused_by_the_model(name):
    with pytest.raises(ValidationError) as refused:
        Player(display_name=name).full_clean()
    assert "display_name" in refused.value.message_dict


@pytest.mark.parametrize("name", GOOD_NAMES)
def test_real_names_in_any_script_are_accepted(name):
    Player(display_name=name).full_clean()


def test_the_reading_and_club_refuse_controls_too():
    with pytest.raises(ValidationError) as refused:
        Player(display_name="佐藤", reading="さ" + RLO, club="\u202bclub").full_clean()
    assert set(refused.value.message_dict) == {"reading", "club"}


def test_a_reading_that_shows_nothing_is_refused_where_a_reading_is_entered(client, event):
    with pytest.raises(ValidationError) as refused:
        Player(display_name="佐藤", reading="\u200b\u2060").full_clean()
    assert set(refused.value.message_dict) == {"reading"}
    Player(display_name="佐藤", reading="").full_clean()  # optional outside the sign-up
    preview = players_csv_preview(event, "name,reading\n佐藤,さとう\n鈴木,\u200b\n")
    errors = {row.line: row.errors for row in preview.rows}
    assert errors[2] == [] and errors[3] and not preview.ok
    user = get_user_model().objects.create_user("rei", password="pw")
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    response = client.post(
        f"/ja/console/{event.slug}/players/", {"name": "佐藤", "reading": "\u2060", "club": ""}
    )
    assert response.status_code == 200 and not Player.objects.exists()
    assert "読みに見える文字がありません" in response.content.decode()


def test_the_console_form_refuses_it_in_japanese(client, event):
    user = get_user_model().objects.create_user("mina", password="pw")
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    response = client.post(
        f"/ja/console/{event.slug}/players/", {"name": RLO + "abc", "reading": "", "club": ""}
    )
    assert response.status_code == 200 and not Player.objects.exists()
    assert "制御文字" in response.content.decode()
    substitute = RegistrationFactory(event=event)
    client.post(
        f"/ja/console/{event.slug}/players/{substitute.pk}/",
        {"action": "substitute", "name": "\u200b"},
    )
    assert not Player.objects.filter(display_name="\u200b").exists()


def test_the_csv_import_names_the_line(event):
    preview = players_csv_preview(event, f"name\n佐藤\n{RLO}abc\n\u200b\n")
    errors = {row.line: row.errors for row in preview.rows}
    assert errors[2] == [] and errors[3] and errors[4] and not preview.ok


def test_the_api_refuses_it_and_saves_nothing(event):
    from tests.tournaments.integrations.test_api_tokens import bearer, organizer
    from tournaments.integrations.services import token_create

    owner = organizer("aya")
    EventRole.objects.create(user=owner, event=event, role="organizer")
    _token, key = token_create(user=owner, name="bot", event=event, can_write=True)
    answer = bearer(key).post(
        f"/api/events/{event.slug}/registrations/",
        {"players": [{"name": "\u2067\u2069"}]},
        format="json",
    )
    assert answer.status_code == 400 and event.registrations.count() == 0


def test_an_archive_with_such_a_name_is_refused():
    from tests.tournaments.console.test_archive import played_event
    from tournaments.console.services.archive import event_archive, event_archive_import

    event, _user = played_event(rounds=1, players=6)
    archive = event_archive(event.pk)
    archive["registrations"][0]["player"]["display_name"] = RLO + "evil"
    with pytest.raises(ArchiveError):
        event_archive_import(archive, slug="copy")
    assert not Player.objects.filter(display_name=RLO + "evil").exists()


def test_public_pages_isolate_names(client, django_capture_on_commit_callbacks):
    from tests.tournaments.console.test_archive import played_event

    with django_capture_on_commit_callbacks(execute=True):  # the standings are computed
        event, _user = played_event(rounds=1, players=6)
    registration = event.registrations.order_by("pk").first()
    name = registration.player.display_name
    table = registration.seats.get(round__number=1).table.number
    pages = [
        f"/ja/events/{event.slug}/standings/",
        f"/ja/events/{event.slug}/rounds/1/seating/",
        f"/ja/events/{event.slug}/players/{registration.pk}/",
        f"/ja/events/{event.slug}/rounds/1/tables/{table}/",
    ]
    for url in pages:
        html = client.get(url).content.decode()
        assert f"<bdi>{name}</bdi>" in html, url


def test_messages_come_from_the_catalogue():
    from django.utils import translation

    with translation.override("ja"):
        assert "制御文字" in names.text_problem(RLO)
        assert names.name_problem("\u200b") == "名前に見える文字がありません。"
