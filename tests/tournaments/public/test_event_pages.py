"""Public pages: the event list and the seated round, in Japanese and English."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from tests.tournaments.factories import EventFactory
from tournaments.events.models import Event, Registration, Seat

pytestmark = pytest.mark.django_db


def _detail_url(slug: str, language: str) -> str:
    with translation.override(language):
        return reverse("tournaments:event-detail", kwargs={"slug": slug})


def _seating_url(slug: str, number: int, language: str) -> str:
    with translation.override(language):
        return reverse("tournaments:seating", kwargs={"slug": slug, "number": number})


def test_root_redirects_to_the_japanese_pages(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/ja/"


def test_seating_page_lists_tables_with_seats_in_order(client, full_table):
    response = client.get(_seating_url(full_table.round.event.slug, full_table.round.number, "en"))
    assert response.status_code == 200
    html = response.content.decode()
    names = [s.registration.player.display_name for s in full_table.seats.order_by("position")]
    positions = [html.index(name) for name in names]
    assert positions == sorted(positions)
    assert f"Round {full_table.round.number} seating" in html
    assert "start player" in html


def test_seating_page_is_translated_to_japanese(client, full_table):
    response = client.get(_seating_url(full_table.round.event.slug, full_table.round.number, "ja"))
    html = response.content.decode()
    assert f"第{full_table.round.number}回戦の席順" in html
    assert "スタートプレイヤー" in html
    assert '<html lang="ja">' in html


def test_private_tokens_never_appear_on_public_pages(client, full_table):
    slug = full_table.round.event.slug
    html = client.get(_detail_url(slug, "ja")).content.decode()
    html += client.get(_seating_url(slug, full_table.round.number, "ja")).content.decode()
    for seat in full_table.seats.all():
        assert seat.registration.private_token not in html
    assert full_table.judge_token not in html


def test_draft_events_are_not_public(client):
    event = EventFactory(status=Event.Status.DRAFT)
    assert client.get(_detail_url(event.slug, "en")).status_code == 404
    assert event.name not in client.get("/en/").content.decode()


def test_set_language_switches_to_english(client, event):
    response = client.post(
        "/i18n/setlang/", {"language": "en", "next": _detail_url(event.slug, "ja")}
    )
    assert response.status_code == 302
    assert response["Location"] == _detail_url(event.slug, "en")


def test_demo_command_is_idempotent_and_seats_everyone(client, django_capture_on_commit_callbacks):
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", stdout=out)
    call_command("demo", stdout=out)
    assert "Found demo event" in out.getvalue()
    event = Event.objects.get(slug="cairo-cafe-open")
    assert Event.objects.filter(slug="cairo-cafe-open").count() == 1
    assert event.registrations.count() == 18  # the café evening
    assert set(event.registrations.values_list("status", flat=True)) == {
        Registration.Status.CHECKED_IN
    }
    for number in (1, 2):
        rnd = event.rounds.get(number=number)
        assert Seat.objects.filter(round=rnd).count() == 18
        assert sorted(t.seats.count() for t in rnd.tables.all()) == [3, 3, 4, 4, 4]
    assert event.summary.checked_in == 18  # refreshed by the (eager) Celery task
    assert client.get(_detail_url(event.slug, "ja")).status_code == 200
