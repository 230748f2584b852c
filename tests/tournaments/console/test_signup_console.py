"""The organizer's side of self sign-up (issue 29): the settings in the event form (kept
when the form is opened again and saved unchanged), and the list of sign-ups awaiting
approval or waiting, with approve and turn down."""

from __future__ import annotations

import pytest

from tests.japanese_pages import CONSOLE_ALLOWED, english_in, page_texts
from tests.tournaments.console.helpers import organizer
from tests.tournaments.console.test_event_setup import form_defaults
from tests.tournaments.console.test_views import EVENT_FORM
from tests.tournaments.factories import RegistrationFactory
from tournaments.events.models import Event, EventRole, Registration
from tournaments.events.selectors.event_config import event_config
from tournaments.events.services.signups import signup_create

pytestmark = pytest.mark.django_db
Status = Registration.Status


@pytest.fixture
def creator(client):
    user = organizer()
    client.force_login(user)
    return client


def test_sign_up_settings_are_saved_and_shown_again(creator):
    form = {
        **EVENT_FORM,
        "signup_open": "on",
        "signup_capacity": "20",
        "signup_approval": "on",
        "signup_closes_at": "2026-11-22T17:30",
    }
    assert creator.post("/en/console/new/", form).status_code == 302
    event = Event.objects.get(slug="console-cup")
    signup = event_config(event)["signup"]
    assert signup["open"] and signup["approval"] and signup["capacity"] == 20
    assert signup["closes_at"].startswith("2026-11-22T17:30")
    page = creator.get(f"/en/console/{event.slug}/edit/").content.decode()
    data = form_defaults(page)
    assert data["signup_capacity"] == "20" and data["signup_closes_at"] == "2026-11-22T17:30"
    assert data.get("signup_open") == "on" and data.get("signup_approval") == "on"
    assert creator.post(f"/en/console/{event.slug}/edit/", data).status_code == 302
    assert event_config(event)["signup"] == signup


def test_a_capacity_below_one_is_refused_in_words(creator):
    form = {**EVENT_FORM, "signup_open": "on", "signup_capacity": "0"}
    response = creator.post("/en/console/new/", form)
    assert response.status_code == 400
    assert 'id="id_signup_capacity"' in response.content.decode()
    assert not Event.objects.filter(slug="console-cup").exists()


@pytest.fixture
def event_with_signups(client):
    from tournaments.events.models import EventConfig

    user = organizer()
    client.force_login(user)
    registration = RegistrationFactory(status=Status.REGISTERED)
    event = registration.event
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    EventConfig.objects.create(
        event=event, data={"signup": {"open": True, "capacity": 2, "approval": True}}
    )
    pending = [
        signup_create(event_id=event.pk, name=f"選手{n}", reading=f"せんしゅ{n}", club="")
        for n in range(3)
    ]
    return event, pending


def test_the_organizer_approves_until_full_then_the_waiting_list(client, event_with_signups):
    event, pending = event_with_signups
    page = client.get(f"/ja/console/{event.slug}/players/").content.decode()
    assert 'id="signups"' in page and "選手0" in page
    names = (event.name, event.venue, "org", "選手0", "選手1", "選手2", "せんしゅ0")
    assert english_in(page_texts(page), names, CONSOLE_ALLOWED) == []
    url = f"/en/console/{event.slug}/players/signups/%d/"
    client.post(url % pending[0].pk, {"action": "approve"})
    client.post(url % pending[1].pk, {"action": "approve"})
    client.post(url % pending[2].pk, {"action": "reject"})
    statuses = [Registration.objects.get(pk=r.pk).status for r in pending]
    assert statuses == [Status.REGISTERED, Status.WAITLISTED, Status.CANCELLED]
    # A sign-up without a place is not checked in at the desk, by QR or by button.
    waiting = pending[1]
    scanned = client.post(
        f"/en/console/{event.slug}/check-in/scan/", {"token": waiting.private_token}, follow=True
    )
    assert "has no place in the event" in scanned.content.decode()
    assert Registration.objects.get(pk=waiting.pk).status == Status.WAITLISTED
    pressed = client.post(
        f"/en/console/{event.slug}/players/{waiting.pk}/",
        {"action": "check_in"},
        follow=True,
    )
    assert "has no place in the event" in pressed.content.decode()
    assert Registration.objects.get(pk=waiting.pk).status == Status.WAITLISTED
    # The organizer may still give them a place beyond the capacity.
    client.post(url % waiting.pk, {"action": "approve"})
    assert Registration.objects.get(pk=waiting.pk).status == Status.REGISTERED


def test_another_organizers_sign_ups_are_out_of_reach(client, event_with_signups):
    event, pending = event_with_signups
    client.force_login(organizer("stranger", staff=False))
    response = client.post(
        f"/en/console/{event.slug}/players/signups/{pending[0].pk}/", {"action": "approve"}
    )
    assert response.status_code in (403, 404)
    assert Registration.objects.get(pk=pending[0].pk).status == Status.PENDING


def test_event_home_counts_sign_ups_to_decide(client, event_with_signups):
    event, _pending = event_with_signups
    page = client.get(f"/en/console/{event.slug}/").content.decode()
    assert "sign-ups: 3 awaiting approval, 0 waiting" in page
    ja = client.get(f"/ja/console/{event.slug}/").content.decode()
    assert "承認待ち3件" in ja


def test_next_weeks_copy_closes_its_sign_up_a_week_later(client, event_with_signups):
    from tournaments.console.services.events import event_copy
    from tournaments.events.models import EventConfig

    event, _pending = event_with_signups
    EventConfig.objects.filter(event=event).update(
        data={"signup": {"open": True, "closes_at": "2026-11-22T17:30:00+09:00"}}
    )
    copy = event_copy(event=event, user=None)
    assert event_config(copy)["signup"]["closes_at"] == "2026-11-29T17:30:00+09:00"
    # Only players with a place are invited back, not the sign-ups awaiting approval.
    assert copy.registrations.count() == 1


def test_raising_the_places_in_the_form_moves_the_waiting_list_up_at_once(creator):
    form = {**EVENT_FORM, "signup_open": "on", "signup_capacity": "1"}
    assert creator.post("/en/console/new/", form).status_code == 302
    event = Event.objects.get(slug="console-cup")
    signed = [
        signup_create(event_id=event.pk, name=f"選手{n}", reading=f"せんしゅ{n}", club="")
        for n in range(4)
    ]
    assert [r.status for r in signed] == [Status.REGISTERED] + [Status.WAITLISTED] * 3
    data = form_defaults(creator.get(f"/en/console/{event.slug}/edit/").content.decode())
    data["signup_capacity"] = "3"
    assert creator.post(f"/en/console/{event.slug}/edit/", data).status_code == 302
    statuses = [Registration.objects.get(pk=r.pk).status for r in signed]
    assert statuses == [Status.REGISTERED] * 3 + [Status.WAITLISTED]
    data["signup_capacity"] = ""  # no limit: everyone waiting gets a place
    assert creator.post(f"/en/console/{event.slug}/edit/", data).status_code == 302
    assert Registration.objects.get(pk=signed[-1].pk).status == Status.REGISTERED
