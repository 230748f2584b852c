"""CSV import: every error shown in the preview, nothing saved while any remains."""

from __future__ import annotations

import pytest

from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.console.services.player_import import (
    ImportRefused,
    decode_upload,
    player_register,
    players_csv_import,
    players_csv_preview,
    registration_substitute,
)
from tournaments.events.models import Player, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """Messages are checked in English whatever language an earlier test left active."""
    from django.utils import translation

    with translation.override("en"):
        yield


def test_clean_file_imports_every_player_and_reuses_known_people():
    event = EventFactory()
    known = PlayerFactory(display_name="佐藤 葵", reading="さとう あおい")
    text = "name,reading,club\n佐藤 葵,さとう あおい,\n鈴木 蓮,すずき れん,ナイル会\n\n"
    preview = players_csv_preview(event, text)
    assert preview.ok and [r.name for r in preview.rows] == ["佐藤 葵", "鈴木 蓮"]
    created = players_csv_import(event, text, check_in=True)
    assert len(created) == 2 and created[0].player == known
    assert {r.status for r in created} == {Registration.Status.CHECKED_IN}
    assert Player.objects.get(display_name="鈴木 蓮").club == "ナイル会"


def test_preview_lists_each_error_by_line_and_import_saves_nothing():
    event = EventFactory()
    existing = RegistrationFactory(event=event)
    long_name = "x" * 101
    text = (
        "名前,よみ,所属\n"
        "佐藤 葵,さとう,\n"  # line 2 ok
        ",すずき,\n"  # line 3: no name
        "佐藤 葵,さとう,\n"  # line 4: duplicate of line 2
        f"{long_name},,\n"  # line 5: too long
        f"{existing.player.display_name},{existing.player.reading},\n"  # line 6: registered
        "山田,やまだ,,extra\n"  # line 7: more cells than columns
    )
    preview = players_csv_preview(event, text)
    errors = {row.line: row.errors for row in preview.rows}
    assert errors[2] == []
    assert "The name is missing." in errors[3]
    assert "Same name and reading as line 2." in errors[4]
    assert any("longer than 100" in e for e in errors[5])
    assert "Already registered for this event." in errors[6]
    assert "More cells than header columns." in errors[7]
    assert not preview.ok and preview.error_count == 5
    before = Registration.objects.count()
    with pytest.raises(ImportRefused):
        players_csv_import(event, text)
    assert Registration.objects.count() == before
    assert not Player.objects.filter(display_name="山田").exists()


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "The file is empty."),
        ("reading,club\nさとう,\n", "The header has no name column"),
        ("name,reading\n", "The file has no players."),
    ],
)
def test_file_level_errors(text, message):
    preview = players_csv_preview(EventFactory(), text)
    assert not preview.ok and any(message in e for e in preview.errors)


def test_uploads_in_shift_jis_and_utf8_bom_decode():
    text = "name\n佐藤\n"
    assert decode_upload(text.encode("cp932")) == text
    assert decode_upload(("\ufeff" + text).encode("utf-8")) == text
    with pytest.raises(ImportRefused):
        decode_upload("佐藤".encode("cp932") + b"\x82")  # a lead byte cut off


def test_late_entry_and_substitute_takes_over_an_open_seat():
    from tests.tournaments.factories import RoundFactory, SeatFactory, TableFactory

    event = EventFactory()
    late = player_register(event, "遅刻 太郎", "ちこく たろう", check_in=True)
    assert late.status == Registration.Status.CHECKED_IN
    with pytest.raises(ImportRefused):
        player_register(event, "遅刻 太郎", "ちこく たろう")
    table = TableFactory(round=RoundFactory(event=event))
    seat = SeatFactory(table=table, registration=late)
    new = registration_substitute(registration_id=late.pk, name="代理 花子")
    late.refresh_from_db()
    seat.refresh_from_db()
    assert late.status == Registration.Status.DROPPED
    assert seat.registration == new and new.status == Registration.Status.CHECKED_IN


def test_the_import_page_names_columns_the_importer_reads_in_the_pages_language(client):
    """The page's <code> column names are headers a file may use: Japanese ones on the
    Japanese page (名前, よみ, 所属), and each of them reads a file."""
    import re

    from django.contrib.auth import get_user_model

    from tournaments.console.services.player_import import (
        CLUB_COLUMNS,
        NAME_COLUMNS,
        READING_COLUMNS,
    )
    from tournaments.events.models import EventRole

    event = EventFactory()
    user = get_user_model().objects.create_user("org", password="pw")
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    shown = {}
    for language in ("ja", "en"):
        html = client.get(f"/{language}/console/{event.slug}/players/import/").content.decode()
        shown[language] = re.findall(r"<code>([^<]+)</code>", html)
    assert shown["ja"][:3] == ["名前", "よみ", "所属"]
    known = {*NAME_COLUMNS, *READING_COLUMNS, *CLUB_COLUMNS}
    assert [name for names in shown.values() for name in names if name not in known] == []
    name, reading, club = shown["ja"][:3]
    text = f"{name},{reading},{club}\n佐藤 葵,さとう あおい,ナイル会\n"
    preview = players_csv_preview(event, text)
    assert preview.ok and (preview.rows[0].reading, preview.rows[0].club) == (
        "さとう あおい",
        "ナイル会",
    )


@pytest.mark.django_db
def test_the_confirm_button_counts_the_players_it_imports(client):
    """Eight players are "8 人を登録する", not "this player" (issue 29's frictions)."""
    import io

    from django.contrib.auth import get_user_model

    from tournaments.events.models import EventRole

    event = EventFactory()
    user = get_user_model().objects.create_user("org", password="pw")
    EventRole.objects.create(user=user, event=event, role="organizer")
    client.force_login(user)
    rows = "".join(f"選手{n},せんしゅ{n}\n" for n in range(1, 9))
    upload = io.BytesIO(("name,reading\n" + rows).encode())
    upload.name = "players.csv"
    url = f"/ja/console/{event.slug}/players/import/"
    page = client.post(url, {"file": upload, "preview": "1"}).content.decode()
    assert "8 人を登録する" in page
    upload = io.BytesIO("name\n一人\n".encode())
    upload.name = "one.csv"
    english = client.post(f"/en/console/{event.slug}/players/import/",
                          {"file": upload, "preview": "1"}).content.decode()  # fmt: skip
    assert "Import this player" in english
