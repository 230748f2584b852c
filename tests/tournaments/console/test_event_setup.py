"""Setting up an event in a minute (issue 29): the short event form with its kinds of
event, the web address made from the name, the settings in words under "advanced", and
"run it again next week"."""

from __future__ import annotations

import datetime
import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.utils import timezone

from tests.japanese_pages import CONSOLE_ALLOWED, english_in, page_texts
from tests.tournaments.console.helpers import organizer
from tests.tournaments.console.test_views import EVENT_FORM
from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.console.services.events import event_copy, unique_address
from tournaments.events.kana import kana_to_romaji
from tournaments.events.models import Event, EventConfig, EventRole, League, Registration
from tournaments.results.models import EventResultSettings

pytestmark = pytest.mark.django_db


class FormDefaults(HTMLParser):
    """What a browser submits for #event-form when nobody changes anything."""

    def __init__(self):
        super().__init__()
        self.data: dict[str, str] = {}
        self.select: str | None = None
        self.textarea: str | None = None
        self.in_form = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.in_form = a.get("id") == "event-form"
        if not self.in_form:
            return
        if tag == "input" and a.get("name"):
            if a.get("type") in ("radio", "checkbox"):
                if "checked" in a:
                    self.data[a["name"]] = a.get("value", "on")
            else:
                self.data[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and self.select:
            if self.select not in self.data or "selected" in a:
                self.data[self.select] = a.get("value", "")
        elif tag == "textarea":
            self.textarea = a["name"]
            self.data[self.textarea] = ""

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "form":
            self.in_form = False

    def handle_data(self, data):
        if self.textarea:
            self.data[self.textarea] += data.lstrip("\n")


def visible(html: str) -> str:
    """The page's text in any language (``page_texts`` reads only Japanese pages' text):
    no markup, attribute values, scripts or styles."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def form_defaults(html: str) -> dict[str, str]:
    parser = FormDefaults()
    parser.feed(html)
    return parser.data


@pytest.fixture
def creator(client):
    user = organizer()
    client.force_login(user)
    client.user = user
    return client


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_name_is_all_an_organizer_types(creator, language):
    """The form's defaults make a valid event: the name is the one field to fill (the
    slug was required and empty; the dates were empty)."""
    page = creator.get(f"/{language}/console/new/").content.decode()
    data = form_defaults(page)
    assert data["starts_on"] == timezone.localdate().isoformat()
    assert data["slug"] == "" and data["setup"] == "evening"
    response = creator.post(f"/{language}/console/new/", {**data, "name": "ナイルカップ"})
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(name="ナイルカップ")
    assert response["Location"] == f"/{language}/console/{event.slug}/"
    assert event.slug == "nairukappu"  # romaji of the katakana name
    assert event.starts_on == event.ends_on == timezone.localdate()
    assert event.rounds_planned == 3 and event.game_key
    config = EventConfig.objects.get(event=event).data
    assert config["finals_cut"] == 4 and config["precedence"] == ["tp", "sos", "score_ratio", "h2h"]
    assert config["bye_points"] == "3/2" and config["placement_points"] == {}


def test_the_kind_of_event_fills_its_settings_without_the_pages_script(creator):
    data = form_defaults(creator.get("/en/console/new/").content.decode())
    assert data["setup_shown"] == "evening"
    response = creator.post("/en/console/new/", {**data, "name": "Cairo Open", "setup": "open"})
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(slug="cairo-open")
    assert event.rounds_planned == 6
    assert event.ends_on == event.starts_on + datetime.timedelta(days=1)
    config = EventConfig.objects.get(event=event).data
    assert config["round_minutes"] == 120 and config["release_policy"] == "on_close"
    # A value the organizer changed stays theirs.
    data = {**data, "name": "League Night", "setup": "league", "rounds_planned": "4"}
    assert creator.post("/en/console/new/", data).status_code == 302
    event = Event.objects.get(slug="league-night")
    assert event.rounds_planned == 4
    assert EventConfig.objects.get(event=event).data["round1_seeding"] == "rating"


def test_the_form_shows_no_json_metric_keys_or_fractions_to_type(creator):
    page = creator.get("/en/console/new/").content.decode()
    shown = visible(page)
    assert "Advanced settings" in shown and "the event's game" in shown
    for technical in ("tp,sos", "score_ratio,h2h", "3/2", "1:imhotep", "slug"):
        assert technical not in shown
    assert '<details id="advanced"' in page and "Advanced settings" in page
    assert 'name="precedence_1"' in page and "Strength of schedule" in page


def test_the_japanese_form_is_japanese(creator):
    page = creator.get("/ja/console/new/").content.decode()
    assert english_in(page_texts(page), ("org",), CONSOLE_ALLOWED) == []
    assert "詳細設定" in page and "夜の大会" in page


@pytest.mark.parametrize(
    ("name", "address"),
    [
        ("ナイルカップ", "nairukappu"),
        ("しゅうまつ大会 Vol 2", "shuumatsu-vol-2"),  # kanji are left out, Latin kept
        ("カフェ・マッチャ杯", "kafe-matcha"),
        ("Cairo Café Cup", "cairo-cafe-cup"),
    ],
)
def test_addresses_from_names(name, address):
    assert unique_address(name, datetime.date(2026, 12, 5)) == address


def test_a_kanji_name_gets_a_dated_address_and_a_taken_one_a_number():
    assert kana_to_romaji("ラー") == "raa"
    assert unique_address("夜会", datetime.date(2026, 12, 5)) == "event-2026-12-05"
    EventFactory(name="夜会", slug="event-2026-12-05")
    assert unique_address("夜会", datetime.date(2026, 12, 5)) == "event-2026-12-05-2"
    EventFactory(name="Import", slug="import-event")
    assert unique_address("import", None) == "import-event-2"  # a console path, then taken


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "A web address uses only the letters a-z"), ("ja", "ページのアドレスに使えるのは")],
)
def test_a_japanese_address_is_refused_in_words_with_the_entry_kept(creator, language, words):
    """A Japanese address typed: the error names the web address in the page's language
    (it said "slug"), and what was typed stays in the form."""
    form = {**EVENT_FORM, "slug": "ナイル杯"}
    response = creator.post(f"/{language}/console/new/", form)
    page = response.content.decode()
    assert response.status_code == 400
    assert words in visible(page) and "slug" not in visible(page).lower()
    if language == "ja":
        assert (
            english_in(page_texts(page), ("org", "Console Cup", "Cairo Café"), CONSOLE_ALLOWED)
            == []
        )
    assert 'value="ナイル杯"' in page and 'value="Console Cup"' in page
    assert not Event.objects.filter(name="Console Cup").exists()


def test_editing_keeps_every_setting_and_the_address(creator):
    form = {
        **EVENT_FORM,
        "game_key": "",
        "round_game_1": "imhotep",
        "round_game_2": "tameri",
        "points_4_2": "2.5",
        "precedence_4": "",
        "bye_points": "1",
    }
    assert creator.post("/en/console/new/", form).status_code == 302
    event = Event.objects.get(slug="console-cup")
    before = EventConfig.objects.get(event=event).data
    assert before["round_games"] == {"1": "imhotep", "2": "tameri"}
    assert before["placement_points"] == {"4": ["3", "5/2", "1", "0"]}
    assert before["bye_points"] == "1" and before["precedence"] == ["tp", "firsts", "sos"]
    page = creator.get("/en/console/console-cup/edit/").content.decode()
    data = form_defaults(page)
    assert "setup" not in data and data["slug"] == "console-cup"
    assert creator.post("/en/console/console-cup/edit/", {**data, "slug": ""}).status_code == 302
    event.refresh_from_db()
    assert event.slug == "console-cup"  # a blank address keeps the event's own
    assert EventConfig.objects.get(event=event).data == before


def test_a_tiebreak_twice_is_refused(creator):
    response = creator.post("/en/console/new/", {**EVENT_FORM, "precedence_3": "firsts"})
    assert "Each tiebreak once." in response.content.decode()
    assert not Event.objects.filter(slug="console-cup").exists()


def _event_with_players(user):
    league = League.objects.create(name="Cairo Café", owner=user)
    event = EventFactory(name="ナイルの夕べ", slug="nile-evening", league=league, game_key="tameri")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    EventConfig.objects.create(event=event, data={"round_minutes": 50, "finals_cut": 3})
    EventResultSettings.objects.create(event=event, confirmation_policy="second_judge")
    statuses = ["checked_in", "checked_in", "registered", "dropped"]
    for i, status in enumerate(statuses):
        player = PlayerFactory(display_name=f"選手{i}")
        RegistrationFactory(event=event, player=player, status=status)
    return event


def test_run_it_again_next_week(creator):
    event = _event_with_players(creator.user)
    page = creator.get("/en/console/nile-evening/").content.decode()
    assert 'id="event-copy"' in page and "Run it again next week" in page
    response = creator.post("/en/console/nile-evening/copy/")
    copy = Event.objects.exclude(pk=event.pk).get()
    assert response["Location"] == f"/en/console/{copy.slug}/"
    assert copy.slug == "nairuno-be" and copy.slug != event.slug
    assert copy.name == event.name and copy.game_key == "tameri"
    assert copy.starts_on == event.starts_on + datetime.timedelta(days=7)
    assert copy.league_id == event.league_id and copy.status == Event.Status.REGISTRATION
    assert EventConfig.objects.get(event=copy).data == {"round_minutes": 50, "finals_cut": 3}
    assert copy.result_settings.confirmation_policy == "second_judge"
    copied = Registration.objects.filter(event=copy)
    assert sorted(copied.values_list("player__display_name", flat=True)) == [
        "選手0",
        "選手1",
        "選手2",
    ]
    assert set(copied.values_list("status", flat=True)) == {"registered"}
    assert not set(copied.values_list("private_token", flat=True)) & set(
        event.registrations.values_list("private_token", flat=True)
    )
    assert EventRole.objects.filter(event=copy, user=creator.user, role="organizer").exists()
    # The week after: another new address.
    assert event_copy(event=copy, user=creator.user).slug == "nairuno-be-2"


def test_only_an_organizer_copies_and_only_by_post(client):
    event = _event_with_players(organizer())
    judge = organizer("judge", staff=False)
    EventRole.objects.create(user=judge, event=event, role=EventRole.Kind.HEAD_JUDGE)
    client.force_login(judge)
    assert client.post("/en/console/nile-evening/copy/").status_code == 403
    assert 'id="event-copy"' not in client.get("/en/console/nile-evening/").content.decode()
    client.force_login(event.roles.get(role="organizer").user)
    assert client.get("/en/console/nile-evening/copy/").status_code == 405
    assert Event.objects.count() == 1


def test_a_new_organizer_logs_in_to_the_console_not_to_no_role(client):
    """An organizer who may create events but has none yet (``manage.py organizer_create``
    without --event, or a staff user) was shown "no role yet" after logging in."""
    new = organizer("new-cafe")
    client.post("/en/accounts/login/", {"username": "new-cafe", "password": "pw"})
    response = client.get("/en/accounts/")
    assert response.status_code == 302 and response["Location"] == "/en/console/"
    assert new.is_staff
    stranger = organizer("nobody", staff=False)
    client.force_login(stranger)
    assert client.get("/en/accounts/").status_code == 403


def test_the_address_a_name_would_get(creator, client):
    EventFactory(name="ナイルカップ", slug="nairukappu")
    response = creator.get("/ja/console/new/address/", {"name": "ナイルカップ"})
    assert response.json() == {"address": "nairukappu-2"}
    assert creator.get("/ja/console/new/address/", {"name": " "}).json() == {"address": ""}
    client.force_login(organizer("stranger", staff=False))
    assert client.get("/ja/console/new/address/", {"name": "x"}).status_code == 403


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_taken_address_typed_is_refused_in_words(creator, language):
    EventFactory(name="Old Cup", slug="console-cup")
    response = creator.post(f"/{language}/console/new/", EVENT_FORM)
    shown = visible(response.content.decode())
    assert response.status_code == 400
    words = {"en": "Another event has this address", "ja": "ほかの大会がこのアドレスを使っています"}
    assert words[language] in shown
    assert "slug" not in shown.lower() and "スラッグ" not in shown
    assert Event.objects.filter(slug="console-cup").count() == 1
