"""Demo step for result entry (called by ``manage.py demo``): results entered through the
same services a judge uses and confirmed for every table of a round, or for every table
but the last, which then waits for its players' confirmation (its judge page printed)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from django.urls import reverse
from django.utils import translation

import engines
from tournaments.events.access import Actor
from tournaments.events.models import Round
from tournaments.results.models import ResultSubmission
from tournaments.results.services.results import result_confirm, result_submit


def demo_sheet(table_number: int, players: int) -> dict:
    """A plausible end position that the Imhotep engine accepts (fictional numbers)."""
    rows = []
    for seat in range(players):
        rows.append(
            {
                "track": 12 + (table_number * 7 + seat * 5) % 15,
                "sled": (table_number + seat) % 6,
                "obelisk": (seat + table_number) % 4,
                "cards": {"statue": 1} if (seat + table_number) % 3 == 0 else {},
            }
        )
    burial = [(i % players) + 1 for i in range(table_number + 6)]
    return {"players": rows, "burial": burial, "pyramid_stones": 11, "temple_stones": 9}


EXAMPLE_LOG = Path(engines.__file__).resolve().parent / "imhotep/examples/imhotep-4p-log.json"


def demo_entry(table_number: int, players: int, as_log: bool) -> tuple[str, dict]:
    """One 4-player table gets the engine's complete example game as a move log (so the
    public replay viewer has something to step through); the others get end-of-game sheets."""
    if as_log:
        return "log", json.loads(EXAMPLE_LOG.read_text(encoding="utf-8"))
    return "sheet", demo_sheet(table_number, players)


def demo_results(rnd: Round, write, base: str | None = None, *, leave_waiting: bool) -> None:
    tables = list(rnd.tables.order_by("number"))
    seats = {t.pk: t.seats.count() for t in tables}
    # round 1's first 4-player table is a move log (the public replay viewer's example)
    log_table = next((t.pk for t in tables[:-1] if seats[t.pk] == 4), None)
    if rnd.number != 1:
        log_table = None
    for index, table in enumerate(tables):
        judge = Actor(judge_table_id=table.pk)  # logged as the table's judge link
        if not ResultSubmission.objects.filter(table=table).exists():
            kind, payload = demo_entry(
                table.number + 10 * (rnd.number - 1), seats[table.pk], table.pk == log_table
            )
            sub = result_submit(
                table_id=table.pk,
                actor=judge,
                kind=kind,
                payload=payload,
                idempotency_key=f"demo-{table.pk}",
            ).submission
            if sub.status == "draft":
                write(
                    f"  table {table.number}: the engine refused the demo {kind}: {sub.violations}"
                )
                continue
            if not (leave_waiting and index == len(tables) - 1):
                for registration_id in table.seats.values_list("registration_id", flat=True):
                    result_confirm(
                        submission_id=sub.pk, actor=judge, registration_id=registration_id
                    )
        current = ResultSubmission.objects.filter(table=table).order_by("-version").first()
        line = (
            f"  round {rnd.number} table {table.number}: result v{current.version} {current.status}"
        )
        if current.status == "submitted":
            base = base or os.environ.get("DEMO_BASE_URL", "http://localhost:8000")
            with translation.override("ja"):
                url = base + reverse("judge:table", kwargs={"token": table.judge_token})
            line += f" — waiting for confirmation; judge page: {url}"
        write(line)
