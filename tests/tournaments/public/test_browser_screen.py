"""The café's screen on a 1920×1080 TV and a 1280×720 projector, in Japanese: the round's
seating with every table on some page, the standings after the last round, the organizer's
announcement, the clock; it follows a confirmation without a reload. Started the way an
organizer finds it: the link on the console's event page."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.japanese_pages import english_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
SCREENS = {"tv": {"width": 1920, "height": 1080}, "projector": {"width": 1280, "height": 720}}


def _panel_until(page, kind: str, timeout: float = 40_000) -> None:
    page.wait_for_function(
        f"() => document.getElementById('panel').dataset.panel === '{kind}'", timeout=timeout
    )


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_the_screen_cycles_seating_standings_and_the_announcement(
    live_server, browser, world, screen, client, monkeypatch
):
    from django.contrib.auth import get_user_model

    from tournaments.events.models import EventRole
    from tournaments.public.views import screen as screen_view

    monkeypatch.setattr(screen_view, "SECONDS_PER_PANEL", 2)
    organizer = get_user_model().objects.create_user("org", password="pw-org")
    EventRole.objects.create(user=organizer, event=world.event, role="organizer")
    client.force_login(organizer)
    console = client.get(f"/ja/console/{world.event.slug}/").content.decode()
    assert f"/ja/events/{world.event.slug}/screen/" in console  # how the organizer finds it
    client.post(f"/ja/console/{world.event.slug}/announcement/",
                {"announcement": "決勝は20時から"})  # fmt: skip

    page = browser.new_context(locale="ja-JP", viewport=SCREENS[screen]).new_page()
    page.goto(f"{live_server.url}/ja/events/{world.event.slug}/screen/")
    _panel_until(page, "seating")
    seen_tables = set()
    for _ in range(6):  # every table is on one of the seating pages
        seen_tables |= {
            int(n) for n in page.eval_on_selector_all(
                "#panel [data-table]", "nodes => nodes.map(n => n.dataset.table)")
        }  # fmt: skip
        if seen_tables >= {1, 2}:
            break
        page.wait_for_timeout(2100)
    assert seen_tables >= {1, 2}
    assert "第2回戦" in page.inner_text("#panel")
    _panel_until(page, "standings")
    assert "第1回戦終了時点の順位" in page.inner_text("#panel")
    _panel_until(page, "announcement")
    assert page.inner_text("#announcement-text") == "決勝は20時から"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"screen-{screen}.png"))
    texts = [page.inner_text("body")]
    names = tuple(r.player.display_name for r in world.registrations) + (world.event.name,)
    assert english_in(texts, names=names) == []
    overflow = page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
    assert overflow is False


def test_the_screen_follows_a_confirmation_without_a_reload(live_server, browser, world):
    from django.contrib.auth import get_user_model

    from tournaments.events.access import Actor
    from tournaments.events.models import EventRole
    from tournaments.results.services.results import result_confirm

    page = browser.new_context(locale="ja-JP", viewport=SCREENS["tv"]).new_page()
    page.goto(f"{live_server.url}/ja/events/{world.event.slug}/screen/")
    page.wait_for_selector('#panel [data-table="1"]')
    assert "結果あり" not in page.inner_text('#panel [data-table="1"]')
    organizer = get_user_model().objects.create_user("org", password="pw-org")
    EventRole.objects.create(user=organizer, event=world.event, role="organizer")
    result_confirm(submission_id=world.submitted.pk, actor=Actor(user=organizer))
    page.wait_for_function(
        "() => { const t = document.querySelector('#panel [data-table=\"1\"]');"
        " return t && t.textContent.includes('結果あり'); }",
        timeout=30_000,
    )
    assert page.url.endswith("/screen/")
