"""Webhooks never reach internal addresses (issue 26, hole 3): the address policy, a real
receiver that redirects to an internal one, a rebinding name, and URLs that can never be
delivered. The tests' receivers listen on 127.0.0.1, which test settings treat as public
(``WEBHOOK_ADDRESSES_TREATED_AS_PUBLIC``); the "internal" receiver listens on 127.0.0.2."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.integrations.test_api_tokens import bearer, organizer
from tournaments.events.models import EventRole
from tournaments.integrations import webhook_address
from tournaments.integrations.models import Webhook, WebhookDelivery
from tournaments.integrations.services import token_create, webhook_create
from tournaments.integrations.tasks import REDIRECT_NOT_FOLLOWED, webhook_deliver_task

pytestmark = pytest.mark.django_db

INTERNAL_SECRET = "internal-only-answer"


class Server:
    """A real HTTP server on ``address``; every request is recorded and answered by
    ``answer(handler) -> (status, headers, body)``."""

    def __init__(self, address: str, port: int = 0, answer=None) -> None:
        self.requests: list[dict] = []
        self.answer = answer or (lambda handler: (204, {}, b""))
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _record(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                server.requests.append(
                    {"method": self.command, "path": self.path, "headers": dict(self.headers),
                     "body": body}
                )  # fmt: skip
                status, headers, content = server.answer(self)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

            do_GET = do_POST = _record  # noqa: N815 - http.server's names

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer((address, port), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def internal():
    """What a webhook must never reach: a service on this machine's loopback."""
    server = Server("127.0.0.2", answer=lambda h: (200, {}, INTERNAL_SECRET.encode()))
    yield server
    server.close()


def _deliver(hook: Webhook) -> WebhookDelivery:
    delivery = WebhookDelivery.objects.create(webhook=hook, topic="event.finished", payload={})
    webhook_deliver_task.apply(args=(delivery.pk,))
    delivery.refresh_from_db()
    return delivery


def test_a_redirect_to_an_internal_address_is_not_followed_and_fails(event, internal):
    public = Server(
        "127.0.0.1",
        answer=lambda h: (302, {"Location": f"http://127.0.0.2:{internal.port}/admin"}, b""),
    )
    try:
        hook = webhook_create(
            event=event, url=f"http://127.0.0.1:{public.port}/hook", topics=["event.finished"]
        )
        delivery = _deliver(hook)
    finally:
        public.close()
    assert len(public.requests) == 1 and public.requests[0]["method"] == "POST"
    assert internal.requests == []  # nothing fetched where the redirect pointed
    assert delivery.status == "failed" and delivery.attempts == 1
    assert delivery.last_status_code == 302 and delivery.last_error == REDIRECT_NOT_FOLLOWED
    assert INTERNAL_SECRET not in delivery.last_error


def _rebinding_getaddrinfo(monkeypatch, name: str, answers: list[str]) -> list[str]:
    """The system resolver, except that ``name`` answers each of ``answers`` in turn (the
    last one from then on): what an attacker's DNS with a zero TTL does."""
    real = socket.getaddrinfo
    asked: list[str] = []

    def getaddrinfo(host, port, *args, **kwargs):
        if host != name:
            return real(host, port, *args, **kwargs)
        address = answers[min(len(asked), len(answers) - 1)]
        asked.append(address)
        return real(address, port, socket.AF_INET, socket.SOCK_STREAM)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


def test_a_name_that_rebinds_to_an_internal_address_after_registration_is_not_delivered(
    event, internal, resolver, monkeypatch
):
    monkeypatch.setattr(webhook_address, "resolve", resolver.real)  # the system's, rebinding
    public = Server("127.0.0.1", port=internal.port)  # same port: only the address differs
    try:
        asked = _rebinding_getaddrinfo(monkeypatch, "rebind.example", ["127.0.0.1", "127.0.0.2"])
        hook = webhook_create(
            event=event, url=f"http://rebind.example:{internal.port}/h", topics=["event.finished"]
        )
        delivery = _deliver(hook)
    finally:
        public.close()
    assert asked[0] == "127.0.0.1"  # registration saw the public answer
    assert internal.requests == [] and public.requests == []
    assert delivery.status == "failed" and delivery.last_error == webhook_address.NOT_PUBLIC


def test_a_delivery_connects_to_the_address_it_checked_with_the_names_host_header(
    event, internal, resolver, monkeypatch
):
    """Resolved once per delivery: a second answer (internal) is never asked for."""
    monkeypatch.setattr(webhook_address, "resolve", resolver.real)
    public = Server("127.0.0.1", port=internal.port)
    asked = _rebinding_getaddrinfo(
        monkeypatch, "hooks.example", ["127.0.0.1", "127.0.0.1", "127.0.0.2"]
    )
    try:
        hook = webhook_create(
            event=event, url=f"http://hooks.example:{internal.port}/h?x=1",
            topics=["event.finished"],
        )  # fmt: skip
        delivery = _deliver(hook)
    finally:
        public.close()
    assert asked == ["127.0.0.1", "127.0.0.1"]  # registration, then the delivery: once
    assert delivery.status == "delivered" and internal.requests == []
    (request,) = public.requests
    assert request["path"] == "/h?x=1"
    assert request["headers"]["Host"] == f"hooks.example:{internal.port}"


