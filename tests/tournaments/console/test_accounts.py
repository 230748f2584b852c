"""Getting in (issue 17): the site's own login and logout pages (ja/en), LOGIN_URL, the
page after login by role, organizer_create and judge_invite with one-time links, the
demo's organizer account and its printed links, the console link on public pages."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from tests.tournaments.factories import EventFactory, RoundFactory, TableFactory
from tournaments.events import links as lan
from tournaments.events.models import EventRole

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]


def _user(name="amira", password="a-long-passphrase"):
    return get_user_model().objects.create_user(username=name, password=password)


@pytest.mark.parametrize(("lang", "title"), [("ja", "ログイン"), ("en", "Log in")])
def test_console_sends_to_the_sites_own_login_page(client, lang, title):
    response = client.get(f"/{lang}/console/")
    assert response.status_code == 302
    assert response["Location"] == f"/{lang}/accounts/login/?next=/{lang}/console/"
    page = client.get(response["Location"])
    html = page.content.decode()
    assert page.status_code == 200 and f"<h1>{title}</h1>" in html
    assert "/admin/" not in html and 'name="next" value="/' + lang + '/console/"' in html


def test_login_then_logout_through_the_pages(client):
    user = _user()
    EventRole.objects.create(user=user, event=EventFactory(), role="organizer")
    bad = client.post("/ja/accounts/login/", {"username": "amira", "password": "wrong"})
    assert bad.status_code == 200 and "_auth_user_id" not in client.session
    assert "正しいユーザー名とパスワードを入力してください" in bad.content.decode()
    response = client.post(
        "/ja/accounts/login/",
        {"username": "amira", "password": "a-long-passphrase", "next": "/ja/console/"},
    )
    assert response["Location"] == "/ja/console/"
    console = client.get("/ja/console/").content.decode()
    assert 'id="logout"' in console and "ログアウト" in console
    assert client.get("/ja/accounts/logout/").status_code == 405  # logout is a POST
    out = client.post("/ja/accounts/logout/")
    assert out.status_code == 200 and "ログアウトしました" in out.content.decode()
    assert client.get("/ja/console/").status_code == 302


def test_after_login_each_role_goes_where_it_works(client):
    event = EventFactory()
    table = TableFactory(round=RoundFactory(event=event, published=True))
    judge, organizer, nobody = _user("judge"), _user("org"), _user("nobody")
    EventRole.objects.create(user=judge, event=event, role="table_judge", table=table)
    EventRole.objects.create(user=organizer, event=event, role="organizer")
    client.force_login(organizer)
    assert client.get("/ja/accounts/")["Location"] == "/ja/console/"
    client.force_login(judge)
    assert client.get("/ja/accounts/")["Location"] == "/ja/judge/"
    assert client.get("/ja/console/")["Location"] == "/ja/judge/"  # not the console
    client.force_login(nobody)
    assert client.get("/ja/accounts/").status_code == 403


def test_public_pages_link_to_the_console_and_stay_the_same_for_everyone(client):
    event = EventFactory(status="running")
    anonymous = client.get(f"/ja/events/{event.slug}/").content.decode()
    assert '<a href="/ja/console/" id="console-link">' in anonymous
    user = _user()
    client.force_login(user)
    logged_in = client.get(f"/ja/events/{event.slug}/").content.decode()
    assert "amira" not in logged_in  # the cached public page carries nobody's name


def _link(output: str) -> str:
    return re.search(r"one-time link[^:]*: http://testserver(\S+)", output).group(1)


def test_organizer_create_prints_a_one_time_link_that_works_once(client):
    event = EventFactory()
    out = io.StringIO()
    call_command(
        "organizer_create", "nadia", "--event", event.slug, "--base-url", "http://testserver",
        stdout=out,
    )  # fmt: skip
    user = get_user_model().objects.get(username="nadia")
    assert not user.has_usable_password()
    assert EventRole.objects.filter(user=user, event=event, role="organizer").exists()
    link = _link(out.getvalue())
    form_page = client.get(link, follow=True)
    assert "nadia" in form_page.content.decode()
    set_url = form_page.redirect_chain[-1][0]
    done = client.post(
        set_url, {"new_password1": "papyrus-reed-77", "new_password2": "papyrus-reed-77"}
    )
    assert done.status_code == 302 and "_auth_user_id" in client.session
    assert client.get(f"/ja/console/{event.slug}/").status_code == 200
    again = Client().get(link, follow=True).content.decode()
    assert 'id="invite-invalid"' in again  # used once: no second password change


def test_organizer_create_without_event_may_create_events_and_password_option(client):
    out = io.StringIO()
    call_command("organizer_create", "omar", "--password", stdout=out)
    password = re.search(r"password: (\S+)", out.getvalue()).group(1)
    # Through the login page (axes, which counts failed logins, needs the request).
    logged_in = client.post("/ja/accounts/login/", {"username": "omar", "password": password})
    assert logged_in.status_code == 302
    assert client.get("/ja/console/new/").status_code == 200
    assert client.get(f"/ja/console/{EventFactory().slug}/").status_code == 403


def test_judge_invite_table_and_head(client):
    event = EventFactory()
    rnd = RoundFactory(event=event, published=True)
    table_1, table_2 = TableFactory(round=rnd), TableFactory(round=rnd)
    out = io.StringIO()
    call_command(
        "judge_invite", event.slug, "hana", "--table", "2", "--base-url", "http://testserver",
        stdout=out,
    )  # fmt: skip
    hana = get_user_model().objects.get(username="hana")
    assert list(EventRole.objects.filter(user=hana).values_list("role", "table")) == [
        ("table_judge", table_2.pk)
    ]
    assert _link(out.getvalue()).startswith("/ja/accounts/invite/")
    call_command("judge_invite", event.slug, "karim", "--head", stdout=io.StringIO())
    assert EventRole.objects.filter(user__username="karim", role="head_judge").exists()
    with pytest.raises(CommandError):
        call_command("judge_invite", event.slug, "x", stdout=io.StringIO())  # no role given
    with pytest.raises(CommandError):
        call_command("judge_invite", event.slug, "x", "--table", "9", stdout=io.StringIO())
    assert table_1.pk  # untouched


def test_demo_prints_a_login_that_works_and_links_on_its_port(client, monkeypatch):
    out = io.StringIO()
    call_command("demo", host="127.0.0.1", port="8123", stdout=out)
    printed = out.getvalue()
    assert "localhost:8000" not in printed and "http://127.0.0.1:8123/ja/" in printed
    for line in printed.splitlines():
        for url in re.findall(r"https?://\S+", line):
            assert url.startswith("http://127.0.0.1:8123/"), line
    login = re.search(r"log in at: http://127.0.0.1:8123(\S+)", printed).group(1)
    username = re.search(r"user name: (\S+)", printed).group(1)
    password = re.search(r"password: (\S+)", printed).group(1)
    response = client.post(login, {"username": username, "password": password})
    assert response.status_code == 302
    assert client.get("/ja/console/cairo-cafe-open/").status_code == 200
    # on the café's network (HOST=0.0.0.0) the links name the LAN address
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.23")
    lan_out = io.StringIO()
    call_command("demo", host="0.0.0.0", port="8000", stdout=lan_out)
    assert "log in at: http://192.168.1.23:8000/ja/accounts/login/" in lan_out.getvalue()
    assert "0.0.0.0" not in lan_out.getvalue()


def test_make_demo_passes_host_and_port_and_lan_mode():
    def dry(*args):
        return subprocess.run(
            ["make", "-n", "demo", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
        ).stdout

    local = dry("PORT=8123")
    assert "manage.py demo --host 127.0.0.1 --port 8123" in local
    assert "runserver 127.0.0.1:8123" in local and "LAN=true" not in local
    cafe = dry("HOST=0.0.0.0")
    assert "LAN=true" in cafe and "runserver 0.0.0.0:8000" in cafe


@pytest.mark.django_db
def test_the_login_page_tells_a_visitor_whom_to_ask_not_which_command_to_run(client):
    from tests.japanese_pages import english_in, page_texts

    page = client.get("/ja/accounts/login/").content.decode()
    assert "manage.py" not in page and "主催者" in page
    assert english_in(page_texts(page)) == []
