"""The public sign-up page and the private page's cancel (issue 29): the honeypot, the
flood limit per address (429, the typed values kept), refusals naming their field, the
e-mailed link, the QR code, and every word Japanese on /ja/."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone, translation

from tests.japanese_pages import english_in, page_texts
from tournaments.events.models import EventConfig, Registration

pytestmark = pytest.mark.django_db
Status = Registration.Status


@pytest.fixture(autouse=True)
def _fresh_budgets():
    cache.clear()  # the flood counters of an earlier test
    yield


def open_signup(event, **settings):
    EventConfig.objects.update_or_create(
        event=event, defaults={"data": {"signup": {"open": True, **settings}}}
    )


def signup_url(event, language="ja"):
    with translation.override(language):
        return reverse("tournaments:signup", kwargs={"slug": event.slug})


def form(n, **extra):
    return {"name": f"選手{n}", "reading": f"せんしゅ{n}", "club": "", "contact": "", **extra}


def test_sign_up_lands_on_the_private_page_with_its_qr(client, event):
    open_signup(event, capacity=1)
    response = client.post(signup_url(event), form(1))
    assert response.status_code == 302
    registration = Registration.objects.get(event=event)
    assert registration.status == Status.REGISTERED and registration.self_signup
    assert response["Location"] == f"/ja/p/{registration.private_token}/?done=signed-up"
    page = client.get(response["Location"]).content.decode()
    assert "private-qr" not in page and f"/ja/p/{registration.private_token}/qr.svg" in page
    assert 'id="cancel-form"' in page
    qr = client.get(f"/ja/p/{registration.private_token}/qr.svg")
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"
    assert client.get("/ja/p/not-a-token-at-all-but-long-enough-x/qr.svg").status_code == 404


def test_the_second_player_waits_and_sees_their_place(client, event):
    open_signup(event, capacity=1)
    client.post(signup_url(event), form(1))
    response = client.post(signup_url(event), form(2))
    waiting = Registration.objects.get(event=event, player__reading="せんしゅ2")
    assert waiting.status == Status.WAITLISTED
    page = client.get(response["Location"]).content.decode()
    assert 'id="waitlist-position"' in page and "キャンセル待ち" in page


def test_cancel_needs_the_box_ticked_then_moves_the_list_up(client, event):
    open_signup(event, capacity=1)
    first = client.post(signup_url(event), form(1))
    client.post(signup_url(event), form(2))
    token = first["Location"].split("/")[3]
    unticked = client.post(f"/ja/p/{token}/cancel/")
    assert unticked["Location"].endswith("?done=not-cancelled")
    assert Registration.objects.get(private_token=token).status == Status.REGISTERED
    done = client.post(f"/ja/p/{token}/cancel/", {"sure": "yes"})
    assert done["Location"].endswith("?done=cancelled")
    assert Registration.objects.get(private_token=token).status == Status.CANCELLED
    assert Registration.objects.get(player__reading="せんしゅ2").status == Status.REGISTERED


def test_honeypot_refuses_and_keeps_what_was_typed(client, event):
    open_signup(event)
    response = client.post(signup_url(event, "en"), form(1, website="http://spam.example"))
    assert response.status_code == 400
    assert not Registration.objects.filter(event=event).exists()
    html = response.content.decode()
    assert "a field that must stay empty was filled in" in html and 'value="選手1"' in html
    assert 'value="http://spam.example"' not in html  # sent again as shown, it goes through


@override_settings(SIGNUPS_PER_ADDRESS=3)
def test_flood_limit_per_address_is_429_with_the_form_kept(client, event):
    open_signup(event)
    for n in range(3):
        assert client.post(signup_url(event), form(n)).status_code == 302
    response = client.post(signup_url(event, "en"), form(9))
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many sign-ups from this address" in html and 'value="選手9"' in html
    assert Registration.objects.filter(event=event).count() == 3
    # Another address is counted on its own.
    other = client.post(signup_url(event), form(10), REMOTE_ADDR="198.51.100.7")
    assert other.status_code == 302


def test_duplicate_names_the_reading_field_in_the_page_language(client, event):
    open_signup(event)
    client.post(signup_url(event), form(1, club="Cairo"))
    response = client.post(signup_url(event, "en"), form(1, club="cairo", name="Other"))
    assert response.status_code == 409
    html = response.content.decode()
    assert "already signed up" in html and 'value="Other"' in html
    ja = client.post(signup_url(event), form(1, club="ＣＡＩＲＯ")).content.decode()
    assert "同じ読みと所属" in ja


def test_a_bad_name_is_400_naming_the_field(client, event):
    open_signup(event)
    response = client.post(signup_url(event, "en"), form(1, name="", reading=""))
    assert response.status_code == 400
    assert not Registration.objects.exists()


def test_closed_sign_up_says_so_and_takes_nothing(client, event):
    response = client.get(signup_url(event, "en"))
    assert 'id="signup-closed"' in response.content.decode()
    posted = client.post(signup_url(event, "en"), form(1))
    assert posted.status_code == 403
    assert not Registration.objects.exists()


@override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_the_link_is_mailed_to_an_address(client, event):
    open_signup(event)
    response = client.post(signup_url(event), form(1, contact="p1@example.org"))
    token = Registration.objects.get(event=event).private_token
    assert len(mail.outbox) == 1 and f"/ja/p/{token}/" in mail.outbox[0].body
    assert response.status_code == 302


def test_event_home_links_to_the_open_sign_up(client, event):
    open_signup(event)
    event.save()  # the organizer's form saves the event: its pages are rendered again
    html = client.get(f"/ja/events/{event.slug}/").content.decode()
    assert signup_url(event) in html


def test_japanese_pages_show_japanese_only(client, event):
    closes = timezone.now() + dt.timedelta(days=2)
    open_signup(event, capacity=1, closes_at=closes.isoformat())
    page = client.get(signup_url(event)).content.decode()
    names = (event.name, event.venue)
    assert english_in(page_texts(page), names=names) == []
    assert 'id="closes-at"' in page
    client.post(signup_url(event), form(1))
    waiting = client.post(signup_url(event), form(2))
    private = client.get(waiting["Location"]).content.decode()
    assert english_in(page_texts(private), names=(*names, "選手2")) == []
    refused = client.post(signup_url(event), form(2, website="x")).content.decode()
    assert english_in(page_texts(refused), names=(*names, "選手2", "せんしゅ2", "x")) == []


def test_with_approval_the_player_waits_for_the_organizer(client, event):
    open_signup(event, approval=True)
    page = client.get(signup_url(event)).content.decode()
    assert "一件ずつ承認します" in page
    assert english_in(page_texts(page), names=(event.name, event.venue)) == []
    response = client.post(signup_url(event), form(1))
    private = client.get(response["Location"]).content.decode()
    assert "承認待ち" in private and 'id="cancel-form"' in private
    assert Registration.objects.get(event=event).status == Status.PENDING


def _field_paragraph(html, field):
    """The form's paragraph of one field: its label, input, help and errors."""
    found = re.search(rf'<p>\s*<label for="id_{field}".*?</p>', html, flags=re.S)
    assert found, field
    return found.group(0)


