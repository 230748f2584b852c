"""A small released/unreleased world for the public-page tests.

Round 1 closed with two confirmed Imhotep results (a score sheet and a move log, scored
by the real engine) and a standings snapshot; round 2 published with one submitted (not
yet confirmed) result; round 3 still a draft with seats. Results rows are written
directly (the results feature's services are tested on their own).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "engines" / "imhotep" / "examples"

PEOPLE = [
    ("佐藤 葵", "さとう あおい", "カイロ・カフェ"),
    ("鈴木 蓮", "すずき れん", "カイロ・カフェ"),
    ("高橋 結衣", "たかはし ゆい", "ナイル会"),
    ("田中 湊", "たなか みなと", ""),
    ("伊藤 陽菜", "いとう ひな", "ナイル会"),
    ("渡辺 颯太", "わたなべ そうた", ""),
    ("山本 凛", "やまもと りん", "ピラミッド同好会"),
    ("中村 悠真", "なかむら ゆうま", "ピラミッド同好会"),
]


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def outcome_for(kind: str, names: list[str]) -> tuple[dict, dict]:
    """(payload, outcome) scored by the Imhotep engine. Logs name players in their moves,
    so only sheets are renamed to ``names``."""
    import engines

    engine = engines.get_engine("imhotep")
    doc = copy.deepcopy(
        example("imhotep-4p-sheet.json" if kind == "sheet" else "imhotep-4p-log.json")
    )
    if kind == "sheet":
        doc["players"] = names
        return doc, engine.score_sheet(doc).to_dict()
    report = engine.replay(doc)
    assert report.ok and report.outcome is not None
    return doc, report.outcome.to_dict()


def add_result(table, status="confirmed", kind="sheet", version=1, announce=False):
    """A result row written directly; ``announce``: announced (``ResultChanged``) as the
    result services announce theirs, so the pages (and the standings) hear of it."""
    from tournaments.events.domain import ResultChanged
    from tournaments.results.models import ResultSubmission
    from tournaments.results.services.results import announce_result, table_result

    before = table_result(table)
    names = [s.registration.player.display_name for s in table.seats.order_by("position")]
    payload, outcome = outcome_for(kind, names)
    submission = ResultSubmission.objects.create(
        table=table,
        version=version,
        kind=kind,
        payload=payload,
        engine_key="imhotep",
        outcome=outcome,
        lines=ResultSubmission.lines_of(outcome),  # what the standings selector reads
        status=status,
        submitted_via="judge_token",
    )
    if status == "confirmed":
        table.status = "confirmed"
        table.save(update_fields=["status"])
    if announce:
        announce_result(table, ResultChanged.SAVED, before)
    return submission


def close_round(rnd):
    """Close ``rnd`` whatever its tables (``round_close`` wants every table confirmed),
    announced as ``round_close`` announces it."""
    from django.utils import timezone

    from tournaments.events.domain import RoundStatusChanged, announce

    before = rnd.status
    rnd.status, rnd.closed_at = "closed", timezone.now()
    rnd.save()
    announce(
        RoundStatusChanged(
            event_id=rnd.event_id, round_id=rnd.pk, number=rnd.number, before=before, after="closed"
        )
    )


def write_snapshot(event, after_round: int, previous=None, config=None):
    """A snapshot from the confirmed results, computed by tournaments.standings (under
    ``config``, a ``StandingsConfig``, or the default one)."""
    from tournaments.events.models import Registration
    from tournaments.results.models import ResultSubmission
    from tournaments.standings.compute import compute_standings
    from tournaments.standings.models import StandingsSnapshot
    from tournaments.standings.types import SeatResult, StandingsInput, TableResult

    results = []
    for sub in ResultSubmission.objects.filter(
        table__round__event=event, status="confirmed", table__round__number__lte=after_round
    ).select_related("table__round"):
        seats = list(sub.table.seats.order_by("position"))
        lines = sub.outcome["players"]
        results.append(
            TableResult(
                sub.table.round.number,
                sub.table.number,
                "imhotep",
                tuple(
                    SeatResult(s.registration_id, line["rank"], line["total"])
                    for s, line in zip(seats, lines, strict=True)
                ),
            )
        )
    players = tuple(Registration.objects.filter(event=event).values_list("pk", flat=True))
    standings = compute_standings(
        StandingsInput(players, tuple(results)), config, previous=previous
    )
    payload = standings.to_dict()
    rows = payload.pop("rows")
    latest = StandingsSnapshot.objects.filter(event=event).order_by("-version").first()
    return StandingsSnapshot.objects.create(
        event=event,
        version=(latest.version + 1) if latest else 1,
        after_round=after_round,
        rows=rows,
        standings=payload,
        content_hash=f"test-{after_round}-{len(results)}",
    ), standings


@dataclass
class World:
    event: object
    registrations: list
    round1: object
    round2: object
    round3: object
    confirmed_sheet: object
    confirmed_log: object
    submitted: object


@pytest.fixture
def world(db, django_capture_on_commit_callbacks):
    from django.utils import timezone

    from tests.tournaments.factories import (
        EventFactory,
        PlayerFactory,
        RegistrationFactory,
        RoundFactory,
        SeatFactory,
        TableFactory,
    )
    from tournaments.events.models import Event

    with django_capture_on_commit_callbacks(execute=True):
        event = EventFactory(status=Event.Status.RUNNING, slug="public-open", name="Public Open")
        regs = [
            RegistrationFactory(
                event=event, player=PlayerFactory(display_name=n, reading=r, club=c)
            )
            for n, r, c in PEOPLE
        ]
        now = timezone.now()
        round1 = RoundFactory(event=event, status="closed", published_at=now, closed_at=now)
        round2 = RoundFactory(event=event, published=True)
        round3 = RoundFactory(event=event)  # draft
        tables = {}
        for rnd, order in (
            (round1, [0, 1, 2, 3, 4, 5, 6, 7]),
            (round2, [0, 4, 2, 6, 1, 5, 3, 7]),
            (round3, [7, 6, 5, 4, 3, 2, 1, 0]),
        ):
            for t in range(2):
                table = TableFactory(round=rnd)
                tables[(rnd.number, t + 1)] = table
                for i in order[t * 4 : t * 4 + 4]:
                    SeatFactory(table=table, registration=regs[i])
        confirmed_sheet = add_result(tables[(1, 1)], "confirmed", "sheet")
        confirmed_log = add_result(tables[(1, 2)], "confirmed", "log")
        submitted = add_result(tables[(2, 1)], "submitted", "sheet")
        write_snapshot(event, 1)
    return World(event, regs, round1, round2, round3, confirmed_sheet, confirmed_log, submitted)


def every_metric_config():
    """The default precedence with every other metric shown beside it, one game's own
    points included: the widest standings table an organizer can configure."""
    from tournaments.standings.metrics import METRICS
    from tournaments.standings.types import DEFAULT_PRECEDENCE, StandingsConfig

    shown = [name for name in METRICS if name not in DEFAULT_PRECEDENCE]
    return StandingsConfig(extra_metrics=(*shown, "game_points:imhotep"))