@pytest.mark.parametrize(
    "url",
    [
        "notaurl",
        "http://exa mple.org/x",
        "http://example.org:99999/x",
        "http://[::1/x",
        "http://example.org\\@127.0.0.1/x",
        "http://user:pw@example.org/x",
    ],
)
def test_an_unparseable_url_is_a_failed_delivery_not_a_pending_one(event, url):
    hook = Webhook.objects.create(event=event, url=url, topics=["event.finished"])
    delivery = _deliver(hook)
    assert delivery.status == "failed" and delivery.attempts == 1
    assert delivery.last_error == webhook_address.UNPARSEABLE
    with pytest.raises(ValidationError):
        webhook_create(event=event, url=url, topics=["event.finished"])


REFUSED_ALWAYS = [
    "http://127.0.0.2/x",
    "http://2130706434/x",  # 127.0.0.2 written as one number
    "http://[::1]/x",
    "http://[::127.0.0.1]/x",
    "http://[::ffff:127.0.0.2]/x",
    "http://[64:ff9b::7f00:2]/x",  # NAT64 of 127.0.0.2
    "http://[2002:7f00:2::]/x",  # 6to4 of 127.0.0.2
    "http://224.0.0.1/x",
    "http://[ff02::1]/x",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fe80::1]/x",
    "http://0.0.0.0/x",
    "http://100.64.0.1/x",
    "http://255.255.255.255/x",
]
CAFE_LAN = ["http://10.1.2.3/x", "http://172.16.5.4/x", "http://192.168.1.20/x",
            "http://[fd00::1]/x"]  # fmt: skip


@pytest.mark.parametrize("allow_private", [False, True])
def test_the_address_policy(settings, allow_private):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = allow_private
    for url in REFUSED_ALWAYS:
        with pytest.raises(webhook_address.AddressRefused, match="not a public"):
            webhook_address.check(url)
    for url in CAFE_LAN:
        if allow_private:
            webhook_address.check(url)
        else:
            with pytest.raises(webhook_address.AddressRefused):
                webhook_address.check(url)
    target, address = webhook_address.check("https://example.org/a?b=c")
    assert (target.host, target.port, target.path) == ("example.org", 443, "/a?b=c")
    assert address == "93.184.215.14"


def test_a_name_with_one_internal_answer_is_refused(resolver):
    resolver.names["mixed.example"] = ["93.184.215.14", "127.0.0.2"]
    with pytest.raises(webhook_address.AddressRefused, match="not a public"):
        webhook_address.check("https://mixed.example/x")


def test_an_unresolvable_host_is_reported_as_such(event):
    """Not as "public addresses only" (issue 30): the organizer can fix a typo."""
    owner = organizer("mona")
    EventRole.objects.create(user=owner, event=event, role="organizer")
    _token, key = token_create(user=owner, name="bot", event=event, can_write=True)
    api = bearer(key)
    for language, words in (("en", "host name was not found"), ("ja", "ホスト名")):
        refused = api.post(
            f"/api/events/{event.slug}/webhooks/",
            {"url": "https://no-such-host.invalid/x", "topics": ["event.finished"]},
            format="json",
            headers={"Accept-Language": language},
        )
        assert refused.status_code == 400 and refused.json()["field"] == "url"
        assert words in refused.json()["message"] and "public" not in refused.json()["message"]


@pytest.fixture
def tls_receiver(tmp_path):
    """An HTTPS receiver on 127.0.0.1 with a certificate for hooks.example (openssl CLI),
    recording the SNI name each connection asked for."""
    import shutil
    import ssl
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip("needs the openssl command")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=hooks.example", "-addext", "subjectAltName=DNS:hooks.example",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    server = Server("127.0.0.1")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.sni = []
    context.sni_callback = lambda sock, name, ctx: server.sni.append(name)
    server.httpd.socket = context.wrap_socket(server.httpd.socket, server_side=True)
    server.cert = cert
    yield server
    server.close()


def test_https_connects_to_the_checked_address_with_the_names_sni_and_certificate(
    event, tls_receiver, resolver, monkeypatch
):
    import ssl

    from tournaments.integrations import tasks

    real = ssl.create_default_context
    monkeypatch.setattr(
        tasks.ssl, "create_default_context", lambda: real(cafile=str(tls_receiver.cert))
    )
    resolver.names["hooks.example"] = ["127.0.0.1"]
    resolver.names["other.example"] = ["127.0.0.1"]
    port = tls_receiver.port
    good = webhook_create(event=event, url=f"https://hooks.example:{port}/h",
                          topics=["event.finished"])  # fmt: skip
    assert _deliver(good).status == "delivered"
    assert tls_receiver.sni == ["hooks.example"]
    assert tls_receiver.requests[0]["headers"]["Host"] == f"hooks.example:{port}"
    # The certificate is checked against the URL's name, not the address connected to.
    wrong = webhook_create(event=event, url=f"https://other.example:{port}/h",
                           topics=["event.finished"])  # fmt: skip
    failed = _deliver(wrong)
    assert failed.status == "failed" and "certificate" in failed.last_error.lower()
    assert len(tls_receiver.requests) == 1
