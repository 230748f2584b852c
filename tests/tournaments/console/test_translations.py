"""Every console page of the demo event, opened in /ja/ by its organizer, shows Japanese
only: no English words, no raw keys (``on_close``, ``ruling.made``), no library text.
The checker is the judge pages' (tests/japanese_pages.py)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.japanese_pages import CONSOLE_ALLOWED, LIBRARY, english_in, page_texts
from tournaments.console.demo.accounts import DEMO_ORGANIZER
from tournaments.console.management.commands.demo import DEMO_SLUG
from tournaments.events.models import Event, EventConfig, Registration, Table
from tournaments.integrations.models import TOPICS, Webhook, WebhookDelivery
from tournaments.integrations.services import token_create

pytestmark = pytest.mark.django_db


def console_urls(event: Event) -> list[str]:
    """Every page of the console and its tools for one event (GET), in Japanese."""
    s = event.slug
    table = Table.objects.filter(round__event=event).order_by("round__number", "number").first()
    registration = Registration.objects.filter(event=event).first()
    rnd = table.round.number  # the first round
    urls = [
        "/ja/console/",
        "/ja/console/new/",
        "/ja/console/import/",
        f"/ja/console/{s}/",
        f"/ja/console/{s}/edit/",
        f"/ja/console/{s}/players/",
        f"/ja/console/{s}/players/import/",
        f"/ja/console/{s}/players/slips/",
        f"/ja/console/{s}/players/{registration.pk}/",
        f"/ja/console/{s}/check-in/",
        f"/ja/console/{s}/judges/",
        f"/ja/console/{s}/schedule/",
        f"/ja/console/{s}/api-access/",
        f"/ja/console/{s}/awards/",
        "/ja/console/tools/ratings/",
        f"/ja/console/tools/{s}/",
        f"/ja/console/tools/{s}/ratings/",
        f"/ja/console/tools/{s}/awards/",
        f"/ja/console/tools/{s}/sheets/",
        f"/ja/console/tools/{s}/sheets/round/{rnd}/",
        f"/ja/console/tools/{s}/editions/",
    ]
    for each in Table.objects.filter(round__event=event).select_related("round"):
        number = each.round.number
        urls += [
            f"/ja/console/{s}/rounds/{number}/",
            f"/ja/console/{s}/rounds/{number}/board/",
            f"/ja/console/{s}/rounds/{number}/print/",
            f"/ja/console/{s}/rounds/{number}/tables/{each.number}/",
        ]
    for game in ("imhotep", "nile_murals", "tameri", "field_of_reeds", "terra_pyramides"):
        urls += [
            f"/ja/console/tools/{s}/sheets/game/{game}/",
            f"/ja/console/tools/{s}/editions/{game}/",
        ]
    urls += [
        f"/ja/console/tools/{s}/editions/nile_murals/lost/",
        f"/ja/console/tools/{s}/editions/field_of_reeds/lost/",
        f"/ja/console/tools/{s}/editions/nile_murals/areas/",
        f"/ja/console/tools/{s}/editions/terra_pyramides/board/standard/",
        f"/ja/console/tools/{s}/editions/terra_pyramides/board/nile/",
    ]
    return list(dict.fromkeys(urls))


@pytest.fixture
def demo(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", stdout=StringIO())
    event = Event.objects.get(slug=DEMO_SLUG)
    # Every game's tools: the demo plays Imhotep; later rounds may play the others.
    config, _ = EventConfig.objects.get_or_create(event=event)
    config.data = {
        **config.data,
        "round_games": {"3": "nile_murals", "4": "tameri", "5": "field_of_reeds",
                        "6": "terra_pyramides"},
    }  # fmt: skip
    config.save()
    # The integrations page with a row in each of its tables: a token, a webhook, and a
    # delivery that failed with the network's error and one the server refused.
    organizer = get_user_model().objects.get(username=DEMO_ORGANIZER)
    token_create(user=organizer, name="café", event=event, can_write=True)
    hook = Webhook.objects.create(event=event, url="https://example.org/hook", topics=list(TOPICS))
    WebhookDelivery.objects.create(
        webhook=hook, topic="round.published", status="failed", attempts=1,
        last_error="[Errno 111] Connection refused",
    )  # fmt: skip
    WebhookDelivery.objects.create(
        webhook=hook, topic="standings.updated", status="pending", attempts=1,
        last_status_code=500,
    )  # fmt: skip
    client.force_login(get_user_model().objects.get(username=DEMO_ORGANIZER))
    return event


def test_every_console_page_of_the_demo_is_japanese(client, demo):
    names = tuple(
        Registration.objects.filter(event=demo).values_list("player__display_name", flat=True)
    ) + (demo.name, demo.venue or "", DEMO_ORGANIZER, "café")  # café: the token's name
    found = {}
    for url in console_urls(demo):
        response = client.get(url)
        if response.status_code == 405:
            continue
        assert response.status_code == 200, url
        if not response["Content-Type"].startswith("text/html"):
            continue
        english = english_in(page_texts(response.content.decode()), names, CONSOLE_ALLOWED)
        if english:
            found[url] = english
    assert found == {}, "\n".join(f"{url}: {texts}" for url, texts in found.items())


def test_the_login_page_is_japanese(client):
    page = client.get("/ja/accounts/login/")
    assert page.status_code == 200
    assert english_in(page_texts(page.content.decode())) == []


def test_the_event_forms_option_errors_are_no_library_text(client, demo):
    """An option value the form does not offer is refused in the page's language beside
    the option, never as pydantic's "Input should be ..." with a JSON path."""
    edit = f"/ja/console/{demo.slug}/edit/"
    page = client.get(edit)
    data = {**page.context["form"].initial}
    data.update(
        {
            "option_imhotep__sides__obelisk": '"C"',
            "option_terra_pyramides__version": "9",
            "starts_on": "2026-01-01",
            "ends_on": "2026-01-01",
        }
    )
    data["table_sizes_0"], *rest = data.pop("table_sizes") or [4]
    data.update({f"table_sizes_{i}": n for i, n in enumerate(rest, 1)})
    page = client.post(edit, {k: "" if v is None else v for k, v in data.items()})
    assert page.status_code == 400
    errors = [
        str(e)
        for field in ("option_imhotep__sides__obelisk", "option_terra_pyramides__version")
        for e in page.context["form"].errors[field]
    ]
    assert len(errors) == 2 and not [e for e in errors if any(m in e for m in LIBRARY)]
    assert all("正しく選択してください" in e for e in errors)


