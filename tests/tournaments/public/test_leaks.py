"""Nothing unreleased and no private token leaks through any public page or API response.

The crawl follows every same-site link from the events list (both languages, partials
too) and adds every public API GET route, then checks each body for: any registration's
private token, any table's judge token, the seats of the draft round, and the totals of
the submitted-but-unconfirmed result.
"""

from __future__ import annotations

import contextlib
import re
from urllib.parse import urljoin, urlparse

import pytest
from django.urls import NoReverseMatch, reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

LINK = re.compile(r'href="([^"#]+)')


def _crawl(client, starts: list[str], limit: int = 400) -> dict[str, str]:
    seen: dict[str, str] = {}
    queue = list(starts)
    while queue and len(seen) < limit:
        path = queue.pop()
        if path in seen:
            continue
        response = client.get(path)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            seen[path] = response.content.decode(errors="replace")
            continue
        html = response.content.decode()
        seen[path] = html
        for href in LINK.findall(html):
            target = urlparse(urljoin(path, href.replace("&amp;", "&")))
            if target.netloc or not target.path.startswith(("/ja/", "/en/")):
                continue
            if target.path.startswith(("/ja/admin", "/en/admin")):
                continue
            full = target.path + (f"?{target.query}" if target.query else "")
            if full not in seen:
                queue.append(full)
                if "?" not in full:
                    queue.append(full + "?partial=1")
    return seen


def _api_paths(world) -> list[str]:
    """The API's GET routes a visitor without credentials can call (the results API's
    names; absent routes are skipped)."""
    paths = ["/api/schema/"]
    wanted = [("standings", {"slug": world.event.slug})]
    for table in [world.submitted.table, world.confirmed_sheet.table]:
        wanted.append(("table-history", {"table_id": table.pk}))
    for name, kwargs in wanted:
        for namespace in ("api", "results-api", "tournaments-api"):
            with contextlib.suppress(NoReverseMatch):
                paths.append(reverse(f"{namespace}:{name}", kwargs=kwargs))
    return paths


def test_no_token_or_unreleased_data_in_any_public_response(client, world):
    from tournaments.events.models import Registration, Seat, Table

    starts = []
    for language in ("ja", "en"):
        with translation.override(language):
            starts.append(reverse("tournaments:event-list"))
    pages = _crawl(client, starts)
    pages.update({p: client.get(p).content.decode(errors="replace") for p in _api_paths(world)})
    assert len(pages) > 40, sorted(pages)  # the crawl really reached the event's pages

    secrets = list(Registration.objects.values_list("private_token", flat=True))
    secrets += list(Table.objects.values_list("judge_token", flat=True))
    for path, body in pages.items():
        for secret in secrets:
            assert secret not in body, f"token leaked on {path}"
        assert "/rounds/3/" not in body, f"draft round linked on {path}"
        assert "/p/" not in body, f"private URL on {path}"

    # The unconfirmed result's table page and the players' pages show no score for it.
    unconfirmed = world.submitted.outcome["players"]
    with translation.override("en"):
        table_page = pages[
            reverse(
                "tournaments:table-result",
                kwargs={"slug": world.event.slug, "number": 2, "table": 1},
            )
        ]
    assert 'class="data result"' not in table_page
    for seat, line in zip(
        Seat.objects.filter(table=world.submitted.table).order_by("position"),
        unconfirmed,
        strict=True,
    ):
        with translation.override("en"):
            player_page = pages[
                reverse(
                    "tournaments:player",
                    kwargs={"slug": world.event.slug, "registration_id": seat.registration_id},
                )
            ]
        round_2_row = player_page[player_page.index("<td>2</td>") :].split("</tr>")[0]
        assert str(line["total"]) not in round_2_row


def test_draft_round_seating_is_not_reachable(client, world):
    for language in ("ja", "en"):
        with translation.override(language):
            seating = reverse("tournaments:seating", kwargs={"slug": world.event.slug, "number": 3})
            table = reverse(
                "tournaments:table-result",
                kwargs={"slug": world.event.slug, "number": 3, "table": 1},
            )
        assert client.get(seating).status_code == 404
        assert client.get(table).status_code == 404


def test_standings_api_respects_the_freeze(client, world, django_capture_on_commit_callbacks):
    from tests.tournaments.public.conftest import write_snapshot
    from tournaments.public.models import PublicSettings

    with django_capture_on_commit_callbacks(execute=True):
        write_snapshot(world.event, 2)
        PublicSettings.objects.create(event=world.event, standings_frozen_after_round=1)
    body = client.get(reverse("api:standings", kwargs={"slug": world.event.slug})).json()
    assert body["after_round"] <= 1