@pytest.mark.parametrize("reading", ["\u200b\u200b", "\u2060"])
def test_a_reading_that_shows_nothing_is_400_beside_the_field_in_japanese(client, event, reading):
    open_signup(event)
    response = client.post(signup_url(event), form(1, reading=reading))
    assert response.status_code == 400
    assert not Registration.objects.filter(event=event).exists()
    beside = _field_paragraph(response.content.decode(), "reading")
    assert "読みに見える文字がありません" in beside and f'value="{reading}"' in beside
    english = client.post(signup_url(event, "en"), form(1, reading=reading)).content.decode()
    assert "The reading has no visible character." in _field_paragraph(english, "reading")


@pytest.mark.parametrize("field", ["contact", "club"])
def test_a_bidi_control_in_the_contact_or_club_is_400_beside_the_field(client, event, field):
    open_signup(event)
    typed = "\u202eevil\u2066@example.org"
    response = client.post(signup_url(event), form(1, **{field: typed}))
    assert response.status_code == 400
    assert not Registration.objects.filter(event=event).exists()
    html = response.content.decode()
    beside = _field_paragraph(html, field)
    assert "制御文字（U+202E）" in beside and f'value="{typed}"' in beside
    assert 'value="選手1"' in html  # the other fields are kept too
    assert english_in(page_texts(html), names=(event.name, event.venue, "選手1", "せんしゅ1")) == []
