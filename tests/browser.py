"""Headless Debian Chromium through Playwright, for the browser tests (tests/README.md)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip


@contextmanager
def launched_chromium(extra_args: Sequence[str] = ()) -> Iterator:
    """A launched Chromium; skips the test where Debian's chromium is not installed."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed")
    # Playwright's sync API runs an event loop in this thread; the ORM calls a test makes
    # between page actions are still plain synchronous calls.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, *extra_args])
            yield chromium
            chromium.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
