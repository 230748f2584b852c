"""The console's judges page (issue 17): the organizer invites a head judge or a table
judge and gets the one-time link ``manage.py judge_invite`` prints, with its QR code built
from the address phones reach; the page lists the judges and pending invitations, each
with a revoke. Organizers of the event only."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from tests.tournaments.factories import EventFactory, RoundFactory, TableFactory
from tournaments.console.views.events import qr_svg
from tournaments.events.models import EventRole
from tournaments.results.models import ActionLog

pytestmark = pytest.mark.django_db
LAN_HOST = "192.168.1.23:8000"
LINK = re.compile(r'id="invite-link" href="([^"]+)"')


def _user(name, password="a-long-passphrase"):
    return get_user_model().objects.create_user(username=name, password=password)


@pytest.fixture
def event():
    return EventFactory(slug="judged-cup")


@pytest.fixture
def organizer(event):
    user = _user("nadia")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    client = Client()
    client.force_login(user)
    return client


def _page(event) -> str:
    return f"/ja/console/{event.slug}/judges/"


def _set_password(link: str, **client) -> Client:
    """Open a one-time link as the judge and choose a password; the client is logged in."""
    judge = Client(**client)
    form = judge.get(link, follow=True)
    assert 'id="invite-invalid"' not in form.content.decode()
    done = judge.post(
        form.redirect_chain[-1][0],
        {"new_password1": "papyrus-reed-77", "new_password2": "papyrus-reed-77"},
    )
    assert done.status_code == 302 and "_auth_user_id" in judge.session
    return judge


@override_settings(LAN_MODE=True, ALLOWED_HOSTS=["*"])
def test_head_judge_invited_from_the_page_on_the_lan_address_gets_in(event):
    user = _user("nadia")
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    client = Client(HTTP_HOST=LAN_HOST)  # the organizer's laptop at its café address
    client.force_login(user)
    home = client.get(f"/ja/console/{event.slug}/").content.decode()
    assert f'href="{_page(event)}" id="judges-link"' in home
    page = client.get(_page(event))
    assert page.status_code == 200 and "ジャッジを招待" in page.content.decode()
    assert 'id="no-tables"' in page.content.decode()  # no round published yet

    sent = client.post(_page(event), {"username": "karim", "role": "head_judge"})
    karim = get_user_model().objects.get(username="karim")
    assert sent.status_code == 302
    assert sent["Location"] == f"{_page(event)}?invite={karim.pk}#invitation"
    assert EventRole.objects.filter(user=karim, event=event, role="head_judge").exists()
    assert ActionLog.objects.filter(event=event, action="judge_invited").exists()

    shown = client.get(sent["Location"])
    html = shown.content.decode()
    assert "no-store" in shown["Cache-Control"]  # a one-time link is on the page
    link = LINK.search(html).group(1)
    assert link.startswith(f"http://{LAN_HOST}/ja/accounts/invite/")
    assert qr_svg(link) in html  # the QR code carries exactly that link
    assert 'id="phone-unreachable"' not in html
    row = re.search(r'<tr data-username="karim">.*?</tr>', html, re.S).group(0)
    assert "ヘッドジャッジ" in row and "招待はまだ開かれていません" in row

    judge = _set_password(link.removeprefix(f"http://{LAN_HOST}"), HTTP_HOST=LAN_HOST)
    assert judge.get("/ja/accounts/")["Location"] == "/ja/console/"
    assert judge.get(f"/ja/console/{event.slug}/check-in/").status_code == 200
    assert judge.get(_page(event)).status_code == 403  # only organizers invite
    listed = client.get(_page(event)).content.decode()
    row = re.search(r'<tr data-username="karim">.*?</tr>', listed, re.S).group(0)
    assert "アカウントあり" in row and "show-link" not in row


def test_table_judge_of_a_published_round_sees_only_their_table(event, organizer):
    rnd = RoundFactory(event=event, published=True)
    table_1, table_2 = TableFactory(round=rnd, number=1), TableFactory(round=rnd, number=2)
    html = organizer.get(_page(event)).content.decode()
    assert f"第{rnd.number}回戦の卓" in html and 'name="tables"' in html
    sent = organizer.post(
        _page(event), {"username": "hana", "role": "table_judge", "tables": ["2"]}
    )
    hana = get_user_model().objects.get(username="hana")
    assert list(EventRole.objects.filter(user=hana).values_list("role", "table")) == [
        ("table_judge", table_2.pk)
    ]
    link = LINK.search(organizer.get(sent["Location"]).content.decode()).group(1)
    judge = _set_password(link.removeprefix("http://testserver"))
    assert judge.get("/ja/accounts/")["Location"] == "/ja/judge/"
    assert judge.get(f"/ja/judge/tables/{table_2.pk}/").status_code == 200
    assert judge.get(f"/ja/judge/tables/{table_1.pk}/").status_code in (403, 404)


@pytest.mark.parametrize(
    ("form", "field", "words"),
    [
        ({"username": "hana", "role": "table_judge"}, "tables", "卓ジャッジには少なくとも1つの卓"),
        ({"username": "no spaces!", "role": "head_judge"}, "username", "ユーザー名"),
        ({"username": "", "role": "head_judge"}, "username", "必須"),
        ({"username": "hana", "role": "organizer"}, "role", "正しく選択"),
        ({"username": "hana", "role": "table_judge", "tables": ["9"]}, "tables", "正しく選択"),
    ],
)
def test_bad_input_is_refused_naming_the_field_in_japanese(event, organizer, form, field, words):
    TableFactory(round=RoundFactory(event=event, published=True), number=1)
    response = organizer.post(_page(event), form)
    html = response.content.decode()
    assert response.status_code == 400
    assert words in html
    assert html.index('class="errorlist') < html.index(f'name="{field}"')  # beside its field
    assert not get_user_model().objects.filter(username=form["username"]).exists()


def test_only_the_events_organizers_open_the_page(event):
    head, other = _user("karim"), _user("omar")
    EventRole.objects.create(user=head, event=event, role=EventRole.Kind.HEAD_JUDGE)
    EventRole.objects.create(user=other, event=EventFactory(), role=EventRole.Kind.ORGANIZER)
    assert Client().get(_page(event))["Location"].startswith("/ja/accounts/login/")
    for user in (head, other):
        client = Client()
        client.force_login(user)
        assert client.get(_page(event)).status_code == 403
        assert client.post(_page(event), {"username": "x", "role": "head_judge"}).status_code == 403
    assert not get_user_model().objects.filter(username="x").exists()


def test_revoking_a_pending_invitation_kills_its_link(event, organizer):
    sent = organizer.post(_page(event), {"username": "karim", "role": "head_judge"})
    link = LINK.search(organizer.get(sent["Location"]).content.decode()).group(1)
    karim = get_user_model().objects.get(username="karim")
    revoked = organizer.post(_page(event), {"action": "revoke", "user": str(karim.pk)})
    assert revoked.status_code == 302
    assert not EventRole.objects.filter(user=karim).exists()
    dead = Client().get(link.removeprefix("http://testserver"), follow=True).content.decode()
    assert 'id="invite-invalid"' in dead
    assert 'id="no-judges"' in organizer.get(_page(event)).content.decode()
    assert ActionLog.objects.filter(event=event, action="judge_revoked").exists()


def test_an_existing_account_gets_the_role_but_never_a_link(event, organizer):
    """The link sets the password: shown for someone with an account (or roles in another
    event), it would hand their account to this organizer."""
    _user("veteran")
    elsewhere = get_user_model().objects.create_user(username="pending-elsewhere")
    elsewhere.set_unusable_password()
    elsewhere.save()
    EventRole.objects.create(user=elsewhere, event=EventFactory(), role="head_judge")
    for name in ("veteran", "pending-elsewhere"):
        sent = organizer.post(_page(event), {"username": name, "role": "head_judge"}, follow=True)
        html = sent.content.decode()
        assert "すでにアカウントを持っています" in html and 'id="invite-link"' not in html
        user = get_user_model().objects.get(username=name)
        assert EventRole.objects.filter(user=user, event=event, role="head_judge").exists()
        shown = organizer.get(f"{_page(event)}?invite={user.pk}").content.decode()
        assert 'id="invite-link"' not in shown
    # a judge of this event only: revoking leaves their other event's role alone
    organizer.post(_page(event), {"action": "revoke", "user": str(elsewhere.pk)})
    assert list(EventRole.objects.filter(user=elsewhere).values_list("role", flat=True)) == [
        "head_judge"
    ]


def test_an_organizer_cannot_revoke_an_organizer_or_a_stranger(event, organizer):
    assert organizer.get(_page(event)).status_code == 200  # the page is there: 404s are refusals
    stranger = _user("stranger")
    response = organizer.post(_page(event), {"action": "revoke", "user": str(stranger.pk)})
    assert response.status_code == 404
    nadia = get_user_model().objects.get(username="nadia")
    assert (
        organizer.post(_page(event), {"action": "revoke", "user": str(nadia.pk)}).status_code == 404
    )
    assert EventRole.objects.filter(user=nadia, role="organizer").exists()
