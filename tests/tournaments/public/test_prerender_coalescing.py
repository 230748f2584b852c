"""Issue 21 (scale): a rush of snapshots queues one page render per event and page set
(latest wins), and a page set is rendered once per version."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_prerender_requests_coalesce_and_render_once_per_version(world, monkeypatch):
    from tournaments.public import cache as public_cache
    from tournaments.public import services, tasks

    sent = []
    monkeypatch.setattr(
        tasks.public_pages_prerender_task, "apply_async", lambda args, **kw: sent.append(args)
    )
    event_id = world.event.pk
    # A change since the world's own snapshot render: these pages are due again.
    public_cache.bump_event(world.event.slug)
    for _ in range(5):  # five snapshots in a row
        services.request_prerender(event_id, None, False)
    assert sent == [(event_id, None, False)]

    first = services.public_pages_prerender(event_id=event_id, players=False)
    assert first > 0
    # The same version again (a duplicate that slipped through): nothing rendered twice.
    assert services.public_pages_prerender(event_id=event_id, players=False) == 0
    # The render cleared the pending mark when it started: a later change queues again.
    services.request_prerender(event_id, None, False)
    assert len(sent) == 2
