"""Edition data per game per event: validation, a null never overwriting a known value,
export/import round trip, and the organizer-only pages."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.factories import EventFactory
from tournaments.console.services import edition_data as svc
from tournaments.console.services.edition_data import EditionDataError
from tournaments.events.models import Event, EventRole
from tournaments.results.models import ActionLog

pytestmark = pytest.mark.django_db


def user(name="org", staff=True):
    """``staff``: a site administrator (superuser). ``is_staff`` alone opens no event's
    organizer tools (issue 17); per-event organizers are tested in test_event_access.py."""
    return get_user_model().objects.create_user(
        username=name, password="pw", is_staff=staff, is_superuser=staff
    )


def test_leaves_report_known_values_with_sources_and_unknown_ones():
    leaves = {leaf.path: leaf for leaf in svc.edition_leaves("nile_murals")}
    assert leaves["cards"].known and leaves["cards"].value == 100
    assert leaves["cards"].source  # the bundled file names where 100 comes from
    assert not leaves["areas"].known and leaves["areas"].value is None
    # rank_points.combo is [6, 4, null]: walked cell by cell so the third can be filled.
    assert leaves["rank_points.combo.0"].value == 6
    assert not leaves["rank_points.combo.2"].known


def test_fill_an_unknown_cell_is_stored_and_resolves_through_the_engine():
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    svc.edition_fill(event, "nile_murals", {"rank_points.combo.2": 2}, "org: box")
    event.refresh_from_db()
    stored = event.edition["nile_murals"]
    assert stored["values"] == {"rank_points": {"combo": [None, None, 2]}}
    assert stored["sources"] == {"rank_points.combo.2": "org: box"}
    from engines.core.editions import resolve_edition

    resolved = resolve_edition("nile_murals", stored, "default")
    assert resolved.get("rank_points.combo") == [6, 4, 2]  # known cells kept


def test_engine_validation_refuses_an_impossible_value_and_stores_nothing():
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    with pytest.raises(EditionDataError) as err:
        svc.edition_fill(event, "nile_murals", {"rank_points.area": [1, 2, "x"]}, "org")
    assert any("rank_points.area" in p for p in err.value.problems)
    event.refresh_from_db()
    assert event.edition is None


def test_a_known_printed_value_cannot_be_filled_or_contradicted():
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    with pytest.raises(EditionDataError):
        svc.edition_fill(event, "nile_murals", {"cards": 99}, "org")
    assert svc.check_spec("nile_murals", {"base": "default", "values": {"cards": 99}})
    assert svc.check_spec("nile_murals", {"base": "default", "values": {"cards": 100}}) == []


def test_a_null_never_overwrites_a_known_value():
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    svc.edition_fill(event, "nile_murals", {"rank_points.combo.2": 2}, "org")
    event.refresh_from_db()
    # A blank form entry (None) and an imported null both keep what is known.
    svc.edition_fill(event, "nile_murals", {"rank_points.combo.2": None, "ankh_cards": None}, "x")
    doc = {
        "format": svc.EXPORT_FORMAT,
        "game": "nile_murals",
        "base": "default",
        "values": {"rank_points": {"combo": [None, None, None]}, "cards": None},
        "sources": {},
    }
    event.refresh_from_db()
    svc.edition_import(event, "nile_murals", json.dumps(doc))
    event.refresh_from_db()
    from engines.core.editions import resolve_edition

    resolved = resolve_edition("nile_murals", event.edition["nile_murals"], "default")
    assert resolved.get("rank_points.combo") == [6, 4, 2]
    assert resolved.get("cards") == 100


def test_export_import_round_trip_between_two_events():
    cafe_a = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    svc.edition_fill(cafe_a, "nile_murals", {"rank_points.combo.2": 2}, "café A copy")
    cafe_a.refresh_from_db()
    exported = svc.edition_export(cafe_a, "nile_murals")
    text = json.dumps(exported, ensure_ascii=False)

    cafe_b = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    svc.edition_import(cafe_b, "nile_murals", text.encode())
    cafe_b.refresh_from_db()
    assert svc.edition_export(cafe_b, "nile_murals") == exported
    assert cafe_b.edition["nile_murals"] == cafe_a.edition["nile_murals"]


@pytest.mark.parametrize(
    "doc, fragment",
    [
        ("not json", "JSON"),
        ('{"format": "other", "game": "nile_murals", "values": {}}', "'other'"),
        ('{"format": "referee-edition/1", "game": "imhotep", "values": {}}', "imhotep"),
    ],
)
def test_import_refuses_bad_files(doc, fragment):
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    with pytest.raises(EditionDataError) as err:
        svc.edition_import(event, "nile_murals", doc)
    assert fragment in " ".join(err.value.problems)


def test_other_games_of_the_event_keep_their_edition():
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3], edition={"imhotep": "default"})
    svc.edition_fill(event, "nile_murals", {"rank_points.combo.2": 2}, "org")
    event.refresh_from_db()
    assert event.edition["imhotep"] == "default"


def test_every_engine_bundled_edition_is_valid_and_listable():
    import engines

    for key in engines.available_engines():
        assert svc.check_spec(key, {"base": "default", "values": {}, "sources": {}}) == []
        assert svc.edition_leaves(key)


# Pages ---------------------------------------------------------------------------------


def test_pages_need_an_organizer(client):
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    url = f"/en/console/tools/{event.slug}/editions/"
    assert client.get(url).status_code == 302  # login
    client.force_login(user("judge", staff=False))
    assert client.get(url).status_code == 403
    head = user("head", staff=False)
    EventRole.objects.create(user=head, event=event, role=EventRole.Kind.HEAD_JUDGE)
    client.force_login(head)
    assert client.get(url).status_code == 403
    org = user("org2", staff=False)
    EventRole.objects.create(user=org, event=event, role=EventRole.Kind.ORGANIZER)
    client.force_login(org)
    assert client.get(url).status_code == 200


def test_fill_form_export_and_import_through_pages(client):
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    client.force_login(user())
    url = f"/en/console/tools/{event.slug}/editions/nile_murals/"
    page = client.get(url)
    assert page.status_code == 200
    assert b"leaf:areas" in page.content and b"rank_points.combo.2" in page.content

    bad = client.post(url, {"leaf:rank_points.combo.2": "[oops", "source": ""})
    assert bad.status_code == 200 and b"Not JSON" in bad.content

    ok = client.post(url, {"leaf:rank_points.combo.2": "2", "source": "box lid"})
    assert ok.status_code == 302
    event.refresh_from_db()
    assert event.edition["nile_murals"]["sources"] == {"rank_points.combo.2": "box lid"}
    assert ActionLog.objects.filter(event=event, action="edition_filled").exists()

    exported = client.get(url + "export.json")
    assert exported["Content-Type"] == "application/json"
    other = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("e.json", exported.content, content_type="application/json")
    client.post(f"/en/console/tools/{other.slug}/editions/nile_murals/import/", {"file": upload})
    other.refresh_from_db()
    assert other.edition["nile_murals"] == Event.objects.get(pk=event.pk).edition["nile_murals"]


def test_game_not_played_by_the_event_is_404(client):
    event = EventFactory(game_key="nile_murals", table_sizes=[4, 3])
    client.force_login(user())
    assert client.get(f"/en/console/tools/{event.slug}/editions/imhotep/").status_code == 404
