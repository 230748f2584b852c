"""An organizer's tool sets the event's policies when it creates it, picks the game from the
installed engines, edits and deletes events and registrations; what has a history (rounds,
a seated player) is refused with 409 and kept."""

from __future__ import annotations

import pytest

from tests.tournaments.integrations.test_api_tables_by_number import _seated_event
from tests.tournaments.integrations.test_api_tokens import bearer, organizer
from tournaments.events.models import Event, Player, Registration
from tournaments.events.selectors.event_config import event_config
from tournaments.integrations.services import token_create
from tournaments.results.models import ActionLog, EventResultSettings

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    _token, key = token_create(user=organizer("aya"), name="bot", event=None, can_write=True)
    return bearer(key)


def _create(api, **extra):
    body = {"name": "Night", "slug": "night", "starts_on": "2026-12-01", "game": "tameri"}
    return api.post("/api/events/", {**body, **extra}, format="json")


def test_the_policies_are_set_when_the_event_is_created(api):
    made = _create(api, confirmation_policy="second_judge", release_policy="on_close")
    assert made.status_code == 201, made.content
    event = Event.objects.get(slug="night")
    assert EventResultSettings.objects.get(event=event).confirmation_policy == "second_judge"
    assert event_config(event)["release_policy"] == "on_close"
    assert event.game_key == "tameri"


def test_the_game_is_one_of_the_installed_engines(api):
    refused = _create(api, game="chess")
    assert refused.status_code == 400 and refused.json()["field"] == "game"
    assert not Event.objects.exists()
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    fields = schema["components"]["schemas"]["EventCreateInRequest"]["properties"]
    refs = [one["$ref"].rsplit("/", 1)[1] for one in fields["game"]["oneOf"]]
    enums = [schema["components"]["schemas"][name]["enum"] for name in refs]
    assert any(set(e) == {"field_of_reeds", "imhotep", "nile_murals", "tameri",
                          "terra_pyramides"} for e in enums)  # fmt: skip


def test_an_event_is_edited_and_only_what_is_sent_changes(api):
    _create(api, release_policy="on_close")
    edited = api.patch("/api/events/night/", {"name": "Tameri Night", "venue": "Café"},
                       format="json")  # fmt: skip
    assert edited.status_code == 200, edited.content
    event = Event.objects.get(slug="night")
    assert (event.name, event.venue, event.game_key) == ("Tameri Night", "Café", "tameri")
    assert event_config(event)["release_policy"] == "on_close"  # not sent: kept
    api.patch("/api/events/night/", {"confirmation_policy": "second_judge"}, format="json")
    assert EventResultSettings.objects.get(event=event).confirmation_policy == "second_judge"
    bad = api.patch("/api/events/night/", {"rounds_planned": 0}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "rounds_planned"
    assert ActionLog.objects.filter(event=event, action="api:event_edit").count() == 2


def test_an_event_without_rounds_is_deleted_one_with_rounds_is_kept(
    api, django_capture_on_commit_callbacks
):
    _create(api)
    assert api.delete("/api/events/night/").status_code == 204
    assert not Event.objects.filter(slug="night").exists()
    _seated_event(api, "played", django_capture_on_commit_callbacks)
    kept = api.delete("/api/events/played/")
    assert kept.status_code == 409 and kept.json()["code"] == "has_history"
    assert Event.objects.filter(slug="played").exists()


def test_another_organizer_cannot_edit_or_delete(api):
    _create(api)
    _t, other = token_create(user=organizer("ben"), name="b", event=None, can_write=True)
    assert bearer(other).patch("/api/events/night/", {"name": "X"},
                               format="json").status_code == 403  # fmt: skip
    assert bearer(other).delete("/api/events/night/").status_code == 403
    assert Event.objects.get(slug="night").name == "Night"
    assert api.get("/api/events/night/").status_code == 200  # still a public read


def test_a_registration_is_corrected_and_a_mistaken_one_removed(
    api, django_capture_on_commit_callbacks
):
    _create(api)
    made = api.post("/api/events/night/registrations/",
                    {"players": [{"name": "佐藤葵"}, {"name": "まちがい"}]},
                    format="json").json()["registrations"]  # fmt: skip
    fixed = api.patch(f"/api/registrations/{made[0]}/",
                      {"name": "佐藤 葵", "reading": "さとう あおい"}, format="json")  # fmt: skip
    assert fixed.status_code == 200 and fixed.json()["name"] == "佐藤 葵"
    assert Registration.objects.get(pk=made[0]).player.reading == "さとう あおい"
    assert api.patch(f"/api/registrations/{made[0]}/", {"name": ""},
                     format="json").status_code == 400  # fmt: skip
    assert api.delete(f"/api/registrations/{made[1]}/").status_code == 204
    assert not Registration.objects.filter(pk=made[1]).exists()
    # A seated player has a history: dropped, never deleted.
    _seated_event(api, "played", django_capture_on_commit_callbacks)
    seated = Registration.objects.filter(event__slug="played").first()
    kept = api.delete(f"/api/registrations/{seated.pk}/")
    assert kept.status_code == 409 and Registration.objects.filter(pk=seated.pk).exists()


def test_a_player_also_in_another_organizers_event_is_not_renamed_by_this_one(api):
    _create(api)
    reg = api.post("/api/events/night/registrations/", {"players": [{"name": "佐藤 葵"}]},
                   format="json").json()["registrations"][0]  # fmt: skip
    from tests.tournaments.factories import EventFactory

    elsewhere = EventFactory()  # another organizer's event, the same person
    Registration.objects.create(event=elsewhere, player=Registration.objects.get(pk=reg).player)
    refused = api.patch(f"/api/registrations/{reg}/", {"name": "X"}, format="json")
    assert refused.status_code == 409
    assert Player.objects.get(registrations__pk=reg).display_name == "佐藤 葵"


def test_a_round_published_by_mistake_goes_back_to_a_draft_until_a_result_is_entered(
    api, django_capture_on_commit_callbacks
):
    from tests.tournaments.results.helpers import imhotep_sheet

    _seated_event(api, "oops", django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        back = api.post("/api/events/oops/rounds/1/unpublish/", {}, format="json")
    assert back.status_code == 200 and back.json() == {"status": "draft"}
    assert api.get("/api/events/oops/rounds/1/seating/").status_code == 404  # hidden again
    assert ActionLog.objects.filter(event__slug="oops", action="round_unpublished").exists()
    with django_capture_on_commit_callbacks(execute=True):
        api.post("/api/events/oops/rounds/1/seat/", {"seed": 9}, format="json")
        api.post("/api/events/oops/rounds/1/publish/", {}, format="json")
        api.post("/api/events/oops/rounds/1/tables/1/results/",
                 {"kind": "sheet", "payload": imhotep_sheet()}, format="json")  # fmt: skip
    kept = api.post("/api/events/oops/rounds/1/unpublish/", {}, format="json")
    assert kept.status_code == 409 and "results" in kept.json()["message"]
    assert api.get("/api/events/oops/rounds/1/seating/").status_code == 200
