"""A round's publication is flipped by a real Celery worker: the prerender task is routed to
the page renders' own queue in production (settings.CELERY_TASK_ROUTES), and still reaches
a worker; the round becomes public only with its pages rendered."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.factories import (
    EventFactory,
    RegistrationFactory,
    RoundFactory,
    SeatFactory,
    TableFactory,
)
from tournaments.events.models import Event
from tournaments.public import cache as public_cache
from tournaments.seating.services import round_publish

pytestmark = [pytest.mark.realstack, pytest.mark.django_db(transaction=True)]


def test_a_publication_is_flipped_by_the_worker_with_its_pages_ready(real_celery_worker):
    event = EventFactory(status=Event.Status.RUNNING, game_key="imhotep")
    round1 = RoundFactory(event=event)
    table = TableFactory(round=round1)
    registrations = [RegistrationFactory(event=event) for _ in range(4)]
    for position, registration in enumerate(registrations, start=1):
        SeatFactory(table=table, registration=registration, position=position)
    before = public_cache.current_version(event.slug)

    round_publish(round_id=round1.pk)  # on its commit: the flip is enqueued, no bump yet

    flipped = real_celery_worker.wait_for(
        lambda: public_cache.current_version(event.slug) != before
    )
    assert flipped
    with translation.override("ja"):
        seating = reverse("tournaments:seating", kwargs={"slug": event.slug, "number": 1})
        private = reverse("tournaments:private", kwargs={"token": registrations[0].private_token})
    owner = registrations[0].pk  # a private page has its player's version
    for path, player in ((seating, None), (private, owner)):
        assert public_cache.lookup(event.slug, path, "ja", player).html is not None, path
    assert "Task tournaments.public_pages_prerender[" in real_celery_worker.log()


def test_a_stale_page_is_served_and_rendered_again_by_the_pages_worker(real_celery_worker, client):
    """Stale-while-revalidate on the real stack: the read is answered with the previous
    render, and the refresh batch (routed to the ``pages`` queue) stores the new one."""
    event = EventFactory(status=Event.Status.RUNNING, game_key="imhotep")
    RegistrationFactory(event=event)
    with translation.override("ja"):
        standings = reverse("tournaments:standings", kwargs={"slug": event.slug})
    first = client.get(standings)
    assert first.status_code == 200
    public_cache.bump_event(event.slug)

    stale = client.get(standings)
    assert stale["ETag"] == first["ETag"] and stale.content == first.content
    assert real_celery_worker.wait_for(
        lambda: public_cache.lookup(event.slug, standings, "ja").html is not None
    )
    assert client.get(standings)["ETag"] != first["ETag"]
    assert "Task tournaments.public_pages_refresh[" in real_celery_worker.log()
