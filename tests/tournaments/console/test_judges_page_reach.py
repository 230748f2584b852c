"""The judges page (issue 17 walk-through): reached from the console's event navigation,
not only from the event page; its user-name help says what is accepted (Django's
UnicodeUsernameValidator: letters of any script), where it said only ASCII letters."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.factories import EventFactory
from tournaments.events.models import EventRole

pytestmark = pytest.mark.django_db


def _staff(client, role):
    event = EventFactory(slug=f"reach-{role}".replace("_", "-"))
    user = get_user_model().objects.create_user(f"reach-{role}")
    EventRole.objects.create(user=user, event=event, role=role)
    client.force_login(user)
    return event


def test_the_console_navigation_links_the_judges_page(client):
    event = _staff(client, "organizer")
    for page in ("players/", "check-in/"):
        html = client.get(f"/ja/console/{event.slug}/{page}").content.decode()
        nav = html.split('<nav class="no-print"')[1].split("</nav>")[0]
        assert f'href="/ja/console/{event.slug}/judges/"' in nav, page


def test_a_head_judge_is_not_offered_a_page_they_may_not_open(client):
    event = _staff(client, "head_judge")
    html = client.get(f"/ja/console/{event.slug}/check-in/").content.decode()
    assert f"/console/{event.slug}/judges/" not in html


def test_the_user_name_help_matches_what_is_accepted(client):
    event = _staff(client, "organizer")
    page = f"/ja/console/{event.slug}/judges/"
    html = client.get(page).content.decode()
    assert "英数字" not in html and "日本語" in html
    sent = client.post(page, {"username": "花子", "role": "head_judge"})
    assert sent.status_code == 302
    assert EventRole.objects.filter(user__username="花子", role="head_judge").exists()
