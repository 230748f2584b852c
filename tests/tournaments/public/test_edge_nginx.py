"""The repository's nginx configuration (deploy/nginx/referee.conf), run by Debian's nginx
in front of the live server: public pages are micro-cached under their canonical key, and
nothing private is ever stored or served to someone else.

The configuration is rendered for the test as the TLS deployment minus its "# tls" lines:
listening on a free loopback port, the upstreams pointed at ``live_server``, the cache and
temporary files in the test's directory. Every private request goes through the edge twice
per credential, interleaved with the other credential's, and must answer its own content.
"""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import time
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)

NGINX = "/usr/sbin/nginx"
CONF = Path(__file__).resolve().parents[3] / "deploy" / "nginx" / "referee.conf"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def render(conf: str, upstream: str, port: int, tmp: Path) -> str:
    """The deployment's configuration without TLS, on loopback, against ``upstream``."""
    text = "\n".join(line for line in conf.splitlines() if not line.rstrip().endswith("# tls"))
    replacements = [
        ("server web:8000;", f"server {upstream};"),
        ("server live:8001;", f"server {upstream};"),
        ("/var/cache/nginx/referee", str(tmp / "cache")),
        ("root /srv;", f"root {tmp};"),
        ("    server_name _;", f"    listen 127.0.0.1:{port};\n    server_name _;"),
    ]
    for old, new in replacements:
        assert text.count(old) == 1, old  # the configuration still has the shape rendered here
        text = text.replace(old, new)
    return text


@pytest.fixture
def edge(live_server, tmp_path):
    if not Path(NGINX).exists():
        pytest.skip("Debian nginx is not installed (.ci/run installs it)")
    port = _free_port()
    (tmp_path / "referee.conf").write_text(
        render(CONF.read_text(), live_server.url.removeprefix("http://"), port, tmp_path)
    )
    temp = "\n".join(
        f"  {name}_temp_path {tmp_path / name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (tmp_path / "nginx.conf").write_text(
        ("user root;\n" if os.geteuid() == 0 else "")  # workers must write the test's dirs
        + f"worker_processes 1;\ndaemon off;\npid {tmp_path / 'nginx.pid'};\n"
        f"error_log {tmp_path / 'error.log'} warn;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n  include /etc/nginx/mime.types;\n  access_log off;\n{temp}\n"
        f"  include {tmp_path / 'referee.conf'};\n}}\n"
    )
    nginx = subprocess.Popen(
        [
            NGINX,
            "-p",
            str(tmp_path),
            "-c",
            str(tmp_path / "nginx.conf"),
            "-e",
            str(tmp_path / "error.log"),
        ]  # fmt: skip
    )
    try:
        deadline = time.monotonic() + 5
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                log = (
                    (tmp_path / "error.log").read_text()
                    if (tmp_path / "error.log").exists()
                    else ""
                )
                assert nginx.poll() is None and time.monotonic() < deadline, log
                time.sleep(0.05)
        yield port
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)


def test_the_deployment_configuration_with_tls_is_valid(tmp_path):
    """The "# tls" lines the other tests drop: nginx accepts them with a certificate pair
    where deploy/nginx/README.md says to put one."""
    if not Path(NGINX).exists():
        pytest.skip("Debian nginx is not installed (.ci/run installs it)")
    certs = tmp_path / "certs"
    certs.mkdir()
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
         "/CN=localhost", "-keyout", certs / "privkey.pem", "-out", certs / "fullchain.pem"],
        check=True, capture_output=True,
    )  # fmt: skip
    text = CONF.read_text()
    assert text.count("/etc/nginx/certs/") == 2
    text = text.replace("/etc/nginx/certs/", f"{certs}/").replace("web:8000", "127.0.0.1:9")
    text = text.replace("live:8001", "127.0.0.1:9").replace("/var/cache/nginx", str(tmp_path))
    (tmp_path / "referee.conf").write_text(text)
    main = f"pid {tmp_path / 'nginx.pid'};\nevents {{}}\n"
    (tmp_path / "nginx.conf").write_text(
        main + f"http {{ include {tmp_path / 'referee.conf'}; }}\n"
    )
    checked = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e",
         str(tmp_path / "error.log")], capture_output=True, text=True,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr


def get(port: int, path: str, **headers) -> tuple[int, dict, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers={"Host": "127.0.0.1", **headers})
    response = connection.getresponse()
    body = response.read().decode(errors="replace")
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def _twice(edge, first: str, *then: str):
    """``first``, then each of ``then`` at once; again (at most three times) if the machine
    was too slow for the one second an entry lives."""
    for _attempt in range(3):
        answers = [get(edge, first)]
        stored = time.monotonic()
        answers += [get(edge, path) for path in then]
        if time.monotonic() - stored < 0.9:
            break
    return answers


