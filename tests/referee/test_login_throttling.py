"""Login throttling (django-axes): repeated failures lock a username at an address out with
a 429 page in the page's language; other accounts at the same address still log in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("judge", password="right-pw", is_staff=True)


def _login(client, language: str, username: str, password: str):
    return client.post(
        f"/{language}/admin/login/?next=/{language}/admin/",
        {"username": username, "password": password},
    )


def test_five_failures_lock_the_account_out_with_a_japanese_429_page(client, staff, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _login(client, "ja", "judge", "wrong").status_code == 200  # the form again
    locked = _login(client, "ja", "judge", "wrong")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "ログインを一時的に停止しました" in page and "15分間" in page
    assert locked["Retry-After"] == "900"
    # Even the right password is refused while the lock lasts.
    assert _login(client, "ja", "judge", "right-pw").status_code == 429


def test_the_lockout_page_is_english_on_english_pages(client, staff, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = _login(client, "en", "judge", "wrong")
    assert response.status_code == 429
    assert "Login temporarily locked" in response.content.decode()


def test_another_judge_at_the_same_address_still_logs_in(client, staff, settings):
    get_user_model().objects.create_user("other", password="other-pw", is_staff=True)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "ja", "judge", "wrong")
    response = _login(client, "ja", "other", "other-pw")
    assert response.status_code == 302  # logged in, redirected to the admin


def test_a_correct_login_logs_in_and_forced_logins_in_tests_still_work(client, staff):
    assert _login(client, "ja", "judge", "right-pw").status_code == 302
    client.logout()
    client.force_login(staff)
    assert client.get("/ja/admin/").status_code == 200


def test_the_lockout_page_of_the_console_login_is_in_the_pages_language(client, staff, settings):
    for language, title, body in (
        ("ja", "ログインを一時的に停止しました", "15分間停止しています"),
        ("en", "Login temporarily locked", "locked for 15 minutes"),
    ):
        for _ in range(settings.AXES_FAILURE_LIMIT):
            response = client.post(
                f"/{language}/accounts/login/", {"username": "judge", "password": "wrong"}
            )
        assert response.status_code == 429, language
        page = response.content.decode()
        assert title in page and body in page, language
        from axes.utils import reset

        reset()


def test_the_lockout_words_come_from_the_translation_catalogue():
    """No language is written out in the code: each word is a msgid with a ja entry."""
    from pathlib import Path

    from django.utils import translation

    from referee.lockout import lockout_response

    source = Path(lockout_response.__code__.co_filename).read_text(encoding="utf-8")
    assert source.isascii()
    with translation.override("ja"):
        assert translation.gettext("Login temporarily locked") == "ログインを一時的に停止しました"


# --- Behind a proxy (issue 26, hole 2): the client's own address, never the proxy's ---

PROXY = "127.0.0.1"  # the test client's REMOTE_ADDR: the TLS proxy in front of gunicorn


def _login_from(client, address: str, password: str, username: str = "judge"):
    return client.post(
        "/ja/accounts/login/",
        {"username": username, "password": password},
        HTTP_X_FORWARDED_FOR=address,
    )


@pytest.fixture
def behind_a_proxy(settings):
    settings.TRUSTED_PROXIES = [PROXY]
    return settings


def test_failures_from_one_address_behind_the_proxy_do_not_lock_the_user_out_elsewhere(
    client, staff, behind_a_proxy
):
    attacker, user = "203.0.113.66", "198.51.100.7"
    for _ in range(behind_a_proxy.AXES_FAILURE_LIMIT + 2):
        _login_from(client, attacker, "wrong")
    assert _login_from(client, attacker, "wrong").status_code == 429
    # The attacker's address stays locked, even with the right password ...
    assert _login_from(client, attacker, "right-pw").status_code == 429
    # ... while the real user, at an address that has not failed, logs in.
    assert _login_from(client, user, "right-pw").status_code == 302


def test_a_forged_forwarded_for_from_an_untrusted_client_is_not_believed(client, staff, settings):
    settings.TRUSTED_PROXIES = ["192.0.2.1"]  # the proxy is elsewhere: 127.0.0.1 is a client
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        # Each try claims a new address; all of them come from 127.0.0.1.
        _login_from(client, f"203.0.113.{attempt + 1}", "wrong")
    assert _login_from(client, "203.0.113.200", "wrong").status_code == 429


def test_the_client_address_reads_the_forwarded_chain_only_through_trusted_proxies(rf, settings):
    from referee.client_ip import client_address

    settings.TRUSTED_PROXIES = ["10.0.0.0/8", "127.0.0.1"]

    def address(remote, forwarded=None):
        meta = {"REMOTE_ADDR": remote}
        if forwarded is not None:
            meta["HTTP_X_FORWARDED_FOR"] = forwarded
        return client_address(rf.get("/", **meta))

    assert address("127.0.0.1", "198.51.100.7") == "198.51.100.7"
    # Two trusted hops: the client is the first untrusted address from the right; what the
    # client itself wrote further left is not believed.
    assert address("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3") == "198.51.100.7"
    assert address("127.0.0.1", "::ffff:198.51.100.7") == "198.51.100.7"
    assert address("127.0.0.1", "garbage, 198.51.100.7") == "198.51.100.7"
    assert address("127.0.0.1", "198.51.100.7, garbage") == "127.0.0.1"
    assert address("127.0.0.1") == "127.0.0.1"
    assert address("198.51.100.9", "1.2.3.4") == "198.51.100.9"  # not a proxy: ignored
    settings.TRUSTED_PROXIES = []
    assert address("127.0.0.1", "198.51.100.7") == "127.0.0.1"  # no proxy named


def test_an_address_trying_many_usernames_is_locked_as_a_whole(client, staff, behind_a_proxy):
    behind_a_proxy.LOGIN_ADDRESS_FAILURE_LIMIT = 8
    attacker = "203.0.113.66"
    for n in range(8):
        _login_from(client, attacker, "wrong", username=f"user{n}")  # 1 failure each
    assert _login_from(client, attacker, "right-pw").status_code == 429
    assert _login_from(client, "198.51.100.7", "right-pw").status_code == 302


def test_the_action_log_records_the_clients_address_behind_the_proxy(behind_a_proxy, event):
    """Every REMOTE_ADDR reader after the middleware sees the client, not the proxy."""
    from rest_framework.test import APIClient

    from tournaments.events.models import EventRole
    from tournaments.integrations.services import token_create
    from tournaments.results.models import ActionLog

    owner = get_user_model().objects.create_user("aya", password="pw")
    EventRole.objects.create(user=owner, event=event, role="organizer")
    _token, key = token_create(user=owner, name="bot", event=event, can_write=True)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    behind_a_proxy.WEBHOOK_ADDRESSES_TREATED_AS_PUBLIC = ["192.0.2.1"]  # resolves offline
    created = api.post(
        f"/api/events/{event.slug}/webhooks/",
        {"url": "http://192.0.2.1/x", "topics": ["event.finished"]},
        format="json",
        HTTP_X_FORWARDED_FOR="198.51.100.7",
    )
    assert created.status_code == 201
    assert ActionLog.objects.get(event=event).remote_addr == "198.51.100.7"
