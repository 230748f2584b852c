"""JSON typed into console forms, nested too deep for Python's parser, is a 4xx with the
reason, never a 500 (the request-body middleware only sees JSON bodies, not form fields)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournaments.events.models import EventRole

pytestmark = pytest.mark.django_db

DEEP = "[" * 200_000 + "]" * 200_000  # 400 KB: under the upload limit, over the recursion limit


@pytest.fixture
def organizer(client, full_table):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("deep-json", password="pw")
    EventRole.objects.create(user=user, event=full_table.round.event, role="organizer")
    client.force_login(user)
    return client


def test_a_correction_payload_nested_too_deep_is_refused(organizer, full_table):
    rnd = full_table.round
    url = f"/ja/console/{rnd.event.slug}/rounds/{rnd.number}/tables/{full_table.number}/"
    response = organizer.post(
        url, {"action": "correct", "kind": "sheet", "payload": DEEP, "reason": "typo"}
    )
    assert response.status_code == 400
    assert not full_table.submissions.exists()


def test_an_archive_nested_too_deep_is_refused(organizer):
    upload = SimpleUploadedFile("archive.json", DEEP.encode(), content_type="application/json")
    response = organizer.post("/ja/console/import/", {"file": upload})
    assert response.status_code < 500
