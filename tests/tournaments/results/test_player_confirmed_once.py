"""A player who confirmed a result is no longer asked to (first-evening walk-through): the
private page still listed "確認が必要な結果 … 結果を確認して承認する" after the confirmation,
and the confirm page kept its "この結果を確認しました" button and had no way back."""

from __future__ import annotations

import pytest

from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table
from tournaments.events.access import Actor
from tournaments.events.models import Registration
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitted():
    event = make_event("imhotep", status="running")
    table = make_table(event)
    sub = svc.result_submit(
        table_id=table.pk, actor=Actor(judge_table_id=table.pk), kind="sheet",
        payload=imhotep_sheet(),
    ).submission  # fmt: skip
    players = list(
        Registration.objects.filter(seats__table=table).order_by("seats__position").distinct()
    )
    return event, sub, players


def test_the_private_page_stops_asking_once_the_player_confirmed(
    client, submitted, django_capture_on_commit_callbacks
):
    _event, sub, (first, second, *_) = submitted
    asks = "確認が必要な結果"
    assert asks in client.get(f"/ja/p/{first.private_token}/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        confirm = f"/ja/judge/player/{first.private_token}/results/{sub.pk}/"
        client.post(confirm, {"action": "confirm"})
    sub.refresh_from_db()
    assert sub.status == "submitted"  # the others have not confirmed yet
    assert asks not in client.get(f"/ja/p/{first.private_token}/").content.decode()
    assert asks in client.get(f"/ja/p/{second.private_token}/").content.decode()


def test_the_prerendered_private_pages_agree(submitted):
    """The prerender's bulk reads leave out the confirmed player too."""
    from tournaments.public import selectors as sel
    from tournaments.public.render_private import private_bulk

    event, sub, (first, second, *_) = submitted
    svc.result_confirm(submission_id=sub.pk, actor=Actor(registration=first))
    known = private_bulk(sel.event_data(event))
    assert known[first.pk]["pending"] == []
    assert len(known[second.pk]["pending"]) == 1


def test_the_confirm_page_says_it_is_done_and_leads_back(client, submitted):
    _event, sub, (first, second, *_) = submitted
    page = f"/ja/judge/player/{first.private_token}/"
    before = client.get(page).content.decode()
    assert 'value="confirm"' in before
    assert f'href="/ja/p/{first.private_token}/"' in before  # back to "my page"
    client.post(f"{page}results/{sub.pk}/", {"action": "confirm"})
    after = client.get(page).content.decode()
    assert 'value="confirm"' not in after
    assert "この結果はあなたが確認済みです。" in after
    assert 'value="dispute"' in after  # a player may still dispute it
    others = client.get(f"/ja/judge/player/{second.private_token}/").content.decode()
    assert 'value="confirm"' in others
