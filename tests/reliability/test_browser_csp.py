"""Under the Content-Security-Policy the pages' scripts still run and Chromium reports no
violation (a blocked inline script or handler would be one)."""

from __future__ import annotations

import pytest

from tests.tournaments.public.conftest import world  # noqa: F401 - the fixture
from tests.tournaments.results.helpers import make_event, make_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_no_policy_violation_on_the_public_and_judge_pages(
    live_server,
    browser,  # noqa: F811
    world,  # noqa: F811
):
    table = make_table(make_event("imhotep"), players=3)
    page = browser.new_context(locale="ja-JP").new_page()
    violations = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    slug = world.event.slug
    for path in (
        f"/ja/events/{slug}/standings/",
        f"/ja/events/{slug}/rounds/2/seating/",
        f"/ja/judge/{table.judge_token}/",
    ):
        response = page.goto(live_server.url + path)
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_load_state("load")
    # table.js ran: it read its words from the JSON block and drew the status badge.
    page.wait_for_selector('#result-status[data-status="none"]')
    assert page.inner_text("#result-status") == "結果はまだありません"
    assert violations == []
