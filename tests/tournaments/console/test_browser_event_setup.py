"""Setting up an event in a minute (issue 29), in Chromium on a phone and a laptop, in
Japanese and English: an organizer logs in, opens the new-event form, types the name,
chooses a kind of event and creates it without typing an address; the page's script
fills the kind's settings; the new event's console page opens. The fields touched are
counted: the name, and the choice of the kind of event."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.japanese_pages import CONSOLE_ALLOWED, english_in, page_texts
from tournaments.events.models import Event, EventConfig

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
NAMES = {"ja": "ナイルの夕べ", "en": "Nile Evening"}
ADDRESSES = {"ja": "nairuno-be", "en": "nile-evening"}


class Counted:
    """The page, counting what the organizer types into or chooses on the form."""

    def __init__(self, page):
        self.page = page
        self.typed: list[str] = []
        self.chosen: list[str] = []

    def fill(self, selector: str, value: str) -> None:
        self.typed.append(selector)
        self.page.fill(selector, value)

    def choose(self, selector: str) -> None:
        self.chosen.append(selector)
        self.page.check(selector)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("language", ["ja", "en"])
def test_an_event_from_a_kind_of_event_with_only_its_name_typed(
    live_server, browser, size, language
):
    from playwright.sync_api import expect

    get_user_model().objects.create_user(username="aya", password="pw-cafe-2026", is_staff=True)
    context = browser.new_context(locale="ja-JP" if language == "ja" else "en-US", **size)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/{language}/accounts/login/")
    page.fill("#id_username", "aya")
    page.fill("#id_password", "pw-cafe-2026")
    page.click("#login-submit")
    page.wait_for_url(f"{live_server.url}/{language}/console/")
    page.click(f"a[href='/{language}/console/new/']")
    page.wait_for_selector("#event-form")
    if language == "ja":
        assert english_in(page_texts(page.content()), ("aya",), CONSOLE_ALLOWED) == []
    # The advanced settings are folded away; the short form fits a phone's width.
    assert not page.is_visible("#id_round_minutes")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size["viewport"]["width"]

    form = Counted(page)
    form.fill("#id_name", NAMES[language])
    # The address made from the name is shown in the (empty) address box.
    expect(page.locator("#id_slug")).to_have_attribute("placeholder", ADDRESSES[language])
    assert page.input_value("#id_slug") == ""
    form.choose("#event-form input[name=setup][value=open]")
    # The script fills the kind's settings, the folded ones too.
    assert page.input_value("#id_rounds_planned") == "6"
    assert page.input_value("#id_round_minutes") == "120"
    page.click("#event-form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/{language}/console/{ADDRESSES[language]}/")
    assert (form.typed, len(form.chosen)) == (["#id_name"], 1)

    event = Event.objects.get(slug=ADDRESSES[language])
    assert event.name == NAMES[language] and event.rounds_planned == 6
    assert (event.ends_on - event.starts_on).days == 1
    assert EventConfig.objects.get(event=event).data["release_policy"] == "on_close"
    assert page.locator("h1").inner_text() == NAMES[language]
    if language == "ja":
        texts = page_texts(page.content())
        assert english_in(texts, ("aya", NAMES["ja"]), CONSOLE_ALLOWED) == []
    context.close()


def test_advanced_table_sizes_and_a_game_option_by_taps_on_a_phone(live_server, browser):
    """On a phone in Japanese the organizer opens the advanced settings, chooses table
    sizes (3 first, then 4) and turns Pharaoh's Wrath on for Imhotep, each by a tap on a
    choice in words; nothing typed but the name, and the page stays a phone's width."""
    get_user_model().objects.create_user(username="aya", password="pw-cafe-2026", is_staff=True)
    context = browser.new_context(locale="ja-JP", **PHONE)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/accounts/login/")
    page.fill("#id_username", "aya")
    page.fill("#id_password", "pw-cafe-2026")
    page.click("#login-submit")
    page.wait_for_url(f"{live_server.url}/ja/console/")
    page.goto(f"{live_server.url}/ja/console/new/")
    page.fill("#id_name", NAMES["ja"])
    page.select_option("#id_game_key", "imhotep")
    page.select_option("#id_table_sizes_0", "3")
    page.select_option("#id_table_sizes_1", "4")
    assert not page.is_visible("#id_option_imhotep__pharaohs_wrath")
    page.tap("#advanced > summary")
    page.tap("#rules-imhotep > summary")
    wrath = page.locator("#id_option_imhotep__pharaohs_wrath")
    assert wrath.is_visible()
    # The choice's words, in Japanese: the label and each value.
    label = page.locator("label[for=id_option_imhotep__pharaohs_wrath]").inner_text()
    assert "ファラオの怒り" in label
    assert wrath.locator("option").all_inner_texts() == ["ルールセットのとおり", "はい", "いいえ"]
    page.select_option("#id_option_imhotep__pharaohs_wrath", label="はい")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"]
    advanced = page.locator("#advanced").inner_html()
    assert english_in(page_texts(advanced), ("aya",), CONSOLE_ALLOWED) == []
    page.tap("#event-form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/ja/console/{ADDRESSES['ja']}/")
    event = Event.objects.get(slug=ADDRESSES["ja"])
    assert event.table_sizes == [3, 4]
    assert (event.options_preset, event.options_overrides) == ("", {"pharaohs_wrath": True})
    context.close()
