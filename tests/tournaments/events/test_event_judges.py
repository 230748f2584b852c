"""Judges invited once for the whole event (issue 29): each round they are given tables by
the organizer (``judge_tables_set``) or, in "any table I scan" mode, take the table whose
card link they open while logged in (``judge_table_take``). The per-event role checks hold:
another event's tables are refused, a revoked invitation stops at once, and no head
judge's or organizer's power comes with the role."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.utils import timezone

from tests.tournaments.factories import RoundFactory
from tests.tournaments.results.helpers import imhotep_sheet, make_event, make_table
from tournaments.console.services.accounts import (
    account_grant_role,
    invitation_shareable,
    invite_path,
    judge_revoke,
)
from tournaments.events.access import Action, Actor, allowed, tables_judged_by
from tournaments.events.domain import JudgeTablesChanged, subscribe, unsubscribe
from tournaments.events.models import EventRole, Round
from tournaments.events.selectors.judges import judge_rounds
from tournaments.events.services.judges import (
    JudgeTablesError,
    judge_table_take,
    judge_tables_set,
)
from tournaments.events.tokens import token_is_strong
from tournaments.results.services import results as svc

pytestmark = pytest.mark.django_db


def _close(rnd: Round) -> None:
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.CLOSED, closed_at=timezone.now())
    rnd.refresh_from_db()


@pytest.fixture
def event():
    return make_event("imhotep")


@pytest.fixture
def round1(event):
    first = make_table(event)  # round 1, published, table 1
    make_table(event, round_=first.round)  # table 2
    return first.round


@pytest.fixture
def judge(event):
    return account_grant_role(username="samira", event=event, role="event_judge")


def _actor(user) -> Actor:
    return Actor(user=get_user_model().objects.get(pk=user.pk))  # a fresh request's actor


def _table(rnd, number):
    return rnd.tables.get(number=number)


def test_the_organizer_gives_tables_each_round_with_one_invitation(event, round1, judge):
    t1, t2 = _table(round1, 1), _table(round1, 2)
    assert not allowed(_actor(judge), Action.SUBMIT, table=t1)  # invited, no table yet

    judge_tables_set(event=event, user=judge, rnd=round1, numbers=[2], any_table=False)
    assert allowed(_actor(judge), Action.SUBMIT, table=t2)
    assert not allowed(_actor(judge), Action.SUBMIT, table=t1)
    out = svc.result_submit(
        table_id=t2.pk, actor=_actor(judge), kind="sheet", payload=imhotep_sheet()
    )
    assert out.submission.status == "submitted"
    assert out.submission.submitted_by_id == judge.pk  # the judge, by name

    _close(round1)
    round2 = make_table(event).round  # round 2: one table so far
    make_table(event, round_=round2)
    assert round2.number == 2
    judge_tables_set(event=event, user=judge, rnd=round2, numbers=[1], any_table=False)
    r2t1 = _table(round2, 1)
    assert allowed(_actor(judge), Action.SUBMIT, table=r2t1)
    assert not allowed(_actor(judge), Action.SUBMIT, table=_table(round2, 2))
    svc.result_submit(table_id=r2t1.pk, actor=_actor(judge), kind="sheet", payload=imhotep_sheet())

    # their page: the current round's tables only
    (shown,) = judge_rounds(judge.pk)
    assert shown.round == round2 and [t.pk for t in shown.tables] == [r2t1.pk]

    # the organizer changes their mind: exactly the new tables, no others kept
    judge_tables_set(event=event, user=judge, rnd=round2, numbers=[2], any_table=False)
    assert not allowed(_actor(judge), Action.SUBMIT, table=r2t1)
    assert allowed(_actor(judge), Action.SUBMIT, table=_table(round2, 2))


def test_tables_of_a_missing_number_or_an_unpublished_round_are_refused(event, round1, judge):
    with pytest.raises(JudgeTablesError, match="9"):
        judge_tables_set(event=event, user=judge, rnd=round1, numbers=[9], any_table=False)
    draft = RoundFactory(event=event)
    with pytest.raises(JudgeTablesError):
        judge_tables_set(event=event, user=judge, rnd=draft, numbers=[1], any_table=False)
    assert not EventRole.objects.filter(user=judge, role=EventRole.Kind.TABLE_JUDGE).exists()


def test_only_a_whole_event_judge_is_given_tables(event, round1):
    head = account_grant_role(username="hossam", event=event, role="head_judge")
    with pytest.raises(JudgeTablesError):
        judge_tables_set(event=event, user=head, rnd=round1, numbers=[1], any_table=True)


def test_any_table_i_scan_takes_the_current_rounds_table_whose_card_is_opened(
    event, round1, judge, django_capture_on_commit_callbacks
):
    t1 = _table(round1, 1)
    assert judge_table_take(user=judge, table=t1) is False  # the organizer gives tables
    assert not allowed(_actor(judge), Action.SUBMIT, table=t1)

    judge_tables_set(event=event, user=judge, rnd=round1, numbers=[], any_table=True)
    seen = []
    subscribe(JudgeTablesChanged, seen.append)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            assert judge_table_take(user=judge, table=t1) is True
    finally:
        unsubscribe(JudgeTablesChanged, seen.append)
    assert [(e.user_id, e.before, e.after) for e in seen] == [(judge.pk, (), (t1.pk,))]
    assert allowed(_actor(judge), Action.SUBMIT, table=t1)
    assert not allowed(_actor(judge), Action.SUBMIT, table=_table(round1, 2))  # not scanned
    assert [t.pk for t in judge_rounds(judge.pk)[0].tables] == [t1.pk]
    assert judge_table_take(user=judge, table=t1) is True  # again: still theirs, one row
    assert EventRole.objects.filter(user=judge, table=t1).count() == 1

    # round 2 is played: a card of round 1 left on a table gives nothing any more
    _close(round1)
    round2 = make_table(event).round
    t2 = _table(round1, 2)
    assert judge_table_take(user=judge, table=t2) is False
    assert not allowed(_actor(judge), Action.SUBMIT, table=t2)
    assert judge_table_take(user=judge, table=_table(round2, 1)) is True
    # and a draft's table (drawn again before it is published) is never taken
    draft_table = make_table(event, round_=RoundFactory(event=event))
    assert judge_table_take(user=judge, table=draft_table) is False


def test_a_judge_of_one_event_gets_nothing_of_another(event, round1, judge):
    judge_tables_set(event=event, user=judge, rnd=round1, numbers=[1], any_table=True)
    other = make_event("imhotep")
    theirs = make_table(other)
    assert judge_table_take(user=judge, table=theirs) is False  # scanning their card
    assert not allowed(_actor(judge), Action.VIEW_TABLE, table=theirs)
    assert theirs not in tables_judged_by(_actor(judge))
    with pytest.raises(JudgeTablesError):  # the organizer of A cannot hand out B's tables
        judge_tables_set(event=event, user=judge, rnd=theirs.round, numbers=[1], any_table=False)
    with pytest.raises(JudgeTablesError):  # nor B's organizer A's judge
        judge_tables_set(event=other, user=judge, rnd=theirs.round, numbers=[1], any_table=False)
    assert [r.event for r in judge_rounds(judge.pk)] == [event]


def test_no_head_judge_or_organizer_power_comes_with_the_role(event, round1, judge):
    judge_tables_set(event=event, user=judge, rnd=round1, numbers=[1], any_table=True)
    t1 = _table(round1, 1)
    actor = _actor(judge)
    assert not actor.is_event_staff(event.pk)
    assert not allowed(actor, Action.RULE, table=t1)
    assert not allowed(actor, Action.CORRECT, table=t1)
    assert not allowed(actor, Action.DISPUTE, table=t1)
    client = Client()
    client.force_login(judge)
    for path in (f"/ja/console/{event.slug}/", f"/ja/console/{event.slug}/judges/",
                 f"/ja/console/{event.slug}/rounds/1/board/"):  # fmt: skip
        assert client.get(path).status_code in (403, 404), path
    assert client.get("/ja/accounts/").status_code in (302, 200)


def test_a_revoked_invitation_stops_at_once(event, round1, judge):
    judge_tables_set(event=event, user=judge, rnd=round1, numbers=[1], any_table=True)
    t1 = _table(round1, 1)
    judge.set_password("papyrus-reed-77")  # they opened the invitation long ago
    judge.save()
    client = Client()
    client.force_login(judge)  # a phone still logged in
    assert client.get(f"/ja/judge/tables/{t1.pk}/").status_code == 200
    judge_revoke(event=event, user=judge)
    assert not allowed(_actor(judge), Action.SUBMIT, table=t1)
    assert judge_table_take(user=judge, table=_table(round1, 2)) is False
    assert client.get(f"/ja/judge/tables/{t1.pk}/").status_code == 404  # the next request
    posted = client.post(
        f"/ja/judge/tables/{t1.pk}/entry",
        {"kind": "sheet", "payload": imhotep_sheet()},
        content_type="application/json",
    )
    assert posted.status_code in (403, 404)
    assert not EventRole.objects.filter(user=judge).exists()


def test_a_revoked_pending_invitation_link_is_refused(event, judge):
    path = invite_path(judge)
    assert invitation_shareable(judge, event)
    judge_revoke(event=event, user=judge)
    page = Client().get(path, follow=True).content.decode()
    assert 'id="invite-invalid"' in page


def test_the_invitation_link_is_unguessable_and_works_once(event, judge):
    """One link per judge for the event: Django's HMAC-SHA256 token (128 bits shown),
    bound to the account's password, so it stops once the judge has chosen one; the
    table cards' links stay 192-bit random tokens."""
    path = invite_path(judge)
    token = re.search(r"/invite/[^/]+/([^/]+)/", path).group(1)
    stamp, digest = token.split("-")
    assert re.fullmatch(r"[0-9a-f]{32}", digest)  # 128 bits
    other = account_grant_role(username="yasmin", event=event, role="event_judge")
    assert not default_token_generator.check_token(other, token)  # bound to the judge
    assert not default_token_generator.check_token(judge, f"{stamp}-{'0' * 32}")
    client = Client()
    form = client.get(path, follow=True)
    client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "papyrus-reed-77", "new_password2": "papyrus-reed-77"},
    )
    judge.refresh_from_db()
    assert judge.has_usable_password()
    again = Client().get(path, follow=True).content.decode()
    assert 'id="invite-invalid"' in again  # used once
    table = make_table(event)
    assert token_is_strong(table.judge_token)


def test_the_table_cards_link_still_works_without_login(event, round1, judge):
    t1 = _table(round1, 1)
    page = Client().get(f"/ja/judge/{t1.judge_token}/")
    assert page.status_code == 200
    assert not EventRole.objects.filter(table=t1).exists()
