"""A missing page, a refused page and a bad request speak the page's language, on the
demo (DEBUG on) as in production: never Django's English debug or default pages."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.japanese_pages import english_in, page_texts

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("debug", [True, False])
def test_a_missing_page_is_the_sites_404_in_the_pages_language(client, debug):
    with override_settings(DEBUG=debug):
        page = client.get("/ja/events/no-such-event/")
        assert page.status_code == 404
        html = page.content.decode()
        assert "ページが見つかりません" in html and "DEBUG" not in html
        assert 'name="viewport"' in html  # phone width, not 980 px
        assert english_in(page_texts(html)) == []
        english = client.get("/en/events/no-such-event/").content.decode()
        assert "Page not found" in english


def test_the_debug_404_stays_for_developers_outside_the_pages(client):
    with override_settings(DEBUG=True):
        api = client.get("/api/events/no-such-event/")
        assert api.status_code == 404 and "ページが見つかりません" not in api.content.decode()


def test_a_refused_console_page_says_why_in_japanese(client, event):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("stranger", password="pw"))
    page = client.get(f"/ja/console/{event.slug}/players/")
    assert page.status_code == 403
    html = page.content.decode()
    assert "開けません" in html and english_in(page_texts(html), names=("stranger",)) == []
