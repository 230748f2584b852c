"""Self sign-up (issue 29): capacity, the waiting list and its order, moving up on a cancel,
approval, the closing time, duplicates by reading and club, and who the seating sees."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.test import override_settings
from django.utils import timezone, translation

from tests.tournaments.factories import PlayerFactory, RegistrationFactory, RoundFactory
from tournaments.events.domain import RegistrationChanged
from tournaments.events.models import EventConfig, Registration
from tournaments.events.selectors.signups import signup_places, waitlist_position
from tournaments.events.services.signups import (
    SignupRefused,
    signup_approve,
    signup_cancel,
    signup_create,
    signup_key,
    signup_mail_link,
    signup_reject,
)

pytestmark = pytest.mark.django_db
Status = Registration.Status


def open_signup(event, **settings):
    EventConfig.objects.update_or_create(
        event=event, defaults={"data": {"signup": {"open": True, **settings}}}
    )


def sign(event, n, **extra):
    return signup_create(
        event_id=event.pk, name=f"選手{n}", reading=f"せんしゅ{n}", club="", **extra
    )


def test_capacity_then_waiting_list_in_order(event):
    open_signup(event, capacity=3)
    statuses = [sign(event, n).status for n in range(5)]
    assert statuses == [Status.REGISTERED] * 3 + [Status.WAITLISTED] * 2
    waiting = list(Registration.objects.filter(event=event, status=Status.WAITLISTED))
    assert sorted(waitlist_position(r) for r in waiting) == [1, 2]
    assert signup_places(event) == {"capacity": 3, "taken": 3, "waiting": 2}


def test_organizer_registered_players_count_against_the_capacity(event):
    RegistrationFactory.create_batch(2, event=event, status=Status.REGISTERED)
    open_signup(event, capacity=2)
    assert sign(event, 1).status == Status.WAITLISTED


def test_cancel_moves_the_first_waiting_player_up(
    event, announcements, django_capture_on_commit_callbacks
):
    open_signup(event, capacity=2)
    first, second = sign(event, 1), sign(event, 2)
    waiting_a, waiting_b = sign(event, 3), sign(event, 4)
    assert waitlist_position(waiting_b) == 2
    with django_capture_on_commit_callbacks(execute=True):
        signup_cancel(registration_id=first.pk)
    waiting_a.refresh_from_db()
    waiting_b.refresh_from_db()
    assert (waiting_a.status, waiting_b.status) == (Status.REGISTERED, Status.WAITLISTED)
    assert waitlist_position(waiting_b) == 1
    first.refresh_from_db()
    assert first.status == Status.CANCELLED and first.cancelled_at is not None
    changed = [e for e in announcements if isinstance(e, RegistrationChanged)]
    assert changed[-1].registration_id == first.pk
    assert (changed[-1].before, changed[-1].after) == (Status.REGISTERED, Status.CANCELLED)
    assert changed[-1].promoted == (waiting_a.pk,)
    del second


def test_cancelling_a_waiting_place_promotes_nobody(event):
    open_signup(event, capacity=1)
    sign(event, 1)
    waiting_a, waiting_b = sign(event, 2), sign(event, 3)
    signup_cancel(registration_id=waiting_a.pk)
    waiting_b.refresh_from_db()
    assert waiting_b.status == Status.WAITLISTED
    assert waitlist_position(waiting_b) == 1


def test_a_rolled_back_cancel_announces_nothing(
    event, announcements, django_capture_on_commit_callbacks
):
    open_signup(event, capacity=1)
    first = sign(event, 1)
    sign(event, 2)
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        signup_cancel(registration_id=first.pk)
        raise RuntimeError
    assert announcements == []
    first.refresh_from_db()
    assert first.status == Status.REGISTERED


def test_approval_required(event):
    open_signup(event, capacity=1, approval=True)
    a, b = sign(event, 1), sign(event, 2)
    assert (a.status, b.status) == (Status.PENDING, Status.PENDING)
    assert signup_approve(registration_id=a.pk).status == Status.REGISTERED
    assert signup_approve(registration_id=b.pk).status == Status.WAITLISTED
    # On a waiting registration approval gives a place beyond the capacity.
    assert signup_approve(registration_id=b.pk).status == Status.REGISTERED
    c = sign(event, 3)
    assert signup_reject(registration_id=c.pk).status == Status.CANCELLED
    with pytest.raises(SignupRefused):
        signup_approve(registration_id=c.pk)


@translation.override("en")
def test_closed_not_open_or_started(event):
    with pytest.raises(SignupRefused, match="not open"):
        sign(event, 1)
    closes = timezone.now() + dt.timedelta(hours=1)
    open_signup(event, closes_at=closes.isoformat())
    assert sign(event, 1, now=closes - dt.timedelta(minutes=1)).status == Status.REGISTERED
    with pytest.raises(SignupRefused, match="closed"):
        sign(event, 2, now=closes)
    open_signup(event)
    event.status = event.Status.RUNNING
    event.save()
    with pytest.raises(SignupRefused, match="started"):
        sign(event, 3)


def test_duplicates_by_reading_and_club(event):
    open_signup(event)
    signup_create(event_id=event.pk, name="山田 太郎", reading="やまだ たろう", club="Cairo Club")
    for reading, club in (("ヤマダタロウ", "cairo  club"), ("yamada tarou", "ＣＡＩＲＯ ＣＬＵＢ")):
        with pytest.raises(SignupRefused) as refused:
            signup_create(event_id=event.pk, name="山田太郎", reading=reading, club=club)
        assert refused.value.field == "reading"
    # Another club is another person; an organizer-registered player counts too.
    signup_create(event_id=event.pk, name="山田 太郎", reading="やまだ たろう", club="Giza")
    RegistrationFactory(event=event, player=PlayerFactory(reading="すずき", club="Luxor"))
    with pytest.raises(SignupRefused):
        signup_create(event_id=event.pk, name="鈴木", reading="スズキ", club="luxor")


def test_a_cancelled_person_may_sign_up_again(event):
    open_signup(event)
    first = sign(event, 1)
    signup_cancel(registration_id=first.pk)
    assert sign(event, 1).status == Status.REGISTERED


def test_the_database_refuses_a_second_live_sign_up(event):
    open_signup(event)
    first = sign(event, 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(
            event=event, player=PlayerFactory(), signup_key=first.signup_key, self_signup=True
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(event=event, player=PlayerFactory(), status=Status.WAITLISTED)
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(event=event, player=PlayerFactory(), status=Status.CANCELLED)
    assert signup_key("セン シュ", " A  b ") == signup_key("せんしゅ", "ａｂ")


def test_a_checked_in_player_cannot_cancel_online(event):
    registration = RegistrationFactory(event=event, status=Status.CHECKED_IN)
    with pytest.raises(SignupRefused):
        signup_cancel(registration_id=registration.pk)


def test_seating_and_standings_see_only_players_with_a_place(event):
    from tournaments.seating.selectors import seating_players
    from tournaments.standings.selectors import standings_input

    open_signup(event, capacity=1)
    placed = sign(event, 1)
    waiting = sign(event, 2)
    Registration.objects.filter(pk=placed.pk).update(status=Status.CHECKED_IN)
    Registration.objects.filter(pk=waiting.pk).update(status=Status.WAITLISTED)
    rnd = RoundFactory(event=event)
    assert [p.id for p in seating_players(rnd)] == [placed.pk]
    assert waiting.pk not in standings_input(event.pk).data.players


def test_summary_counts_only_players_in_the_event(event):
    from tournaments.events.services.summaries import event_summary_refresh

    open_signup(event, capacity=1)
    sign(event, 1), sign(event, 2), sign(event, 3)
    assert event_summary_refresh(event_id=event.pk).registered == 1


@override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_the_link_is_mailed_when_mail_is_configured(event):
    open_signup(event)
    registration = sign(event, 1, contact="player@example.org")
    assert signup_mail_link(registration, "https://x.example/ja/p/TOKEN/")
    assert len(mail.outbox) == 1 and "https://x.example/ja/p/TOKEN/" in mail.outbox[0].body
    phone = sign(event, 2, contact="090-1234-5678")
    assert not signup_mail_link(phone, "https://x.example/ja/p/OTHER/")
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend"):
        assert not signup_mail_link(registration, "https://x.example/ja/p/TOKEN/")
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend"):
        assert not signup_mail_link(registration, "https://x.example/ja/p/TOKEN/")
    assert len(mail.outbox) == 1


def test_the_api_refuses_to_check_in_a_waiting_sign_up(event):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tests.tournaments.results.helpers import user

    open_signup(event, capacity=1)
    sign(event, 1)
    waiting = sign(event, 2)
    client = APIClient()
    token = Token.objects.create(user=user("org", event, "organizer"))
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.post(f"/api/registrations/{waiting.pk}/check-in/", {}, format="json")
    assert response.status_code == 400
    waiting.refresh_from_db()
    assert waiting.status == Status.WAITLISTED


def test_a_drop_or_removal_by_the_organizer_before_the_start_moves_the_list_up(
    event, announcements, django_capture_on_commit_callbacks
):
    from tournaments.events.services.registrations import registration_delete, registration_drop

    open_signup(event, capacity=2)
    first, second = sign(event, 1), sign(event, 2)
    waiting = [sign(event, n) for n in (3, 4)]
    with django_capture_on_commit_callbacks(execute=True):
        registration_drop(registration_id=first.pk)
    assert [e.promoted for e in announcements] == [(waiting[0].pk,)]
    registration_delete(registration_id=second.pk)
    statuses = [Registration.objects.get(pk=r.pk).status for r in waiting]
    assert statuses == [Status.REGISTERED, Status.REGISTERED]


def test_a_drop_during_the_event_promotes_nobody(event):
    from tournaments.events.services.registrations import registration_drop

    open_signup(event, capacity=1)
    first, waiting = sign(event, 1), sign(event, 2)
    event.status = event.Status.RUNNING
    event.save()
    registration_drop(registration_id=first.pk)
    waiting.refresh_from_db()
    assert waiting.status == Status.WAITLISTED


def test_a_closing_time_that_is_not_a_time_keeps_the_sign_up_closed(event):
    open_signup(event, closes_at="next friday")  # an archive from elsewhere
    with pytest.raises(SignupRefused):
        sign(event, 1)


def test_raising_the_capacity_promotes_the_waiting_list_at_once_in_order(
    event, announcements, django_capture_on_commit_callbacks
):
    from tournaments.events.services.signups import signup_settings_apply

    open_signup(event, capacity=2)
    [sign(event, n) for n in range(2)]
    waiting = [sign(event, n) for n in range(2, 5)]
    open_signup(event, capacity=4)
    with django_capture_on_commit_callbacks(execute=True):
        promoted = signup_settings_apply(event_id=event.pk)
    assert promoted == [waiting[0].pk, waiting[1].pk]
    statuses = [Registration.objects.get(pk=r.pk).status for r in waiting]
    assert statuses == [Status.REGISTERED, Status.REGISTERED, Status.WAITLISTED]
    assert waitlist_position(Registration.objects.get(pk=waiting[2].pk)) == 1
    changed = [e for e in announcements if isinstance(e, RegistrationChanged)]
    assert [(e.registration_id, e.before, e.after, e.promoted) for e in changed] == [
        (r.pk, Status.WAITLISTED, Status.REGISTERED, (r.pk,)) for r in waiting[:2]
    ]


def test_removing_the_capacity_promotes_everyone_waiting(event):
    from tournaments.events.services.signups import signup_settings_apply

    open_signup(event, capacity=1)
    sign(event, 1)
    waiting = [sign(event, n) for n in (2, 3)]
    open_signup(event, capacity=None)
    assert signup_settings_apply(event_id=event.pk) == [r.pk for r in waiting]
    assert signup_places(event) == {"capacity": None, "taken": 3, "waiting": 0}


def test_a_raised_capacity_after_the_start_promotes_nobody(event):
    from tournaments.events.services.signups import signup_settings_apply

    open_signup(event, capacity=1)
    sign(event, 1)
    waiting = sign(event, 2)
    event.status = event.Status.RUNNING
    event.save()
    open_signup(event, capacity=5)
    assert signup_settings_apply(event_id=event.pk) == []
    waiting.refresh_from_db()
    assert waiting.status == Status.WAITLISTED


def _one_waiting_with_an_address(event):
    open_signup(event, capacity=1)
    first = sign(event, 1)
    waiting = sign(event, 2, contact="waiting@example.org")
    sign(event, 3, contact="third@example.org")  # stays on the list: no mail
    return first, waiting


@override_settings(
    EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    PUBLIC_BASE_URL="https://referee.example.org",
)
def test_a_player_moved_up_by_a_cancel_is_mailed_once_with_their_link(
    event, django_capture_on_commit_callbacks
):
    first, waiting = _one_waiting_with_an_address(event)
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        signup_cancel(registration_id=first.pk)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["waiting@example.org"]
    assert f"https://referee.example.org/ja/p/{waiting.private_token}/" in message.body
    assert event.name in message.subject
    # The site's language (Japanese), not the language of the request that freed the place.
    assert "キャンセル待ち" in message.body


@override_settings(EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend")
def test_no_mail_on_a_promotion_when_mail_is_not_configured(
    event, django_capture_on_commit_callbacks
):
    first, waiting = _one_waiting_with_an_address(event)
    with django_capture_on_commit_callbacks(execute=True):
        signup_cancel(registration_id=first.pk)
    waiting.refresh_from_db()
    assert waiting.status == Status.REGISTERED
    assert mail.outbox == []


@override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_a_mail_failure_keeps_the_promotion(event, django_capture_on_commit_callbacks, monkeypatch):
    from tournaments.events.services import signups

    tried = []

    def refused(subject, body, sender, to):
        tried.append(to)
        raise OSError("mail server down")

    monkeypatch.setattr(signups, "send_mail", refused)
    first, waiting = _one_waiting_with_an_address(event)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        signup_cancel(registration_id=first.pk)
    assert callbacks and tried == [["waiting@example.org"]]  # tried after the commit
    waiting.refresh_from_db()
    assert waiting.status == Status.REGISTERED


@override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_the_promotion_mail_is_sent_after_the_commit_only(event):
    first, _waiting = _one_waiting_with_an_address(event)
    signup_cancel(registration_id=first.pk)  # the test's transaction never commits
    assert mail.outbox == []


@pytest.mark.parametrize("reading", ["\u200b\u200b", "\u2060", "\u200d\ufeff"])
def test_a_reading_that_shows_nothing_is_refused_and_nothing_stored(event, reading):
    open_signup(event)
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        signup_create(event_id=event.pk, name="選手1", reading=reading)
    assert refused.value.message_dict == {"reading": ["The reading has no visible character."]}
    assert not Registration.objects.filter(event=event).exists()


@pytest.mark.parametrize("control", ["\u202a", "\u202e", "\u2066", "\u2069", "\u200e", "\u200f"])
def test_a_contact_with_a_bidi_control_is_refused_with_the_other_fields_rules(event, control):
    open_signup(event)
    with pytest.raises(ValidationError) as refused:
        signup_create(
            event_id=event.pk,
            name="選手1",
            reading="せんしゅ1",
            club="\u202bclub",
            contact=f"a{control}@example.org",
        )
    assert set(refused.value.message_dict) == {"contact", "club"}  # both said at once
    assert not Registration.objects.filter(event=event).exists()
    # A contact in any script, with a visible name around it, is kept as typed.
    kept = signup_create(event_id=event.pk, name="選手1", reading="せんしゅ1", contact="電話 090")
    assert kept.contact == "電話 090"


@override_settings(
    EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    PUBLIC_BASE_URL="https://referee.example.org",
)
def test_approving_a_waiting_player_mails_them_after_the_commit_as_a_promotion_does(
    event, django_capture_on_commit_callbacks
):
    _first, waiting = _one_waiting_with_an_address(event)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        signup_approve(registration_id=waiting.pk)
    assert mail.outbox == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["waiting@example.org"]
    assert f"https://referee.example.org/ja/p/{waiting.private_token}/" in message.body
    assert "キャンセル待ち" in message.body


@override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
def test_approving_a_sign_up_awaiting_approval_sends_no_promotion_mail(
    event, django_capture_on_commit_callbacks
):
    open_signup(event, approval=True)
    pending = sign(event, 1, contact="pending@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        assert signup_approve(registration_id=pending.pk).status == Status.REGISTERED
    assert mail.outbox == []  # it was never on the waiting list
