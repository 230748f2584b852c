"""A token sent to a public read is checked and counted (issue 26, hole 7): a bogus or
revoked token is answered 401 instead of being ignored, and a token's public reads count
against its rate limit. Anonymous reads stay open."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournaments.integrations.test_api_tokens import bearer, organizer
from tournaments.events.models import EventRole
from tournaments.integrations.auth import ApiTokenRateThrottle
from tournaments.integrations.models import ApiToken
from tournaments.integrations.services import token_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_urls(published_round):
    slug = published_round.event.slug
    return [f"/api/events/{slug}/", f"/api/events/{slug}/standings/",
            f"/api/events/{slug}/rounds/1/seating/", f"/api/events/{slug}/players/"]  # fmt: skip


def test_a_bogus_or_revoked_token_on_a_public_read_is_answered_401(public_urls, published_round):
    owner = organizer("aya")
    EventRole.objects.create(user=owner, event=published_round.event, role="organizer")
    token, key = token_create(user=owner, name="tv", event=None, can_write=False)
    anonymous = APIClient()
    for url in public_urls:
        assert anonymous.get(url).status_code == 200, url
        assert bearer(key).get(url).status_code == 200, url
        bogus = bearer("rfr_not-a-real-key").get(url, headers={"Accept-Language": "en"})
        assert bogus.status_code == 401, url
        assert "Unknown or revoked API token" in bogus.json()["detail"]
        assert bogus["WWW-Authenticate"].startswith("Bearer")
    ApiToken.objects.filter(pk=token.pk).update(revoked_at=timezone.now())
    assert all(bearer(key).get(url).status_code == 401 for url in public_urls)


def test_a_tokens_public_reads_are_rate_limited_and_anonymous_ones_are_not(
    public_urls, published_round, monkeypatch
):
    monkeypatch.setattr(ApiTokenRateThrottle, "THROTTLE_RATES", {"api_token": "3/min"})
    owner = organizer("aya")
    EventRole.objects.create(user=owner, event=published_round.event, role="organizer")
    _t, key = token_create(user=owner, name="scraper", event=published_round.event,
                           can_write=False)  # fmt: skip
    url = public_urls[1]
    codes = [bearer(key).get(url).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert all(APIClient().get(url).status_code == 200 for _ in range(5))


def test_an_event_token_reads_another_events_public_data_like_anyone(published_round):
    """Public data needs no scope; only a bad token is refused."""
    from tests.tournaments.factories import EventFactory, RoundFactory

    other = RoundFactory(event=EventFactory(), published=True).event
    owner = organizer("aya")
    EventRole.objects.create(user=owner, event=published_round.event, role="organizer")
    _t, key = token_create(user=owner, name="tv", event=published_round.event, can_write=False)
    assert bearer(key).get(f"/api/events/{other.slug}/standings/").status_code == 200