def test_the_final_and_its_pages_are_japanese(client, django_capture_on_commit_callbacks):
    """The event's page with the top-cut form, then the final round's pages."""
    from tests.tournaments.console.test_archive import played_event
    from tournaments.console.services.finals import finals_create

    with django_capture_on_commit_callbacks(execute=True):  # the standings follow
        event, organizer = played_event(rounds=1, players=8)
    client.force_login(organizer)
    names = tuple(
        Registration.objects.filter(event=event).values_list("player__display_name", flat=True)
    ) + (event.name, event.venue or "", organizer.get_username())
    base = f"/ja/console/{event.slug}"
    home = client.get(f"{base}/").content.decode()
    assert 'id="create-finals"' in home
    final = finals_create(event_id=event.pk, cut=4)
    table = final.tables.first().number
    found = {}
    for url in (f"{base}/", *(f"{base}/rounds/{final.number}/{tail}"
                for tail in ("", "board/", "print/", f"tables/{table}/"))):  # fmt: skip
        response = client.get(url)
        assert response.status_code == 200, url
        english = english_in(page_texts(response.content.decode()), names, CONSOLE_ALLOWED)
        if english:
            found[url] = english
    english = english_in(page_texts(home), names, CONSOLE_ALLOWED)
    if english:
        found["before the final"] = english
    assert found == {}, "\n".join(f"{url}: {texts}" for url, texts in found.items())


def test_the_event_pages_standings_column_is_named_in_each_language(
    client, django_capture_on_commit_callbacks
):
    """The console's standings table heads its points column as the public standings do
    (勝点 in Japanese, TP in English), with the full name as its title."""
    import re

    from tests.tournaments.console.test_archive import played_event

    with django_capture_on_commit_callbacks(execute=True):  # the standings follow
        event, organizer = played_event(rounds=1, players=8)
    client.force_login(organizer)
    heads = {}
    for language in ("ja", "en"):
        html = client.get(f"/{language}/console/{event.slug}/").content.decode()
        table = re.search(r'<table class="grid" id="standings">.*?</tr>', html, re.S).group(0)
        heads[language] = re.findall(r'<abbr title="([^"]+)">([^<]+)</abbr>', table)
    assert heads == {"ja": [("大会ポイント", "勝点")], "en": [("Tournament points", "TP")]}