def test_a_public_page_is_a_hit_and_other_parameters_share_its_entry(edge, world):
    standings = f"/ja/events/{world.event.slug}/standings/"
    (status, first, body), again, shared = _twice(
        edge, standings, standings, standings + "?utm=1&fbclid=x"
    )
    assert status == 200 and first["x-cache-status"] != "HIT"
    assert first["cache-control"] == "public, max-age=0, s-maxage=1, stale-while-revalidate=30"
    assert again[1]["x-cache-status"] == "HIT" and again[2] == body
    assert shared[1]["x-cache-status"] == "HIT" and shared[2] == body
    # A parameter the page reads is another page; its normal form shares that one's entry.
    after, normal = _twice(edge, standings + "?after=1", standings + "?after=01&utm=2")
    assert after[0] == 200 and after[2] != body
    assert normal[1]["x-cache-status"] == "HIT" and normal[2] == after[2]
    # Neither a session, nor a search, nor a name nginx reads differently is stored.
    with_session = get(edge, standings, Cookie="sessionid=abc")
    assert with_session[0] == 200 and with_session[1]["x-cache-status"] == "BYPASS"
    for path in (
        standings + "?after=1&after=2",
        standings + "?AFTER=1",
        standings + "?%61fter=1",
        f"/ja/events/{world.event.slug}/rounds/2/seating/?q=sato",
    ):
        for _repeat in range(2):
            assert get(edge, path)[1]["x-cache-status"] == "BYPASS", path


def _assert_own_answers(edge, asks) -> None:
    """``asks``: (path, headers, status, own text, the other's text). Each is sent twice,
    all interleaved; every answer has its status and own text and never the other's text,
    and none is a HIT."""
    for _round in range(2):
        for path, headers, status, own, other in asks:
            code, answer, body = get(edge, path, **headers)
            assert (code, own in body, other in body) == (status, True, False), (path, headers)
            assert answer.get("x-cache-status") in (None, "BYPASS", "MISS"), path


def test_private_judge_console_and_api_answers_are_never_shared(edge, world):
    from django.contrib.auth import get_user_model

    from tests.tournaments.factories import EventFactory, PlayerFactory, RegistrationFactory
    from tournaments.events.models import EventRole
    from tournaments.integrations.services import token_create

    def name(registration) -> str:
        return registration.player.display_name

    # Players' private pages (two who never shared a table) and judges' table pages.
    aoi, yuma = world.registrations[0], world.registrations[7]
    asks = [
        (f"/ja/p/{reg.private_token}/", {}, 200, name(reg), name(other))
        for reg, other in ((aoi, yuma), (yuma, aoi))
    ]
    first, second = world.round2.tables.order_by("number")[:2]
    seated = [
        name(table.seats.order_by("position").first().registration) for table in (first, second)
    ]
    asks += [
        (f"/ja/judge/{first.judge_token}/", {}, 200, seated[0], seated[1]),
        (f"/ja/judge/{second.judge_token}/", {}, 200, seated[1], seated[0]),
    ]
    # Two organizers, each with an event and a player in it; the same console and API URLs.
    sessions, bearers, events = [], [], []
    for who in ("amun", "bastet"):
        user = get_user_model().objects.create_user(who, password="pw-" + who)
        event = EventFactory(name=f"{who.title()} Night", slug=f"{who}-night")
        RegistrationFactory(event=event, player=PlayerFactory(display_name=f"{who.title()} Player"))
        EventRole.objects.create(user=user, event=event, role="organizer")
        browser = Client()
        browser.force_login(user)
        sessions.append({"Cookie": f"sessionid={browser.cookies['sessionid'].value}"})
        key = token_create(user=user, name="bot", event=None, can_write=False)[1]
        bearers.append({"Authorization": f"Bearer {key}"})
        events.append(event)
    amun, bastet = events
    for mine, other in ((0, 1), (1, 0)):
        asks.append(("/ja/console/", sessions[mine], 200, events[mine].name, events[other].name))
    registrations = f"/api/events/{amun.slug}/registrations/"
    asks += [
        (f"/ja/console/{amun.slug}/", sessions[0], 200, amun.name, bastet.name),
        (f"/ja/console/{amun.slug}/", sessions[1], 403, "", amun.name),
        (registrations, bearers[0], 200, "Amun Player", "Bastet"),
        (registrations, bearers[1], 403, "", "Amun Player"),
    ]
    _assert_own_answers(edge, asks)
