"""Webhook addresses resolve through a table here, never through the network's DNS (the
test machine may have none): ``resolver.names`` maps a host name to its answers, in order;
an answer may be a list of addresses or a callable giving them (a rebinding name).
Numeric hosts (``127.0.0.1``, ``2130706433``) resolve as the system resolves them, without
a lookup; any other name is not found."""

from __future__ import annotations

import socket

import pytest

from tournaments.integrations import webhook_address

PUBLIC_EXAMPLE = "93.184.215.14"  # a public address; nothing connects to it in the tests


class FakeResolver:
    def __init__(self, real) -> None:
        self.real = real
        self.names: dict[str, object] = {"example.org": [PUBLIC_EXAMPLE]}
        self.calls: list[str] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append(host)
        answer = self.names.get(host.lower())
        if answer is None:
            infos = socket.getaddrinfo(
                host, port, type=socket.SOCK_STREAM, flags=socket.AI_NUMERICHOST
            )  # a name raises gaierror: not found
            return [info[4][0] for info in infos]
        return list(answer() if callable(answer) else answer)


@pytest.fixture(autouse=True)
def resolver(monkeypatch):
    fake = FakeResolver(webhook_address.resolve)
    monkeypatch.setattr(webhook_address, "resolve", fake)
    return fake
