"""The header's account link is named for the person's role (issue 17 walk-through): a
table judge read 運営コンソール ("console") on a link that takes them to their tables."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.factories import EventFactory, RoundFactory, TableFactory
from tournaments.events.models import EventRole

pytestmark = pytest.mark.django_db
HOME = re.compile(r'<a href="/ja/accounts/" id="account-home">([^<]*)</a>')


def _header(client, user) -> str:
    client.force_login(user)
    html = client.get("/ja/judge/").content.decode()  # a page in the site's own header
    assert 'id="logout"' in html  # logging out stays offered whatever the role
    return HOME.search(html).group(1)


def test_a_table_judge_reads_my_tables_and_reaches_them(client):
    event = EventFactory()
    table = TableFactory(round=RoundFactory(event=event, published=True), number=5)
    judge = get_user_model().objects.create_user("hana")
    EventRole.objects.create(user=judge, event=event, role="table_judge", table=table)
    link = _header(client, judge)
    assert link.startswith("担当の卓") and "コンソール" not in link
    assert client.get("/ja/accounts/")["Location"] == "/ja/judge/"


@pytest.mark.parametrize("role", ["organizer", "head_judge"])
def test_console_staff_read_console(client, role):
    user = get_user_model().objects.create_user(f"staff-{role}")
    EventRole.objects.create(user=user, event=EventFactory(), role=role)
    assert _header(client, user).startswith("運営コンソール")


def test_someone_without_a_role_is_offered_no_console(client):
    user = get_user_model().objects.create_user("visitor")
    assert "コンソール" not in _header(client, user)


def test_someone_logged_out_sees_the_log_in(client):
    html = client.get("/ja/accounts/login/").content.decode()
    assert 'id="login-link"' in html and 'id="account-home"' not in html
