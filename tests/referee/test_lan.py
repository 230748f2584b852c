"""LAN mode (the café's network): a request addressed to the laptop's LAN address reaches
the judge and console pages, and QR codes and printed links carry the address phones
reach. Every request here goes to the Django test client (no socket): a LAN host is only
a Host header / SERVER_NAME."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import qrcode
import qrcode.image.svg
from django.test import Client, override_settings

from tests.tournaments.console.helpers import organizer
from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
from tournaments.console.views.events import qr_svg
from tournaments.events import links as lan
from tournaments.events.models import EventRole, Round
from tournaments.seating.services import round_publish, round_seat

ROOT = Path(__file__).resolve().parents[2]
LAN_HOST = "192.168.1.23:8000"
LAN = override_settings(LAN_MODE=True, ALLOWED_HOSTS=["*"])


@pytest.mark.parametrize(
    ("host", "ok"),
    [
        ("192.168.1.23", True),
        ("10.0.0.5", True),
        ("172.20.1.1", True),
        ("127.0.0.1", True),
        ("localhost", True),
        ("[::1]", True),
        ("[fd00::1]", True),
        ("cafe-laptop.local", True),
        ("8.8.8.8", False),
        ("172.32.0.1", False),
        ("referee.example.org", False),
        ("0.0.0.0", False),
        ("", False),
    ],
)
def test_lan_hosts_are_private_range_loopback_or_mdns(host, ok):
    assert lan.is_lan_host(host) is ok


def _settings(module: str, **env: str) -> dict:
    code = (
        "import django, json; django.setup(); from django.conf import settings; "
        "print(json.dumps({'LAN_MODE': settings.LAN_MODE, 'ALLOWED_HOSTS': settings.ALLOWED_HOSTS,"
        " 'MIDDLEWARE': settings.MIDDLEWARE[:2]}))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("LAN", "ALLOWED_HOSTS", "DEBUG")}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": module, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_lan_mode_is_a_local_settings_switch_and_never_production():
    plain = _settings("referee.settings.local")
    assert plain["LAN_MODE"] is False and "*" not in plain["ALLOWED_HOSTS"]
    on = _settings("referee.settings.local", LAN="true")
    assert on["LAN_MODE"] is True and "*" in on["ALLOWED_HOSTS"]
    # Before anything reads Host; only the request log (which reads no header) is outside,
    # so a refused host's request has its line too.
    assert on["MIDDLEWARE"] == [
        "referee.request_log.RequestLogMiddleware",
        "referee.lan.LanHostMiddleware",
    ]
    production = _settings(
        "referee.settings.production",
        LAN="true",
        SECRET_KEY="k3y-" + "x" * 60,
        ALLOWED_HOSTS="referee.example.org",
        CSRF_TRUSTED_ORIGINS="https://referee.example.org",
    )
    assert production["LAN_MODE"] is False
    assert production["ALLOWED_HOSTS"] == ["referee.example.org"]


@pytest.fixture
def seated(db, django_capture_on_commit_callbacks):
    user = organizer("lan-org", staff=False)
    event = EventFactory(slug="lan-cup", game_key="imhotep", table_sizes=[4])
    EventRole.objects.create(user=user, event=event, role=EventRole.Kind.ORGANIZER)
    for i in range(4):
        RegistrationFactory(event=event, player=PlayerFactory(display_name=f"L{i}"))
    rnd = Round.objects.create(event=event, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        round_seat(round_id=rnd.pk)
        round_publish(round_id=rnd.pk)
    return user, event, rnd.tables.get()


def test_without_lan_mode_a_lan_host_is_refused(seated):
    _, _, table = seated
    response = Client().get(f"/ja/judge/{table.judge_token}/", HTTP_HOST=LAN_HOST)
    assert response.status_code == 400


@LAN
def test_lan_host_reaches_judge_and_console_pages_and_qr_codes_carry_it(seated):
    user, event, table = seated
    client = Client(HTTP_HOST=LAN_HOST)
    assert client.get(f"/ja/judge/{table.judge_token}/").status_code == 200
    client.force_login(user)
    for path in ("", "check-in/", "players/", "rounds/1/board/"):
        assert client.get(f"/ja/console/{event.slug}/{path}").status_code == 200, path
    judge_url = f"http://{LAN_HOST}/ja/judge/{table.judge_token}/"
    html = client.get(f"/ja/console/{event.slug}/rounds/1/print/").content.decode()
    assert judge_url in html
    assert qr_svg(judge_url) in html  # the QR code encodes exactly that link
    assert "phone-unreachable" not in html
    image = qrcode.make(judge_url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10)
    buffer = io.BytesIO()
    image.save(buffer)
    assert client.get(f"/ja/judge/{table.judge_token}/qr.svg").content == buffer.getvalue()
    slips = client.get(f"/ja/console/{event.slug}/players/slips/").content.decode()
    assert f"http://{LAN_HOST}/ja/p/" in slips and "127.0.0.1" not in slips


@LAN
@pytest.mark.parametrize("host", ["referee.example.org", "8.8.8.8:8000", "evil.example"])
def test_lan_mode_refuses_hosts_outside_the_local_network(seated, host):
    _, _, table = seated
    assert Client().get(f"/ja/judge/{table.judge_token}/", HTTP_HOST=host).status_code == 400


@LAN
def test_lan_mode_login_form_passes_csrf_from_the_lan_address_only(seated):
    user, _, _ = seated
    user.set_password("secret-pw-1")
    user.save()
    client = Client(enforce_csrf_checks=True, HTTP_HOST=LAN_HOST)
    client.get("/ja/accounts/login/")
    token = client.cookies["csrftoken"].value
    form = {"username": user.username, "password": "secret-pw-1", "csrfmiddlewaretoken": token}
    foreign = client.post("/ja/accounts/login/", form, HTTP_ORIGIN="http://evil.example")
    assert foreign.status_code == 403
    response = client.post("/ja/accounts/login/", form, HTTP_ORIGIN=f"http://{LAN_HOST}")
    assert response.status_code == 302 and "_auth_user_id" in client.session


@LAN
def test_on_the_laptop_itself_links_name_the_lan_address_not_loopback(seated, monkeypatch):
    user, event, table = seated
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.23")
    client = Client(HTTP_HOST="127.0.0.1:8000")
    client.force_login(user)
    html = client.get(f"/ja/console/{event.slug}/rounds/1/print/").content.decode()
    judge_url = f"http://192.168.1.23:8000/ja/judge/{table.judge_token}/"
    assert qr_svg(judge_url) in html and "http://127.0.0.1" not in html


def test_outside_lan_mode_a_loopback_link_is_flagged(seated):
    user, event, _ = seated
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)
    with override_settings(ALLOWED_HOSTS=["127.0.0.1"]):
        html = client.get(f"/ja/console/{event.slug}/rounds/1/print/").content.decode()
    assert 'id="phone-unreachable"' in html


@override_settings(PUBLIC_BASE_URL="https://referee.example.org")
def test_public_base_url_names_the_links(seated):
    user, event, table = seated
    client = Client()
    client.force_login(user)
    html = client.get(f"/ja/console/{event.slug}/rounds/1/print/").content.decode()
    assert qr_svg(f"https://referee.example.org/ja/judge/{table.judge_token}/") in html
