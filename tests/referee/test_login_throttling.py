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
