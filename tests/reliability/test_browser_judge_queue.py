"""The judge page's offline queue: a write answered "try again" (503, 502, 504, 429) stays
queued and is resent with the same idempotency key; a 4xx refusal is shown and dropped
(issue 21). Headless Chromium; the server's answers are replaced by Playwright routes."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.results.helpers import make_event, make_table
from tests.tournaments.results.test_browser_judge import status_is
from tests.tournaments.results.test_browser_sheets import enter_imhotep
from tournaments.results.models import ResultSubmission

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _open(browser, live_server, table):  # noqa: F811 - the imported fixture's value
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="ja-JP", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/ja/judge/{table.judge_token}/")
    status_is(page, "none")
    enter_imhotep(page)  # through the phone form, as a judge does
    return context, page


@pytest.mark.parametrize("status", [503, 429])
def test_a_retryable_answer_keeps_the_write_and_resends_it_with_the_same_key(
    live_server,
    browser,  # noqa: F811
    status,
):
    table = make_table(make_event("imhotep", policy="players"), players=3)
    context, page = _open(browser, live_server, table)
    sent = []

    def overloaded_once(route, request):
        sent.append(json.loads(request.post_data))
        if len(sent) == 1:
            route.fulfill(status=status, body="<html>busy</html>", content_type="text/html")
        else:
            route.continue_()

    page.route("**/entry", overloaded_once)
    page.click("#submit-sheet")
    page.wait_for_function("() => document.querySelector('#pending').textContent.startsWith('1')")
    status_is(page, "submitted", timeout=20_000)  # resent by the page's timer
    page.wait_for_selector("#pending[hidden]", state="attached")
    assert len(sent) == 2
    assert sent[0]["idempotency_key"] and sent[0] == sent[1]  # the same write, same key
    assert ResultSubmission.objects.filter(table=table).count() == 1
    context.close()


def test_a_validation_refusal_is_shown_and_not_resent(
    live_server,
    browser,  # noqa: F811
):
    table = make_table(make_event("imhotep", policy="players"), players=3)
    context, page = _open(browser, live_server, table)
    sent = []

    def refuse(route, request):
        sent.append(request.post_data)
        body = {"code": "malformed", "message": "送信内容が正しくありません", "violations": []}
        route.fulfill(status=400, body=json.dumps(body), content_type="application/json")

    page.route("**/entry", refuse)
    page.click("#submit-sheet")
    page.wait_for_function(
        "() => document.querySelector('#message').textContent.includes('正しくありません')"
    )
    page.wait_for_selector("#pending[hidden]", state="attached")
    page.wait_for_timeout(6_000)  # longer than the page's 5-second resend timer
    assert len(sent) == 1
    assert not ResultSubmission.objects.exists()
    context.close()
